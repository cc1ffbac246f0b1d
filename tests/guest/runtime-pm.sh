# SPDX-License-Identifier: GPL-2.0
# overlays: dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/virt-sleep.dtso
# Runtime moves go through runtime PM and respect the device tree.
# power/current parks a device runtime suspended in the state written;
# "on" resumes it, its parent and suppliers first.  A device may not leave
# its operational state while a child or consumer (device link) is
# operational, nor lose context while one keeps it: EBUSY, naming it.
# Probe, and a move to a shallower state, raise a parent that is down.
# Autosuspend takes the deepest state whose exit latency meets
# power/pm_qos_resume_latency_us and that no child keeps it from.  The test genpd
# domain powers off once all its devices are runtime suspended; system
# sleep leaves a device parked in it alone.  Unbinding a parked device (or
# one whose move back failed) or unloading the driver finds every device
# operational.
. /tests/lib.sh
P=/sys/bus/platform/devices
DRV=/sys/bus/platform/drivers/pm-state-test
D=/sys/kernel/debug/pm_state_test
T=/sys/kernel/tracing
A=test-device-a B=$A:test-device-b C=$B:test-device-c
SUP=test-device-sup CON=test-device-con
PD=power-domain-test PDT=test-device-pd-tabled PDP=test-device-pd-plain
mod=$(find /lib/modules/$(uname -r) -name pm_state_test_dev.ko | head -n 1)
plan 127
! grep -q '^pm_state_test_dev ' /proc/modules || rmmod pm_state_test_dev
test_driver_at_exit
guard "insmod pm_state_test_dev" insmod "$mod"

cur() { cat $P/$1/power/current; }
rpm() { cat $P/$1/power/runtime_status; }
set_to() { echo "$2" > $P/$1/power/current; }
# logged TEXT: the test driver logs a line ending in TEXT within 10 s (of
# uptime: a count of polls would stretch with the cost of a fork)
logged() {
	read -r t0 _ < /proc/uptime
	while ! grep -q " $1\$" $D/log; do
		read -r t _ < /proc/uptime
		[ $((${t%.*} - ${t0%.*})) -lt 10 ] || return 1
		sleep 0.05
	done
}
# sleep_cbs DEV: the test driver logged a system sleep callback of DEV
# (suspend or resume, any phase); no_sleep_cbs DEV: it logged none.  The
# checks that one ran none have a control in the same log: a device that
# is not parked, whose callbacks the same grep finds.
sleep_cbs() { grep -q "^[0-9]* $1 \(suspend\|resume\)" $D/log; }
no_sleep_cbs() { ! sleep_cbs "$1"; }
# refused DEV STATE WHO: the write fails with EBUSY and the log names WHO
refused() {
	dmesg -c > /dev/null
	out=$(sh -c "echo $2 > $P/$1/power/current" 2>&1)
	echo "$out" | grep -q "Device or resource busy" &&
		dmesg | grep -q "$2 refused: .* $3 needs it"
}

# Parents and children.
check_eq "a b c start on and runtime active" "on on on active" \
	"$(cur $A) $(cur $B) $(cur $C) $(rpm $A)"
check "a off refused while its children b and d are on" refused $A off "$A:test-device-[bd]"
check "b off refused while its child c is on" refused $B off $C
check_eq "a b c still on" "on on on" "$(cur $A) $(cur $B) $(cur $C)"
check "c off" set_to $C off
check_eq "c: runtime suspended when parked" suspended "$(rpm $C)"
check "b off, c being off" set_to $B off
check_eq "b: runtime suspended" suspended "$(rpm $B)"
check "c on raises its parent b first" set_to $C on
check_eq "b c on and active" "on on active active" \
	"$(cur $B) $(cur $C) $(rpm $B) $(rpm $C)"
