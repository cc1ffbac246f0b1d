#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Device-phase time of s2idle ("mem" at pm_test=platform: every device
# phase, no wait for a wake source) with N tabled test devices, mapped off
# for suspend, booted once per kernel given.  Prints, per kernel, the median
# over CYCLES cycles of the sum of the phase times the PM core itself
# reports with pm_debug_messages (suspend, late, noirq and back; "start
# suspend" is left out of the sum, as it contains "suspend"), in ms, and
# each phase's median.
# A benchmark, not a test: it asserts nothing about speed.
#
#   tests/bench/sleep-phases.sh [N] [CYCLES] KERNEL_OUT...
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
n=${1:-40} cycles=${2:-10}
shift 2 || true
[ $# -gt 0 ] || set -- "$top/build/kernel"
work=$top/build/bench
mkdir -p "$work"

{
	echo '/dts-v1/;'
	echo '/plugin/;'
	echo '&{/} {'
	for ((i = 0; i < n; i++)); do
		printf '\ttest-device-bench%d {\n\t\tcompatible = "pmstate,test-device";\n' "$i"
		printf '\t\tpower-states = <&pst_on>, <&pst_off>;\n'
		printf '\t\tsystem-power-states = <&pst_off>;\n'
		printf '\t\tsystem-power-state-names = "suspend";\n\t};\n'
	done
	echo '};'
} > "$work/sleep-$n.dtso"
dtb=$work/sleep-$n.dtb
BOOT=direct boot/mkdtb.sh "$dtb" dts/virt-pmstate.dtso "$work/sleep-$n.dtso"

cat > "$work/sleep-phases-guest.sh" <<GUEST
mod=\$(find /lib/modules/\$(uname -r) -name pm_state_test_dev.ko | head -n 1)
[ -z "\$mod" ] || insmod "\$mod"
echo 1 > /sys/power/pm_debug_messages
echo platform > /sys/power/pm_test
i=0
while [ \$i -lt $cycles ]; do
	i=\$((i + 1))
	dmesg -c > /dev/null
	echo mem > /sys/power/state || exit 1
	dmesg | sed -n 's/.*PM: \(.*\) of devices complete after \([0-9.]*\) msecs.*/\1|\2/p' |
		awk -F'|' '{ gsub(/ /, "_", \$1); printf "phase %s %s\n", \$1, \$2 }
			\$1 != "start_suspend" { t += \$2 } END { printf "cycle %.3f\n", t }'
done
GUEST

for out in "$@"; do
	log=$work/sleep-phases-$(basename "$out").log
	boot/qemu.sh --kernel "$out/arch/arm64/boot/Image" --dtb "$dtb" \
		--initrd "$out/initramfs.cpio.gz" --script "$work/sleep-phases-guest.sh" \
		--cmdline "" --log "$log" --tap "$log.tap" --timeout 300 >/dev/null
	awk '/^cycle / { print $2 }' "$log.tap" | sort -n |
		awk -v k="$(basename "$out")" -v n="$n" '{ v[NR] = $1 } END {
			printf "%s: %d tabled devices, %d cycles: device phases median %.3f ms (min %.3f, max %.3f)\n",
				k, n, NR, v[int((NR + 1) / 2)], v[1], v[NR] }'
	# Each phase's median, to see where the time goes.
	for ph in $(awk '/^phase / { print $2 }' "$log.tap" | sort -u); do
		awk -v p="$ph" '$1 == "phase" && $2 == p { print $3 }' "$log.tap" | sort -n |
			awk -v p="$ph" '{ v[NR] = $1 } END { printf "  %-20s %9.3f ms\n", p, v[int((NR + 1) / 2)] }'
	done
done
