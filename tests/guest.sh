#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot one guest test and print its results as unnumbered TAP for
# tests/check.sh: each of the script's results, then one verdict for the
# boot.  The verdict passes only when the script exited 0 without bailing
# out, its plan (said before its first result) equals the number of results
# it printed, no result is "not ok" and the console shows no kernel report
# (boot/reports.sh) and a taint line without a report's bit.
#
#   guest.sh tests/guest/NAME.sh BOOT      (BOOT: direct or uboot)
#
# The script's header comments say what its boot needs:
#   # overlays: dts/a.dtso ...   overlays instead of the default ones
#   # cmdline: ...               extra kernel arguments
#   # boot: direct uboot         the boot paths it runs on (check.sh)
#   # timeout: 600               seconds (default 180)
#   # drive: 8                   a scratch virtio-blk disk of 8 MiB, /dev/vda
#   # pci: yes                   the PCI devices of boot/machine.sh; the drive,
#                                if any, is their virtio-blk-pci disk
# GUEST_CMDLINE adds kernel arguments after the header's, GUEST_TIMEOUT
# replaces its time limit and GUEST_OVERLAYS its overlays (make soak).
set -uo pipefail
t=$1 boot=$2
top=$(cd "$(dirname "$0")/.." && pwd)
b=$top/build
out=${KERNEL_OUT:-${DEBUG_OUT:-$b/kernel-debug}}
results=${RESULTS:-$b/results}
name=$(basename "$t" .sh)
header() { sed -n "s/^# $1: *//p" "$t"; }
overlays=$(header overlays) cmdline=$(header cmdline) drive=$(header drive) timeout=$(header timeout) pci=$(header pci)
# A caller may add kernel arguments and give more time (make soak).
cmdline="$cmdline${GUEST_CMDLINE:+ $GUEST_CMDLINE}" timeout=${GUEST_TIMEOUT:-$timeout}
overlays=${GUEST_OVERLAYS:-$overlays}

tag=$name
[ "$boot" = direct ] || tag="$name [$boot]"
base=$results/logs/guest-$name-$boot
work=$results/work/guest-$name-$boot
# Nothing of an earlier run may be read as this run's results.
rm -rf "$work" "$base".*
mkdir -p "$work" "$results/logs"

verdict() {	# verdict PROBLEMS...: the boot's own result
	if [ $# -eq 0 ]; then
		echo "ok - guest: $tag: $plan_desc, exit 0, no kernel report"
	else
		echo "not ok - guest: $tag: boot"
		printf '%s\n' "$@" | sed 's/^/# /'
		[ ! -s "$base.log" ] || { echo "# console tail ($base.log):"; tail -n 15 "$base.log" | sed 's/^/#   /'; }
	fi
	rm -rf "$work"
}
plan_desc="no results"

[ -n "$overlays" ] || overlays=$(make -s --no-print-directory print-overlays BOOT="$boot")
if ! dtb=$(make -s --no-print-directory dtb print-dtb OVERLAYS="$overlays" BOOT="$boot" 2>"$work/dtb.err" | tail -n 1); then
	verdict "no DTB with $overlays:" "$(cat "$work/dtb.err")"
	exit 0
fi
img=
if [ -n "$drive" ]; then
	img=$work/drive.img
	truncate -s "${drive}M" "$img"
fi

BOOT=$boot "$top/boot/qemu.sh" --kernel "$out/arch/arm64/boot/Image" --dtb "$dtb" \
	--initrd "$out/initramfs.cpio.gz" --script "$t" --cmdline "$cmdline" \
	--log "$base.log" --tap "$base.tap" --timeout "${timeout:-180}" \
	--fit-dir "$work/fit" ${img:+--drive "$img"} ${pci:+--pci} 2>"$work/boot.err"
rc=$?

# The script's TAP: results, their diagnostics, the plan.
problems=()
awk -v tag="$tag" '
	/^(not )?ok( [0-9]+)?( - |$)/ {
		if (!plans) early++
		s = $0; ok = (s !~ /^not /)
		sub(/^(not )?ok( [0-9]+)?( - )?/, "", s)
		print (ok ? "ok" : "not ok") " - guest: " tag ": " s
		n++; diag = !ok; next
	}
	/^# summary: / { print "# guest: " tag ": " substr($0, 12); next }
	/^# count: [a-z-]+ [0-9]+$/ { print; next }
	/^# / && diag { print; next }
	/^1\.\.[0-9]+$/ { plan = substr($0, 4) + 0; plans++ }
	{ diag = 0 }
	END { printf "%d %d %d %d\n", n, plans, plan, early > "/dev/fd/3" }
' "$base.tap" 3>"$work/counts"
read -r count plans plan early < "$work/counts"
plan_desc="plan 1..$plan, $count results"
grep -q '^not ok' <(grep -E '^(not )?ok( [0-9]+)?( - |$)' "$base.tap") &&
	problems+=("a result is not ok")
[ "$plans" -eq 1 ] || problems+=("$plans plan lines (1..N) where one was due")
[ "$plans" -ne 1 ] || [ "$plan" -eq "$count" ] || problems+=("plan 1..$plan but $count results")
[ "$count" -gt 0 ] || problems+=("no results")
[ "$early" -eq 0 ] || problems+=("$early results before the plan: a plan is said first")
bail=$(grep -m1 '^Bail out!' "$base.tap") && problems+=("$bail")
case $rc in
0) ;;
125) problems+=("$(cat "$work/boot.err")") ;;
*) problems+=("the script exited $rc")
   [ ! -s "$work/boot.err" ] || problems+=("$(cat "$work/boot.err")") ;;
esac
verdict "${problems[@]}"
