# SPDX-License-Identifier: GPL-2.0
# overlays: dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/virt-sleep.dtso dts/virt-resources.dtso
# The plan of a system transition (/sys/kernel/debug/pm_state/plan/<state>)
# is what the transition then does, device by device.  Each round makes
# real situations (an armed RTC, a parked device, an unbound one, a device
# without a mapping, a GPIO line in use, an armed device below a disarmed
# one, a wake source without a wake-capable state), reads the plan, runs
# the transition with the pm_state_transition trace on and compares: a
# device whose plan target differs from its current state moved there
# (power step, ret=0) and no other device moved, in the plan's order.  The
# RTC that woke the system twice from idle counts two wakes there, and the
# plan names the last wake.  Reading every plan moves nothing.
. /tests/lib.sh
plan 31
T=/sys/kernel/tracing
P=/sys/kernel/debug/pm_state/plan
RTC=/sys/bus/amba/devices/9010000.pl031
PDEV=/sys/bus/platform/devices
A=test-device-a B=test-device-a:test-device-b C=test-device-a:test-device-b:test-device-c
D=test-device-a:test-device-d W=test-device-wake
mod=$(find /lib/modules/$(uname -r) -name pm_state_test_dev.ko | head -n 1)
test_driver_at_exit
[ -z "$mod" ] || insmod "$mod"
keep $T/events/pm_state/pm_state_transition/enable /sys/power/pm_test \
	$RTC/power/system_suspend $RTC/power/system_standby $RTC/power/wakeup \
	$PDEV/$B/power/system_suspend $PDEV/test-device-r2/power/system_suspend
echo 1 > $T/events/pm_state/pm_state_transition/enable
guard "every plan file is there" test -r $P/standby -a -r $P/suspend -a \
	-r $P/hibernate -a -r $P/shutdown -a -r $P/reset

# field DEV KEY FILE: the value of KEY on DEV's line of the plan in FILE
field() {
	awk -v d="$1" -v k="$2" '$1 == d {
		for (i = 2; i <= NF; i++) if (index($i, k "=") == 1) {
			print substr($i, length(k) + 2); exit } }' "$3"
}

# fields DEV FILE KEY...: the values of KEYs on DEV's line, space-separated
fields() {
	local d=$1 f=$2 k out=
	shift 2
	for k; do out="$out${out:+ }$(field "$d" "$k" "$f")"; done
	echo "$out"
}

