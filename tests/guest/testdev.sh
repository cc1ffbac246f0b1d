# SPDX-License-Identifier: GPL-2.0
# boot: direct uboot
# The power-state test driver (pm_state_test_dev.ko): its hierarchy, its
# transition log, context loss and restore, fault injection at each step
# (the device stays where it was), its class stopped out of on (nothing
# reaches the pretend hardware), double faults (a step and its undo
# both fail: the result the ABI documents), the fallback to dev_pm_ops for a driver
# without power-state callbacks, an s2idle that fails in a child and
# unwinds, and unloading it with devices away from their default state.
. /tests/lib.sh
P=/sys/bus/platform/devices
D=/sys/kernel/debug/pm_state_test
A=test-device-a B=$A:test-device-b C=$B:test-device-c
# c's table in dts/virt-pmstate.dtso: the states this test moves it through,
# whatever power/supports reads (checked first).
STATES="on idle off"
# 55 outside the loop over the states, 4 for each state besides on
plan $((55 + 4 * ($(echo $STATES | wc -w) - 1)))
rtc=/sys/class/rtc/rtc0
T=/sys/kernel/tracing
mod=$(find /lib/modules/$(uname -r) -name pm_state_test_dev.ko | head -n 1)

cur() { cat $P/$1/power/current; }
log() { cat $D/log; }

check "test driver module present" test -n "$mod"
# Another test of the same boot (make lava runs several) may have loaded it.
! grep -q '^pm_state_test_dev ' /proc/modules || rmmod pm_state_test_dev
test_driver_at_exit
check "insmod pm_state_test_dev" insmod "$mod"
check "log in debugfs" test -r $D/log
check "a, b and c are bound" test -d $D/$A -a -d $D/$B -a -d $D/$C
echo > $D/log

# A plain round trip through a context-losing state.
check_eq "c: context at start" 0x00c0ffee "$(cat $D/$C/context)"
check "c: on -> off" sh -c "echo off > $P/$C/power/current"
check_eq "c: pretend hardware is off" off "$(cat $D/$C/state)"
check_eq "c: context lost in off" 0xdeadbeef "$(cat $D/$C/context)"
check "c: off -> on" sh -c "echo on > $P/$C/power/current"
check_eq "c: context restored" 0x00c0ffee "$(cat $D/$C/context)"
check_eq "c: log of the round trip: its class stopped first, started last" \
	"stop - 0|save off 0|power off 0|power on 0|restore off 0|start - 0" \
	"$(log | awk -v d=$C '$2 == d { printf "%s%s %s %s", s, $3, $4, $5; s = "|" }')"

# The device's class is stopped out of on: its register, reached through
# the class device, fails with EAGAIN (nothing reaches the pretend
# hardware: no stray access), and holds what was written once on again.
R=/sys/class/pm_state_test/$C-reg/reg
eagain() { sh -c "cat $R" 2>&1 | grep -q "Resource temporarily unavailable"; }
guard "c: register written through its class" sh -c "echo 0x1234 > $R"
guard_eq "c: register read through its class" 0x00001234 "$(cat $R)"
check_eq "c: supports the states of its table" "$STATES" "$(cat $P/$C/power/supports)"
for s in $STATES; do
	[ "$s" = on ] && continue
	echo $s > $P/$C/power/current
	check "c: in $s the class read fails with EAGAIN" eagain
	check "c: in $s the class write fails" sh -c "! echo 0x5678 > $R 2>/dev/null"
	check_eq "c: in $s no access reached the hardware" 0 "$(cat $D/$C/stray_accesses)"
	echo on > $P/$C/power/current
	check_eq "c: register after $s" 0x00001234 "$(cat $R)"
done
echo 0x00c0ffee > $R

# Fault injection: each step fails once, the device stays where it was.
for f in "save off" "power off"; do
	echo > $D/log
	echo "$f" > $D/$C/fail
	check "c: '$f' armed: echo off fails" sh -c "! echo off > $P/$C/power/current"
	check_eq "c: still on after failed $f" on "$(cur $C)"
	check_eq "c: fault consumed" none "$(cat $D/$C/fail)"
	check "c: log shows $f -5" sh -c "cat $D/log | grep -q '$C $f -5'"
	check_eq "c: context intact" 0x00c0ffee "$(cat $D/$C/context)"
done
echo off > $P/$C/power/current
echo restore > $D/$C/fail
check "c: 'restore' armed: echo on fails" sh -c "! echo on > $P/$C/power/current"
check_eq "c: still off after failed restore" off "$(cur $C)"
check "c: on once disarmed" sh -c "echo on > $P/$C/power/current"
check_eq "c: on" on "$(cur $C)"
check "bad fault specs are refused" sh -c "! echo 'jump off' > $D/$C/fail && ! echo 'none off' > $D/$C/fail"

