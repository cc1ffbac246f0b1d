# SPDX-License-Identifier: GPL-2.0
# timeout: 600
# Soak: system suspend cycles while writers keep moving a parent/child
# chain (each must have moved its device at least once) and toggling
# runtime PM beside them.  Most cycles run every device
# phase through pm_test "platform", alternating freeze and mem; one in ten
# really sleeps and is woken by the PL031 alarm.  No cycle may fail: each
# write to /sys/power/state returns 0, suspend_stats counts no failure and
# its successes grow by exactly the number of cycles.  Nothing may leak:
# kmemleak, cleared before the script and scanned by the runner after it,
# names any object leaked.  Slab use before and after is printed, not
# compared: KASAN's quarantine holds freed objects in it.  `make check`
# runs 20 cycles, the default; `make soak` 200 (soak_cycles= on the kernel
# command line, the last one wins; a count that is not a positive number
# stops the script).
. /tests/lib.sh
P=/sys/bus/platform/devices
D=/sys/kernel/debug/pm_state_test
A=test-device-a B=$A:test-device-b C=$B:test-device-c
STOP=/tmp/soak.stop
DEFAULT_CYCLES=20
S=/sys/power/suspend_stats
mod=$(find /lib/modules/$(uname -r) -name pm_state_test_dev.ko | head -n 1)
cycles=$(tr ' ' '\n' < /proc/cmdline | sed -n 's/^soak_cycles=//p' | tail -n 1)
cycles=${cycles:-$DEFAULT_CYCLES}

plan 7
# A soak of no cycles would pass having tested nothing.
case $cycles in
'' | *[!0-9]* | 0*) bail_out "soak_cycles=$cycles: not a positive number of cycles" ;;
esac
! grep -q '^pm_state_test_dev ' /proc/modules || rmmod pm_state_test_dev
test_driver_at_exit
guard "insmod pm_state_test_dev" insmod "$mod"
slab() { sync; echo 3 > /proc/sys/vm/drop_caches; sed -n 's/^Slab: *\([0-9]*\) kB/\1/p' /proc/meminfo; }
slab_before=$(slab)
fails_before=$(cat $S/fail)
successes_before=$(cat $S/success)

# load TAG DEV STATES...: move DEV through STATES until told to stop, then
# leave in /tmp/soak.TAG how many moves out of on worked (a move may fail
# while a child is on or system sleep runs; a load that never moved
# anything loaded nothing)
load() {
	tag=$1 dev=$2
	shift 2
	n=0
	while [ ! -e $STOP ]; do
		for s in "$@"; do
			echo "$s" 2>/dev/null > $P/$dev/power/current &&
				[ "$s" != on ] && n=$((n + 1))
		done
	done
	echo $n > /tmp/soak.$tag
}
rpm_load() {
	while [ ! -e $STOP ]; do
		echo 0 > $D/$C/hold
		sleep 0.05
		echo 1 > $D/$C/hold
	done
}
rm -f $STOP /tmp/soak.c /tmp/soak.b
load c $C off on & load b $B idle on & rpm_load &

failed=0
for i in $(seq "$cycles"); do
	if [ $((i % 10)) -eq 0 ]; then
		echo none > /sys/power/pm_test
		suspend_rtc 2>/dev/null || failed=$((failed + 1))
	else
		echo platform > /sys/power/pm_test
		[ $((i % 2)) -eq 0 ] && how=mem || how=freeze
		echo $how 2>/dev/null > /sys/power/state || failed=$((failed + 1))
	fi
done
echo none > /sys/power/pm_test
touch $STOP
wait
count soak-cycles "$cycles"
moved_c=$(cat /tmp/soak.c) moved_b=$(cat /tmp/soak.b)
summary "soak: $cycles cycles ($((cycles / 10)) real) under load ($moved_c parks of c, $moved_b of b in idle), $failed failed"
check "the load parked c ($moved_c times)" test "$moved_c" -gt 0
check "the load moved b to idle ($moved_b times)" test "$moved_b" -gt 0
check_eq "soak: no cycle failed" 0 "$failed"
check_eq "suspend_stats: no failure recorded" "$fails_before" "$(cat $S/fail)"
check_eq "suspend_stats: $cycles more successes" "$((successes_before + cycles))" "$(cat $S/success)"

for d in $A $B $C; do
	echo 1 > $D/$d/hold
	echo on > $P/$d/power/current
done
check_eq "after the soak: a b c on" "on on on" "$(cat $P/$A/power/current) $(cat $P/$B/power/current) $(cat $P/$C/power/current)"
slab_after=$(slab)
check "rmmod pm_state_test_dev" rmmod pm_state_test_dev
summary "slab: $slab_before kB before, $slab_after kB after (KASAN quarantine included)"
done_testing
