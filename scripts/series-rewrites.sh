#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# How much of the series each commit takes back: per commit of TREE
# (pmstate-base..HEAD), the lines it deletes or changes that an earlier
# commit of the series added (git blame of the parent), and the commit it
# takes most of them from.  A series that tells one story rewrites a few
# lines of an earlier patch at most (a line a later step extends); the
# largest are printed first.  With MAX, exits 1 if a commit takes back
# more than MAX lines.  Run by make series-build (MAX 10) after the build.
#
#   series-rewrites.sh TREE [MAX]
set -euo pipefail
tree=$1 max=${2:-}
cd "$tree"
base=$(git rev-parse pmstate-base)
n=0
rewrites=$(for c in $(git rev-list --reverse pmstate-base..HEAD); do
	n=$((n + 1))
	p=$c~1
	# "-a,b" of every hunk: b lines of the parent from line a.
	taken=$(git diff -U0 "$p" "$c" | awk '
		/^--- a\// { f = substr($0, 7); next }
		/^--- / { f = ""; next }
		/^@@ / && f != "" {
			split($2, r, ","); a = substr(r[1], 2); b = (2 in r) ? r[2] : 1
			if (b > 0) print f, a, b
		}' | while read -r f a b; do
		git blame -l -s -L "$a,+$b" "$p" -- "$f" | cut -c1-40
	done | grep -v -e "^\^" -e "^$base" | sort | uniq -c | sort -rn || true)
	total=$(awk '{ s += $1 } END { print s + 0 }' <<< "$taken")
	from=$(awk 'NR == 1 { print $2 }' <<< "$taken")
	[ "$total" -eq 0 ] && continue
	printf '%5d %3d %s (most from %s)\n' "$total" "$n" "$(git log -1 --format=%s "$c")" \
		"$(git log -1 --format=%s "$from")"
done | sort -rn)
[ -z "$rewrites" ] || echo "$rewrites"
worst=$(awk 'NR == 1 { print $1 + 0 }' <<< "$rewrites")
if [ -n "$max" ] && [ "${worst:-0}" -gt "$max" ]; then
	echo "series-rewrites: a commit takes back ${worst} lines of earlier ones (more than $max): fold the change into the commit that added them" >&2
	exit 1
fi
