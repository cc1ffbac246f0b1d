# SPDX-License-Identifier: GPL-2.0
# overlays: dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/virt-sleep.dtso
# System sleep runs every device through the PM core's own phases, tables
# or not (dts/virt-sleep.dtso).  In each phase children go before their
# parents on the way down and after them on the way up, whichever of the
# two has a table, with async suspend on and off.  A tabled device's table
# moves it in the noirq phase, after its driver's noirq callback, and back
# before it.  A driver with only late and noirq callbacks gets exactly
# those; one in the genpd test domain gets every phase's.  The genpd test
# domain powers off after every device in it went down, and on before any
# comes back.  A tabled device in two domains probes (its driver attaches
# both), and they follow it at runtime and in every sleep.
. /tests/lib.sh
T=/sys/kernel/tracing
L=/sys/kernel/debug/pm_state_test/log
rtc=/sys/class/rtc/rtc0
mod=$(find /lib/modules/$(uname -r) -name pm_state_test_dev.ko | head -n 1)
test_driver_at_exit
[ -z "$mod" ] || insmod "$mod"
keep $T/events/pm_state/pm_state_transition/enable
echo 1 > $T/events/pm_state/pm_state_transition/enable

PD=power-domain-test PDT=test-device-pd-tabled PDP=test-device-pd-plain
MP=test-device-mixp MC=$MP:test-device-mixc
MQ=test-device-mixq MR=$MQ:test-device-mixr
LATE=test-device-late
PDM=test-device-pd-multi PDA=power-domain-multi-a PDB=power-domain-multi-b
ASYNC="1 0" MODES="mem freeze"
# 18 results for each sleep (pm_async x mode), 1 before them, 11 after
plan $((18 * $(echo $ASYNC | wc -w) * $(echo $MODES | wc -w) + 12))

# pos "<dev> <op> [state]": log line number of the first match, or 999
pos() {
	local n
	n=$(grep -n " $1 " $L | head -n 1 | cut -d: -f1)
	echo "${n:-999}"
}
before() { test "$(pos "$1")" -lt "$(pos "$2")" -a "$(pos "$2")" != 999; }
ops() { awk -v d="$1" '$2 == d { printf "%s ", $3 }' $L; }
# $PDM's two domains: off after it, on before it
domains_off_after() { before "$PDM power off" "$PDA power_off" && before "$PDM power off" "$PDB power_off"; }
domains_on_before() { before "$PDA power_on" "$PDM power on" && before "$PDB power_on" "$PDM power on"; }
domains_off() { grep -c -e " $PDA power_off " -e " $PDB power_off " $L; }

sleep_once() {
	echo > $T/trace
	echo 1 > $L
	sleep_rtc "$1"
}

check "$PDM, in two domains, probed" test -e /sys/bus/platform/devices/$PDM/driver

keep /sys/power/pm_async /sys/bus/platform/devices/test-device-*/power/async
for async in $ASYNC; do
	echo $async > /sys/power/pm_async
	guard_eq "pm_async set to $async" "$async" "$(cat /sys/power/pm_async)"
	for d in /sys/bus/platform/devices/test-device-*; do
		echo enabled > $d/power/async 2>/dev/null
	done
	for mode in $MODES; do
		t="$mode async=$async"
		check "$t: sleeps and wakes" sleep_once $mode
		# genpd: down after both of its devices, up before both
		check "$t: $PDT powered off before the domain" before "$PDT power off" "$PD power_off"
		check "$t: $PDP suspend_noirq before the domain" before "$PDP suspend_noirq" "$PD power_off"
		check "$t: domain on before $PDT powers on" before "$PD power_on" "$PDT power on"
		check "$t: domain on before $PDP resume_noirq" before "$PD power_on" "$PDP resume_noirq"
		check_eq "$t: the domain went off and on once" "1 1" \
			"$(grep -c " $PD power_off " $L) $(grep -c " $PD power_on " $L)"
		check "$t: $PDM powered off before both its domains" domains_off_after
		check "$t: both its domains on before $PDM powers on" domains_on_before
		# tabled child, untabled parent; untabled child, tabled parent
		check "$t: $MC (table) off before $MP suspend_noirq" before "$MC power off" "$MP suspend_noirq"
		check "$t: $MP resume_noirq before $MC (table) on" before "$MP resume_noirq" "$MC power on"
		check "$t: $MR suspend_noirq before $MQ (table) off" before "$MR suspend_noirq" "$MQ power off"
		check "$t: $MQ (table) on before $MR resume_noirq" before "$MQ power on" "$MR resume_noirq"
		check "$t: $MC suspended before powered off" before "$MC suspend" "$MC power off"
		check "$t: $MC resumed after powered on" before "$MC power on" "$MC resume"
		# every phase of an untabled device, in order
		check_eq "$t: $MP callbacks" "suspend suspend_late suspend_noirq resume_noirq resume_early resume " "$(ops $MP)"
		check_eq "$t: $PDP callbacks (in genpd)" "suspend suspend_late suspend_noirq resume_noirq resume_early resume " "$(ops $PDP)"
		# a driver with only late and noirq callbacks, and a table
		check_eq "$t: $LATE callbacks" "suspend_late suspend_noirq resume_noirq resume_early " "$(ops $LATE)"
		check "$t: $LATE went to retention" grep -q " $LATE on -> retention .*phase=power ret=0" $T/trace
	done
done
# In a genpd, a table still powers its device for probe: held off by user
# space, unbound and bound again, it comes back on.
D=/sys/bus/platform/devices/$PDT
check "$PDT: held off" sh -c "echo off > $D/power/current"
check "$PDT: unbound" sh -c "echo $PDT > $D/driver/unbind"
check "$PDT: bound again" sh -c "echo $PDT > /sys/bus/platform/drivers/pm-state-test/bind"
check_eq "$PDT: on after probe" on "$(cat $D/power/current)"
check_eq "$PDT: its hardware on" on "$(cat /sys/kernel/debug/pm_state_test/$PDT/state)"
check "pm_genpd_summary lists the domain on" grep -q "^$PD *on" /sys/kernel/debug/pm_genpd/pm_genpd_summary
check "pm_genpd_summary lists $PDT" grep -q "$PDT" /sys/kernel/debug/pm_genpd/pm_genpd_summary
# At runtime, parked off, the device lets both its domains go off.
M=/sys/bus/platform/devices/$PDM
echo 1 > $L
check "$PDM: parked off" sh -c "echo off > $M/power/current"
check_eq "$PDM off: both its domains power off" 2 "$(until_eq 2 domains_off)"
echo 1 > $L
check "$PDM: on" sh -c "echo on > $M/power/current"
check "$PDM on: both its domains power on before it" domains_on_before
done_testing
