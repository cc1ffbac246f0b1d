#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: the runner and gates fail what they must: a guest script exiting 1 after ok lines, a test that leaves a setting changed in a shared boot (the next one judged apart), a test that ends a shared boot, a kernel report before the first test, results short of the plan, a loop shorter than its plan said in advance, a plan said after the results, a script without a plan, a setup guard that fails, a concurrency worker that never worked, a soak of zero cycles, a stale log, a test that asked for a disk and got none, a KUnit suite whose init failed or whose plan differs, a binding schema error, a sparse warning
set -u
top=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export RESULTS=$work/results
# The runner is under test, not the kernel: the plain kernel boots faster.
export KERNEL_OUT=${PLAIN_OUT:-$top/build/kernel}
bad=0
# expect WHAT OUTPUT_FILE PATTERN...: every PATTERN (grep -E) is in the output.
expect() {
	local what=$1 f=$2 p
	shift 2
	for p in "$@"; do
		if ! grep -qE -- "$p" "$f"; then
			echo "FAIL: $what: no /$p/ in:"
			sed 's/^/    /' "$f"
			bad=1
			return
		fi
	done
	echo "held: $what"
}
guest() {	# guest NAME SCRIPT_BODY: a guest test of that body, run by guest.sh
	printf '%s\n' "$2" > "$work/$1.sh"
	tests/guest.sh "$work/$1.sh" direct > "$work/$1.out" 2>&1
}

guest exit1 '. /tests/lib.sh
plan 2
ok "first"
ok "second"
exit 1'
expect "a script that exits 1 after ok lines fails" "$work/exit1.out" \
	'^ok - guest: exit1: first$' '^not ok - guest: exit1: boot$' '^# the script exited 1$'

guest short '. /tests/lib.sh
plan 3
ok "only one"
exit 0'
expect "results short of the plan fail" "$work/short.out" \
	'^not ok - guest: short: boot$' '^# plan 1..3 but 1 results$'
guest late '. /tests/lib.sh
ok "one"
ok "two"
echo 1..2
exit 0'
expect "a plan said after the results fails" "$work/late.out" \
	'^not ok - guest: late: boot$' '^# 2 results before the plan: a plan is said first$'

# A plan is said before the results: a loop over a list shorter than the
# script expected leaves it unmet; a script without one fails; a setup
# guard that does not hold stops the script and names itself.
guest shrunk '. /tests/lib.sh
plan 3
for s in on off; do ok "$s"; done
done_testing'
expect "a loop that covers a shorter list than its plan fails" "$work/shrunk.out" \
	'^ok - guest: shrunk: off$' '^not ok - guest: shrunk: boot$' '^# plan 1..3 but 2 results$'
guest noplan '. /tests/lib.sh
ok "one"
done_testing'
expect "a script that says no plan fails" "$work/noplan.out" \
	'^not ok - guest: noplan: boot$' '^# the script exited 1$'
guest bail '. /tests/lib.sh
plan 2
guard_eq "setup reads back" written other
ok "never"
done_testing'
expect "a setup guard that does not hold bails out, naming itself" "$work/bail.out" \
	'^not ok - guest: bail: boot$' "^# Bail out! setup reads back: expected 'written', got 'other'\$"

# Tests sharing a boot are judged each by its own part: one that leaves an
# RTC alarm set fails, naming it, and the next, judged by what it found,
# passes; one that ends the machine half-way did not finish, the one after
# it never ran, and the boot's own verdict fails.
printf '. /tests/lib.sh\nplan 1\nok "sets an alarm"\necho +1000 > /sys/class/rtc/rtc0/wakealarm\ndone_testing\n' > "$work/leaves.sh"
printf '. /tests/lib.sh\nplan 1\nok "clean"\ndone_testing\n' > "$work/clean.sh"
printf '. /tests/lib.sh\nplan 2\nok "before the end"\npoweroff -f\n' > "$work/ends.sh"
cp "$work/clean.sh" "$work/after.sh"
tests/guest.sh --group direct "$work/leaves.sh" "$work/clean.sh" "$work/ends.sh" "$work/after.sh" > "$work/group.out" 2>&1
expect "a test that leaves a setting changed fails in a shared boot" "$work/group.out" \
	'^not ok - guest: leaves: boot$' '^#   \+ /sys/class/rtc/rtc0/wakealarm:[0-9]+$'
expect "the next test of the boot is judged by what it found" "$work/group.out" \
	'^ok - guest: clean: plan 1..1, 1 results, exit 0, no kernel report, machine as found$'
expect "a test that ended the boot did not finish, the one after it never ran" "$work/group.out" \
	'^not ok - guest: ends: boot$' '^# the script did not finish' \
	'^not ok - guest: after: boot$' '^# did not run: the boot ended before it \(in ends\)' \
	'^not ok - guest: boot of leaves, clean, ends, after: boot$' 'no taint line'

# Guest tests that count what their load did: a concurrency worker whose
# every bind fails, and a soak asked for no cycles, each fail.
sed 's|did rebinder bind sh -c "echo $A > $DRV/bind"|did rebinder bind sh -c "echo $A-x > $DRV/bind"|' \
	tests/guest/concurrency.sh > "$work/badworker.sh"
if cmp -s tests/guest/concurrency.sh "$work/badworker.sh"; then
	echo "FAIL: the failing-worker plant no longer applies to concurrency.sh"
	bad=1
