# SPDX-License-Identifier: GPL-2.0
# boot: direct uboot
# The PL011 (the console) enters each of its states from power/current and
# comes back working: the transitions are traced, the tty transmits again,
# and this script's own output (the console) goes on after each cycle.
. /tests/lib.sh
d=/sys/bus/amba/devices/9000000.pl011
T=/sys/kernel/tracing
echo 1 > $T/events/pm_state/pm_state_transition/enable

tx() { sed -n 's/^0:.* tx:\([0-9]*\).*/\1/p' /proc/tty/driver/ttyAMA; }

check "PL011 is bound to uart-pl011" test -e /sys/bus/amba/drivers/uart-pl011/9000000.pl011
for s in $(cat $d/power/supports); do
	[ "$s" = on ] && continue
	echo > $T/trace
	echo "pmstate: pl011 going $s" > /dev/kmsg
	echo $s > $d/power/current
	check_eq "pl011: current is $s" "$s" "$(cat $d/power/current)"
	echo "pmstate: pl011 in $s (printed once it is on again)" > /dev/kmsg
	echo on > $d/power/current
	check_eq "pl011: current is on again after $s" on "$(cat $d/power/current)"
	grep -q "9000000.pl011 on -> $s sys=runtime phase=power ret=0" $T/trace &&
		grep -q "9000000.pl011 $s -> on sys=runtime phase=power ret=0" $T/trace &&
		ok "pl011: on -> $s -> on traced" ||
		not_ok "pl011: on -> $s -> on traced" "$(grep pl011 $T/trace | tail -n 6)"
	t0=$(tx)
	echo "pmstate: pl011 tty output after $s" > /dev/ttyAMA0
	t1=$(tx)
	check "pl011: the tty transmits after $s (tx $t0 -> $t1)" test "$t1" -gt "$t0"
done
# The console message printed while the UART was off reached the log.
check "messages printed while off are in the log" sh -c "dmesg | grep -q 'pl011 in off'"
done_testing
