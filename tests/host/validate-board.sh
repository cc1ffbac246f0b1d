#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: make validate DTB= checks a board's own compiled DTB as it is: the example board's wrong state is reported by node and state, the DTB is left as it was (older than every input, so a rule that rebuilt it would), the board with that state fixed validates, and a missing DTB is an error
set -u
work=build/validate-board
rm -rf "$work" && mkdir -p "$work"
dtc -q -I dts -O dtb -o "$work/board.dtb" dts/examples/board.dts ||
	{ echo "FAIL: dts/examples/board.dts does not compile"; exit 1; }
touch -d 2000-01-01 "$work/board.dtb"
before=$(sha1sum < "$work/board.dtb")
if out=$(make -s validate DTB="$work/board.dtb" 2>&1); then
	echo "$out"; echo "FAIL: the board with a wrong state validated"; exit 1
fi
echo "$out"
grep -qF "$work/board.dtb: /soc/serial@10000: power-states[1] (/device-power-states/state-uart-off) switches off supply \"vdd\", but the node has no vdd-supply" <<< "$out" ||
	{ echo "FAIL: the wrong state of the UART is not reported"; exit 1; }
[ "$(sha1sum < "$work/board.dtb")" = "$before" ] ||
	{ echo "FAIL: make validate changed the board's DTB"; exit 1; }
# The same board with that state fixed: the finding was the state's.
sed 's/off-supplies = "vdd";//' dts/examples/board.dts |
	dtc -q -I dts -O dtb -o "$work/board-fixed.dtb" - || { echo "FAIL: the fixed board does not compile"; exit 1; }
out=$(make -s validate DTB="$work/board-fixed.dtb" 2>&1) ||
	{ echo "$out"; echo "FAIL: the fixed board does not validate"; exit 1; }
echo "$out"
if out=$(make -s validate DTB="$work/none.dtb" 2>&1) || ! grep -qF "$work/none.dtb: no such DTB" <<< "$out"; then
	echo "$out"; echo "FAIL: a missing DTB is not an error"; exit 1
fi
echo "validate: a board's own DTB is checked as it is, and its wrong state reported"
