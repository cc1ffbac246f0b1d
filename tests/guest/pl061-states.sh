# SPDX-License-Identifier: GPL-2.0
# The PL061 enters each of its states from power/current and comes back
# with its configuration: the direction, output level and interrupt
# configuration registers (programmed and read with devmem, which needs
# CONFIG_DEVMEM) are as before, gpiolib's view in /sys/kernel/debug/gpio is
# unchanged, and in off the block really is in its reset state.  An edge
# latched while out of on is still pending once on again.
. /tests/lib.sh
d=/sys/bus/amba/devices/9030000.pl061
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
if ! command -v devmem >/dev/null || ! devmem $((R + 0x400)) 8 >/dev/null 2>&1; then
	not_ok "devmem can read the PL061" "needs CONFIG_DEVMEM and busybox devmem"
	done_testing
fi

# Lines 0 and 1 outputs (0 high, 1 low), line 2 level-high sensitive,
# line 4 both edges and unmasked: a configuration unlike the reset state.
devmem $((R + 0x400)) 8 0x03
devmem $((R + (0x03 << 2))) 8 0x01
devmem $((R + 0x404)) 8 0x04
devmem $((R + 0x40c)) 8 0x04
devmem $((R + 0x408)) 8 0x10
devmem $((R + 0x410)) 8 0x10
before=$(regs)
check_eq "PL061 configured" "0x01 0x03 0x04 0x10 0x04 0x10" "$before"
gpio_before=$(grep -A9 9030000.pl061 /sys/kernel/debug/gpio)

for s in $(cat $d/power/supports); do
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

# An edge latched while the PL061 is out of on is delivered once it is on
# again, not cleared (a power-button press is not lost).  From outside,
# with devmem: line 5 (both edges, masked) is driven to the other level
# and let go, which QEMU latches as an edge in the raw status (RIS).
ris() { devmem $((R + 0x414)) 8; }
devmem $((R + 0x408)) 8 $(($(devmem $((R + 0x408)) 8) | 0x20))
for s in $(cat $d/power/supports); do
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
