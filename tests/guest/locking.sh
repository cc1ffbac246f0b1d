# SPDX-License-Identifier: GPL-2.0
# overlays: dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/virt-sleep.dtso dts/virt-resources.dtso dts/virt-domain-perf.dtso dts/virt-clock-provider.dtso dts/examples/pl031.dtso
# Every overlay at once, and how moves are serialised.  A move of one
# device holds no lock of the core while it calls the driver, the class
# or the clock, regulator and reset frameworks: lockdep finds no cycle
# through the device-link locks (a parked supplier, a rebound consumer and
# an unbound device's move, which takes the device-link lock through
# regulator_get()); a move that enables a clock resumes the clock's
# tabled provider from inside it (dts/virt-clock-provider.dtso); a slow
# move of one device holds up neither another device's move nor a policy
# write to the device itself.  Then the test driver is unbound, bound and
# reloaded, and the machine goes through s2idle, suspend and hibernation
# (at pm_test) with every table applied; the runner's power-off ends it.
. /tests/lib.sh
P=/sys/bus/platform/devices
DRV=/sys/bus/platform/drivers/pm-state-test
D=/sys/kernel/debug/pm_state_test
T=/sys/kernel/tracing
C=test-device-a:test-device-b:test-device-c
SUP=test-device-sup CON=test-device-con U=test-device-unbound R2=test-device-r2
CP=test-resources-rpm CC=test-device-clk-consumer
mod=$(find /lib/modules/$(uname -r) -name pm_state_test_dev.ko | head -n 1)
plan 20

cur() { cat $P/$1/power/current; }
rpm() { cat $P/$1/power/runtime_status; }
provider() { echo "$(cur $CP) $(rpm $CP)"; }
lockdep_reports() { dmesg | grep -c "possible circular locking\|possible recursive locking\|inconsistent lock state"; }

! grep -q '^pm_state_test_dev ' /proc/modules || rmmod pm_state_test_dev
test_driver_at_exit
guard "insmod pm_state_test_dev" insmod "$mod"

# The cycle a global lock made: device_link_add() resumes a supplier under
# the device-link lock (the consumer's probe adds the link), and an unbound
# device's move takes that lock when it gets its supply.
guard "unbind the consumer" sh -c "echo $CON > $DRV/unbind"
guard "park the supplier off" sh -c "echo off > $P/$SUP/power/current"
guard "bind the consumer, which resumes the supplier" sh -c "echo $CON > $DRV/bind"
check_eq "the unbound device goes on" "on" "$(echo on > $P/$U/power/current; cur $U)"
check_eq "off" "off" "$(echo off > $P/$U/power/current; cur $U)"
check_eq "and on again" "on" "$(echo on > $P/$U/power/current; cur $U)"
echo off > $P/$U/power/current
check_eq "lockdep: no locking cycle" 0 "$(lockdep_reports)"
echo on > $P/$SUP/power/current

# The provider's table moves it off once its clock is unused; the
# consumer's move on prepares the clock, which resumes the provider from
# inside the move.  A write that never returns is a deadlock.  (At boot the
# consumer could not rest: the provider's module was not loaded.)
guard "the clock consumer at rest" sh -c "echo idle > $P/$CC/power/current"
check_eq "the clock provider autosuspends, off" "off suspended" "$(until_eq "off suspended" provider)"
rm -f /tmp/cc.rc
sh -c "echo on > $P/$CC/power/current; echo \$? > /tmp/cc.rc" &
check_eq "the consumer's move on returns, successfully" 0 \
	"$(until_eq 0 sh -c "cat /tmp/cc.rc 2>/dev/null")"
# Unbound, the consumer holds the clock its state runs: the provider
# stays resumed until the consumer is at rest again.
check_eq "consumer on holds its clock: the provider stays on" \
	"on on active" "$(cur $CC) $(provider)"
check "the provider cannot be parked off under it: EBUSY" \
	sh -c "sh -c 'echo off > $P/$CP/power/current' 2>&1 | grep -q 'Device or resource busy'"
check "the log names the unbound consumer" \
	sh -c "dmesg | tail -n 5 | grep -q '$CP: pm_state: off refused: consumer $CC needs it (operational)'"
echo idle > $P/$CC/power/current
check_eq "consumer at rest: the provider autosuspends again" \
	"off suspended" "$(until_eq "off suspended" provider)"

# A slow move does not hold up another device's: c's power step sleeps
# 500 ms; r2 is resumed meanwhile and its move ends first.
keep $T/events/pm_state/pm_state_transition/enable $D/$C/power_delay_ms $P/$C/power/system_standby
echo 1 > $T/events/pm_state/pm_state_transition/enable
guard "park r2 idle" sh -c "echo idle > $P/$R2/power/current"
echo 500 > $D/$C/power_delay_ms
echo > $T/trace
sh -c "echo off > $P/$C/power/current" &
slow=$!
# c's save step is traced just before its power step starts.
until_eq saved sh -c "grep -q '$C on -> off sys=runtime phase=save' $T/trace && echo saved" > /dev/null
echo on > $P/$R2/power/current
# Nor does it hold up a policy write to the moving device itself.
echo off > $P/$C/power/system_standby
echo "policy written" > $T/trace_marker
wait $slow
stamp() { grep "$1" $T/trace | head -n 1 | sed 's/.* \([0-9]*\.[0-9]*\): .*/\1/'; }
r2_done=$(stamp "$R2 on -> on sys=runtime phase=start")
c_done=$(stamp "$C on -> off sys=runtime phase=power")
check "trace: c's slow power step and r2's move both traced" test -n "$r2_done" -a -n "$c_done"
check "r2's move back ended while c's slow power step ran ($r2_done < $c_done)" \
	awk -v a="$r2_done" -v b="$c_done" 'BEGIN { exit !(a + 0 < b + 0) }'
policy_done=$(stamp "policy written")
check "c's policy write returned while its slow power step ran ($policy_done < $c_done)" \
	awk -v a="$policy_done" -v b="$c_done" 'BEGIN { exit !(a + 0 < b + 0) }'
echo 0 > $D/$C/power_delay_ms
echo on > $P/$C/power/current
check_eq "c and r2 back on" "on on" "$(cur $C) $(cur $R2)"

# Unbound, bound again and reloaded with every table applied.
for d in $DRV/test-device-*; do echo "${d##*/}" > $DRV/unbind; done
check_eq "no device bound to the test driver" 0 "$(ls -d $DRV/test-device-* 2>/dev/null | wc -l)"
guard "reload the test driver" sh -c "rmmod pm_state_test_dev || { for d in /sys/bus/platform/drivers/pm-state-test*/*; do [ -L \$d ] && [ \${d##*/} != module ] && echo \${d##*/} > \${d%/*}/unbind; done; rmmod pm_state_test_dev; }; insmod $mod"
check "the consumer is bound again" test -L $DRV/$CON
check "s2idle with every table" sleep_rtc freeze
check "suspend with every table" sleep_rtc mem
keep /sys/power/pm_test
echo platform > /sys/power/pm_test
check "hibernation's freeze and thaw (pm_test) with every table" sh -c "echo disk > /sys/power/state"
echo none > /sys/power/pm_test
check_eq "lockdep: still no locking cycle" 0 "$(lockdep_reports)"
done_testing
