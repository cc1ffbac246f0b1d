#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build stock 6.1 beside the patched kernel, for make bench: the same
# tarball without the series (a worktree of the tree at pmstate-base), the
# same config less the feature (the fragments without their PM_STATE
# symbols), in its own build folder.
#
#   stock.sh TREE STOCK_TREE STOCK_OUT FRAGMENT...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tree=$1 stock=$2 out=$3
shift 3
# A worktree whose tree was extracted again since is dropped and made anew.
if [ -d "$stock" ] && ! git -C "$stock" rev-parse -q --verify HEAD >/dev/null 2>&1; then
	rm -rf "$stock"
	git -C "$tree" worktree prune
fi
[ -d "$stock" ] || git -C "$tree" worktree add -q --detach "$stock" pmstate-base
mkdir -p "$out/fragments"
frags=()
for f in "$@"; do
	g=$out/fragments/$(basename "$f")
	grep -v '^CONFIG_PM_STATE' "$f" > "$g.new"
	cmp -s "$g.new" "$g" && rm "$g.new" || mv "$g.new" "$g"
	frags+=("$g")
done
if [ ! -e "$out/.config" ] || [ -n "$(find "${frags[@]}" -newer "$out/.config")" ]; then
	"$here/config.sh" "$stock" "$out" "${frags[@]}"
fi
"$here/kernel.sh" "$stock" "$out" make -s -C "$stock" O="$out" ARCH=arm64 \
	CROSS_COMPILE=aarch64-linux-gnu- CC="ccache aarch64-linux-gnu-gcc" LOCALVERSION= -j"$(nproc)"
