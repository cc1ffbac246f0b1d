#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: a kernel WARN, a KASAN report, a UBSAN report and a kmemleak leak during a guest test each fail it, though the script itself passes
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export RESULTS=$work/results
bad=0
# provoke NAME "what the console must say" SHELL...: a passing guest test
# that makes the kernel report something must fail, saying what.
provoke() {
	local name=$1 says=$2
	shift 2
	printf '. /tests/lib.sh\n%s\nok "the script itself passes"\ndone_testing\n' "$*" > "$work/$name.sh"
	tests/guest.sh "$work/$name.sh" direct > "$work/$name.out" 2>&1
	if grep -q "^ok - guest: $name: the script itself passes" "$work/$name.out" &&
	   grep -q "^not ok - guest: $name: boot" "$work/$name.out" &&
	   grep -q "^# boot: $says" "$work/$name.out"; then
		echo "held: $name fails the test: $(grep -m1 "^# boot: " "$work/$name.out")"
	else
		echo "FAIL: $name did not fail the test with \"$says\":"
		sed 's/^/    /' "$work/$name.out"
		bad=1
	fi
}
lkdtm=/sys/kernel/debug/provoke-crash/DIRECT
provoke warn "kernel WARN" "echo WARNING > $lkdtm"
provoke kasan "kernel BUG: .*KASAN" "echo READ_AFTER_FREE > $lkdtm"
provoke ubsan "UBSAN report" "echo ARRAY_BOUNDS > $lkdtm"
# kmemleak reports objects older than 5 s that nothing points to.
provoke leak "kmemleak: suspected leak" 'insmod $(find /lib/modules -name kmemleak-test.ko); sleep 6'
[ $bad -eq 0 ] && echo "each kernel report failed its test"
exit $bad
