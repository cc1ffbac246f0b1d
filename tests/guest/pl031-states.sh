# SPDX-License-Identifier: GPL-2.0
# boot: direct uboot
# The PL031 enters each of its states from power/current and comes back
# with its time and alarm: the counter goes on, the wake alarm stays set,
# an alarm due while idle raises its interrupt in idle (it stays a wake
# source), one due while off does not, and either is delivered once the
# RTC is on again.  Out of on, the rtc class is stopped: reading the time,
# setting an alarm or an ioctl wakes the RTC through runtime PM, as it
# would a runtime-suspended one, and is served, while reading the alarm
# (the core's copy) does not wake it; nothing set is undone by the
# restore; system sleep leaves it stopped.  Armed for wakeup, it cannot be
# held off (EBUSY).
. /tests/lib.sh
d=/sys/bus/amba/devices/9010000.pl031
# The PL031's table in dts/virt-pmstate.dtso: the states this test moves it
# through, whatever power/supports reads (checked first).
STATES="on idle off"
# 5 before the loop, 16 for each state besides on, 2 after it
plan $((7 + 16 * ($(echo $STATES | wc -w) - 1)))
rtc=/sys/class/rtc/rtc0
T=/sys/kernel/tracing
keep $T/events/rtc/rtc_timer_fired/enable
echo 1 > $T/events/rtc/rtc_timer_fired/enable

# In state S, the command is served and wakes the RTC: it is on after.
check_wakes() {
	local s=$1 what=$2
	shift 2
	echo $s > $d/power/current
	check "pl031: in $s, $what works" "$@"
	check_eq "pl031: $what woke it from $s" on "$(cat $d/power/current)"
}

irqs() { awk '/rtc-pl031/ { n = 0; for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) n += $i; print n }' /proc/interrupts; }

check "rtc0 is the PL031" sh -c "readlink $rtc/device | grep -q 9010000.pl031"
check_eq "pl031: supports the states of its table" "$STATES" "$(cat $d/power/supports)"
# Armed for wakeup (its driver arms it), it may not be held off: it could
# not wake the system from there.  Disarmed, it may.
check_eq "pl031 armed" enabled "$(cat $d/power/wakeup)"
check "pl031: armed, off refused with EBUSY" \
	sh -c "sh -c 'echo off > $d/power/current' 2>&1 | grep -q 'Device or resource busy'"
check_eq "pl031: still on" on "$(cat $d/power/current)"
keep $d/power/wakeup
guard "pl031 disarmed" sh -c "echo disabled > $d/power/wakeup"
for s in $STATES; do
	[ "$s" = on ] && continue
	echo 0 > $rtc/wakealarm
	echo +1000 > $rtc/wakealarm
	alarm=$(cat $rtc/wakealarm)
	# Unset, "still set after" below would compare nothing with nothing.
	guard "pl031: wake alarm set before $s" test -n "$alarm"
	t0=$(cat $rtc/since_epoch) c0=$(date +%s)
	echo $s > $d/power/current
	check_eq "pl031: current is $s" "$s" "$(cat $d/power/current)"
	check_eq "pl031: in $s, the alarm reads back without waking it" \
		"$alarm $s" "$(cat $rtc/wakealarm) $(cat $d/power/current)"
	sleep 2
	echo on > $d/power/current
	check_eq "pl031: current is on again after $s" on "$(cat $d/power/current)"
	t1=$(cat $rtc/since_epoch) c1=$(date +%s)
	# At least the 2 s slept, and as much as the system clock (both tick
	# whole seconds out of phase: 1 s apart at most), however slow the host.
	check "pl031: time advanced across $s ($t0 -> $t1, system clock $c0 -> $c1)" \
		test "$t1" -ge $((t0 + 2)) -a $((t1 - t0 - c1 + c0)) -ge -1 -a $((t1 - t0 - c1 + c0)) -le 1
	check_eq "pl031: wake alarm still set after $s" "$alarm" "$(cat $rtc/wakealarm)"
	now=$(date +%s)
	check "pl031: RTC and system time agree after $s ($t1, $now)" test $((now - t1)) -le 2 -a $((t1 - now)) -le 2
	# What reaches the hardware wakes it: the time, the alarm, the ioctls.
	check_wakes $s "reading the time" cat $rtc/since_epoch
	check_wakes $s "RTC_RD_TIME" hwclock -r -f /dev/rtc0
	check_wakes $s "setting an alarm" sh -c "echo 0 > $rtc/wakealarm; echo +1000 > $rtc/wakealarm"
	check "pl031: the alarm set from $s holds" test "$(cat $rtc/wakealarm)" -gt "$alarm"

	# An alarm due in the state: the interrupt comes in idle (a wake
	# source), not in off; the rtc core delivers the alarm (its timer
	# fires) once the RTC is on again, not while it is stopped.
	echo 0 > $rtc/wakealarm
	n0=$(irqs)
	echo +2 > $rtc/wakealarm
	echo > $T/trace
	echo $s > $d/power/current
	sleep 3
	n1=$(irqs) fired_in=$(grep -c rtc_timer_fired $T/trace)
	echo on > $d/power/current
	sleep 1
	fired_on=$(grep -c rtc_timer_fired $T/trace)
	if [ "$s" = off ]; then
		check "pl031: no alarm interrupt while off ($n0 -> $n1)" test "$n1" -eq "$n0"
	else
		check "pl031: alarm interrupt in $s ($n0 -> $n1)" test "$n1" -gt "$n0"
	fi
	check_eq "pl031: alarm due in $s delivered once on, not before" "0 1" "$fired_in $fired_on"
	check_eq "pl031: the alarm that fired is cleared" "" "$(cat $rtc/wakealarm)"
done

# System sleep leaves a parked RTC where it is: it is not woken to
# measure the sleep (devices only: the clock would not count the sleep).
keep /sys/power/pm_test
guard "pm_test devices" sh -c "echo devices > /sys/power/pm_test"
echo off > $d/power/current
check "pl031: parked off, echo mem at pm_test devices" sh -c "echo mem > /sys/power/state"
check_eq "pl031: still parked off after the system sleep" off "$(cat $d/power/current)"
echo on > $d/power/current
done_testing
