#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build Image and modules in OUT and install the modules into OUT/modroot,
# unless nothing kbuild reads has changed since the last build there: the
# tree's HEAD with no uncommitted change, the .config and the toolchain.
# kbuild's own no-op walk takes tens of seconds on 2 cores; this takes one.
#
#   [DEBUG_PATCHES=DIR] kernel.sh TREE OUT MAKE_ARGS...
#                                       (MAKE_ARGS: the Makefile's KMAKE)
#
# DEBUG_PATCHES: patches of the test kernel alone (tests/debug-patches),
# applied to the tree for this build and taken off after it, so the tree
# stays the series (tree.sh takes them off if a killed build left them).
set -euo pipefail
tree=$1 out=$2
shift 2
stamp=$out/.pmstate-built
extra=()
if [ -n "${DEBUG_PATCHES:-}" ]; then
	shopt -s nullglob
	extra=("$(cd "$DEBUG_PATCHES" && pwd)"/*.patch)
	shopt -u nullglob
fi
want="$(git -C "$tree" rev-parse HEAD) $(sha256sum < "$out/.config" | cut -c1-16) $(aarch64-linux-gnu-gcc -dumpfullversion)"
want="$want $(cat "${extra[@]}" /dev/null | sha256sum | cut -c1-16)"
if [ -e "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -e "$out/arch/arm64/boot/Image" ] &&
   [ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ]; then
	exit 0
fi
rm -f "$stamp"
if [ ${#extra[@]} -gt 0 ]; then
	[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
		{ echo "kernel: $tree has uncommitted changes; not applying ${extra[*]}" >&2; exit 1; }
	trap 'git -C "$tree" apply -R "${extra[@]}"' EXIT
	git -C "$tree" apply "${extra[@]}" || { trap - EXIT; exit 1; }
fi
echo "kernel: building Image and modules in ${out#"$PWD"/}${extra:+ (with ${#extra[@]} test patches)}"
"$@" Image modules
rm -rf "$out/modroot"
"$@" INSTALL_MOD_PATH="$out/modroot" modules_install >/dev/null
if [ ${#extra[@]} -gt 0 ]; then
	git -C "$tree" apply -R "${extra[@]}"
	trap - EXIT
fi
# A build of uncommitted changes leaves no stamp: the committed tree may differ.
[ -n "$(git -C "$tree" status --porcelain --untracked-files=no)" ] || echo "$want" > "$stamp"
