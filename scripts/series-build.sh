#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make series-build: build the series one commit at a time, in order, so
# that the first patch that breaks the build or adds a warning is named.
# The commits of the tree (build/linux, pmstate-base..HEAD: what `make
# refresh` exports) are checked out one after the other in a worktree,
# build/series/linux, and built incrementally in build/series/kernel:
#
#  - the .config is made again (allnoconfig plus the fragments, as
#    scripts/config.sh does) when a commit touches a Kconfig file; a symbol
#    that no Kconfig of that commit knows yet is left out, so the feature
#    is built from the first commit whose Kconfig lets it be enabled (with
#    COMPILE_TEST, scripts/series-build.config, before the arm64 patch);
#  - `make Image modules`: an error, or any compiler warning, stops the run;
#  - the .c files the commit touches that the .config builds are compiled
#    again with W=1, and a warning that the commit before did not give
#    stops the run;
#  - at the end, scripts/series-rewrites.sh: a commit that changes or
#    deletes more than 10 lines an earlier commit added fails the run (the
#    series tells one story).
#
# Each step prints one line, and build/series/report.txt keeps them.  Not
# part of make check: a full run rebuilds what each patch touches (a patch
# to a header everything includes rebuilds most of the kernel).
#
#   series-build.sh FROM FRAGMENT...	start at the FROM-th commit (1-based;
#					the one before it is built first,
#					unchecked); the config fragments
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
tree=$top/build/linux
wt=$top/build/series/linux
out=$top/build/series/kernel
report=$top/build/series/report.txt
from=$1
shift
frags=("$@")
kmake=(make -s -C "$wt" O="$out" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-
       CC="ccache aarch64-linux-gnu-gcc" LOCALVERSION= -j"$(nproc)")
export CCACHE_BASEDIR=$top

mapfile -t commits < <(git -C "$tree" rev-list --reverse pmstate-base..HEAD)
[ "${#commits[@]}" -gt 0 ] || { echo "series-build: no commits in $tree" >&2; exit 1; }
[ "$from" -ge 1 ] && [ "$from" -le "${#commits[@]}" ] ||
	{ echo "series-build: FROM must be 1 to ${#commits[@]}" >&2; exit 1; }

mkdir -p "$out"
# A tree extracted again (make tree) forgets the worktree: make it again.
if ! git -C "$wt" rev-parse --git-dir >/dev/null 2>&1; then
	rm -rf "$wt"
	git -C "$tree" worktree prune
	git -C "$tree" worktree add -q --detach "$wt" pmstate-base
fi

config() { PARTIAL=1 "$top/scripts/config.sh" "$wt" "$out" "${frags[@]}" >/dev/null; }

# The W=1 warnings of the built .c files among FILES..., one per line,
# without line numbers (a line moved is not a new warning).  The object is
# removed first: one already built with W=1 would say nothing.
w1() {
	local f o
	for f in "$@"; do
		case $f in *.c) ;; *) continue ;; esac
		o=${f%.c}.o
		[ -e "$out/$o" ] || continue
		rm -f "$out/$o"
		"${kmake[@]}" W=1 "$o" 2>&1 | grep -E 'warning:' |
			sed -E 's/:[0-9]+(:[0-9]+)?:/:/' || true
	done | sort -u
}

# Check out commit INDEX (0-based) and build it; with CHECK, fail on what
# it adds.  Prints the step's line.
step() {
	local i=$1 check=$2 c=${commits[$1]} files before after log t0
	local subject
	subject=$(git -C "$tree" log -1 --format=%s "$c")
	mapfile -t files < <(git -C "$tree" diff --name-only "$c~1" "$c")
	before=
	[ "$check" = 1 ] && before=$(w1 "${files[@]}")
	git -C "$wt" checkout -q --detach "$c"
	t0=$SECONDS
	if [ ! -e "$out/.config" ] || printf '%s\n' "${files[@]}" | grep -q 'Kconfig'; then
		config || { echo "FAIL $((i + 1)) $subject: the config cannot be made"; return 1; }
	fi
	log=$out/build-$((i + 1)).log
	if ! "${kmake[@]}" Image modules >"$log" 2>&1; then
		grep -E 'error:|Error [0-9]' "$log" | head -5 >&2
		echo "FAIL $((i + 1)) $subject: does not build ($log)"
		return 1
	fi
	if [ "$check" = 1 ] && grep -q 'warning:' "$log"; then
		grep 'warning:' "$log" | head -5 >&2
		echo "FAIL $((i + 1)) $subject: the build warns ($log)"
		return 1
	fi
	if [ "$check" = 1 ]; then
		after=$(w1 "${files[@]}")
		if [ -n "$after" ] && [ -n "$(comm -13 <(echo "$before") <(echo "$after"))" ]; then
			comm -13 <(echo "$before") <(echo "$after") | head -5 >&2
			echo "FAIL $((i + 1)) $subject: adds a W=1 warning"
			return 1
		fi
	fi
	echo "ok $((i + 1)) $subject ($((SECONDS - t0)) s$(grep -q '^CONFIG_PM_STATE=y' "$out/.config" || echo ', feature not yet enabled'))"
}

start=$SECONDS
: > "$report"
# The commit before FROM, as the base the first checked one is compared with.
say() { echo "$1" | tee -a "$report"; }
stop() {
	say "series-build: stopped at commit $1 of ${#commits[@]} after $((SECONDS - start)) s"
	exit 1
}
if [ "$from" -gt 1 ]; then
	line=$(step $((from - 2)) 0) || { say "$line"; stop $((from - 1)); }
	say "${line/#ok /base }"
fi
for ((i = from - 1; i < ${#commits[@]}; i++)); do
	line=$(step "$i" 1) || { say "$line"; stop $((i + 1)); }
	say "$line"
done
echo "series-build: ${#commits[@]} commits, $((${#commits[@]} - from + 1)) checked, each builds without a new warning; $((SECONDS - start)) s" | tee -a "$report"

# One story: no commit takes back more than a few lines of an earlier one.
say "series-build: lines each commit changes or deletes of earlier commits (most first):"
"$top/scripts/series-rewrites.sh" "$tree" 10 2>&1 | tee -a "$report"
