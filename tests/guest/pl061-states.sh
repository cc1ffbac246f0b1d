# SPDX-License-Identifier: GPL-2.0
# The PL061 enters each of its states from power/current and comes back
# with its configuration: the direction, output level and interrupt
# configuration registers (programmed and read with devmem, which needs
# CONFIG_DEVMEM) are as before, gpiolib's view in /sys/kernel/debug/gpio is
# unchanged, and in off the block really is in its reset state.  Out of
# on, gpio users reach only a shadow of the registers, applied once on; a
# line made an output brings it back on; an input is read from the block,
# with its bus clock run for the read, in retention, and not in off; a
# line masked in retention is masked in the block once on.
# An edge latched while out of on is still pending once on again.
. /tests/lib.sh
d=/sys/bus/amba/devices/9030000.pl061
# The PL061's table in dts/virt-pl061.dtso: the states this test moves it
# through, whatever power/supports reads (checked first).  The first one
# besides on is the shallowest, the last the deepest.
STATES="on retention off"
shallow=$(echo $STATES | tr ' ' '\n' | grep -vx on | head -n 1)
deep=$(echo $STATES | tr ' ' '\n' | tail -n 1)
# The one that loses the registers (context-lost).
LOST=off
# 12 outside the loops, 19 for each state besides on (5 + 12 + 2 in the
# three loops)
plan $((12 + 19 * ($(echo $STATES | wc -w) - 1)))
R=0x09030000
# byte registers: DATA (all lines, through the address mask), DIR, IS,
# IBE, IEV, IE
OFFS="0x3fc 0x400 0x404 0x408 0x40c 0x410"

# bits VALUE MASK: VALUE & MASK, in hex
bits() { printf '0x%02x' $(($1 & $2)); }

regs() {
	local o s=
	for o in $OFFS; do s="$s $(devmem $((R + o)) 8)"; done
	echo $s
}

check "PL061 bound to pl061_gpio" test -e /sys/bus/amba/drivers/pl061_gpio/9030000.pl061
check "gpiochip of the PL061 in /sys/kernel/debug/gpio" sh -c "grep -q 9030000.pl061 /sys/kernel/debug/gpio"
command -v devmem >/dev/null || bail_out "no devmem: needs busybox devmem"
guard "devmem can read the PL061 (needs CONFIG_DEVMEM)" devmem $((R + 0x400)) 8
check_eq "pl061: supports the states of its table" "$STATES" "$(cat $d/power/supports)"

# Lines 0 and 1 outputs (0 high, 1 low), line 2 level-high sensitive,
# line 4 both edges and unmasked: a configuration unlike the reset state.
devmem $((R + 0x400)) 8 0x03
devmem $((R + (0x03 << 2))) 8 0x01
devmem $((R + 0x404)) 8 0x04
devmem $((R + 0x40c)) 8 0x04
devmem $((R + 0x408)) 8 0x10
devmem $((R + 0x410)) 8 0x10
before=$(regs)
guard_eq "PL061 configured" "0x01 0x03 0x04 0x10 0x04 0x10" "$before"
gpio_before=$(grep -A9 9030000.pl061 /sys/kernel/debug/gpio)

for s in $STATES; do
	[ "$s" = on ] && continue
	echo $s > $d/power/current
	check_eq "pl061: current is $s" "$s" "$(cat $d/power/current)"
	if [ "$s" = off ]; then
		check_eq "pl061: in off the block is in its reset state" "0x00 0x00 0x00 0x00 0x00" \
			"$(regs | cut -d' ' -f2-)"
	else
		check_eq "pl061: $s keeps the registers" "$before" "$(regs)"
	fi
	echo on > $d/power/current
	check_eq "pl061: current is on again after $s" on "$(cat $d/power/current)"
	check_eq "pl061: direction, data and interrupt configuration after $s" "$before" "$(regs)"
	check_eq "pl061: /sys/kernel/debug/gpio after $s" "$gpio_before" "$(grep -A9 9030000.pl061 /sys/kernel/debug/gpio)"
done
devmem $((R + 0x410)) 8 0

