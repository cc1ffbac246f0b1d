#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot the debug kernel once with every KUnit suite and print unnumbered TAP
# for tests/check.sh: one result per test case, one per suite, one for the
# whole run.  The KTAP the kernel printed is kept as it was printed (time
# stamps stripped) in RESULTS/kunit.ktap.
#
# A suite fails when it says "not ok" itself (its init failed: then it has
# no case lines), when one of its cases fails, or when it printed a plan
# that differs from the cases it ran.  The run fails when the boot failed,
# there is no KTAP, or the number of suites differs from the top-level plan.
#
#   kunit.sh                 boot and report (make check, make kunit)
#   kunit.sh --parse LOG     report on a console log already there
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
b=$top/build
out=${KERNEL_OUT:-${DEBUG_OUT:-$b/kernel-debug}}
results=${RESULTS:-$b/results}
mkdir -p "$results/logs"
log=$results/logs/kunit.log
ktap=$results/kunit.ktap
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo 'exit 0' > "$work/idle.sh"

if [ "${1:-}" = --parse ]; then
	log=$2 boot_rc=0
	: > "$work/boot.err"
else
	dtb=$(cd "$top" && make -s --no-print-directory dtb print-dtb | tail -n 1)
	# An empty filter_glob keeps qemu.sh from adding its "skip KUnit" filter.
	"$top/boot/qemu.sh" --kernel "$out/arch/arm64/boot/Image" --dtb "$dtb" \
		--initrd "$out/initramfs.cpio.gz" --script "$work/idle.sh" --log "$log" \
		--tap "$work/idle.tap" --cmdline "kunit.filter_glob=*" --timeout "${TIMEOUT:-300}" 2>"$work/boot.err"
	boot_rc=$?
fi

# The KTAP: from the first "KTAP version 1" at column 0 on, the lines KUnit
# prints (results, plans, directives, diagnostics), time stamps stripped.
sed -E 's/^\[ *[0-9]+\.[0-9]+\] //' "$log" |
	awk '/^KTAP version 1$/ { on = 1 } on && /^ *(KTAP version [0-9]+|1\.\.[0-9]+|(not )?ok [0-9]+|# )/' > "$ktap"

# Indent 0: the run and its suites; indent 4: a suite's plan and cases
# (deeper lines are the parameters of a case, counted by the case itself).
awk '
	function flush_suite(st, name,   why) {
		why = ""
		if (st != "ok") why = "the suite itself reports not ok"
		else if (sfail) why = sfail " case(s) failed"
		if (splan >= 0 && splan != scases)
			why = why (why ? "; " : "") "plan 1.." splan " but " scases " cases"
		if (why == "") printf "ok - kunit: %s (%d cases)\n", name, scases
		else printf "not ok - kunit: %s\n# %s\n", name, why
		if (why != "") bad++
		suites++; total += scases
		sfail = 0; scases = 0; splan = -1
	}
	BEGIN { splan = -1 }
	/^KTAP version 1$/ { ktap = 1; next }
	/^1\.\.[0-9]+$/ && plan == "" { plan = substr($0, 4) + 0; next }
	/^    1\.\.[0-9]+$/ { splan = substr($0, 8) + 0; next }
	/^    # Subtest: / { suite_name = $3; next }
	/^    (not )?ok [0-9]+ / {
		st = ($1 == "not") ? "not ok" : "ok"
		name = $0; sub(/^    (not )?ok [0-9]+ (- )?/, "", name)
		skip = (name ~ /# SKIP/); sub(/ # .*/, "", name)
		printf "%s - kunit: %s.%s%s\n", st, suite_name, name, skip ? " # SKIP" : ""
		scases++; if (st != "ok") sfail++
		next
	}
	/^(not )?ok [0-9]+ / {
		st = ($1 == "not") ? "not ok" : "ok"
		name = $0; sub(/^(not )?ok [0-9]+ (- )?/, "", name); sub(/ # .*/, "", name)
		flush_suite(st, name)
		next
	}
	END {
		why = ""
		if (!ktap) why = "no KTAP in the boot log"
		else if (plan == "") why = "no top-level plan"
		else if (plan == 0) why = "the plan is 1..0: no suite ran"
		else if (suites != plan) why = "plan 1.." plan " but " suites " suites"
		if (why == "") printf "ok - kunit: %d suites of %d planned, %d cases\n", suites, plan, total
		else printf "not ok - kunit: the run\n# %s\n", why
		printf "# count: kunit-cases %d\n", total
	}
' "$ktap" > "$work/results"
[ $boot_rc -eq 0 ] || { echo "not ok - kunit: boot"; sed 's/^/# /' "$work/boot.err"; } >> "$work/results"
cat "$work/results"
! grep -q '^not ok' "$work/results"