# Double faults: a step and its undo both fail.  The unwind stops rather
# than start a device it could not restore; the device stays in "on",
# stopped, and "on" completes the move (the ABI's promise).
steps() {
	awk -v d="$C" '$0 ~ " " d " " { for (i = 1; i <= NF; i++)
		if ($i ~ /^phase=/) { sub(/phase=/, "", $i); p = $i }
		else if ($i ~ /^ret=/) { sub(/ret=/, "", $i); r = $i }
		printf "%s%s %s", s, p, r; s = "|" }' $T/trace
}
keep $T/events/pm_state/pm_state_transition/enable
echo 1 > $T/events/pm_state/pm_state_transition/enable
echo > $T/trace
echo "power off" > $D/$C/fail
echo restore > $D/$C/fail
guard_eq "c: two faults armed" "power off|restore *" "$(tr '\n' '|' < $D/$C/fail | sed 's/|$//')"
check "c: power and restore armed: echo off fails" sh -c "! echo off > $P/$C/power/current"
check_eq "c: unwind stops at the failed restore, c is not started" \
	"stop 0|save 0|power -5|restore -5" "$(steps)"
check_eq "c: stays on, runtime active, faults consumed" "on active none" \
	"$(cur $C) $(cat $P/$C/power/runtime_status) $(cat $D/$C/fail)"
echo > $T/trace
check "c: echo on completes the move" sh -c "echo on > $P/$C/power/current"
check_eq "c: restored and started" "restore 0|start 0" "$(steps)"
check_eq "c: context intact" 0x00c0ffee "$(cat $D/$C/context)"

# On the way back, restore and the power back down both fail: c stays on,
# saved, its context not yet back, and runtime suspended with no error
# left, so that the next resume ("on") completes the move.
echo off > $P/$C/power/current
echo restore > $D/$C/fail
echo "power off" > $D/$C/fail
echo > $T/trace
check "c: restore and power off armed: echo on fails" sh -c "! echo on > $P/$C/power/current"
check_eq "c: power, failed restore, failed power back" "power 0|restore -5|power -5" "$(steps)"
check_eq "c: on, runtime suspended, context not restored" "on suspended 0xdeadbeef" \
	"$(cur $C) $(cat $P/$C/power/runtime_status) $(cat $D/$C/context)"
echo > $T/trace
check "c: echo on completes the move" sh -c "echo on > $P/$C/power/current"
check_eq "c: restored and started" "restore 0|start 0" "$(steps)"
check_eq "c: on, runtime active, context restored" "on active 0x00c0ffee" \
	"$(cur $C) $(cat $P/$C/power/runtime_status) $(cat $D/$C/context)"
echo 0 > $T/events/pm_state/pm_state_transition/enable
# Four are taken, so the refusal below is of the fifth, not of an earlier one.
guard "c: four faults armed" sh -c "for i in 1 2 3 4; do echo save > $D/$C/fail || exit 1; done"
check "c: a fifth fault is refused" sh -c "! echo save > $D/$C/fail"
echo none > $D/$C/fail
check_eq "c: none disarms them all" none "$(cat $D/$C/fail)"

# A driver without power-state callbacks opts out of parking: a write
# other than on is refused with EOPNOTSUPP and nothing moves.  Its
# dev_pm_ops run in system transitions (sleep-phases.sh).
L=$A:test-device-d
echo > $D/log
check "legacy d: off refused (EOPNOTSUPP)" sh -c \
	"sh -c 'echo off > $P/$L/power/current' 2>&1 | grep -q 'Operation not supported'"
check_eq "legacy d: still on and active" "on active" \
	"$(cat $P/$L/power/current) $(cat $P/$L/power/runtime_status)"
check_eq "legacy d: no class step and no driver callback ran" "" \
	"$(log | awk -v d=$L '$2 == d { printf "%s%s %s %s", s, $3, $4, $5; s = "|" }')"

# s2idle with b failing to power off: c (already down) comes back, a is
# never touched, the system resumes with everyone on.
echo > $D/log
echo "power off" > $D/$B/fail
echo 0 > $rtc/wakealarm
echo +2 > $rtc/wakealarm
check "mem fails when b cannot power off" sh -c "! echo mem > /sys/power/state"
echo 0 > $rtc/wakealarm
check_eq "after the failed suspend: a b c" "on on on" "$(cur $A) $(cur $B) $(cur $C)"
check "c went off and came back" sh -c "grep -q '$C power off 0' $D/log && grep -q '$C power on 0' $D/log"
check "a was not powered" sh -c "! grep -q '$A power' $D/log"
check_eq "failed device recorded" "$B" "$(cat /sys/power/suspend_stats/last_failed_dev)"

# Unload with devices away from their default state, then load again.
echo off > $P/$C/power/current
echo off > $P/$B/power/current
echo off > $P/$L/power/current
echo retention > $P/$A/power/current
check "rmmod with a in retention and c off" rmmod pm_state_test_dev
check "a remains, unbound" test -d $P/$A -a ! -e $P/$A/driver
check "b, c and d are gone with their parent's driver" test ! -e $P/$B -a ! -e $P/$C -a ! -e $P/$L
check_eq "a went to its default state" on "$(cur $A)"
check "insmod again" insmod "$mod"
check_eq "a b c on after reload" "on on on" "$(cur $A) $(cur $B) $(cur $C)"
done_testing
