# SPDX-License-Identifier: GPL-2.0
# overlays: dts/broken/wake-source-no-wake-state.dtso
# A wake source whose suspend state cannot wake the system: the table is
# accepted, the kernel warns when the driver arms the device at bind, and
# the suspend it warned of fails until wakeup is disabled.
. /tests/lib.sh
plan 6
d=/sys/bus/amba/devices/9010000.pl031
expect='rtc-pl031 9010000.pl031: pm_state: armed for wakeup, but no state up to idle can wake the system from suspend: suspend will fail until a state is wakeup-capable or wakeup is disabled'
check "boot log: $expect" sh -c "dmesg | grep -qF '$expect'"
check_eq "only suspend is named (standby and hibernate are not mapped)" 1 "$(dmesg | grep -c 'armed for wakeup, but no state')"
check_eq "the table is accepted" "on idle" "$(cat $d/power/supports)"
check_eq "armed by its driver" enabled "$(cat $d/power/wakeup)"
check "echo mem fails" sh -c "! echo mem > /sys/power/state"
keep $d/power/wakeup
echo disabled > $d/power/wakeup
echo 0 > /sys/class/rtc/rtc0/wakealarm
check "disarmed: echo mem (pm_test=devices) works" sh -c "echo devices > /sys/power/pm_test && echo mem > /sys/power/state; r=\$?; echo none > /sys/power/pm_test; exit \$r"
done_testing
