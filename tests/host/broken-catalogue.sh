#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: every wrong table of dts/broken/ has an expect line and a guest test that boots it, and each broken-*.sh holds the expect line of every overlay it boots, word for word
set -u
# The guest cannot read dts/: its scripts carry a copy of the expect lines,
# which must not drift from the catalogue.
fail=0
for ov in dts/broken/*.dtso; do
	expect=$(sed -n 's|^/\* expect: \(.*\) \*/$|\1|p' "$ov")
	[ "$(printf '%s\n' "$expect" | sed '/^$/d' | wc -l)" -eq 1 ] ||
		{ echo "FAIL: $ov has not one /* expect: ... */ line"; fail=1; continue; }
	users=
	for t in tests/guest/*.sh; do
		case " $(sed -n 's/^# overlays: *//p' "$t") " in *" $ov "*) users="$users $t" ;; esac
	done
	[ -n "$users" ] || { echo "FAIL: no guest test boots $ov"; fail=1; continue; }
	for t in $users; do
		case $t in */broken-*) ;; *) continue ;; esac
		grep -qF -- "$expect" "$t" ||
			{ echo "FAIL: $t boots $ov but does not expect: $expect"; fail=1; }
	done
	echo "$ov:$users"
done
[ "$fail" -eq 0 ] || exit 1
echo "every dts/broken/ table is booted, and its broken-*.sh expects its message word for word"
