#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Make the kernel .config: allnoconfig plus the project's fragments, merged
# by the tree's own merge_config.sh.  Fails when any symbol a fragment asks
# for did not make it into the final .config (a typo, or an unmet
# dependency), naming the symbol and the fragment.
#
#   [PARTIAL=1] config.sh TREE OUT FRAGMENT...
#
# PARTIAL=1 (make series-build, for commits whose Kconfig does not know
# every symbol yet): leaves such symbols out instead of failing.
set -euo pipefail
tree=$1 out=$2
shift 2
frags=()
for f in "$@"; do frags+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")"); done

echo "config: allnoconfig + ${*}"
(cd "$tree" && ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- \
	scripts/kconfig/merge_config.sh -n -O "$out" "${frags[@]}" >"$out/merge_config.log" 2>&1) || {
	cat "$out/merge_config.log" >&2
	echo "config: merge_config.sh failed" >&2
	exit 1
}

[ "${PARTIAL:-}" != 1 ] || exit 0
bad=0
for f in "${frags[@]}"; do
	while IFS= read -r line; do
		case $line in
		CONFIG_*=*) sym=${line%%=*} want=$line ;;
		"# CONFIG_"*" is not set") sym=${line#\# }; sym=${sym%% *}; want=$line ;;
		*) continue ;;
		esac
		got=$(grep -E "^$sym=|^# $sym is not set" "$out/.config" || true)
		if [ "$want" != "$got" ] && ! { [ -z "$got" ] && [ "${want#\# }" != "$want" ]; }; then
			echo "config: ${f#"$PWD"/}: wants '$want', final .config has '${got:-nothing}'" >&2
			bad=1
		fi
	done < "$f"
done
if [ $bad -ne 0 ]; then
	rm -f "$out/.config"
	exit 1
fi
