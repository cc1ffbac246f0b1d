#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: tests/check.sh itself fails a job killed after an ok line, a job that printed no result, a gate list that fails, a junit.xml that counts otherwise than the TAP, never counts a stray result-like line, counts a skip holding bytes XML cannot carry alike in TAP and JUnit, and reuses a passed job only while its inputs are unchanged and it has not failed since (a copy of the runner driving fake jobs, no boot)
set -u
top=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bad=0
fail() { echo "FAIL: $*"; bad=1; }

# A repo with the real runner and fake gates: checkpatch dies after one ok
# line, bindings prints nothing, kernel-doc hides a numbered "ok" line among
# its output, sparse passes.
fake=$work/repo
mkdir -p "$fake/tests/host" "$fake/debug"
cp tests/check.sh tests/junit.sh tests/host-test.sh "$fake/tests/"
printf 'print-overlays:\n\t@echo\ndtb:\n\t@true\n' > "$fake/Makefile"
printf 'CONFIG_%s=y\n' KASAN_GENERIC PROVE_LOCKING DEBUG_ATOMIC_SLEEP DEBUG_LIST UBSAN_SANITIZE_ALL DEBUG_KMEMLEAK \
	> "$fake/debug/.config"
cat > "$fake/tests/gates.sh" <<'SH'
#!/bin/bash
case $1 in
list) [ -z "${FAKE_LIST_FAILS:-}" ] || exit 2
      printf 'checkpatch a\nbindings\nkernel-doc x\nsparse\n' ;;
checkpatch) echo "ok - checkpatch a"; kill -9 $$ ;;
bindings) ;;
kernel-doc) printf 'ok - kernel-doc x\nok 7 - a stray line that looks like a result\n1..9\n' ;;
sparse) echo "ok - sparse" ;;
esac
SH
chmod +x "$fake/tests/"*.sh
run() { (cd "$fake" && env -u GUEST -u SHARD ONLY=host DEBUG_OUT="$fake/debug" RESULTS="$fake/results" "$@" tests/check.sh) > "$work/out" 2>&1; }

run
rc=$?
[ $rc -ne 0 ] || fail "the run passed (exit 0)"
tap=$fake/results/host.tap
grep -q '^not ok [0-9]* - gate checkpatch a: ended with status 137 after 1 results$' "$tap" ||
	fail "a gate killed after its ok line was not failed"
grep -q '^not ok [0-9]* - gate bindings: ended with status 0 after 0 results$' "$tap" ||
	fail "a gate that printed no result was not failed"
grep -q '^# ok 7 - a stray line' "$tap" && grep -q '^# 1\.\.9$' "$tap" ||
	fail "a stray result-like line or plan was not turned into a comment"
[ "$(head -n 1 "$tap")" = "TAP version 13" ] || fail "host.tap does not start with 'TAP version 13'"
[ "$(grep -cE '^1\.\.[0-9]+$' "$tap")" = 1 ] || fail "host.tap has more than one plan"
grep -q '^1\.\.5$' "$tap" || fail "host.tap's plan is not 1..5: $(grep -E '^1\.\.' "$tap")"
grep -qx '3 passed, 2 failed' "$work/out" || fail "the summary is not '3 passed, 2 failed': $(tail -n 1 "$work/out")"

run FAKE_LIST_FAILS=1
rc=$?
[ $rc -ne 0 ] && grep -q 'tests/gates.sh list failed' "$work/out" || fail "a failing gate list went unnoticed (exit $rc)"

# junit.xml counts what the TAP counts: a skip whose name holds bytes no
# text tool or XML can carry (a console's NUL, invalid UTF-8) on both
# sides, and a junit.sh that miscounts fails the run, saying so.
cat > "$fake/tests/gates.sh" <<'SH'
#!/bin/bash
case $1 in
list) printf 'checkpatch a\nbindings\nkernel-doc x\nsparse\n' ;;
checkpatch) printf 'ok - a console line \377 with\000 junk # SKIP no disk\n' ;;
*) echo "ok - $1" ;;
esac
SH
run
grep -qx '4 passed, 0 failed' "$work/out" ||
	fail "a skip with bytes XML cannot carry: $(grep -E '^check: junit|passed' "$work/out" | tail -n 2)"
