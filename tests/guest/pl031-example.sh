# SPDX-License-Identifier: GPL-2.0
# overlays: dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/examples/pl031.dtso
# README's example table, as a porter would copy it: the PL031 RTC with
# its clock (apb_pclk, from QEMU's DTB) and a supply on PL061 line 6.  It
# is accepted, off switches the supply off and on back on, the RTC keeps
# time, and suspend takes its mapped state.  Armed for wakeup, it is
# refused off with EBUSY and the log says why.
. /tests/lib.sh
plan 17
d=/sys/bus/amba/devices/9010000.pl031
vdd_dir=$(grep -l '^vdd-rtc$' /sys/class/regulator/*/name | xargs dirname)
line6() { echo $(( ($(devmem $((0x9030000 + 0x3fc)) 8) >> 6) & 1 )); }

check "boot log: no power-state error" sh -c "! dmesg | grep -E 'pl031.*(power-state|pm_state).*(not|fail|cannot|reject)'"
check_eq "PL031: supports" "on idle off" "$(cat $d/power/supports)"
check_eq "PL031: suspend maps to idle" idle "$(cat $d/power/system_suspend)"
check "regulator vdd-rtc registered" test -n "$vdd_dir"
check_eq "on: vdd-rtc enabled" enabled "$(cat $vdd_dir/state)"
check_eq "on: PL061 line 6 high" 1 "$(line6)"
# Armed for wakeup by its driver, the RTC may not go where it cannot wake
# the system from: disarm it to move it off.
dmesg -c > /dev/null
check "PL031 armed: on -> off refused (EBUSY)" \
	sh -c "sh -c 'echo off > $d/power/current' 2>&1 | grep -q 'Device or resource busy'"
check "PL031 armed: the log says why, and it is still on" sh -c "[ \$(cat $d/power/current) = on ] &&
	dmesg | grep -q '9010000.pl031: pm_state: off refused: armed for wakeup, and it cannot wake the system from off'"
guard "PL031 disarmed" sh -c "echo disabled > $d/power/wakeup"
check "PL031 disarmed: on -> off" sh -c "echo off > $d/power/current"
check_eq "off: vdd-rtc disabled" disabled "$(cat $vdd_dir/state)"
check_eq "off: PL061 line 6 low" 0 "$(line6)"
check "PL031: off -> on" sh -c "echo on > $d/power/current"
check_eq "on again: vdd-rtc enabled" enabled "$(cat $vdd_dir/state)"
guard "PL031 armed again" sh -c "echo enabled > $d/power/wakeup"
t0=$(cat /sys/class/rtc/rtc0/since_epoch)
sleep 2
check "the RTC keeps time" test "$(cat /sys/class/rtc/rtc0/since_epoch)" -ge $((t0 + 1))
dmesg -c > /dev/null
check "echo mem, woken by the PL031 in idle" suspend_rtc
# vdd-rtc's enable, PL061 line 6, is an output: the PL061 keeps it.
check "suspend: the PL061 kept line 6 in retention instead of off" \
	sh -c "dmesg | grep -q '9030000.pl061: pm_state: suspend: retention instead of off: GPIO line 6 is a requested output'"
check_eq "after suspend: PL031 on" on "$(cat $d/power/current)"
done_testing
