# SPDX-License-Identifier: GPL-2.0
# boot: direct uboot
# The PL011 (the console) enters each of its states from power/current and
# comes back as it was: the transitions are traced, and the control (CR)
# and interrupt mask (IMSC) registers, read with devmem (CONFIG_DEVMEM), hold
# what the driver programs: UART, transmit and receive enabled and receive
# interrupts unmasked while on; receive stopped and every interrupt masked
# once the port is suspended (idle); the block disabled (CR 0) in
# retention and off; once it is on again the same enables and interrupt
# mask as before, and the modem-control outputs (DTR, RTS) the serial core
# holds for the port (restored by uart_resume_port()).  Out of on, the
# serial core does not reach the UART, and opening it, open already, does
# not bring it up; data written wakes it through runtime PM, as it would a
# runtime-suspended UART, and is sent, and so does what needs an answer
# from the UART (the modem lines, a break, the line status, writing the
# serial settings), which is served; a TIOCMIWAIT waiter keeps it on.
. /tests/lib.sh
# The script's output reaches this UART (the console log) and would wake
# it: kept until the end (the first command at exit runs last).
exec 5>&1 > /tmp/pl011-tap 2>&1
at_exit "cat /tmp/pl011-tap >&5"
d=/sys/bus/amba/devices/9000000.pl011
# The PL011's table in dts/virt-pmstate.dtso: the states this test moves it
# through, whatever power/supports reads (checked first).
STATES="on idle off"
# What wakes the UART (ttyctl requests, see tests/guest-tools/ttyctl.c)
WAKERS="mget break lsr serial"
# tty requests the serial core answers alone, which leave it stopped
QUIET="isatty settings"
# 4 before the loop; for each state besides on, 15, 3 per waker and 2 per
# quiet request
plan $((4 + (15 + 3 * $(echo $WAKERS | wc -w) + 2 * $(echo $QUIET | wc -w)) * \
	($(echo $STATES | wc -w) - 1)))
T=/sys/kernel/tracing
R=0x09000000
keep $T/events/pm_state/pm_state_transition/enable
echo 1 > $T/events/pm_state/pm_state_transition/enable

# UARTCR bits and UARTIMSC bits
UARTEN=0x001 TXE=0x100 RXE=0x200 DTR=0x400 RTS=0x800
RXIM=0x010 RTIM=0x040
cr() { devmem $((R + 0x30)) 32; }
imsc() { devmem $((R + 0x38)) 32; }
# bits VALUE MASK: VALUE & MASK, in hex
bits() { printf '0x%03x' $(($1 & $2)); }
# modem: the DTR and RTS bits of CR for the modem-control outputs the serial
# core holds for ttyAMA0 (the last field of its /proc line, e.g. RTS|DTR)
modem() {
	local v=0 f
	for f in $(sed -n 's/^0: .* //p' /proc/tty/driver/ttyAMA | tr '|' ' '); do
		case $f in
		RTS) v=$((v | RTS)) ;;
		DTR) v=$((v | DTR)) ;;
		esac
	done
	bits $v $((DTR | RTS))
}

check "PL011 is bound to uart-pl011" test -e /sys/bus/amba/drivers/uart-pl011/9000000.pl011
command -v devmem >/dev/null || bail_out "no devmem: needs busybox devmem"
guard "devmem can read the PL011 (needs CONFIG_DEVMEM)" devmem $((R + 0x30)) 32
check_eq "pl011: supports the states of its table" "$STATES" "$(cat $d/power/supports)"

cr_on=$(cr) imsc_on=$(imsc)
check_eq "pl011 on: CR has UARTEN, TXE and RXE (CR $cr_on)" \
	"$(bits $((UARTEN | TXE | RXE)) 0xfff)" "$(bits $cr_on $((UARTEN | TXE | RXE)))"
check_eq "pl011 on: IMSC unmasks the receive interrupts (IMSC $imsc_on)" \
	"$(bits $((RXIM | RTIM)) 0xfff)" "$(bits $imsc_on $((RXIM | RTIM)))"

# Bytes the UART transmitted, from the serial core's counter.
txc() { sed -n 's/^0: .* tx:\([0-9]*\) .*/\1/p' /proc/tty/driver/ttyAMA; }
# Held open from here, as a user of the port would.
exec 3<>/dev/ttyAMA0

