#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot-time cost of parsing power-state tables: the same kernel booted with
# N extra platform device nodes without tables (the baseline) and with the
# same nodes carrying tables, RUNS times each, alternating.  Reports the
# median time of of_platform_default_populate_init (initcall_debug) and of
# the boot to /init, side by side.  A benchmark, not a test: it asserts
# nothing about speed.
#
#   tests/bench/parse-cost.sh [N] [RUNS]
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
n=${1:-1000} runs=${2:-5}
b=$top/build
out=${KERNEL_OUT:-$b/kernel}
work=$b/bench
mkdir -p "$work"

gen() {	# gen tabled|plain > overlay
	echo '/dts-v1/;'
	echo '/plugin/;'
	echo '&{/} {'
	echo '	bench-power-states {'
	echo '		bst_on: state-on { compatible = "device-power-state"; power-state-name = "on"; power-state-value = <0>; };'
	echo '		bst_off: state-off { compatible = "device-power-state"; power-state-name = "off"; power-state-value = <3>; context-lost; };'
	echo '	};'
	for ((i = 0; i < n; i++)); do
		printf '\tbench-%d {\n\t\tcompatible = "pmstate,bench-node";\n' "$i"
		if [ "$1" = tabled ]; then
			printf '\t\tpower-states = <&bst_on>, <&bst_off>;\n'
			printf '\t\tsystem-power-states = <&bst_off>, <&bst_off>;\n'
			printf '\t\tsystem-power-state-names = "suspend", "shutdown";\n'
		fi
		printf '\t};\n'
	done
	echo '};'
}
gen plain > "$work/plain.dtso"
gen tabled > "$work/tabled.dtso"
echo 'exit 0' > "$work/idle.sh"

measure() {	# measure VARIANT RUN -> "populate_us init_us tables"
	local v=$1 r=$2 dtb log
	dtb=$(make -s --no-print-directory dtb print-dtb OVERLAYS="$work/$v.dtso" | tail -n 1)
	log=$work/$v-$r.log
	boot/qemu.sh --kernel "$out/arch/arm64/boot/Image" --dtb "$dtb" --initrd "$out/initramfs.cpio.gz" \
		--script "$work/idle.sh" --log "$log" --cmdline "initcall_debug loglevel=8" --timeout 600 >/dev/null
	# printk time stamps: the initcall's own "after N usecs" is jiffy-grained here
	awk 'function ts(s) { s = $2; gsub(/[^0-9.]/, "", s); return int(s * 1000000) }
	     /calling  of_platform_default_populate_init/ { a = ts() }
	     /initcall of_platform_default_populate_init.* returned/ { p = ts() - a }
	     /Run \/init as init process/ { t = ts() }
	     END { print p + 0, t + 0 }' "$log"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

for ((r = 1; r <= runs; r++)); do
	for v in plain tabled; do
		echo "$v $(measure $v $r)"
	done
done > "$work/results"

printf '%d device nodes, %d boots each, median of each:\n' "$n" "$runs"
printf '%-28s %16s %16s\n' "" "without tables" "with tables"
for col in 2 3; do
	label=$([ $col = 2 ] && echo "of_platform populate (us)" || echo "boot to /init (us)")
	p=$(awk -v c=$col '$1 == "plain" { print $c }' "$work/results" | median)
	t=$(awk -v c=$col '$1 == "tabled" { print $c }' "$work/results" | median)
	printf '%-28s %16s %16s   (+%s us, %s us per device)\n' "$label" "$p" "$t" "$((t - p))" \
		"$(echo "scale=2; ($t - $p) / $n" | bc)"
done
moved=$(grep -c ': pm_state: shutdown -> off' "$work/tabled-1.log" || true)
echo "(logs in ${work#"$top"/}; devices the tabled boot moved at poweroff, i.e. that got a table: $moved)"