# A user of the gpio chip while the PL061 is out of on (the test driver's
# in-kernel gpio user): a level set reaches only the shadow, and is driven
# once on; an output reads the level it will drive, an input the block's
# level (in a state that keeps the registers) or EAGAIN (in one that loses
# them); a line made an output brings the block back on.
mod=$(find /lib/modules/$(uname -r) -name pm_state_test_dev.ko | head -n 1)
test_driver_at_exit
grep -q '^pm_state_test_dev ' /proc/modules || guard "insmod pm_state_test_dev" insmod "$mod"
G=/sys/kernel/debug/pm_state_test/gpio
# The PL061's bus clock, as the clock core names it, and its enables.
dt=/sys/firmware/devicetree/base
phandle() { od -An -tx1 "$1" | tr -d ' \n'; }
want=$(phandle $dt/pl061@9030000/clocks)
for n in $dt/*/phandle; do
	[ "$(phandle $n)" = "$want" ] && pclk=$(tr -d '\0' < ${n%/phandle}/clock-output-names)
done
guard "pl061: its bus clock found in the DT (${pclk:-none})" test -n "${pclk:-}"
T=/sys/kernel/tracing
C=/sys/kernel/debug/clk
keep $T/events/clk/clk_enable/enable
echo 1 > $T/events/clk/clk_enable/enable
gpio() { echo "9030000.pl061 $*" > $G; }
eagain() {
	out=$(sh -c "echo '9030000.pl061 $1 get' > $G" 2>&1)
	echo "$out" | grep -q "Resource temporarily unavailable"
}
# Line 5 made an output at the block, behind gpiolib, driving $1.
drive5() {
	devmem $((R + 0x400)) 8 $(($(devmem $((R + 0x400)) 8) | 0x20))
	devmem $((R + (0x20 << 2))) 8 $(($1 << 5))
}
data67() { bits $(devmem $((R + (0xc0 << 2))) 8) 0xc0; }
dir67() { bits $(devmem $((R + 0x400)) 8) 0xc0; }
for s in $STATES; do
	[ "$s" = on ] && continue
	guard "pl061: line 6 made an output driving 0" gpio 6 out 0
	guard "pl061: line 7 made an input" gpio 7 in
	guard_eq "pl061: line 6 an output driving 0, line 7 an input" "0x40 0x00" \
		"$(dir67) $(bits $(data67) 0x40)"
	echo $s > $d/power/current
	parked=$(regs)
	check "pl061 $s: line 6 set to 1" gpio 6 set 1
	check "pl061 $s: line 6 read" gpio 6 get
	check_eq "pl061 $s: line 6 reads the level it will drive" 1 "$(cat $G)"
	check_eq "pl061 $s: nothing reached the block" "$parked" "$(regs)"
	check_eq "pl061 $s: the bus gated its clock" 0 "$(cat $C/$pclk/clk_enable_count)"
	echo > $T/trace
	if [ "$s" = "$LOST" ]; then
		check "pl061 $s: line 5, an input, cannot be read: EAGAIN" eagain 5
		check_eq "pl061 $s: the refused read did not run $pclk" 0 \
			"$(grep -c "clk_enable: $pclk\$" $T/trace)"
	else
		# The block answers, not a shadow: line 5 made an output at
		# the block, behind gpiolib, is read at both levels.  Each
		# read runs the bus clock the state stops (QEMU would answer
		# without it): its clk_enable events, from the trace.
		check_eq "pl061 $s: line 5, an input, reads the block's level" "1 0" \
			"$(echo $(drive5 1; gpio 5 get; cat $G; drive5 0; gpio 5 get; cat $G))"
		check_eq "pl061 $s: each read ran $pclk" 2 "$(grep -c "clk_enable: $pclk\$" $T/trace)"
		devmem $((R + 0x400)) 8 $(bits $(devmem $((R + 0x400)) 8) 0xdf)
	fi
	check_eq "pl061 $s: and stopped it again" 0 "$(cat $C/$pclk/clk_enable_count)"
	check "pl061 $s: line 7 made an output driving 1" gpio 7 out 1
	check_eq "pl061 $s: an output made out of on resumes the block" on \
		"$(until_eq on cat $d/power/current)"
	check_eq "pl061: after $s, lines 6 and 7 outputs driving 1" "0xc0 0xc0" "$(dir67) $(data67)"
	check "pl061: after $s, line 5 read" gpio 5 get
	gpio 6 in && gpio 7 in
done

# Masking reaches the block out of on only in a state that keeps its bus
# clock running: with pclk stopped the block cannot interrupt, and a write
# to it would be lost.  A line held with edge detection (gpioirq, as
# gpiomon would) has its interrupt unmasked; released in a state that stops
# pclk, it is masked in the shadow, and in the block once on.
chip=/dev/$(basename $d/gpiochip*)
ie2() { bits $(devmem $((R + 0x410)) 8) 0x04; }
rm -f /tmp/gpioirq.in
mkfifo /tmp/gpioirq.in
gpioirq $chip 2 < /tmp/gpioirq.in > /tmp/gpioirq.out 2>&1 &
irq_user=$!
exec 9> /tmp/gpioirq.in
guard_eq "pl061: line 2 held with edge detection" held "$(until_eq held cat /tmp/gpioirq.out)"
check_eq "pl061: line 2's interrupt unmasked" 0x04 "$(ie2)"
echo $shallow > $d/power/current
exec 9>&-
wait $irq_user
rc=$?
guard_eq "pl061 $shallow: line 2 released" "held 0" "$(cat /tmp/gpioirq.out) $rc"
check_eq "pl061 $shallow: line 2 masked in the shadow, not in the block" "$shallow 0x04" \
	"$(cat $d/power/current) $(ie2)"
echo on > $d/power/current
check_eq "pl061: on again, line 2 masked in the block" 0x00 "$(ie2)"

# Moving on to a deeper state keeps what was set meanwhile: the shadow,
# not the registers, is what the second save keeps.
if [ "$deep" != "$shallow" ]; then
	gpio 6 out 0
	echo $shallow > $d/power/current
	gpio 6 set 1
	echo $deep > $d/power/current
	echo on > $d/power/current
	check_eq "pl061: line 6 set in $shallow is driven after $deep and on" "0x40 0x40" \
		"$(dir67) $(bits $(data67) 0x40)"
	gpio 6 in
else
	skip "pl061: line 6 set in one state is driven after a deeper one and on" \
		"one state besides on"
fi

# power/control "on" keeps the PL061 from being parked: user space says it
# must stay powered, and a park is a runtime suspend.
s=$shallow
dmesg -c > /dev/null
echo on > $d/power/control
out=$(sh -c "echo $s > $d/power/current" 2>&1)
check "pl061: $s refused with power/control on" sh -c "echo '$out' | grep -q 'Device or resource busy'"
check "pl061: the log says why" sh -c "dmesg | grep -q '$s refused: power/control is on'"
check_eq "pl061: still on" on "$(cat $d/power/current)"
echo auto > $d/power/control
check "pl061: $s once power/control is auto" sh -c "echo $s > $d/power/current"
check_eq "pl061: parked, the table let go: usage 0" 0 "$(cat $d/power/runtime_usage)"
echo on > $d/power/current

# An edge latched while the PL061 is out of on is delivered once it is on
# again, not cleared (a power-button press is not lost).  From outside,
# with devmem: line 5 (both edges, masked) is driven to the other level
# and let go, which QEMU latches as an edge in the raw status (RIS).
ris() { devmem $((R + 0x414)) 8; }
devmem $((R + 0x408)) 8 $(($(devmem $((R + 0x408)) 8) | 0x20))
for s in $STATES; do
	[ "$s" = on ] && continue
	devmem $((R + 0x41c)) 8 0x20
	echo $s > $d/power/current
	level=$(devmem $((R + (0x20 << 2))) 8)
	devmem $((R + 0x400)) 8 $(($(devmem $((R + 0x400)) 8) | 0x20))
	devmem $((R + (0x20 << 2))) 8 $((level ^ 0x20))
	devmem $((R + 0x400)) 8 $(($(devmem $((R + 0x400)) 8) & ~0x20 & 0xff))
	latched=$(ris)
	echo on > $d/power/current
	check_eq "pl061: an edge on line 5 latched in $s" 0x20 $(bits $latched 0x20)
	check_eq "pl061: the edge latched in $s is still pending once on" 0x20 $(bits $(ris) 0x20)
done
devmem $((R + 0x41c)) 8 0x20
devmem $((R + 0x408)) 8 $(($(devmem $((R + 0x408)) 8) & ~0x20 & 0xff))
done_testing
