#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run one pipeline test of tests/host/ and print its result as TAP for
# tests/check.sh.  Its "# test: ..." header line is the description; its
# output is kept in RESULTS/logs/host-NAME.log and the last lines of it
# are the diagnostics of a failure.  It boots the debug kernel.
#
#   host-test.sh tests/host/NAME.sh
set -uo pipefail
t=$1
top=$(cd "$(dirname "$0")/.." && pwd)
results=${RESULTS:-$top/build/results}
name=$(basename "$t" .sh)
log=$results/logs/host-$name.log
mkdir -p "$(dirname "$log")"
desc="host: $name: $(sed -n 's/^# test: //p' "$t")"
KERNEL_OUT=${DEBUG_OUT:-$top/build/kernel-debug} bash "$t" > "$log" 2>&1
rc=$?
if [ $rc -eq 0 ]; then
	echo "ok - $desc"
	echo "# $(tail -n 1 "$log")"
else
	echo "not ok - $desc"
	echo "# exit $rc; $log ends:"
	tail -n 25 "$log" | sed 's/^/#   /'
fi
