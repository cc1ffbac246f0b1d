#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# JUnit XML (as GitLab, GitHub and Jenkins read it) from the stage TAP files
# tests/check.sh writes: one <testsuite> per stage, one <testcase> per TAP
# result, its "# " lines as the failure text; "ok ... # SKIP" results are
# skipped.  Control characters XML cannot carry become "?" (check.sh writes
# the stage files without NUL and invalid UTF-8).
#
#   junit.sh RESULTS_DIR > junit.xml
#   junit.sh --counts junit.xml     "tests failures skipped" over its suites,
#                                   as a CI system reads them; fails when the
#                                   XML does not parse or a suite's counts
#                                   differ from its test cases
set -euo pipefail
if [ "$1" = --counts ]; then
	exec python3 - "$2" <<'PY'
import sys
import xml.dom.minidom

total = [0, 0, 0]
for suite in xml.dom.minidom.parse(sys.argv[1]).getElementsByTagName("testsuite"):
    said = [int(suite.getAttribute(a)) for a in ("tests", "failures", "skipped")]
    cases = suite.getElementsByTagName("testcase")
    seen = [len(cases), sum(1 for c in cases if c.getElementsByTagName("failure")),
            sum(1 for c in cases if c.getElementsByTagName("skipped"))]
    if said != seen:
        sys.exit(f"junit: suite {suite.getAttribute('name')} says {said}, holds {seen}")
    total = [t + n for t, n in zip(total, said)]
print(*total)
PY
fi
dir=$1
echo '<?xml version="1.0" encoding="UTF-8"?>'
echo '<testsuites name="pmstate">'
for s in host kunit guest; do
	[ -r "$dir/$s.tap" ] || continue
	awk -v stage="$s" '
		function esc(x) {
			gsub(/&/, "\\&amp;", x); gsub(/</, "\\&lt;", x); gsub(/>/, "\\&gt;", x)
			gsub(/"/, "\\&quot;", x); gsub(/[\001-\010\013\014\016-\037]/, "?", x)
			return x
		}
		function flush() {
			if (name == "") return
			out = out sprintf("    <testcase classname=\"pmstate.%s\" name=\"%s\">", stage, esc(name))
			if (skip) out = out "<skipped/>"
			else if (bad) out = out sprintf("<failure message=\"%s\">%s</failure>", esc(name), esc(diag))
			out = out "</testcase>\n"
			name = ""
		}
		/^(not )?ok [0-9]+ - / {
			flush()
			bad = ($1 == "not"); n++; if (bad) f++
			name = $0; sub(/^(not )?ok [0-9]+ - /, "", name)
			skip = !bad && (name ~ /# SKIP/); if (skip) s++
			diag = ""
			next
		}
		/^# / && name != "" { diag = diag substr($0, 3) "\n" }
		END {
			flush()
			printf "  <testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" skipped=\"%d\" errors=\"0\">\n", stage, n, f, s
			printf "%s", out
			print "  </testsuite>"
		}' < "$dir/$s.tap"
done
echo '</testsuites>'
