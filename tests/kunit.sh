#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot the kernel once with every KUnit suite enabled and turn its KTAP into
# one line per test case on stdout: "PASS suite.case" or "FAIL suite.case"
# (SKIP counts as PASS, with the reason).  Exit status: non-zero when the
# boot failed, KTAP is missing or malformed, or fewer suites ran than the
# plan announced.
#
#   kunit.sh LOG          (from make check; make kunit prints a summary)
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
b=$top/build
out=${KERNEL_OUT:-$b/kernel}
log=${1:-$b/logs/kunit.log}
mkdir -p "$(dirname "$log")"
idle=$(mktemp)
trap 'rm -f "$idle"' EXIT
echo 'exit 0' > "$idle"

dtb=$(cd "$top" && make -s --no-print-directory dtb print-dtb | tail -n 1)
# An empty filter_glob keeps qemu.sh from adding its "skip KUnit" filter.
"$top/boot/qemu.sh" --kernel "$out/arch/arm64/boot/Image" --dtb "$dtb" \
	--initrd "$b/initramfs.cpio.gz" --script "$idle" --log "$log" \
	--cmdline "kunit.filter_glob=*" --timeout "${TIMEOUT:-300}" >&2
boot_rc=$?

# Strip the printk time stamp, then read KTAP: "# Subtest: suite" at
# indent 4 opens a suite, results at indent 4 are its cases, results at
# indent 0 are suites.
sed -E 's/^\[ *[0-9]+\.[0-9]+\] //' "$log" | awk '
	/^KTAP version 1$/ { ktap = 1 }
	/^1\.\.[0-9]+$/ && ktap && !plan { plan = substr($0, 4) + 0 }
	/^    # Subtest: / { suite = $3 }
	/^    (not )?ok [0-9]+ / {
		st = ($1 == "not") ? "FAIL" : "PASS"
		name = $0; sub(/^    (not )?ok [0-9]+ (- )?/, "", name)
		skip = (name ~ /# SKIP/); sub(/ # .*/, "", name)
		print st, suite "." name (skip ? " (skipped)" : "")
		cases++
	}
	/^(not )?ok [0-9]+ / { suites++ }
	END {
		printf "kunit: %d suites of %d planned, %d cases\n", suites, plan, cases > "/dev/stderr"
		if (!ktap) { print "kunit: no KTAP in the boot log" > "/dev/stderr"; exit 1 }
		if (suites != plan) exit 1
	}'
parse_rc=$?
[ $boot_rc -eq 0 ] && [ $parse_rc -eq 0 ]
