#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench: stock 6.1 (build/kernel-stock: the same tarball without the
# series, the same config less the feature) beside the patched kernel
# (build/kernel), booted in the same QEMU, alternating, RUNS times each.
# Timings are the kernel's own: the PM core's phase times
# (pm_debug_messages), ktime in the bench module (tests/bench/module), the
# printk stamps around of_platform_default_populate_init (initcall_debug).
# QEMU runs with -icount, so the guest's clocks count instructions (1 ns
# each): a figure repeats exactly from run to run and host load does not
# move it; it compares the code both kernels run, not hardware time.
# Prints one table (figure, stock, patched, ratio: medians, with min and
# max), saves it as build/bench/results.txt and .json, and plots time
# against N for both kernels (build/bench/plot.png).  A benchmark, not a
# test: it asserts nothing.
#
#   run.sh [RUNS]
#
# PARTS (default all of them): which parts to run, of transitions,
# runtime, callbacks, slab (one boot of each kernel) and boot (the boots
# with N nodes); PARTS=callbacks measures a change to a move in a minute.
# A part's figures depend on what ran before it in the same boot (the
# runtime ones moved by up to 5% without the transitions before them):
# compare a part with the same part.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
runs=${1:-${RUNS:-3}}
PARTS=${PARTS:-transitions runtime callbacks slab boot}
part() { case " $PARTS " in *" $1 "*) return 0 ;; esac; return 1; }
b=$top/build
work=$b/bench
patched=$b/kernel stock=$b/kernel-stock
mkdir -p "$work"
rm -f "$work"/*.fig "$work/plot.png"

# The bench module, built against each kernel, rides in the guest script.
for k in stock patched; do
	out=${!k}
	m=$work/module-$k
	rm -rf "$m" && mkdir -p "$m"
	cp tests/bench/module/pm_bench.c tests/bench/module/Makefile "$m/"
	make -s -C "$out" M="$m" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- \
		CC="ccache aarch64-linux-gnu-gcc" modules >/dev/null
	table=0
	[ $k = stock ] || table=1
	{ echo "TABLE=$table"; echo "PARTS='$PARTS'"; sed '/^@KO@$/,$d' tests/bench/guest.sh; base64 "$m/pm_bench.ko";
	  sed '1,/^@KO@$/d' tests/bench/guest.sh; } > "$work/guest-$k.sh"
done

dtb() { make -s --no-print-directory dtb print-dtb OVERLAYS="$1" | tail -n 1; }
plain_dtb=$(dtb "")

boot() {	# boot KERNEL DTB SCRIPT LOG [CMDLINE]: the script's output
	local out=${!1}
	boot/qemu.sh --kernel "$out/arch/arm64/boot/Image" --dtb "$2" \
		--initrd "$out/initramfs.cpio.gz" --script "$3" --log "$4" \
		--cmdline "${5:-}" --timeout 900 --icount >/dev/null
	cat "${4%.log}.tap"
}

# Nodes for the boot figures: N platform devices no driver binds, with or
# without a table (stock reads the same DTB and ignores the tables).
gen() {	# gen N tabled|plain
	echo '/dts-v1/;'
	echo '/plugin/;'
	echo '&{/} {'
	echo '	bench-power-states {'
	echo '		bst_on: state-on { compatible = "device-power-state"; power-state-name = "on"; };'
	echo '		bst_off: state-off { compatible = "device-power-state"; power-state-name = "off"; context-lost; };'
	echo '	};'
	for ((i = 0; i < $1; i++)); do
		printf '\tbench-%d {\n\t\tcompatible = "pmstate,bench-node";\n' "$i"
		[ "$2" = plain ] || printf '\t\tpower-states = <&bst_on>, <&bst_off>;\n\t\tsystem-power-states = <&bst_off>;\n\t\tsystem-power-state-names = "suspend";\n'
		printf '\t};\n'
	done
	echo '};'
}
echo 'exit 0' > "$work/idle.sh"
populate() {	# populate LOG: "populate_us init_us" from printk stamps
	awk 'function ts(s) { s = $2; gsub(/[^0-9.]/, "", s); return int(s * 1000000) }
	     /calling  of_platform_default_populate_init/ { a = ts() }
	     /initcall of_platform_default_populate_init.* returned/ { p = ts() - a }
	     /Run \/init as init process/ { t = ts() }
	     END { print p + 0, t + 0 }' "$1"
}

for ((r = 1; r <= runs; r++)); do
	for k in stock patched; do
		part transitions || part runtime || part callbacks || part slab || continue
		echo "bench: run $r of $runs: $k: transitions, runtime, memory" >&2
		# A step the guest could not measure stops the bench, named.
		if ! boot $k "$plain_dtb" "$work/guest-$k.sh" "$work/$k-$r.log" |
			awk -v k=$k '$1 == "fig" { print $2, $3 >> ("'"$work"'/" k ".fig") }'; then
			grep -h '^error ' "$work/$k.fig" >&2 || true
			echo "bench: $k: the guest script failed (console: $work/$k-$r.log)" >&2
			exit 1
		fi
	done
	for n in 100 1000 5000; do
		part boot || continue
		for v in plain tabled; do
			[ -e "$work/boot-$n-$v.dtso" ] || gen $n $v > "$work/boot-$n-$v.dtso"
			d=$(dtb "$work/boot-$n-$v.dtso")
			for k in stock patched; do
				[ $k = patched ] || [ $v = tabled ] || continue
				echo "bench: run $r of $runs: $k: boot with $n $v nodes" >&2
				boot $k "$d" "$work/idle.sh" "$work/boot-$k-$n-$v-$r.log" \
					"initcall_debug loglevel=8" >/dev/null
				read -r p t < <(populate "$work/boot-$k-$n-$v-$r.log")
				echo "populate.n$n.$v $p" >> "$work/$k.fig"
				echo "init.n$n.$v $t" >> "$work/$k.fig"
			done
		done
	done
done
tests/bench/report.sh "$work"
