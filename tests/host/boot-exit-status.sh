#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: make boot returns the guest script's exit status (0 and 1)
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'echo pass-marker\nexit 0\n' > "$work/exit0.sh"
printf 'echo fail-marker\nexit 1\n' > "$work/exit1.sh"

make -s boot SCRIPT="$work/exit0.sh" TIMEOUT=120 >"$work/out0" 2>&1 || {
	cat "$work/out0"; echo "make boot of an 'exit 0' script failed"; exit 1; }
grep -q '^pass-marker' build/logs/exit0.log || { echo "script output missing from the console log"; exit 1; }

rc=0
make -s boot SCRIPT="$work/exit1.sh" TIMEOUT=120 >"$work/out1" 2>&1 || rc=$?
# make reports a failed recipe as 2; the script's own status is in the recipe's error line
grep -q 'boot\] Error 1$' "$work/out1" || { cat "$work/out1"; echo "expected the boot recipe to fail with status 1 (make rc $rc)"; exit 1; }
grep -q '^fail-marker' build/logs/exit1.log || { echo "script output missing from the console log"; exit 1; }
echo "exit 0 -> 0, exit 1 -> Error 1"
