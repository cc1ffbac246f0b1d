#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Export the tree's commits back into the series folders.
#
#   refresh.sh TREE SERIES_DIR...      (series in apply order)
#
# Each commit keeps the folder of the patch file that carries its subject
# today; a new (or reworded) commit joins the folder of the commit before
# it.  Folders must stay contiguous in apply order.  Output is stable: no
# commit ids, no version signature, unnumbered subjects, so re-exporting an
# unchanged tree changes no file.  The cover letter's shortlog and diffstat
# are made again from the tree.
set -euo pipefail
tree=$1
shift
dirs=("$@")
die() { echo "refresh: $*" >&2; exit 1; }

[ -d "$tree/.git" ] || die "no tree at $tree (make tree)"
[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
	die "$tree has uncommitted changes: commit them first"

subject_of() {	# the unfolded Subject of a patch file, without [PATCH...]
	awk '/^Subject: /{ s = $0; on = 1; next } on && /^ / { s = s $0; next } on { exit } END { print s }' "$1" |
		sed -E 's/^Subject: *(\[[^]]*\] *)?//'
}

declare -A folder_of
for i in "${!dirs[@]}"; do
	for p in "${dirs[$i]}"/[0-9][0-9][0-9][0-9]-*.patch; do
		[ -e "$p" ] || continue
		case ${p##*/} in 0000-*) continue ;; esac
		folder_of["$(subject_of "$p")"]=$i
	done
done

mapfile -t commits < <(git -C "$tree" rev-list --reverse pmstate-base..HEAD)
[ ${#commits[@]} -gt 0 ] || die "the tree has no commits on top of pmstate-base"
idx=() prev=0
for c in "${commits[@]}"; do
	s=$(git -C "$tree" log -1 --format=%s "$c")
	i=${folder_of["$s"]:-$prev}
	[ "$i" -ge "$prev" ] || die "commit '$s' (${dirs[$i]}) comes after a ${dirs[$prev]} commit: reorder the tree"
	idx+=("$i")
	prev=$i
done

state=$tree/.git/pmstate/applied
: > "$state.new"
for i in "${!dirs[@]}"; do
	d=${dirs[$i]}
	mkdir -p "$d"
	find "$d" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' ! -name '0000-*' -delete
	first= last=
	for k in "${!commits[@]}"; do
		[ "${idx[$k]}" = "$i" ] || continue
		[ -n "$first" ] || first=$k
		last=$k
	done
	[ -n "$first" ] || continue
	git -C "$tree" format-patch -q --zero-commit --no-signature -N --start-number 1 \
		-o "$(cd "$d" && pwd)" "${commits[$first]}~1..${commits[$last]}"
	for ((k = first; k <= last; k++)); do
		p=$(ls "$d"/$(printf '%04d' $((k - first + 1)))-*.patch)
		echo "${commits[$k]} $(sha256sum < "$p" | cut -d' ' -f1) ${p##*/}" >> "$state.new"
	done
	echo "refresh: $d: $((last - first + 1)) patches"
done
mv "$state.new" "$state"

# The cover letter (0000 in the first folder): its text is written by hand,
# its patch count, shortlog and diffstat are made here from the tree, as
# git format-patch --cover-letter makes them.
cover=${dirs[0]}/0000-cover-letter.patch
if [ -f "$cover" ]; then
	n=${#commits[@]}
	{
		awk '/^[^ ].* \([0-9]+\):$/ { exit } { print }' "$cover" |
			sed -E "s|^(Subject: \[PATCH (v[0-9]+ )?00/)[0-9]+\]|\1$n]|"
		git -C "$tree" shortlog pmstate-base..HEAD
		git -C "$tree" diff --stat=72 --summary pmstate-base HEAD
		printf '\n-- \npmstate\n'
	} > "$cover.new"
	mv "$cover.new" "$cover"
	echo "refresh: $cover: shortlog and diffstat of $n commits"
fi
