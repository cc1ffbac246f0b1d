# SPDX-License-Identifier: GPL-2.0
# The guest booted the patched kernel, with the project's overlay applied.
# boot: direct uboot
. /tests/lib.sh

case $(uname -r) in
*-pmstate) ok "kernel release $(uname -r) carries the series' localversion" ;;
*) not_ok "kernel release carries the series' localversion" "uname -r: $(uname -r)" ;;
esac
check "the kernel is arm64" test "$(uname -m)" = aarch64

# A property only the default overlay defines, read back from the live tree.
dt=/sys/firmware/devicetree/base
names=$(cat $dt/device-power-states/*/power-state-name 2>/dev/null | tr '\0' ' ')
check "overlay state nodes visible in /sys/firmware/devicetree ($names)" test -n "$names"
check "PL011 carries power-states from the overlay" test -s $dt/pl011@9000000/power-states

done_testing
