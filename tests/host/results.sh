#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: make check's results for CI: junit.sh counts and escapes TAP with failures, skips and markup as the TAP says, junit.sh --counts refuses a file whose suites miscount, the SHARD=i/3 parts run every guest test exactly once
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bad=0
fail() { echo "FAIL: $*"; bad=1; }

# tap_counts DIR: "tests failures skipped" over the stage TAP files, as
# junit.sh --counts gives them for junit.xml (make check compares the two
# on every run).
tap_counts() {
	cat "$1"/*.tap | awk '/^(not )?ok [0-9]+ - / { t++ } /^not ok [0-9]+ - / { f++ } /^ok [0-9]+ - .*# SKIP/ { s++ }
		END { print t + 0, f + 0, s + 0 }'
}

# TAP with a failure, a skip and markup in names and diagnostics.
mkdir -p "$work/mixed"
cat > "$work/mixed/host.tap" <<'TAP'
TAP version 13
1..3
ok 1 - gate: <a> & "b"
not ok 2 - a failure
# expected 'x' & got <y>
ok 3 - a skip # SKIP no disk
TAP
printf 'TAP version 13\n1..1\nnot ok 1 - kunit: suite\n# init failed\n' > "$work/mixed/kunit.tap"
tests/junit.sh "$work/mixed" > "$work/mixed/junit.xml"
junit=$(tests/junit.sh --counts "$work/mixed/junit.xml" 2>&1)
[ "$junit" = "4 2 1" ] && [ "$(tap_counts "$work/mixed")" = "4 2 1" ] ||
	fail "mixed: JUnit $junit, TAP $(tap_counts "$work/mixed"), both should be 4 2 1"
grep -q "expected 'x' &amp; got &lt;y&gt;" "$work/mixed/junit.xml" || fail "mixed: the failure text is missing or unescaped"
# A suite that says other counts than it holds, and a file that does not parse.
sed 's/tests="3"/tests="2"/' "$work/mixed/junit.xml" > "$work/miscount.xml"
tests/junit.sh --counts "$work/miscount.xml" > /dev/null 2>&1 && fail "--counts accepted a suite that says 2 tests and holds 3"
head -n 4 "$work/mixed/junit.xml" > "$work/cut.xml"
tests/junit.sh --counts "$work/cut.xml" > /dev/null 2>&1 && fail "--counts accepted XML cut short"

# Shards: together every guest job exactly once.
list() { env -u ONLY -u SHARD -u GUEST "$@" tests/check.sh --list; }
list ONLY=guest | sort > "$work/all"
for i in 1 2 3; do list SHARD=$i/3 | grep '^guest ' ; done | sort > "$work/shards"
[ -s "$work/all" ] && cmp -s "$work/all" "$work/shards" ||
	fail "SHARD=1/3..3/3 do not add up to the guest tests: $(diff "$work/all" "$work/shards" | head -n 5)"
list SHARD=2/3 | grep -qv '^guest ' && fail "shard 2/3 runs more than guest tests"
list SHARD=1/3 | grep -q '^kunit$' || fail "shard 1/3 does not run KUnit"
list SHARD=4/3 > /dev/null 2>&1 && fail "SHARD=4/3 was accepted"

[ $bad -eq 0 ] && echo "JUnit = TAP on failures, skips and markup; $(wc -l < "$work/all") guest jobs over 3 shards, each once"
exit $bad
