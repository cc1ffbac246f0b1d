#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build Image and modules in OUT and install the modules into OUT/modroot,
# unless nothing kbuild reads has changed since the last build there: the
# tree's HEAD with no uncommitted change, the .config and the toolchain.
# kbuild's own no-op walk takes tens of seconds on 2 cores; this takes one.
#
#   kernel.sh TREE OUT MAKE_ARGS...     (MAKE_ARGS: the Makefile's KMAKE)
set -euo pipefail
tree=$1 out=$2
shift 2
stamp=$out/.pmstate-built
want="$(git -C "$tree" rev-parse HEAD) $(sha256sum < "$out/.config" | cut -c1-16) $(aarch64-linux-gnu-gcc -dumpfullversion)"
if [ -e "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -e "$out/arch/arm64/boot/Image" ] &&
   [ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ]; then
	exit 0
fi
rm -f "$stamp"
echo "kernel: building Image and modules in ${out#"$PWD"/}"
"$@" Image modules
rm -rf "$out/modroot"
"$@" INSTALL_MOD_PATH="$out/modroot" modules_install >/dev/null
# A build of uncommitted changes leaves no stamp: the committed tree may differ.
[ -n "$(git -C "$tree" status --porcelain --untracked-files=no)" ] || echo "$want" > "$stamp"
