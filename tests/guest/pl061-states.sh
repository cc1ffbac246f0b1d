# SPDX-License-Identifier: GPL-2.0
# The PL061 enters each of its states from power/current and comes back
# with its configuration: the direction, output level and interrupt
# configuration registers (programmed and read with devmem, which needs
# CONFIG_DEVMEM) are as before, gpiolib's view in /sys/kernel/debug/gpio is
# unchanged, and in off the block really is in its reset state.
. /tests/lib.sh
d=/sys/bus/amba/devices/9030000.pl061
R=0x09030000
# byte registers: DATA (all lines, through the address mask), DIR, IS,
# IBE, IEV, IE
OFFS="0x3fc 0x400 0x404 0x408 0x40c 0x410"

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
done_testing
