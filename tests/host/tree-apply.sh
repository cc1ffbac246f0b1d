#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: tree.sh applies, re-applies only from a changed patch, refuses a dirty tree, names a patch that does not apply; refresh.sh exports stably
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
top=$(pwd)
fail() { echo "FAIL: $*"; exit 1; }

# A tiny "kernel" tarball and a two-patch series made against it.
mkdir -p "$work/src/linux-x" "$work/series" "$work/gen"
printf 'one\n' > "$work/src/linux-x/a"
printf 'two\n' > "$work/src/linux-x/b"
printf '*.o\n# Debian packaging: ignore everything at the top level\n/*\n!/debian/\n' > "$work/src/linux-x/.gitignore"
tar -C "$work/src" -cJf "$work/linux-x.tar.xz" linux-x
(
	cd "$work/gen" && tar -xf "$work/linux-x.tar.xz" --strip-components=1 && rm .gitignore
	git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -q -m base
	echo uno > a && git -c user.name=t -c user.email=t@t commit -q -am "a: change"
	echo dos > b && git -c user.name=t -c user.email=t@t commit -q -am "b: change"
	git format-patch -q --zero-commit --no-signature -N -o "$work/series" HEAD~2
)

"$top/scripts/tree.sh" "$work/tree" "$work/linux-x.tar.xz" "$work/series" > "$work/log1" 2>&1 ||
	{ cat "$work/log1"; fail "clean apply failed"; }
[ "$(cat "$work/tree/a") $(cat "$work/tree/b")" = "uno dos" ] || fail "series not applied"
[ "$(git -C "$work/tree" rev-list --count HEAD)" = 3 ] || fail "expected base + 2 commits"

# Nothing changed: nothing re-applied.
"$top/scripts/tree.sh" "$work/tree" "$work/linux-x.tar.xz" "$work/series" > "$work/log2" 2>&1
! grep -q applying "$work/log2" || fail "an unchanged series was re-applied"

# Changing the second patch (its message) re-applies only that one.
sed -i 's/^Subject: \[PATCH\] b: change/Subject: [PATCH] b: change it/' "$work/series/0002-"*.patch
"$top/scripts/tree.sh" "$work/tree" "$work/linux-x.tar.xz" "$work/series" > "$work/log3" 2>&1 ||
	{ cat "$work/log3"; fail "re-apply failed"; }
grep -q 'rewinding to patch 1 of 2' "$work/log3" || { cat "$work/log3"; fail "did not rewind to the changed patch"; }
[ "$(grep -c applying "$work/log3")" = 1 ] || fail "re-applied more than the changed patch"

# Uncommitted work in the tree is never thrown away.
echo local > "$work/tree/a"
if "$top/scripts/tree.sh" "$work/tree" "$work/linux-x.tar.xz" "$work/series" > "$work/log4" 2>&1; then
	fail "a dirty tree was accepted"
fi
grep -q 'uncommitted changes' "$work/log4" || fail "no message for the dirty tree"
git -C "$work/tree" checkout -q a

# refresh exports a new commit into the series; the tree is then current.
echo three > "$work/tree/c"
git -C "$work/tree" add c
git -C "$work/tree" -c user.name=t -c user.email=t@t commit -q -m "c: add"
"$top/scripts/refresh.sh" "$work/tree" "$work/series" > "$work/log6" 2>&1 || { cat "$work/log6"; fail "refresh failed"; }
[ -e "$work/series/0003-c-add.patch" ] || { ls "$work/series"; fail "refresh did not export the new commit"; }
"$top/scripts/tree.sh" "$work/tree" "$work/linux-x.tar.xz" "$work/series" > "$work/log7" 2>&1 || { cat "$work/log7"; fail "tree after refresh"; }
! grep -q applying "$work/log7" || fail "refresh left the tree looking stale"
sum=$(sha256sum "$work/series/"*.patch)
"$top/scripts/refresh.sh" "$work/tree" "$work/series" > /dev/null 2>&1
[ "$sum" = "$(sha256sum "$work/series/"*.patch)" ] || fail "re-exporting an unchanged tree changed the patches"

# A patch that does not apply stops the build, naming the patch.
sed -i 's/^-two$/-zwei/' "$work/series/0002-"*.patch
if "$top/scripts/tree.sh" "$work/tree" "$work/linux-x.tar.xz" "$work/series" > "$work/log5" 2>&1; then
	fail "a broken patch was accepted"
fi
grep -q "patch does not apply: .*/0002-b-change[a-z-]*\.patch$" "$work/log5" || { cat "$work/log5"; fail "message does not name the patch"; }
echo "apply, no-op, partial re-apply, dirty-tree refusal and broken patch all behave"
