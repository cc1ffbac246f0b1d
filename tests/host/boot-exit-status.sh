#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: make boot returns the guest script's exit status (0 and 1), shows the guest as it runs, boots QEMU's own DTB with OVERLAYS="" and gives the script a disk with DRIVE=8
set -eu
# make boot as a porter runs it: the plain kernel.
unset KERNEL_OUT
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
printf 'echo pass-marker\nexit 0\n' > "$work/exit0.sh"
printf 'echo fail-marker\nexit 1\n' > "$work/exit1.sh"
# No table anywhere in QEMU's own DTB; 3 with no table at all.
printf 'test ! -e /sys/firmware/devicetree/base/device-power-states || exit 2\ntest -z "$(find /sys/devices -name supports -path "*/power/*")" || exit 4\nexit 3\n' > "$work/notables.sh"
printf 'test -b /dev/vda || exit 2\nblockdev --getsize64 /dev/vda\nexit 0\n' > "$work/drive.sh"

make -s boot SCRIPT="$work/exit0.sh" TIMEOUT=120 >"$work/out0" 2>&1 || {
	cat "$work/out0"; fail "make boot of an 'exit 0' script failed"; }
grep -q '^pass-marker' build/logs/exit0.log || fail "script output missing from the console log"
grep -q '^pass-marker' build/logs/exit0.tap || fail "script output missing from its TAP channel"
grep -q 'pass-marker' "$work/out0" || fail "make boot did not show the guest's output on the terminal"

rc=0
make -s boot SCRIPT="$work/exit1.sh" TIMEOUT=120 >"$work/out1" 2>&1 || rc=$?
# make reports a failed recipe as 2; the script's own status is in the recipe's error line
grep -q 'boot\] Error 1$' "$work/out1" || { cat "$work/out1"; fail "expected the boot recipe to fail with status 1 (make rc $rc)"; }
grep -q '^fail-marker' build/logs/exit1.log || fail "script output missing from the console log"

make -s boot OVERLAYS="" SCRIPT="$work/notables.sh" TIMEOUT=120 >"$work/out3" 2>&1 || true
grep -q 'boot\] Error 3$' "$work/out3" || { tail -n 20 "$work/out3"; fail "OVERLAYS=\"\": expected the script's own status 3 (no tables)"; }

make -s boot DRIVE=8 SCRIPT="$work/drive.sh" TIMEOUT=120 >"$work/out4" 2>&1 || {
	tail -n 20 "$work/out4"; fail "DRIVE=8: the script found no /dev/vda"; }
grep -q '^8388608$' build/logs/drive.tap || fail "DRIVE=8: /dev/vda is not 8 MiB"
echo "exit 0 -> 0, exit 1 -> Error 1, OVERLAYS=\"\" -> the script's 3, DRIVE=8 -> an 8 MiB /dev/vda"
