#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot guest tests and print their results as unnumbered TAP for
# tests/check.sh.
#
#   guest.sh tests/guest/NAME.sh BOOT                 one test, its own boot
#   guest.sh --group BOOT tests/guest/A.sh B.sh ...   several, one boot
#   (BOOT: direct or uboot)
#
# The tests of a group must ask for the same boot in their headers
# (check.sh groups them so); they run one after the other in the order
# given.  For each test: its results, then its verdict, which passes only
# when the script exited 0 without bailing out, its plan (said before its
# first result) equals the number of results it printed, no result is "not
# ok", its part of the console shows no kernel report (boot/reports.sh), the
# kernel gained no report's taint bit and lockdep stayed on while it ran,
# and, when a test follows it in the boot, it left the machine's settings
# as it found them (boot/guest-state).
# A boot of several tests ends with a verdict of its own: the boot
# finished, in time, and showed no report before the first test or after
# the last (kmemleak's scan); a boot of one test folds that into the test's
# verdict.
#
# The script's header comments say what its boot needs:
#   # overlays: dts/a.dtso ...   overlays instead of the default ones
#   # cmdline: ...               extra kernel arguments
#   # boot: direct uboot         the boot paths it runs on (check.sh)
#   # timeout: 600               seconds (default 180; a group's: the sum)
#   # drive: 8                   a scratch virtio-blk disk of 8 MiB, /dev/vda
#   # pci: yes                   the PCI devices of boot/machine.sh; the drive,
#                                if any, is their virtio-blk-pci disk
#   # leaves: WHY                it changes the machine for good, for WHY (a
#                                table a driver changed until the next boot):
#                                it boots alone (if it shares a boot, what it
#                                left is listed, not failed)
# GUEST_CMDLINE adds kernel arguments after the header's, GUEST_TIMEOUT
# replaces its time limit and GUEST_OVERLAYS its overlays (make soak).
# SCRIPT_TIMES=file gets "script NAME BOOT<TAB>seconds" per test (check.sh).
set -uo pipefail
if [ "${1:-}" = --group ]; then
	boot=$2
	shift 2
	scripts=("$@")
else
	scripts=("$1") boot=$2
fi
[ ${#scripts[@]} -gt 0 ] || { echo "guest.sh: no test given" >&2; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/boot/reports.sh"
b=$top/build
out=${KERNEL_OUT:-${DEBUG_OUT:-$b/kernel-debug}}
results=${RESULTS:-$b/results}
t=${scripts[0]}
names=()
for s in "${scripts[@]}"; do names+=("$(basename "$s" .sh)"); done
header() { sed -n "s/^# $1: *//p" "${2:-$t}"; }	# header KEY [SCRIPT]
overlays=$(header overlays) cmdline=$(header cmdline) drive=$(header drive) pci=$(header pci)
timeout=0
for s in "${scripts[@]}"; do
	st=$(sed -n 's/^# timeout: *//p' "$s")
	timeout=$((timeout + ${st:-180}))
done
# A caller may add kernel arguments and give more time (make soak).
cmdline="$cmdline${GUEST_CMDLINE:+ $GUEST_CMDLINE}" timeout=${GUEST_TIMEOUT:-$timeout}
overlays=${GUEST_OVERLAYS:-$overlays}

tag() { if [ "$boot" = direct ]; then echo "$1"; else echo "$1 [$boot]"; fi; }
job=$(IFS=+; echo "${names[*]}")
base=$results/logs/guest-$job-$boot
work=$results/work/guest-$job-$boot
# Nothing of an earlier run may be read as this run's results.
rm -rf "$work" "$base".*
mkdir -p "$work" "$results/logs"

# verdict TAG DESC PROBLEMS...: a test's (or the boot's) own result; a
# failure ends with the tail of the console (CONSOLE: the test's part)
verdict() {
	local tag=$1 desc=$2 console=${CONSOLE:-$base.log}
	shift 2
	if [ $# -eq 0 ]; then
		echo "ok - guest: $tag: $desc"
	else
		echo "not ok - guest: $tag: boot"
		printf '%s\n' "$@" | sed 's/^/# /'
		[ ! -s "$console" ] || { echo "# console tail ($base.log):"; tail -n 15 "$console" | sed 's/^/#   /'; }
	fi
}
# fail_all PROBLEMS...: the boot could not start; every test fails with them
fail_all() {
	local n
	for n in "${names[@]}"; do verdict "$(tag "$n")" "" "$@"; done
	rm -rf "$work"
	exit 0
}

[ -n "$overlays" ] || overlays=$(make -s --no-print-directory print-overlays BOOT="$boot")
if ! dtb=$(make -s --no-print-directory dtb print-dtb OVERLAYS="$overlays" BOOT="$boot" 2>"$work/dtb.err" | tail -n 1); then
	fail_all "no DTB with $overlays:" "$(cat "$work/dtb.err")"
fi
img=
if [ -n "$drive" ]; then
	img=$work/drive.img
	truncate -s "${drive}M" "$img"
fi

script_args=()
for s in "${scripts[@]}"; do script_args+=(--script "$s"); done
BOOT=$boot "$top/boot/qemu.sh" --kernel "$out/arch/arm64/boot/Image" --dtb "$dtb" \
	--initrd "$out/initramfs.cpio.gz" "${script_args[@]}" --segments --cmdline "$cmdline" \
	--log "$base.log" --tap "$base.tap" --timeout "$timeout" \
	--fit-dir "$work/fit" ${img:+--drive "$img"} ${pci:+--pci} 2>"$work/boot.err"
rc=$?
boot_problems=()
case $rc in
0) ;;
125) boot_problems+=("$(cat "$work/boot.err")") ;;
*) boot_problems+=("boot/qemu.sh exited $rc: $(cat "$work/boot.err")") ;;
esac

