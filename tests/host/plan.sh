#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: make plan on the default overlays writes plan.txt, plan.json and the picture (SVG, PNG); EXPECT= passes on the committed plan, and fails naming the device and its new target when one mapping in an overlay changes
set -eu
top=$(pwd)
b=$top/build
out=${KERNEL_OUT:-$b/kernel}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
expect=tests/host/data/plan-default.json

# plan OUTDIR OVERLAYS...: scripts/plan.sh on the DTB of those overlays
plan() {
	local o=$1 dtb
	shift
	dtb=$(make -s --no-print-directory dtb print-dtb OVERLAYS="$*" | tail -n 1)
	scripts/plan.sh "$o" "$out/arch/arm64/boot/Image" "$dtb" "$out/initramfs.cpio.gz" "$expect"
}

plan "$work/default" dts/virt-pmstate.dtso dts/virt-pl061.dtso > "$work/default.log" 2>&1 ||
	{ cat "$work/default.log"; fail "the default overlays do not plan as $expect says"; }
for f in plan.txt plan.json plan.dot plan.svg; do
	[ -s "$work/default/$f" ] || fail "no $f"
done
[ "$(head -c 4 "$work/default/plan.png" | od -An -c | tr -d ' ')" = '211PNG' ] || fail "plan.png is no PNG"
grep -q '^== reset ==$' "$work/default/plan.txt" || fail "plan.txt has no reset section"
grep -q '<title>suspend/test&#45;device&#45;a:test&#45;device&#45;b</title>' "$work/default/plan.svg" ||
	fail "the picture has no test-device-b in its suspend panel"
grep -q '<title>suspend/test&#45;device&#45;a&#45;&gt;suspend/test&#45;device&#45;a:test&#45;device&#45;b</title>' "$work/default/plan.svg" ||
	fail "the picture has no edge from test-device-a to its child b"

# The UART mapped idle instead of off for suspend: a plan change.
sed '/^&{\/pl011@9000000} {/,/^};/s/system-power-states = <&pst_amba_idle>, <&pst_amba_off>,/system-power-states = <\&pst_amba_idle>, <\&pst_amba_idle>,/' \
	dts/virt-pmstate.dtso > "$work/changed.dtso"
! cmp -s dts/virt-pmstate.dtso "$work/changed.dtso" || fail "the test could not change the overlay"
if plan "$work/changed" "$work/changed.dtso" dts/virt-pl061.dtso > "$work/changed.log" 2>&1; then
	fail "a changed mapping planned as expected"
fi
cat "$work/changed.log"
grep -q '^+.*"device": "9000000.pl011".*"mapped": "idle", "target": "idle"' "$work/changed.log" ||
	fail "the difference does not show the UART's new suspend target"
grep -q '^-.*"device": "9000000.pl011".*"mapped": "off", "target": "off"' "$work/changed.log" ||
	fail "the difference does not show the UART's old suspend target"
[ "$(grep -c '^[-+] ' "$work/changed.log")" -eq 2 ] || fail "more than the UART's suspend line differs"
echo "the default plan as committed; a changed mapping shows as the one line it changes"
