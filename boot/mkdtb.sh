#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Dump QEMU's generated virt DTB and apply overlays to it.
#
#   BOOT=direct|uboot mkdtb.sh OUT.dtb [OVERLAY.dtso...]
#
# Each overlay is compiled with dtc and applied with fdtoverlay, in order; a
# broken overlay stops here with the overlay's name in the message.
set -euo pipefail
here=$(dirname "$0")
. "$here/machine.sh"

out=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$QEMU" "${MACHINE_OPTS[@]/virt,/virt,dumpdtb=$work/virt.dtb,}" "${BIOS_OPTS[@]}" \
	-display none -nic none >"$work/dump.log" 2>&1 || {
	cat "$work/dump.log" >&2
	echo "mkdtb: QEMU could not dump the virt DTB" >&2
	exit 1
}

# QEMU dumps an unpacked 1 MiB blob that the kernel does not boot from -dtb;
# dtc packs it (fdtoverlay's output is packed too).
dtc -q -I dtb -O dtb -o "$work/out.dtb" "$work/virt.dtb"
# Nor does it have __symbols__: each top-level node with a phandle gets a
# label named after it (pl061@9030000: pl061, apb-pclk: apb_pclk), so that
# overlays can point at QEMU's nodes (gpios = <&pl061 4 0>) as at their own.
for node in $(fdtget -l "$work/out.dtb" /); do
	fdtget "$work/out.dtb" "/$node" phandle >/dev/null 2>&1 || continue
	label=${node%%@*}
	fdtput -p -t s "$work/out.dtb" /__symbols__ "${label//-/_}" "/$node"
done
# Applied one at a time, each on the result of the ones before it, so an
# overlay may use the labels of an earlier one and a failure names its file.
for ov in "$@"; do
	[ -r "$ov" ] || { echo "mkdtb: overlay not found: $ov" >&2; exit 1; }
	o=$work/$(basename "$ov" .dtso).dtbo
	if ! dtc -q -@ -I dts -O dtb -o "$o" "$ov" 2>"$work/dtc.log"; then
		sed 's/^/  /' "$work/dtc.log" >&2
		echo "mkdtb: overlay does not compile: $ov" >&2
		exit 1
	fi
	if ! fdtoverlay -i "$work/out.dtb" -o "$work/next.dtb" "$o" 2>"$work/ov.log"; then
		sed 's/^/  /' "$work/ov.log" >&2
		echo "mkdtb: overlay does not apply to the virt DTB: $ov" >&2
		exit 1
	fi
	mv "$work/next.dtb" "$work/out.dtb"
done
# Renamed into place from the same folder: a boot that reads it meanwhile
# sees the old DTB or the new one, never half of one.
cp "$work/out.dtb" "$out.tmp.$$"
mv "$out.tmp.$$" "$out"