# Cut the TAP channel and the console at each test's "pmstate-begin:" line:
# tap.N and console.N for the N-th test, console.0 before the first,
# console.end after "pmstate-end" (kmemleak's scan, the last taint line).
awk -v dir="$work" '/^pmstate-begin: / { n++ } { print > (dir "/tap." n) }' "$base.tap"
awk -v dir="$work" 'BEGIN { n = 0 }
	/pmstate-begin: / { n++ } /^pmstate-end$/ { n = "end" }
	{ print > (dir "/console." n) }' "$base.log" 2>/dev/null
touch "$work/console.0" "$work/console.end"

# reports FILE: one "boot: WHAT: first line" per kind of report in FILE
reports() {
	local re what line
	while IFS='	' read -r re what; do
		! line=$(grep -m1 -E "$re" "$1") || echo "boot: $what: $line"
	done <<< "$KERNEL_REPORTS"
}

ended=
for i in "${!scripts[@]}"; do
	n=$((i + 1)) name=${names[i]} seg=$work/tap.$n
	tag=$(tag "$name")
	problems=()
	if [ ! -e "$seg" ] || ! grep -qxF "pmstate-begin: $(basename "${scripts[i]}")" "$seg"; then
		verdict "$tag" "" "did not run: the boot ended before it${ended:+ (in $ended)}" "${boot_problems[@]}"
		continue
	fi
	# The script's TAP: results, their diagnostics, the plan.
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
	' "$seg" 3>"$work/counts"
	read -r count plans plan early < "$work/counts"
	desc="plan 1..$plan, $count results, exit 0, no kernel report"
	[ ${#scripts[@]} -eq 1 ] || desc="$desc, machine as found"
	grep -q '^not ok' <(grep -E '^(not )?ok( [0-9]+)?( - |$)' "$seg") &&
		problems+=("a result is not ok")
	[ "$plans" -eq 1 ] || problems+=("$plans plan lines (1..N) where one was due")
	[ "$plans" -ne 1 ] || [ "$plan" -eq "$count" ] || problems+=("plan 1..$plan but $count results")
	[ "$count" -gt 0 ] || problems+=("no results")
	[ "$early" -eq 0 ] || problems+=("$early results before the plan: a plan is said first")
	bail=$(grep -m1 '^Bail out!' "$seg") && problems+=("$bail")
	status=$(sed -n 's/^pmstate-exit: \([0-9]*\)$/\1/p' "$seg" | tail -n 1)
	if [ -z "$status" ]; then
		problems+=("the script did not finish: the boot ended while it ran")
		ended=$name
	elif [ "$status" -ne 0 ]; then
		problems+=("the script exited $status")
	fi
	mapfile -t reported < <(reports "$work/console.$n")
	problems+=("${reported[@]}")
	taints=($(sed -n 's/^pmstate-tainted: \([0-9]*\)$/\1/p' "$seg"))
	if [ ${#taints[@]} -ge 2 ]; then
		new=$(( taints[-1] & ~taints[0] & TAINT_REPORT_BITS ))
		[ "$new" -eq 0 ] || problems+=("the kernel got tainted (${taints[-1]}) by a report while it ran")
	fi
	! grep -q '^pmstate-debug-locks: 0$' "$seg" ||
		problems+=("lockdep is off (debug_locks 0): nothing checked this script for deadlocks")
	leaves=$(header leaves "${scripts[i]}")
	if grep -q '^pmstate-leftover: ' "$seg" && [ -n "$leaves" ]; then
		desc="${desc%, machine as found}, machine left changed as its header says ($leaves)"
		sed -n 's/^pmstate-leftover: /# left changed: /p' "$seg" | head -n 20
	elif grep -q '^pmstate-leftover: ' "$seg"; then
		problems+=("it left the machine changed (boot/guest-state; - as found, + as left):"
			"$(sed -n 's/^pmstate-leftover: /  /p' "$seg" | head -n 20)")
	fi
	ups=($(sed -n 's/^pmstate-uptime: \([0-9]*\).*/\1/p' "$seg"))
	[ ${#ups[@]} -lt 2 ] || [ -z "${SCRIPT_TIMES:-}" ] ||
		printf 'script %s %s\t%s\n' "$name" "$boot" $((ups[-1] - ups[0])) >> "$SCRIPT_TIMES"
	# One test alone: the boot's problems are its own.
	if [ ${#scripts[@]} -eq 1 ]; then
		mapfile -t reported < <(cat "$work/console.0" "$work/console.end" > "$work/console.rest"; reports "$work/console.rest")
		problems+=("${reported[@]}" "${boot_problems[@]}")
	fi
	seg_console=$work/console.$n
	[ ${#scripts[@]} -gt 1 ] || seg_console=$base.log
	CONSOLE=$seg_console verdict "$tag" "$desc" "${problems[@]}"
done

if [ ${#scripts[@]} -gt 1 ]; then
	cat "$work/console.0" "$work/console.end" > "$work/console.rest"
	mapfile -t reported < <(reports "$work/console.rest")
	verdict "boot of ${job//+/, }$([ "$boot" = direct ] || echo " [$boot]")" \
		"${#scripts[@]} tests in one boot, which finished with no kernel report before the first or after the last" \
		"${reported[@]}" "${boot_problems[@]}"
fi
rm -rf "$work"