check "b idle refused while c is on" refused $B idle $C
check "c idle" set_to $C idle
check "b off refused while c keeps its context in idle" refused $B off $C
check "b idle beside an idle c" set_to $B idle
check "c on" set_to $C on
check_eq "b c on" "on on" "$(cur $B) $(cur $C)"
# Parked in a shallower state under a parent that lost its context: the
# parent comes up first.
check "c off" set_to $C off
check "b off over an off c" set_to $B off
check "c idle under an off b" set_to $C idle
check_eq "b raised for c's idle; c idle" "on idle" "$(cur $B) $(cur $C)"
check "c on" set_to $C on

# In use: a park is a runtime suspend, with runtime PM's rules.  The table
# holds c on with a runtime PM reference of its own until it is parked:
# the park drops it (power/runtime_usage reads 0 while parked) and the
# next resume takes it again.  Another reference, or power/control "on",
# refuses the park.
in_use_refused() {
	dmesg -c > /dev/null
	out=$(sh -c "echo off > $P/$1/power/current" 2>&1)
	echo "$out" | grep -q "Device or resource busy" &&
		dmesg | grep -q "off refused: $2"
}
usage() { cat $P/$1/power/runtime_usage; }
check_eq "c: power/control auto, held by its table" "auto 1" \
	"$(cat $P/$C/power/control) $(usage $C)"
check "c taken by a user" sh -c "echo 1 > $D/$C/busy"
check "c off refused while in use" in_use_refused $C \
	"in use, runtime PM usage count 2 where the table holds 1"
check_eq "c still on and active" "on active" "$(cur $C) $(rpm $C)"
check "c released by its user" sh -c "echo 0 > $D/$C/busy"
echo on > $P/$C/power/control
check "c off refused with power/control on" in_use_refused $C \
	"power/control is on"
check_eq "c still on, active, usage 2 (driver and power/control)" \
	"on active 2" "$(cur $C) $(rpm $C) $(usage $C)"
echo auto > $P/$C/power/control
check "c off" set_to $C off
check_eq "c parked, the table let go: usage 0" "off suspended 0" \
	"$(cur $C) $(rpm $C) $(usage $C)"
check "c taken by a user while parked" sh -c "echo 1 > $D/$C/busy"
check_eq "the user's reference resumed c, the table holds it again" \
	"on active 2" "$(cur $C) $(rpm $C) $(usage $C)"
check "c released" sh -c "echo 0 > $D/$C/busy"
check "c off again" set_to $C off
echo on > $P/$C/power/control
check_eq "power/control on resumed a parked c, usage 2" "on active 2" \
	"$(cur $C) $(rpm $C) $(usage $C)"
echo auto > $P/$C/power/control
# The table let go (hold 0): c counts its users only.
echo 0 > $D/$C/hold
check_eq "c, let go, autosuspends" off "$(until_eq off cur $C)"
check "c taken by a user, let go" sh -c "echo 1 > $D/$C/busy"
check "c off refused while in use, let go" in_use_refused $C \
	"in use, runtime PM usage count 1 where the table holds 0"
check "c released" sh -c "echo 0 > $D/$C/busy"
check "c held again" sh -c "echo 1 > $D/$C/hold"
check_eq "c on, active, usage 1" "on active 1" "$(cur $C) $(rpm $C) $(usage $C)"
# A user racing parks: whenever it holds c, c is on (a park goes through
# runtime PM's own suspend, which a resume waits for).  A slow power step
# makes the window wide.  The user takes c briefly and often, until the
# parks are done; every take works.  A park works, or is refused with
# EBUSY when it finds the user holding c: both must have happened, and
# every move back on works.
echo 20 > $D/$C/power_delay_ms
rm -f /tmp/parks.done
(while [ ! -e /tmp/parks.done ]; do
	if echo 1 2>/dev/null > $D/$C/busy; then echo took; else echo "take failed"; fi
	read -r s < $D/$C/state
	echo 0 > $D/$C/busy
	[ "$s" = on ] || echo "user saw $s"
	sleep 0.01
done > /tmp/user.log) &
user=$!
parked=0 refused=0 back=0
for i in $(seq 100); do
	if echo off 2>/tmp/park.err > $P/$C/power/current; then
		parked=$((parked + 1))
	elif grep -q "Device or resource busy" /tmp/park.err; then
		refused=$((refused + 1))
	fi
	echo on > $P/$C/power/current && back=$((back + 1))
