# SPDX-License-Identifier: GPL-2.0
# System sleep woken by the PL031 alarm moves every device with a table
# from dts/virt-pmstate.dtso to the state its DT maps to the system state
# and back, children before parents on the way down and after them on the
# way up (seen in the trace).  "freeze" is system state standby, "mem"
# (s2idle on virt) is suspend.  The PL031 keeps time through each sleep:
# its counter advances by at least the alarm interval, and by as much as the
# system clock.  Autosleep to freeze after an "echo mem" is standby too, and
# autosleep to mem after an "echo freeze" is suspend.
. /tests/lib.sh
T=/sys/kernel/tracing
rtc=/sys/class/rtc/rtc0
mod=$(find /lib/modules/$(uname -r) -name pm_state_test_dev.ko | head -n 1)
test_driver_at_exit
[ -z "$mod" ] || insmod "$mod"
keep $T/events/pm_state/pm_state_transition/enable
echo 1 > $T/events/pm_state/pm_state_transition/enable

A=test-device-a B=$A:test-device-b C=$B:test-device-c
# The virtio-mmio transport QEMU fills last: under tests/guest.sh the
# runner's console (its TAP channel) is bound there and moves; on a machine
# without that console (make lava) nothing binds it, and an unbound device
# stays where it is ("stays").
V=a003e00.virtio_mmio
v_mem=stays
[ ! -e /sys/bus/platform/devices/$V/driver ] || v_mem=off
# Where each system state takes the devices: "device=state ...", as the DT maps them
MEM="9000000.pl011=off 9010000.pl031=idle 9030000.pl061=off $V=$v_mem $A=off $B=off $C=off $A:test-device-d=off"
FREEZE="9000000.pl011=idle 9010000.pl031=idle 9030000.pl061=retention $A=retention $B=idle $C=idle"
# Each sleep: 5 results of its own and 3 for each device it maps; 4 for
# autosleep
plan $((2 * 5 + 3 * $(echo $MEM $FREEZE | wc -w) + 4))

# offset: RTC seconds minus system clock seconds, read back to back
offset() { echo $(($(cat $rtc/since_epoch) - $(date +%s))); }

# mode sys "device=state ..."
run() {
	local mode=$1 sys=$2 m n to down up r0 r1 o0 o1
	echo > $T/trace
	echo 0 > $rtc/wakealarm
	r0=$(cat $rtc/since_epoch) o0=$(offset)
	check "echo $mode > /sys/power/state" sleep_rtc $mode
	r1=$(cat $rtc/since_epoch) o1=$(offset)
	# The alarm at +3 s (sleep_rtc) woke the system: the RTC counted through the sleep.
	check "$mode: the RTC advanced by the 3 s alarm interval ($r0 -> $r1)" test $((r1 - r0)) -ge 3
	# Both clocks tick whole seconds out of phase: the offset may move by 1.
	check "$mode: RTC and system clock advanced alike (offset $o0 -> $o1)" \
		test $((o1 - o0)) -ge -1 -a $((o1 - o0)) -le 1
	for m in $3; do
		n=${m%=*} to=${m#*=}
		if [ "$to" = stays ]; then
			check "$mode: $n (no driver) did not move" sh -c "! grep -q ' $n [a-z]* -> ' $T/trace"
			check "$mode: $n (no driver) stayed on" test "$(cat /sys/bus/*/devices/$n/power/current 2>/dev/null)" = on
			# The control: the same trace holds the other devices' moves.
			check "$mode: the trace recorded this sleep's moves" grep -q " on -> [a-z]* sys=$sys phase=power ret=0" $T/trace
			continue
		fi
		down=$(grep -n " $n on -> $to sys=$sys phase=power ret=0" $T/trace | head -n 1 | cut -d: -f1)
		up=$(grep -n " $n $to -> on sys=$sys phase=power ret=0" $T/trace | head -n 1 | cut -d: -f1)
		check "$mode: $n went on -> $to" test -n "$down"
		check "$mode: $n came back $to -> on" test -n "$up"
		check_eq "$mode: $n current after resume" on \
			"$(cat /sys/bus/*/devices/$n/power/current 2>/dev/null)"
	done
	# order: c, b, a down; a, b, c up
	check "$mode: down c before b before a" \
		test "$(at $C -)" -lt "$(at $B -)" -a "$(at $B -)" -lt "$(at $A -)"
	check "$mode: up a before b before c" \
		test "$(at $A +)" -lt "$(at $B +)" -a "$(at $B +)" -lt "$(at $C +)"
}

# at DEV -|+: trace line of DEV's first power transition away from / to on
at() {
	local re
	[ "$2" = - ] && re=" $1 on -> [a-z]* " || re=" $1 [a-z]* -> on "
	grep -n "$re" $T/trace | grep 'phase=power ret=0' | head -n 1 | cut -d: -f1
}

run freeze standby "$FREEZE"
run mem suspend "$MEM"

# One cycle of autosleep to MODE, at pm_test "platform" (the table moves
# devices in the noirq phases, which it includes), after the other mode
# was written to /sys/power/state: what was written last does not count.
autosleep_once() {
	echo > $T/trace
	echo $1 > /sys/power/autosleep || return 1
	until_eq up sh -c "grep -q ' 9030000.pl061 [a-z]* -> on sys=' $T/trace && echo up" > /dev/null
	echo off > /sys/power/autosleep
	grep -q ' 9030000.pl061 [a-z]* -> on sys=' $T/trace
}
if [ -e /sys/power/autosleep ]; then
	keep /sys/power/pm_test /sys/module/suspend/parameters/pm_test_delay
	echo platform > /sys/power/pm_test
	echo 0 > /sys/module/suspend/parameters/pm_test_delay
	check "autosleep to freeze after echo mem: one cycle" autosleep_once freeze
	check "autosleep freeze: the PL061 went to retention (standby), not off (suspend)" \
		sh -c "grep -q ' 9030000.pl061 on -> retention sys=standby phase=power ret=0' $T/trace &&
		       ! grep -q ' 9030000.pl061 on -> off ' $T/trace"
	echo freeze > /sys/power/state
	check "autosleep to mem after echo freeze: one cycle" autosleep_once mem
	check "autosleep mem: the PL061 went off (suspend), not to retention (standby)" \
		sh -c "grep -q ' 9030000.pl061 on -> off sys=suspend phase=power ret=0' $T/trace &&
		       ! grep -q ' 9030000.pl061 on -> retention ' $T/trace"
else
	for t in "freeze: one cycle" "freeze: the PL061" "mem: one cycle" "mem: the PL061"; do
		skip "autosleep: $t" "no /sys/power/autosleep: the kernel lacks CONFIG_PM_AUTOSLEEP"
	done
fi
done_testing
