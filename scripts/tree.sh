#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Keep the extracted kernel tree in step with the patch series.
#
#   [DEBUG_PATCHES=DIR] tree.sh TREE TARBALL SERIES_DIR...
#
# The tree is a git repo: one base commit holding the pristine tarball, then
# one commit per patch, applied with `git am` in the order of SERIES_DIR and
# of the file names inside each (the cover letter 0000-* is skipped).
# .pmstate/applied records, per applied commit, the sha256 of the patch file
# it came from, so a changed series re-applies from the first patch that
# differs and no stale tree is reused.  Local work is never thrown away: a
# tree with uncommitted changes or commits that no patch carries is refused.
set -euo pipefail

tree=$1 tarball=$2
shift 2
series=()
# A series folder that does not exist yet is an empty one.
for d in "$@"; do [ ! -d "$d" ] || series+=("$(cd "$d" && pwd)"); done

top=$(pwd)
die() { echo "tree: $*" >&2; exit 1; }

series_files() {
	local dir f
	for dir in "$@"; do
		for f in "$dir"/[0-9][0-9][0-9][0-9]-*.patch; do
			[ -e "$f" ] || continue
			case ${f##*/} in 0000-*) continue ;; esac
			echo "$f"
		done
	done
}

if [ ! -d "$tree/.git" ]; then
	[ -r "$tarball" ] || die "$tarball missing (apt-get install linux-source)"
	echo "tree: extracting $tarball into $tree"
	rm -rf "$tree.tmp"
	mkdir -p "$tree.tmp"
	tar -xf "$tarball" -C "$tree.tmp" --strip-components=1
	# Debian's top-level .gitignore ends with "ignore everything at the top
	# level"; drop that stanza or git would track nothing.
	sed -i '/^# Debian packaging/,$d' "$tree.tmp/.gitignore"
	(
		cd "$tree.tmp"
		git init -q -b base
		git config user.name "pmstate maintainers"
		git config user.email "maintainers@users.noreply.a-seed-cc423247.example"
		git config core.abbrev 12
		# A build folder: packing its 75,000 loose objects in the
		# background (gc --auto after the commits) only takes CPU
		# from the kernel build.
		git config gc.auto 0
		# -f: the tree's own .gitignore hides source dotfiles (.yamllint...)
		git add -A -f
		git commit -q -m "base: $(basename "$tarball")"
		git tag pmstate-base
		git checkout -q -b pmstate
	)
	mkdir -p "$tree.tmp/.git/pmstate"
	: > "$tree.tmp/.git/pmstate/applied"
	mv "$tree.tmp" "$tree"
fi

cd "$tree"
state=.git/pmstate/applied
[ -f "$state" ] || die "$tree/$state missing: remove $tree and run again"

# A debug kernel build killed while the test kernel's own patches were
# applied (scripts/kernel.sh; SIGKILL, OOM) left them in the tree.
shopt -s nullglob
debug_patches=(${DEBUG_PATCHES:+"$top/$DEBUG_PATCHES"/*.patch})
shopt -u nullglob
if [ ${#debug_patches[@]} -gt 0 ] && [ -n "$(git status --porcelain --untracked-files=no)" ] &&
   git apply -R --check "${debug_patches[@]}" 2>/dev/null; then
	echo "tree: taking off the test kernel's patches a killed build left"
	git apply -R "${debug_patches[@]}"
fi
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
	die "$tree has uncommitted changes: commit them and run 'make refresh', or 'git -C $tree stash'"
fi
# HEAD must be the last commit we applied (or the base).
last=$(tail -n 1 "$state" | cut -d' ' -f1)
[ -n "$last" ] || last=$(git rev-parse pmstate-base)
if [ "$(git rev-parse HEAD)" != "$last" ]; then
	die "$tree has commits that no patch carries yet: run 'make refresh' to export them, or 'git -C $tree reset --hard $last' to drop them"
fi

# Longest prefix of the series that is already applied, unchanged.
mapfile -t want < <(series_files "${series[@]}")
mapfile -t have < "$state"
keep=0
for i in "${!want[@]}"; do
	[ "$i" -lt "${#have[@]}" ] || break
	sum=$(sha256sum < "${want[$i]}" | cut -d' ' -f1)
	[ "${have[$i]#* }" = "$sum ${want[$i]##*/}" ] || break
	keep=$((i + 1))
done

if [ "$keep" -eq "${#want[@]}" ] && [ "$keep" -eq "${#have[@]}" ]; then
	exit 0
fi

if [ "$keep" -gt 0 ]; then
	target=$(sed -n "${keep}p" "$state" | cut -d' ' -f1)
else
	target=$(git rev-parse pmstate-base)
fi
if [ "$keep" -lt "${#have[@]}" ]; then
	echo "tree: rewinding to patch $keep of ${#have[@]}"
	git reset -q --hard "$target"
	head -n "$keep" "$state" > "$state.new"
	mv "$state.new" "$state"
fi

for ((i = keep; i < ${#want[@]}; i++)); do
	p=${want[$i]}
	echo "tree: applying ${p#"$top"/}"
	if ! git am -q --keep-cr --committer-date-is-author-date "$p" 2>/tmp/pmstate-am.$$; then
		cat /tmp/pmstate-am.$$ >&2
		rm -f /tmp/pmstate-am.$$
		git am --abort >/dev/null 2>&1 || true
		die "patch does not apply: ${p#"$top"/}"
	fi
	rm -f /tmp/pmstate-am.$$
	sum=$(sha256sum < "$p" | cut -d' ' -f1)
	echo "$(git rev-parse HEAD) $sum ${p##*/}" >> "$state"
done