done
touch /tmp/parks.done
wait $user
echo 0 > $D/$C/power_delay_ms
takes=$(grep -c '^took$' /tmp/user.log)
summary "100 parks racing a user: $parked parked, $refused refused (in use), $back moves back on; the user took c $takes times"
check_eq "a user racing 100 parks always found c on, and every take worked" "" "$(grep -v '^took$' /tmp/user.log | sort -u)"
check "the user took c during the parks ($takes times)" test "$takes" -gt 0
check_eq "each of 100 parks worked or was refused with EBUSY" 100 "$((parked + refused))"
check "parks worked ($parked) and were refused ($refused)" test "$parked" -gt 0 -a "$refused" -gt 0
check_eq "c moved back on 100 times" 100 "$back"
check "c on after the race" set_to $C on
# Parking a device runtime-suspended in another state resumes it first,
# through runtime PM: a user that comes meanwhile waits and gets it on,
# and the park, finding c in use once resumed, is refused.
echo 0 > $D/$C/hold
check_eq "c autosuspended to off" "off suspended" "$(until_eq off cur $C) $(rpm $C)"
echo > $D/log
echo 1000 > $D/$C/power_delay_ms
(echo idle > $P/$C/power/current) 2>/tmp/mover.err &
mover=$!
# The move is under way once the driver has powered c on: its power step
# then sleeps 1 s inside the resume the move starts with.
check "c's move from off to idle under way: c powered on" logged "$C power on 0"
check "a user of c during its move from off to idle" sh -c "echo 1 > $D/$C/busy"
check_eq "the user found c on" on "$(cat $D/$C/state)"
wait $mover
mover_rc=$?
check "the move, overtaken by the user, was refused with EBUSY" \
	sh -c "[ $mover_rc -ne 0 ] && grep -q 'Device or resource busy' /tmp/mover.err"
echo 0 > $D/$C/busy
echo 0 > $D/$C/power_delay_ms
echo 1 > $D/$C/hold
check_eq "c on and active" "on active 0" "$(cur $C) $(rpm $C) $(cat $D/$C/busy)"

# Probe under a parent that is down: the parent comes up first.
check "unbind c" sh -c "echo $C > $DRV/unbind"
check "unbound c off" set_to $C off
check "b off over an unbound, off c" set_to $B off
check "bind c" sh -c "echo $C > $DRV/bind"
check_eq "b raised for c's probe; c on" "on on" "$(cur $B) $(cur $C)"

# Device links: a consumer keeps its supplier, and raises it.
check "supplier off refused while its consumer is on" refused $SUP off $CON
check "consumer off" set_to $CON off
check "supplier off" set_to $SUP off
check_eq "supplier runtime suspended" suspended "$(rpm $SUP)"
check "consumer on" set_to $CON on
check_eq "supplier raised by its consumer" "on active" "$(cur $SUP) $(rpm $SUP)"

# The genpd test domain follows its devices' runtime PM.  (The check that
# it stays on has its control in the same log: the same grep finds the
# power_off once pd-plain suspends.)
echo > $D/log
check "pd-tabled off" set_to $PDT off
check "the domain stays on while pd-plain is active" sh -c "! grep -q '$PD power_off' $D/log"
echo 0 > $D/$PDP/hold
check_eq "pd-plain autosuspended" suspended "$(until_eq suspended rpm $PDP)"
check "the domain powered off with both devices suspended" grep -q "$PD power_off" $D/log
check "pd-tabled on" set_to $PDT on
check "the domain powered on first" sh -c \
	"grep -n '$PD power_on\\|$PDT power on' $D/log | head -n 1 | grep -q power_on"
echo 1 > $D/$PDP/hold

