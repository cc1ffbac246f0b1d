# SPDX-License-Identifier: GPL-2.0
# overlays: dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/virt-resources.dtso dts/virt-domain-perf.dtso
# States that need a performance state of their power domain
# (dts/virt-domain-perf.dtso): each device's vote follows its state and
# genpd runs the domain at the highest vote of its runtime-active devices
# (its own debugfs perf_state); a device parked in a state is runtime
# suspended, and genpd drops its vote.  A move up raises the vote before
# the clock starts, a move down lowers it after the clock stops, a failing
# step unwinds the vote, system suspend takes the same steps, and unbinding
# lets the vote go.
. /tests/lib.sh
plan 44
P=/sys/bus/platform/devices
D=/sys/kernel/debug/pm_state_test
T=/sys/kernel/tracing
P1=test-device-p1 P2=test-device-p2
RES=$D/test-resources
PERF=/sys/kernel/debug/pm_genpd/power-controller-perf/perf_state
mod=$(find /lib/modules/$(uname -r) -name pm_state_test_dev.ko | head -n 1)

cur() { cat $P/$1/power/current; }
move() { echo "$2" > $P/$1/power/current; }
perf() { cat $PERF; }
# The resource steps of the trace: "<kind> <name> <on|off>", "|"-joined.
steps() {
	sed -n 's/.*pm_state_resource: \([^ ]*\) \([a-z]*\) \([a-z_]*\) \(o[nf]*\) ret=\(-*[0-9]*\)$/\1 \2 \3 \4 \5/p' $T/trace |
		awk -v d="$1" '$1 == d { printf "%s%s %s %s", s, $2, $3, $4; s = "|" }'
}

! grep -q '^pm_state_test_dev ' /proc/modules || rmmod pm_state_test_dev
test_driver_at_exit
check "insmod pm_state_test_dev" insmod "$mod"
check "p1 and p2 bound" test -e $P/$P1/driver -a -e $P/$P2/driver
keep $T/events/pm_state/pm_state_resource/enable
echo 1 > $T/events/pm_state/pm_state_resource/enable

check_eq "both on: the domain runs at p1's 300" 300 "$(perf)"

echo > $T/trace
check "p1 idle" move $P1 idle
check_eq "p1 idle: clock stops, then its vote drops to 100" \
	"clock fck off|domain performance off" "$(steps $P1)"
check_eq "p1 parked: genpd counts p2's 200 only" 200 "$(perf)"
check "p2 off" move $P2 off
check_eq "both parked: domain at 0" 0 "$(perf)"
check "p1 off" move $P1 off
check_eq "p1 off: domain at 0" 0 "$(perf)"

echo > $T/trace
check "p1 on" move $P1 on
check_eq "p1 on: vote raised before the clock starts" \
	"domain performance on|clock fck on" "$(steps $P1)"
check_eq "p1 on: domain at 300" 300 "$(perf)"

# A clock that fails on the way up takes the vote back (r2 lets go of
# the same clock, so that the provider's enable is called).
move test-device-r2 idle
move $P1 off
echo > $T/trace
echo 1 > $RES/fail_clock
check "p1 on fails with its clock" sh -c "! echo on > $P/$P1/power/current"
check_eq "p1: still off" off "$(cur $P1)"
check_eq "p1: raised, clock fails, vote back down" \
	"domain performance on|clock fck on|domain performance off" "$(steps $P1)"
check_eq "p1: domain back at 0" 0 "$(perf)"
echo > $T/trace
check "p1 on works next time" move $P1 on
check_eq "p1 on: the vote is raised again" \
	"domain performance on|clock fck on" "$(steps $P1)"
check_eq "p1 on: domain at 300" 300 "$(perf)"

# A domain that refuses the lower level on the way down restarts the clock.
check "p2 on" move $P2 on
echo > $T/trace
echo 1 > $D/power-controller-perf/fail_performance_state
check "p1 idle fails with the domain" sh -c "! echo idle > $P/$P1/power/current"
check_eq "p1: still on" on "$(cur $P1)"
check "the message names the domain and the level" \
	sh -c "dmesg | tail -n 20 | grep -q '$P1: pm_state: cannot set the performance state of its power domain to 100: -5'"
check_eq "p1: clock stopped, vote fails, clock back on" \
	"clock fck off|domain performance off|clock fck on" "$(steps $P1)"
check_eq "p1: domain still at 300" 300 "$(perf)"
check "p1 idle works next time" move $P1 idle
check_eq "p1 idle: domain at p2's 200" 200 "$(perf)"
check "p1 on" move $P1 on

# System suspend lowers the vote after the clock stops and raises it first
# on the way back.
echo > $T/trace
check "echo mem, woken by the RTC" suspend_rtc
check_eq "suspend: p1 down and up in order" \
	"clock fck off|domain performance off|domain performance on|clock fck on" "$(steps $P1)"
check_eq "after suspend: domain at 300" 300 "$(perf)"

# A device that runtime PM suspended keeps no vote through system sleep:
# genpd holds its vote aside, and the transition leaves it there.
check "p2 off" move $P2 off
echo 50 > $P/$P1/power/pm_qos_resume_latency_us
echo 0 > $D/$P1/hold
sleep 0.3
check_eq "p1 autosuspended to idle" "idle suspended" "$(cur $P1) $(cat $P/$P1/power/runtime_status)"
check_eq "p1 suspended: genpd counts no vote" 0 "$(perf)"
check "echo mem, woken by the RTC" suspend_rtc
check_eq "after suspend: p1 still suspended in idle" "idle suspended" "$(cur $P1) $(cat $P/$P1/power/runtime_status)"
check_eq "after suspend: still no vote counted" 0 "$(perf)"
echo 1 > $D/$P1/hold
check_eq "p1 resumed: on, domain at 300" "on 300" "$(cur $P1) $(perf)"
echo 0 > $P/$P1/power/pm_qos_resume_latency_us
check "p2 on" move $P2 on

# Unbinding detaches p1 from genpd, which counts no vote of a device it
# does not have: p1 lets its vote go (and all it held), p2's stays.
check "unbind p1" sh -c "echo $P1 > /sys/bus/platform/drivers/pm-state-test/unbind"
check_eq "p1 unbound: domain at p2's 200" 200 "$(perf)"
check "bind p1" sh -c "echo $P1 > /sys/bus/platform/drivers/pm-state-test/bind"
check_eq "p1 bound again: domain at 300" 300 "$(perf)"
echo 0 > $T/events/pm_state/pm_state_resource/enable
done_testing
