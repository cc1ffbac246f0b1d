# SPDX-License-Identifier: GPL-2.0
# The guest booted the patched kernel, with the project's overlay applied,
# and every device the overlay gave a table has it.
# boot: direct uboot
. /tests/lib.sh
plan 6

case $(uname -r) in
*-pmstate) ok "kernel release $(uname -r) carries the series' localversion" ;;
*) not_ok "kernel release carries the series' localversion" "uname -r: $(uname -r)" ;;
esac

# A property only the default overlay defines, read back from the live tree.
dt=/sys/firmware/devicetree/base
names=$(cat $dt/device-power-states/*/power-state-name 2>/dev/null | tr '\0' ' ')
check "overlay state nodes visible in /sys/firmware/devicetree ($names)" test -n "$names"
check "PL011 carries power-states from the overlay" test -s $dt/pl011@9000000/power-states

# Every top-level DT node with power-states became a device, and each got its
# table: the kernel read and accepted each one on this boot path.  (The test
# devices' children only exist once their driver binds: dt-tables.sh.)
tabled= missing=
for dev in /sys/bus/platform/devices/* /sys/bus/amba/devices/*; do
	[ -e "$dev/of_node/power-states" ] || continue
	tabled="$tabled ${dev##*/}"
	[ -r "$dev/power/supports" ] || missing="$missing ${dev##*/}"
done
check_eq "one device for each top-level node with power-states" \
	"$(ls -d $dt/*/power-states 2>/dev/null | wc -l)" "$(echo $tabled | wc -w)"
check_eq "every one of them has power/supports" "" "$missing"
# The default overlays' top-level tables: test-device-a, the PL011, the
# PL031, 32 virtio-mmio transports, and the PL061 where QEMU made one (not
# when it boots U-Boot).
want=35
[ ! -e $dt/pl061@9030000 ] || want=36
check_eq "the default overlays' $want tabled devices" "$want" "$(echo $tabled | wc -w)"

done_testing