# Autosuspend takes the deepest state whose exit latency meets PM QoS
# (c: idle exits in 20 us, off in 1000 us).
keep $T/events/pm_state/pm_state_runtime_select/enable
echo 1 > $T/events/pm_state/pm_state_runtime_select/enable
autosuspend() {
	echo > $T/trace
	echo 0 > $D/$C/hold
	sleep 0.3
	r="$(cur $C) $(rpm $C)"
	echo 1 > $D/$C/hold
	echo "$r"
}
check_eq "c autosuspends to off without a limit" "off suspended" "$(autosuspend)"
check "trace: off chosen without a limit" grep -q "$C state=off exit_latency_us=1000 limit_us=2147483647" $T/trace
echo 50 > $P/$C/power/pm_qos_resume_latency_us
check_eq "c autosuspends to idle with a 50 us limit" "idle suspended" "$(autosuspend)"
check "trace: idle chosen for 50 us" grep -q "$C state=idle exit_latency_us=20 limit_us=50" $T/trace
echo 10 > $P/$C/power/pm_qos_resume_latency_us
check_eq "c stays on with a 10 us limit" "on active" "$(autosuspend)"
check "trace: nothing meets 10 us" grep -q "$C state=none exit_latency_us=0 limit_us=10" $T/trace
# A parent that autosuspends takes no state its children keep it from: b
# may not lose context under c idle.
echo 50 > $P/$C/power/pm_qos_resume_latency_us
echo 0 > $D/$C/hold
echo 0 > $D/$B/hold
sleep 0.3
check_eq "b autosuspends to idle, not off, over an idle c" "idle idle" "$(cur $B) $(cur $C)"
echo 1 > $D/$B/hold
echo 1 > $D/$C/hold
check_eq "c back on once held" "on active" "$(cur $C) $(rpm $C)"
# "n/a" is a limit of 0: no suspend at all, so no park either ("0" is none).
echo n/a > $P/$C/power/pm_qos_resume_latency_us
qos_refused() {
	dmesg -c > /dev/null
	! echo off > $P/$C/power/current 2>/dev/null &&
		dmesg | grep -q "off refused: its PM QoS resume latency limit is 0"
}
check "c off refused with a resume latency limit of n/a" qos_refused
echo 0 > $P/$C/power/pm_qos_resume_latency_us

# Unbinding a parked device: the driver core resumes it for remove.
check "c off" set_to $C off
echo > $D/log
check "unbind a parked c" sh -c "echo $C > $DRV/unbind"
check "c was on for its remove" sh -c "grep -q '$C power on' $D/log"
check "bind c again" sh -c "echo $C > $DRV/bind"
check_eq "c works: on, context intact" "on 0x00c0ffee" "$(cur $C) $(cat $D/$C/context)"
# A move back that fails leaves no runtime PM error behind: the device is
# parked where it was, and the resume before remove retries the move.
check "c off" set_to $C off
echo restore > $D/$C/fail
check "c on fails when its restore fails" sh -c "! echo on > $P/$C/power/current"
check_eq "c still off and runtime suspended, no error" "off suspended" "$(cur $C) $(rpm $C)"
echo > $D/log
check "unbind c after the failed move" sh -c "echo $C > $DRV/unbind"
check "c was on for its remove" sh -c "grep -q '$C power on' $D/log && grep -q '$C restore' $D/log"
check "bind c again" sh -c "echo $C > $DRV/bind"

# A second park of a parked device resumes it first.  When that resume
# fails (at the parent), c stays parked where it was, and the table holds
# nothing of a suspended device.
check "c idle" set_to $C idle
check "b idle beside an idle c" set_to $B idle
echo "power on" > $D/$B/fail
check "c off fails: its resume out of idle fails at b" sh -c "! echo off > $P/$C/power/current 2>/dev/null"
check_eq "c still parked in idle, usage 0" "idle suspended 0" "$(cur $C) $(rpm $C) $(usage $C)"
check "b on (its error cleared, the move retried)" set_to $B on
check "c on" set_to $C on