for s in $STATES; do
	[ "$s" = on ] && continue
	echo > $T/trace
	echo $s > $d/power/current
	cur=$(cat $d/power/current) cr_s=$(cr) imsc_s=$(imsc)
	# Opening the port, open already, needs no UART: it stays stopped.
	tx_a=$(txc)
	(exec 4</dev/ttyAMA0) 2>/dev/null
	open_rc=$?
	sleep 1
	tx_b=$(txc) cr_w=$(cr) imsc_w=$(imsc) cur_w=$(cat $d/power/current)
	# Data to send wakes it, and goes out (more than the console could
	# print meanwhile).
	echo "pmstate: written while $s $(printf '%0200d' 0)" >&3
	sleep 1
	cur_on=$(cat $d/power/current) cr_back=$(cr) imsc_back=$(imsc) modem_back=$(modem)
	tx_c=$(txc)

	check_eq "pl011: current is $s" "$s" "$cur"
	case $s in
	idle)
		# uart_suspend_port() shut the port down: receive stopped,
		# interrupts masked, the transmitter left enabled.
		check_eq "pl011 idle: CR has RXE clear, UARTEN and TXE set (CR $cr_s)" \
			"$(bits $((UARTEN | TXE)) 0xfff)" "$(bits $cr_s $((UARTEN | TXE | RXE)))"
		check_eq "pl011 idle: IMSC masks every interrupt" 0x00000000 "$imsc_s"
		;;
	*)
		check_eq "pl011 $s: CR is 0 (the UART is disabled)" 0x00000000 "$cr_s"
		check_eq "pl011 $s: IMSC masks every interrupt" 0x00000000 "$imsc_s"
		;;
	esac
	check_eq "pl011 $s: nothing transmitted while stopped" "$tx_a" "$tx_b"
	check_eq "pl011 $s: opening the open port succeeds while stopped" 0 "$open_rc"
	check_eq "pl011 $s: the open leaves it stopped, CR and IMSC untouched" \
		"$s $cr_s $imsc_s" "$cur_w $cr_w $imsc_w"
	check_eq "pl011: a write woke it from $s" on "$cur_on"
	check "pl011 $s: what was written is sent ($tx_b -> $tx_c)" \
		test "$tx_c" -ge $((tx_b + 200))
	check_eq "pl011: CR after $s enables as before (CR $cr_on -> $cr_back)" \
		"$(bits $cr_on $((0xffff & ~(DTR | RTS))))" "$(bits $cr_back $((0xffff & ~(DTR | RTS))))"
	check_eq "pl011: CR after $s drives DTR/RTS as the serial core holds them" \
		"$modem_back" "$(bits $cr_back $((DTR | RTS)))"
	check_eq "pl011: IMSC after $s is as before" "$imsc_on" "$imsc_back"
	grep -q "9000000.pl011 on -> $s sys=runtime phase=power ret=0" $T/trace &&
		grep -q "9000000.pl011 $s -> on sys=runtime phase=power ret=0" $T/trace &&
		ok "pl011: on -> $s -> on traced" ||
		not_ok "pl011: on -> $s -> on traced" "$(grep pl011 $T/trace | tail -n 6)"

	echo $s > $d/power/current
	for q in $QUIET; do
		case $q in
		isatty) test -t 3 ;;
		settings) stty -F /dev/ttyAMA0 >/dev/null ;;
		esac
		rc=$? cur=$(cat $d/power/current)
		check_eq "pl011: in $s, $q is served" 0 "$rc"
		check_eq "pl011: $q left it in $s" "$s" "$cur"
	done
	for w in $WAKERS; do
		echo $s > $d/power/current
		parked=$(cat $d/power/current)
		# A drain (the break's) that never ends fails, not hangs.
		out=$(timeout 10 ttyctl /dev/ttyAMA0 $w 2>&1)
		rc=$? cur=$(cat $d/power/current)
		check_eq "pl011: in $s before ttyctl $w" "$s" "$parked"
		check_eq "pl011: in $s, ttyctl $w is served ($out)" 0 "$rc"
		check_eq "pl011: ttyctl $w woke it from $s" on "$cur"
	done

	# A TIOCMIWAIT waiter wakes it and keeps it in use while it waits:
	# the modem status interrupts it waits for stay unmasked.
	echo $s > $d/power/current
	ttyctl /dev/ttyAMA0 mwait &
	waiter=$!
	sleep 1
	cur=$(cat $d/power/current) imsc_w=$(imsc)
	refused=$( (echo $s > $d/power/current) 2>&1)
	cur_w=$(cat $d/power/current)
	kill $waiter
	wait $waiter
	check_eq "pl011: a TIOCMIWAIT waiter woke it from $s" on "$cur"
	check_eq "pl011: IMSC unmasks the modem status interrupts for the waiter (IMSC $imsc_w)" \
		0x00f "$(bits $imsc_w 0xf)"
	check "pl011: $s refused while the waiter waits ($refused, $cur_w)" \
		sh -c "echo '$refused' | grep -q 'Device or resource busy' && [ '$cur_w' = on ]"
done
done_testing
