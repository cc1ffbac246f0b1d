# SPDX-License-Identifier: GPL-2.0
# overlays: dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/virt-sleep.dtso
# A device armed for wakeup takes, for a sleep state, the state its policy
# maps only if it can wake the system from it, else the deepest shallower
# state that can (wakeup-capable in its state node).  The PL031, armed by
# its driver and mapped off for suspend, takes idle: the alarm still wakes
# the system, the trace shows idle and the kernel log says why.  The
# test-device-wake table has no wakeup-capable state: once armed, a policy
# deeper than on is refused and left unchanged, and a suspend with such a
# policy fails naming the device, which stays where it was.
. /tests/lib.sh
plan 27
T=/sys/kernel/tracing
rtc=/sys/class/rtc/rtc0
RTC=/sys/bus/amba/devices/9010000.pl031
W=/sys/bus/platform/devices/test-device-wake
mod=$(find /lib/modules/$(uname -r) -name pm_state_test_dev.ko | head -n 1)
test_driver_at_exit
[ -z "$mod" ] || insmod "$mod"
keep $T/events/pm_state/pm_state_transition/enable
echo 1 > $T/events/pm_state/pm_state_transition/enable

sleep_once() {
	echo > $T/trace
	sleep_rtc "$1"
}

# The RTC
check_eq "pl031 is armed for wakeup" enabled "$(cat $RTC/power/wakeup)"
check "pl031: policy off for suspend accepted (idle can wake)" sh -c "echo off > $RTC/power/system_suspend"
check_eq "pl031: policy reads off" off "$(cat $RTC/power/system_suspend)"
dmesg -c > /dev/null
check "mem: the RTC alarm wakes the system" sleep_once mem
check "mem: pl031 took idle, not off" grep -q " 9010000.pl031 on -> idle sys=suspend phase=power ret=0" $T/trace
check "mem: pl031 never went off" sh -c "! grep -q ' 9010000.pl031 on -> off' $T/trace"
check "mem: the kernel says why" sh -c "dmesg | grep -q '9010000.pl031: pm_state: suspend: idle instead of off, to wake the system'"
check_eq "pl031 back on" on "$(cat $RTC/power/current)"
# Disarmed, the policy holds.  The alarmtimer below rtc0 is a wakeup
# device of its own: armed, it keeps the PL031 on its wakeup path, after
# a wake as before one, and the kernel names it.
AT=$(ls -d /sys/bus/platform/devices/alarmtimer.* | head -n 1)
echo disabled > $RTC/power/wakeup
echo platform > /sys/power/pm_test
dmesg -c > /dev/null
check "mem (pm_test) with pl031 disarmed, its alarmtimer armed" sleep_once mem
check "the kernel names the armed alarmtimer" sh -c "dmesg | grep -q '9010000.pl031: pm_state: suspend: idle instead of off, on the wakeup path of ${AT##*/}, which is armed'"
echo disabled > $AT/power/wakeup
echo +3 > $rtc/wakealarm
check "mem (pm_test) with pl031 disarmed" sleep_once mem
echo none > /sys/power/pm_test
check "disarmed: pl031 went off" grep -q " 9010000.pl031 on -> off sys=suspend phase=power ret=0" $T/trace
echo enabled > $RTC/power/wakeup
echo enabled > $AT/power/wakeup
echo idle > $RTC/power/system_suspend

# A device with no state it can wake from
check_eq "test-device-wake can be armed" disabled "$(cat $W/power/wakeup)"
check_eq "its suspend policy" retention "$(cat $W/power/system_suspend)"
echo enabled > $W/power/wakeup
dmesg -c > /dev/null
check "armed: policy off refused" sh -c "! echo off > $W/power/system_suspend"
check_eq "armed: policy unchanged" retention "$(cat $W/power/system_suspend)"
check "armed: the refusal is explained" sh -c "dmesg | grep -q 'test-device-wake: pm_state: suspend: off refused: armed for wakeup'"
check "armed: policy on accepted (not moved)" sh -c "echo on > $W/power/system_suspend"
check "armed, policy on: mem works" sleep_once mem
check "armed, policy on: not moved" sh -c "! grep -q ' test-device-wake on -> ' $T/trace"
# Armed after the policy was set: the transition fails, naming the device.
echo disabled > $W/power/wakeup
echo retention > $W/power/system_suspend
echo enabled > $W/power/wakeup
fails=$(cat /sys/power/suspend_stats/fail)
dmesg -c > /dev/null
check "armed, policy retention: mem fails" sh -c "! { echo 0 > $rtc/wakealarm; echo +2 > $rtc/wakealarm; echo mem > /sys/power/state; }"
check_eq "suspend_stats counts the failure" $((fails + 1)) "$(cat /sys/power/suspend_stats/fail)"
check_eq "suspend_stats names the device" test-device-wake "$(cat /sys/power/suspend_stats/last_failed_dev)"
check "the kernel says why" sh -c "dmesg | grep -q 'test-device-wake: pm_state: suspend: armed for wakeup, but no state up to retention can wake the system'"
check_eq "test-device-wake still on" on "$(cat $W/power/current)"
echo disabled > $W/power/wakeup
check "disarmed: mem works again" sleep_once mem
check "disarmed: test-device-wake went to retention" grep -q " test-device-wake on -> retention sys=suspend phase=power ret=0" $T/trace
done_testing