# compare SYS FILE: the trace of the last transition against the plan in
# FILE, for system state SYS.  Prints each difference; fails if any.
compare() {
	awk -v sys="$1" '
	FNR == NR {
		if ($1 ~ /^#/) next
		order[++n] = $1
		for (i = 2; i <= NF; i++) {
			split($i, kv, "=")
			if (kv[1] == "current") cur[$1] = kv[2]
			if (kv[1] == "target") tgt[$1] = kv[2]
		}
		next
	}
	index($0, "sys=" sys " phase=power ret=0") {
		for (i = 1; i <= NF; i++) if ($i == "->") break
		d = $(i - 2)
		if (d in seen) next
		seen[d] = $(i - 1) "->" $(i + 1)
		moved[++m] = d
	}
	END {
		bad = 0
		for (i = 1; i <= n; i++) {
			d = order[i]
			want = cur[d] == tgt[d] ? "" : cur[d] "->" tgt[d]
			if (seen[d] != want) {
				printf "# %s: plan %s, trace %s\n", d,
					want == "" ? "stays" : want,
					seen[d] == "" ? "no move" : seen[d]
				bad = 1
			}
			if (want != "") planned[++p] = d
		}
		for (i = 1; i <= m; i++) if (!(moved[i] in cur)) {
			printf "# %s moved, not in the plan\n", moved[i]; bad = 1
		}
		for (i = 1; !bad && i <= p; i++) if (planned[i] != moved[i]) {
			printf "# move %d: plan %s, trace %s\n", i, planned[i], moved[i]
			bad = 1
		}
		exit bad
	}' /tmp/plan.$1 $T/trace
}

# Reading the plans moves nothing.
echo > $T/trace
for s in standby suspend hibernate shutdown reset; do cat $P/$s > /tmp/plan.$s; done
check "reading every plan moved no device" sh -c "! grep -q ' phase=' $T/trace"
check_eq "the default tables: no conflict, no failure in any plan" "" \
	"$(grep -h '^# conflict\|^# fails' /tmp/plan.*)"
check_eq "the suspend plan lists every device with a table" \
	"$(ls -d /sys/bus/*/devices/*/power/current | wc -l)" "$(grep -vc '^#' /tmp/plan.suspend)"

# Round 1, suspend: an armed RTC mapped off, a parked device, an unbound
# one, one without a mapping, and the PL061 whose line 4 drives a clock.
echo off > $RTC/power/system_suspend
guard "c parked in idle" sh -c "echo idle > $PDEV/$C/power/current"
guard "d unbound" sh -c "echo $D > $PDEV/$D/driver/unbind"
at_exit "echo $D > /sys/bus/platform/drivers/pm-state-test-legacy/bind"
echo none > $PDEV/$B/power/system_suspend
echo idle > $PDEV/test-device-r2/power/system_suspend
cat $P/suspend > /tmp/plan.suspend
sed 's/^/# /' /tmp/plan.suspend
check_eq "suspend plan: pl031 armed" "idle off wake" \
	"$(fields 9010000.pl031 /tmp/plan.suspend target mapped reason)"
check_eq "suspend plan: c parked" "idle parked" \
	"$(fields $C /tmp/plan.suspend target reason)"
check_eq "suspend plan: d unbound" "on unbound" \
	"$(fields $D /tmp/plan.suspend target reason)"
check_eq "suspend plan: b without a mapping" "on - no-mapping" \
	"$(fields $B /tmp/plan.suspend target mapped reason)"
check_eq "suspend plan: pl061 keeps its outputs" "retention mapped+in-use off" \
	"$(fields 9030000.pl061 /tmp/plan.suspend target reason chosen)"
check "suspend plan: pl061 says which line" grep -q '^9030000.pl061 .* why=GPIO line 4 is a requested output$' /tmp/plan.suspend
check_eq "suspend plan: a as mapped" "off mapped" \
	"$(fields $A /tmp/plan.suspend target reason)"
check_eq "suspend plan: a goes off under b, which stays on" "off $B" \
	"$(fields $A /tmp/plan.suspend target conflict)"
check "suspend plan: the conflict named in words" grep -qx "# conflict: $A goes to off while its child $B is in on, which needs it powered" /tmp/plan.suspend
check_eq "suspend plan: r1's supply and reset kept by r2 (idle), its clock off" \
	"supply:vdd:regulator-test-vdd:kept:test-device-r2,clock:fck:clock-gpio-gate:off,reset:all:test-resources:kept:test-device-r2" \
	"$(field test-device-r1 res /tmp/plan.suspend)"
echo > $T/trace
check "mem: the RTC wakes the system" sleep_rtc mem
check "mem: the trace is the plan, device by device and in order" compare suspend
check_eq "pl031: one wake counted, from idle" 1 \
	"$(awk '$1 == "9010000.pl031" && $2 == "idle" { print $5 }' /sys/kernel/debug/pm_state_stats)"
check "the plan names the last wake" grep -qx '# last wake: 9010000.pl031 from idle' $P/suspend

# Round 2, standby at pm_test: the RTC disarmed, its alarmtimer armed.
echo on > $PDEV/$C/power/current
echo off > $RTC/power/system_standby
echo disabled > $RTC/power/wakeup
AT=$(ls -d $PDEV/alarmtimer.* | head -n 1)
guard_eq "the alarmtimer is armed" enabled "$(cat $AT/power/wakeup)"
cat $P/standby > /tmp/plan.standby
check_eq "standby plan: pl031 on the wakeup path" "idle wake-path ${AT##*/}" \
	"$(fields 9010000.pl031 /tmp/plan.standby target reason by)"
echo platform > /sys/power/pm_test
echo > $T/trace
check "freeze (pm_test)" sh -c "echo freeze > /sys/power/state"
check "freeze: the trace is the plan" compare standby

# Round 3, standby for real: the RTC armed again wakes the system from idle.
echo none > /sys/power/pm_test
echo enabled > $RTC/power/wakeup
echo idle > $RTC/power/system_standby
cat $P/standby > /tmp/plan.standby
check_eq "standby plan: pl031 as mapped" "idle mapped" \
	"$(fields 9010000.pl031 /tmp/plan.standby target reason)"
echo > $T/trace
check "freeze: the RTC wakes the system" sleep_rtc freeze
check "freeze: the trace is the plan" compare standby
check_eq "pl031: two wakes counted, from idle" 2 \
	"$(awk '$1 == "9010000.pl031" && $2 == "idle" { print $5 }' /sys/kernel/debug/pm_state_stats)"

# Round 4: an armed device with no state it can wake the system from.
keep $PDEV/$W/power/wakeup
echo enabled > $PDEV/$W/power/wakeup
cat $P/suspend > /tmp/plan.suspend
check_eq "suspend plan: test-device-wake cannot wake" "no-wake-state" \
	"$(field $W reason /tmp/plan.suspend)"
echo platform > /sys/power/pm_test
check "mem (pm_test) fails, as the plan said" sh -c "! echo mem > /sys/power/state"
echo none > /sys/power/pm_test
echo disabled > $PDEV/$W/power/wakeup

# A policy written while the plan is read: no oops (a kernel report fails
# the test), and the plan is read all along.
P61=/sys/bus/amba/devices/9030000.pl061/power/system_suspend
keep $P61
(i=0; while [ $i -lt 300 ]; do echo none > $P61; echo off > $P61; i=$((i + 1)); done) &
flip=$!
n=0
while kill -0 $flip 2>/dev/null; do cat $P/suspend > /dev/null || break; n=$((n + 1)); done
wait $flip
check "the plan read $n times while pl061's suspend policy flipped" test $n -gt 0

# Hibernation's end follows /sys/power/disk: reboot restarts (the reset
# plan), suspend suspends (the suspend plan), test_resume moves nothing.
# targets FILE: "device=target ..." of a plan
targets() { awk '!/^#/ { for (i = 2; i <= NF; i++) if ($i ~ /^target=/) print $1 "=" substr($i, 8) }' "$1"; }
keep /sys/power/disk $PDEV/$D/power/system_reset
# d's reset and hibernate mappings differ, so that the two plans do.
echo on > $PDEV/$D/power/system_reset
for mode in reboot suspend; do
	echo $mode > /sys/power/disk
	cat $P/hibernate > /tmp/plan.hibernate
	[ $mode = reboot ] && other=reset || other=suspend
	cat $P/$other > /tmp/plan.$other
	targets /tmp/plan.$other > /tmp/targets.$other
	targets /tmp/plan.hibernate > /tmp/targets.hibernate
	check "hibernate plan with disk=$mode is the $other plan" \
		diff /tmp/targets.$other /tmp/targets.hibernate
done
echo test_resume > /sys/power/disk
check_eq "hibernate plan with disk=test_resume: nothing moves" "" \
	"$(grep -v '^#' $P/hibernate | grep -v 'reason=test-resume')"
echo shutdown > /sys/power/disk

# The power-off plans: the UART stays on to carry the console's last lines.
check_eq "shutdown plan: uart stays on, a goes off" "on off" \
	"$(field 9000000.pl011 target /tmp/plan.shutdown) $(field $A target /tmp/plan.shutdown)"
done_testing