cp "$fake/tests/junit.sh" "$work/junit.sh"
sed -i 's/if (skip) s++/&; n++/' "$fake/tests/junit.sh"
run
rc=$?
[ $rc -ne 0 ] && grep -q "^check: junit.xml counts '' .*suite host says \[8, 0, 1\], holds \[4, 0, 1\]" "$work/out" ||
	fail "a junit.xml that miscounts did not fail the run (exit $rc): $(grep -E '^check: junit|passed' "$work/out")"
cp "$work/junit.sh" "$fake/tests/junit.sh"

# A results folder no run made is never removed.
mkdir -p "$work/keep" && touch "$work/keep/precious"
(cd "$fake" && env -u GUEST -u SHARD ONLY=host DEBUG_OUT="$fake/debug" RESULTS="$work/keep" tests/check.sh) > "$work/out" 2>&1
[ -e "$work/keep/precious" ] || fail "RESULTS= a folder no run made was removed"

# The result cache: a job that passed is replayed, labelled, while its
# inputs stay the same; a changed input, FRESH=1 and CI=true run it; a job
# that failed is not replayed until it has passed again, even when a run
# with the same inputs passed before (a flaky test).
cat > "$fake/tests/gates.sh" <<'SH'
#!/bin/bash
case $1 in list) printf 'checkpatch a\nbindings\nkernel-doc x\nsparse\n' ;; *) echo "ok - $1" ;; esac
SH
printf '%s\n' '# test: passes unless FAKE_FLAKY is set' 'echo ran >> "$RESULTS/../flaky.runs"' \
	'[ -z "${FAKE_FLAKY:-}" ]' > "$fake/tests/host/flaky.sh"
cached_run() {	# cached_run WHAT EXPECT(ran|reused) [VAR=VALUE...]
	local what=$1 want=$2 before after
	shift 2
	before=$(cat "$work/flaky.runs" 2>/dev/null | wc -l)
	(cd "$fake" && env -u GUEST -u SHARD -u CI -u FRESH ONLY=host DEBUG_OUT="$fake/debug" \
		RESULTS="$work/res" "$@" tests/check.sh) > "$work/out" 2>&1
	after=$(cat "$work/flaky.runs" 2>/dev/null | wc -l)
	case $want in
	ran) [ "$after" -eq $((before + 1)) ] || fail "$what: the job did not run" ;;
	reused)
		[ "$after" -eq "$before" ] || fail "$what: the job ran again"
		grep -q '^ok [0-9]* - host: flaky: passes unless FAKE_FLAKY is set (reused)$' "$work/res/host.tap" ||
			fail "$what: the replayed result is not labelled (reused)"
		grep -qx '# 5 passed (1 reused), 0 failed' "$work/out" ||
			fail "$what: no '5 passed (1 reused), 0 failed' line: $(grep reused "$work/out")" ;;
	esac
}
cached_run "first run" ran
cached_run "same inputs" reused
cached_run "FRESH=1" ran FRESH=1
cached_run "CI=true" ran CI=true
echo "# changed" >> "$fake/tests/host/flaky.sh"
cached_run "a changed script" ran
cached_run "flaky failure (FRESH=1)" ran FRESH=1 FAKE_FLAKY=1
grep -q '^not ok' "$work/res/host.tap" || fail "the flaky failure was not reported"
cached_run "after a failure, same inputs as a passed run" ran
cached_run "passed again" reused

[ $bad -eq 0 ] && echo "killed, silent and failing jobs fail; JUnit counts as TAP does, or the run fails; stray lines are comments; foreign folders stay; passed jobs are reused until an input changes, failed ones not until they pass"
exit $bad
