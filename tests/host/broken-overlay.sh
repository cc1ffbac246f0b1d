#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: a broken overlay stops the DTB build with a message naming the file
set -eu
for ov in tests/host/data/broken-syntax.dtso tests/host/data/missing-target.dtso; do
	if make -s dtb OVERLAYS="dts/virt-pmstate.dtso $ov" > /tmp/broken-overlay.$$ 2>&1; then
		echo "FAIL: $ov was accepted"; exit 1
	fi
	grep -q "mkdtb: overlay .*: $ov\$" /tmp/broken-overlay.$$ || {
		cat /tmp/broken-overlay.$$; echo "FAIL: the message does not name $ov"; exit 1; }
	grep "mkdtb:" /tmp/broken-overlay.$$
done
rm -f /tmp/broken-overlay.$$
