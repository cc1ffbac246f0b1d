#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: README's PL031 example is dts/examples/pl031.dtso, which the guest test pl031-example boots, and it validates
set -u
readme=$(sed -n '/^A complete overlay for virt.s PL031/,$p' README.md | awk '/^```dts$/ { f = 1; next } /^```$/ { if (f) exit } f')
file=$(sed '1,2d' dts/examples/pl031.dtso)
[ -n "$readme" ] || { echo "FAIL: no dts block after README's 'A complete overlay for virt's PL031'"; exit 1; }
if [ "$readme" != "$file" ]; then
	diff <(echo "$readme") <(echo "$file")
	echo "FAIL: README's example and dts/examples/pl031.dtso differ"; exit 1
fi
make -s validate OVERLAYS="dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/examples/pl031.dtso" ||
	{ echo "FAIL: the example does not validate"; exit 1; }
echo "README's example is dts/examples/pl031.dtso and validates"
