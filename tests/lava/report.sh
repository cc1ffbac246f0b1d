#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Read lava-run's log on stdin as it is written and report, per guest test,
# LAVA's verdict beside ours, then both totals:
#
#   lava: N passed, N failed      LAVA's test cases, one per guest test
#   ours: N passed, N failed      the test's TAP results as tests/guest.sh
#                                 counts them; one more failure per test that
#                                 exited non-zero, printed no result or whose
#                                 results do not add up to its plan, and one
#                                 per kernel report on the console and per
#                                 setting a test left changed (guest-state)
#
#   report.sh TEST... < lava.log       (the guest tests the job runs)
#
# Exits 0 only when LAVA's job passed, every test has a LAVA result and both
# counts have no failure.
#
# lava-run logs one flow mapping a line, its keys sorted:
#   {"dt": "...", "lvl": "target", "msg": "console line"}
#   {"dt": "...", "lvl": "results", "msg": {"case": ..., "definition": ...,
#    "duration": ..., ..., "result": "pass"}}
# Strings are double-quoted with backslash escapes.  Every test ends with the
# line "pmstate-lava: NAME STATUS" (the job's command echoes the exit status).
. "$(dirname "$0")/../../boot/reports.sh"
export KERNEL_REPORTS_RE
exec awk -v tests="$*" '
# The double-quoted string s starts with (its opening quote removed), unescaped.
function str(s,    out, i, c, e) {
	out = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "\"")
			break
		if (c == "\\") {
			e = substr(s, ++i, 1)
			c = e == "t" ? "\t" : e == "n" ? " " : e == "r" ? "" : e
		}
		out = out c
	}
	return out
}
# The string value of key in the mapping m: its first one, or with last set
# its last one (the top-level "result" comes after any nested "extra").
function field(m, key, last,    k, p, q) {
	k = "\"" key "\": \""
	p = index(m, k)
	if (!p)
		return ""
	while (last && (q = index(substr(m, p + 1), k)))
		p += q
	return str(substr(m, p + length(k)))
}
function say(s) { print s; fflush() }

BEGIN {
	n = split(tests, expected, " ")
	ok = nok = 0; plan = ""
	kernel = ENVIRON["KERNEL_REPORTS_RE"]
}

!match($0, /^\{"dt": "[^"]*", "lvl": "[a-z]+", "msg": /) {
	# lava-run'"'"'s own complaints before its logger runs
	if ($0 ~ /[^ \t\r]/)
		say("lava-run: " $0)
	next
}
{
	lvl = substr($0, 1, RLENGTH)
	sub(/", "msg": $/, "", lvl)
	sub(/.*"/, "", lvl)
	msg = substr($0, RLENGTH + 1)
	sub(/\}[ \t\r]*$/, "", msg)
}

lvl == "target" && msg ~ /^"/ {
	line = str(substr(msg, 2))
	gsub(/^[ \t\r]+|[ \t\r]+$/, "", line)
	if (line ~ /^(not )?ok( [0-9]+)?( - |$)/) {
		if (line ~ /^not /) {
			nok++
			say("  guest: " line)
		} else
			ok++
	} else if (line ~ kernel || line ~ /^pmstate-leftover: /) {
		problems++
		say("  guest: " line)
	} else if (line ~ /^1\.\.[0-9]+$/)
		plan = substr(line, 4) + 0
	else if (line ~ /^pmstate-lava: [^ ]+ [0-9]+$/) {
		split(line, w, " ")
		name = w[2]
		status[name] = w[3] + 0; oks[name] = ok; noks[name] = nok; plans[name] = plan
		ok = nok = 0; plan = ""
	}
	next
}

lvl == "results" && msg ~ /^\{/ {
	c = field(msg, "case"); result = field(msg, "result", 1)
	if (field(msg, "definition") == "lava") {
		if (c == "job") {
			job = result
			jobwhy = field(msg, "error_type") ": " field(msg, "error_msg")
		} else if (result != "pass")
			say("lava: " c " " result)
		next
	}
	lava[c] = result
	if (c in status) {
		detail = oks[c] " ok, " noks[c] " not ok, exit " status[c]
		if (plans[c] == "")
			detail = detail ", no plan"
		else if (plans[c] != oks[c] + noks[c])
			detail = detail ", plan 1.." plans[c]
	} else
		detail = "no exit status"
	d = field(msg, "duration")
	say(sprintf("lava: %-4s %-20s (%s s; ours: %s)", result, c, d == "" ? "?" : d, detail))
	next
}

lvl == "error" || lvl == "exception" {
	say("lava-run: " lvl ": " (msg ~ /^"/ ? str(substr(msg, 2)) : msg))
}

END {
	lpass = lfail = ran = 0
	for (c in lava)
		if (lava[c] == "pass") lpass++; else lfail++
	opass = ofail = 0
	for (i = 1; i <= n; i++) {
		c = expected[i]
		if (c in lava)
			ran++
		else
			say("lava: no result for " c)
		if (!(c in status)) {
			ofail++
			continue
		}
		opass += oks[c]; ofail += noks[c]
		if (status[c] != 0 || oks[c] + noks[c] == 0 || plans[c] != oks[c] + noks[c])
			ofail++
	}
	ofail += problems
	if (job == "")
		say("lava: the job left no result")
	else if (job != "pass")
		say("lava: job failed: " jobwhy)
	say(sprintf("lava: %d passed, %d failed%s", lpass, lfail,
		ran == n ? "" : sprintf(" (%d of %d tests ran)", ran, n)))
	say(sprintf("ours: %d passed, %d failed", opass, ofail))
	exit !(job == "pass" && lfail == 0 && ran == n && ofail == 0)
}
'