# A resume that fails at the parent leaves c parked, and the table without
# its reference; unbinding c then (its resume fails again), and binding it
# again, leaves every count right: the table drops and takes only its own
# reference.
check "c off" set_to $C off
check "b off over an off c" set_to $B off
echo "power on" > $D/$B/fail
check "c on fails while b cannot power on" sh -c "! echo on > $P/$C/power/current 2>/dev/null"
check_eq "c still parked in off, usage 0" "off suspended 0" "$(cur $C) $(rpm $C) $(usage $C)"
# b keeps the runtime PM error of its failed move back: c's resume for
# its unbind fails at b too, before c's own callback.
check "unbind c while b holds its runtime PM error" sh -c "echo $C > $DRV/unbind"
check "b on (its error cleared, the move retried)" set_to $B on
check "bind c again" sh -c "echo $C > $DRV/bind"
check_eq "c on, active, usage 1: the table's reference alone" "on active 1" \
	"$(cur $C) $(rpm $C) $(usage $C)"

# System sleep leaves a parked device in the genpd domain alone: none of
# its driver's sleep callbacks run, and its context survives.
check "pd-tabled off" set_to $PDT off
echo > $D/log
echo platform > /sys/power/pm_test
check "s2idle (pm_test=platform) with pd-tabled parked" sh -c "echo freeze > /sys/power/state"
echo none > /sys/power/pm_test
check "no sleep callback of the parked pd-tabled ran" no_sleep_cbs $PDT
check "control: b's sleep callbacks ran, in the same log" sleep_cbs $B
check "pd-tabled on" set_to $PDT on
check_eq "pd-tabled context intact" 0x00c0ffee "$(cat $D/$PDT/context)"

# A driver without pm_state_driver_ops (d's) cannot restore a lost
# context: d is not parked, and its runtime suspend takes only a state
# that keeps context.  d has none besides on: it stays on and active,
# while c, allowed at the same time, autosuspends into off.
L=$A:test-device-d
dmesg -c > /dev/null
check "d off refused: its driver has no pm_state ops" sh -c \
	"sh -c 'echo off > $P/$L/power/current' 2>&1 | grep -q 'Operation not supported' &&
	 dmesg | grep -q 'off refused: its driver has no pm_state_driver_ops, so it is not parked'"
echo 0 > $D/$L/hold
echo 0 > $D/$C/hold
check_eq "control: c, let go, autosuspends into off" "off suspended" \
	"$(until_eq off cur $C) $(rpm $C)"
check_eq "d, let go too, stays on and active" "on active" "$(cur $L) $(rpm $L)"
echo 1 > $D/$L/hold
echo 1 > $D/$C/hold
set_to $C on

# Unloading the driver with devices parked.
set_to $C off
set_to $B off
check "rmmod with b and c parked" rmmod pm_state_test_dev
check_eq "a unbound, in its default state" on "$(cur $A)"
check "insmod again" insmod "$mod"
check_eq "a b c on after reload" "on on on" "$(cur $A) $(cur $B) $(cur $C)"

# A driver with DPM_FLAG_SMART_SUSPEND, as PCIe port services have: the PM
# core sets its runtime-suspended device active before the noirq resume.
# A parked one still runs none of its sleep callbacks and stays parked,
# runtime suspended, in either domain.
check "reload with smart_suspend=1" sh -c "rmmod pm_state_test_dev && insmod $mod smart_suspend=1"
check "c off (smart suspend)" set_to $C off
check "pd-tabled off (smart suspend)" set_to $PDT off
echo > $D/log
echo platform > /sys/power/pm_test
check "s2idle with c and pd-tabled parked (smart suspend)" sh -c "echo freeze > /sys/power/state"
echo none > /sys/power/pm_test
check "no sleep callback of the parked c ran (smart suspend)" no_sleep_cbs $C
check "no sleep callback of the parked pd-tabled ran (smart suspend)" no_sleep_cbs $PDT
check "control: b's sleep callbacks ran, in the same log (smart suspend)" sleep_cbs $B
check_eq "c and pd-tabled still parked and runtime suspended (smart suspend)" \
	"off suspended off suspended" "$(cur $C) $(rpm $C) $(cur $PDT) $(rpm $PDT)"
check "c on (smart suspend)" set_to $C on
check_eq "c context intact (smart suspend)" 0x00c0ffee "$(cat $D/$C/context)"
done_testing