else
	tests/guest.sh "$work/badworker.sh" direct > "$work/badworker.out" 2>&1
	expect "a concurrency worker that never worked fails" "$work/badworker.out" \
		'^not ok - guest: badworker: rebinder: bind ok at least once \(0 of ' '^not ok - guest: badworker: boot$'
fi
GUEST_CMDLINE=soak_cycles=0 tests/guest.sh tests/guest/soak.sh direct > "$work/soak0.out" 2>&1
expect "a soak of zero cycles fails" "$work/soak0.out" \
	'^not ok - guest: soak: boot$' '^# Bail out! soak_cycles=0: not a positive number of cycles$'

# A kernel report during boot, before the first test begins, fails the
# boot although the test itself passed.  The kernel echoes its command
# line, so a quoted argument plants a report's text there.
GUEST_CMDLINE='pmstate.planted="unreferenced object 0x0"' guest early '. /tests/lib.sh
plan 1
ok "fine"
done_testing'
expect "a kernel report before the first test fails the boot" "$work/early.out" \
	'^ok - guest: early: fine$' '^not ok - guest: early: boot$' '^# boot: kmemleak: suspected leak: '

# A boot that fails before QEMU runs (its DTB cannot be made) must not
# report what an earlier run left in the same log files.
mkdir -p "$RESULTS/logs"
printf 'ok - left from an earlier run\n1..1\npmstate-exit: 0\n' | tee "$RESULTS/logs/guest-stale-direct.tap" > "$RESULTS/logs/guest-stale-direct.log"
guest stale '# overlays: dts/no-such-overlay.dtso
. /tests/lib.sh
ok "never runs"
done_testing'
expect "a stale log is never read" "$work/stale.out" '^not ok - guest: stale: boot$' 'no DTB with dts/no-such-overlay.dtso'
! grep -q 'earlier run' "$work/stale.out" || { echo "FAIL: the stale log was read"; bad=1; }

# The disk test without its disk (the drive header taken away) fails.
grep -v '^# drive:' tests/guest/virtio-states.sh > "$work/nodisk.sh"
tests/guest.sh "$work/nodisk.sh" direct > "$work/nodisk.out" 2>&1
expect "a test that asked for a disk and got none fails" "$work/nodisk.out" \
	'^not ok - guest: nodisk: ' '^not ok - guest: nodisk: boot$'

# KUnit: a suite whose init failed (no case lines, "not ok" of its own) and
# a suite whose plan differs from its cases, in KTAP as 6.1 prints it.
cat > "$work/kunit.log" <<'KTAP'
[    1.000000] KTAP version 1
[    1.000001] 1..3
[    1.000002]     KTAP version 1
[    1.000003]     # Subtest: good_suite
[    1.000004]     1..1
[    1.000005]     ok 1 works
[    1.000006] ok 1 good_suite
[    1.000007]     KTAP version 1
[    1.000008]     # Subtest: init_fails
[    1.000009]     1..2
[    1.000010] not ok 2 init_fails
[    1.000011]     KTAP version 1
[    1.000012]     # Subtest: short_suite
[    1.000013]     1..3
[    1.000014]     ok 1 one
[    1.000015]     ok 2 two
[    1.000016] ok 3 short_suite
KTAP
tests/kunit.sh --parse "$work/kunit.log" > "$work/kunit.out" 2>&1
expect "KUnit: a suite whose init failed, and a plan that differs, fail" "$work/kunit.out" \
	'^ok - kunit: good_suite\.works$' '^ok - kunit: good_suite \(1 cases\)$' \
	'^not ok - kunit: init_fails$' '^# the suite itself reports not ok; plan 1..2 but 0 cases$' \
	'^not ok - kunit: short_suite$' '^# plan 1..3 but 2 cases$'

# A binding with a schema error, beside a clean copy of the same binding.
b=build/linux/Documentation/devicetree/bindings/power/device-power-state.yaml
mkdir -p "$work/bindings/power"
cp "$b" "$work/bindings/power/"
tests/gates.sh bindings "$work/bindings" power/device-power-state.yaml > "$work/clean.out" 2>&1
expect "a clean binding passes the binding gate" "$work/clean.out" '^ok - bindings: power/device-power-state.yaml$'
sed -i '0,/type: object/s//type: objekt/' "$work/bindings/power/device-power-state.yaml"
tests/gates.sh bindings "$work/bindings" power/device-power-state.yaml > "$work/schema.out" 2>&1
expect "a binding schema error fails" "$work/schema.out" \
	'^not ok - bindings: power/device-power-state.yaml$' 'objekt'

# A sparse warning in a new file (an external module of the plain kernel).
mkdir -p "$work/mod"
echo 'obj-m += planted.o' > "$work/mod/Kbuild"
printf '// SPDX-License-Identifier: GPL-2.0\n#include <linux/module.h>\nint *planted_ptr = 0;\nMODULE_LICENSE("GPL");\n' > "$work/mod/planted.c"
tests/gates.sh sparse "$work/mod" > "$work/sparse.out" 2>&1
expect "a sparse warning in a new file fails" "$work/sparse.out" \
	"^not ok - sparse: $work/mod/planted.c\$" 'Using plain integer as NULL pointer'

[ $bad -eq 0 ] && echo "every planted fault was reported"
exit $bad
