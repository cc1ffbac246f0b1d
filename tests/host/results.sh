#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: make check's results for CI: JUnit counts equal the TAP counts (a real run, and TAP with failures, skips and markup), the SHARD=i/3 parts run every guest test exactly once
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bad=0
fail() { echo "FAIL: $*"; bad=1; }

# junit_counts DIR: "tests failures skipped" over all stages of junit.xml;
# tap_counts DIR: the same from the stage TAP files.
junit_counts() {
	grep -o '<testsuite [^>]*>' "$1/junit.xml" | sed -E 's/.* tests="([0-9]+)" failures="([0-9]+)" skipped="([0-9]+)".*/\1 \2 \3/' |
		awk '{ t += $1; f += $2; s += $3 } END { print t + 0, f + 0, s + 0 }'
}
tap_counts() {
	cat "$1"/*.tap | awk '/^(not )?ok [0-9]+ - / { t++ } /^not ok [0-9]+ - / { f++ } /^ok [0-9]+ - .*# SKIP/ { s++ }
		END { print t + 0, f + 0, s + 0 }'
}

# A real run of the runner (not replayed, its own cache), one guest
# test on both boot paths.
env -u ONLY -u SHARD FRESH=1 JOBS_CACHE=$work/cache RESULTS=$work/run JOBS=1 GUEST=boot tests/check.sh > "$work/run.out" 2>&1 || fail "GUEST=boot failed: $(tail -n 5 "$work/run.out")"
for f in guest.tap junit.xml logs/guest-boot-direct.log logs/guest-boot-direct.tap logs/guest-boot-uboot.tap; do
	[ -s "$work/run/$f" ] || fail "the run left no $f"
done
grep -q '^TAP version 13$' "$work/run/guest.tap" && grep -qE '^1\.\.[1-9][0-9]*$' "$work/run/guest.tap" ||
	fail "guest.tap has no TAP 13 header and plan"
[ "$(junit_counts "$work/run")" = "$(tap_counts "$work/run")" ] ||
	fail "the run's JUnit counts $(junit_counts "$work/run") differ from its TAP counts $(tap_counts "$work/run")"
python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$work/run/junit.xml" ||
	fail "the run's junit.xml is not well-formed XML"

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
[ "$(junit_counts "$work/mixed")" = "4 2 1" ] && [ "$(tap_counts "$work/mixed")" = "4 2 1" ] ||
	fail "mixed: JUnit $(junit_counts "$work/mixed"), TAP $(tap_counts "$work/mixed"), both should be 4 2 1"
python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$work/mixed/junit.xml" ||
	fail "mixed: junit.xml is not well-formed XML"
grep -q "expected 'x' &amp; got &lt;y&gt;" "$work/mixed/junit.xml" || fail "mixed: the failure text is missing or unescaped"

# Shards: together every guest job exactly once.
list() { env -u ONLY -u SHARD -u GUEST "$@" tests/check.sh --list; }
list ONLY=guest | sort > "$work/all"
for i in 1 2 3; do list SHARD=$i/3 | grep '^guest ' ; done | sort > "$work/shards"
[ -s "$work/all" ] && cmp -s "$work/all" "$work/shards" ||
	fail "SHARD=1/3..3/3 do not add up to the guest tests: $(diff "$work/all" "$work/shards" | head -n 5)"
list SHARD=2/3 | grep -qv '^guest ' && fail "shard 2/3 runs more than guest tests"
list SHARD=1/3 | grep -q '^kunit$' || fail "shard 1/3 does not run KUnit"
list SHARD=4/3 > /dev/null 2>&1 && fail "SHARD=4/3 was accepted"

[ $bad -eq 0 ] && echo "JUnit $(junit_counts "$work/run") = TAP; $(wc -l < "$work/all") guest jobs over 3 shards, each once"
exit $bad
