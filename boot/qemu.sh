#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot the pmstate kernel in QEMU virt.
#
#   BOOT=direct|uboot qemu.sh [options]
#     --kernel Image --dtb DTB --initrd base.cpio.gz   what to boot
#     --script S        run S in the guest as root, power off, exit with its status;
#                       given again, the scripts run one after the other in
#                       one boot (boot/init), each checked by guest-state to
#                       leave the machine as it found it
#     --segments        leave each script's verdict to the caller (tests/guest.sh
#                       cuts the console and the TAP channel at each script's
#                       "pmstate-begin:" line): fail only for what concerns the
#                       whole boot (time limit, QEMU's status, a guest that never
#                       finished, lockdep off at the end)
#     --cmdline ARGS    extra kernel command line
#     --log FILE        console log (with --script)
#     --tap FILE        where the script's output goes (with --script;
#                       default: the log's name with .tap)
#     --show            also print the console as it runs (make boot)
#     --timeout SEC     give up after SEC seconds (default 300)
#     --drive IMG       attach IMG as virtio-blk (/dev/vda)
#     --pci             add the PCI devices of machine.sh's pci_opts; the
#                       --drive image becomes their virtio-blk-pci disk
#     --icount          the guest's clocks count instructions, 1 ns each
#                       (make bench): timings repeat exactly, whatever the
#                       host's load
#     --fit-dir DIR     BOOT=uboot: where the FIT image and env flash are made
#     --no-status       the script is expected to end the machine itself
#                       (hibernation, poweroff, reboot): success is a clean
#                       QEMU exit, no exit status is read
#
# Without --script the console is interactive (Ctrl-a x leaves).  With it,
# the boot is a test: the script's output and exit status travel on a
# virtio console of their own (/dev/hvc0 in the guest, --tap on the host),
# which kernel messages never reach, so a printk cannot break a TAP line.
# A kernel report (boot/reports.sh: panic, oops, BUG, WARN, KASAN, UBSAN,
# soft lockup, RCU stall, hung task, kmemleak), a report's taint bit, a
# missing taint line, a hang past the timeout or a guest that never
# reports the script's status is a failure with a message saying which.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/machine.sh"
. "$here/reports.sh"

kernel= dtb= initrd= cmdline= log= tap= timeout=300 drive= fit_dir= no_status= show= pci= icount= segments=
scripts=()
while [ $# -gt 0 ]; do
	case $1 in
	--no-status) no_status=1; shift; continue ;;
	--segments) segments=1; shift; continue ;;
	--show) show=1; shift; continue ;;
	--pci) pci=1; shift; continue ;;
	--icount) icount=1; shift; continue ;;
	--kernel) kernel=$2 ;;
	--dtb) dtb=$2 ;;
	--initrd) initrd=$2 ;;
	--script) scripts+=("$2") ;;
	--cmdline) cmdline=$2 ;;
	--log) log=$2 ;;
	--tap) tap=$2 ;;
	--timeout) timeout=$2 ;;
	--drive) drive=$2 ;;
	--fit-dir) fit_dir=$2 ;;
	*) echo "qemu.sh: unknown option $1" >&2; exit 2 ;;
	esac
	shift 2
done
for f in "$kernel" "$dtb" "$initrd"; do
	[ -r "$f" ] || { echo "boot: missing $f (run make first)" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The test scripts ride in a second cpio archive appended to the base one,
# numbered in the order given.
rd=$initrd
if [ ${#scripts[@]} -gt 0 ]; then
	mkdir -p "$work/rd/run/scripts"
	n=0
	for s in "${scripts[@]}"; do
		[ -r "$s" ] || { echo "boot: script not found: $s" >&2; exit 2; }
		n=$((n + 1))
		install -m 0755 "$s" "$work/rd/run/scripts/$(printf %03d $n).sh"
		basename "$s" > "$work/rd/run/scripts/$(printf %03d $n).name"
	done
	# Compressed too: the kernel only takes an uncompressed archive that
	# starts 4-byte aligned, and the base archive's length is arbitrary.
	(cd "$work/rd" && find . | cpio -o -H newc --owner 0:0 --quiet) | gzip -n -1 > "$work/script.cpio.gz"
	cat "$initrd" "$work/script.cpio.gz" > "$work/initrd"
	cmdline="pmstate.script=1 $cmdline"
	rd=$work/initrd
fi

args="$KERNEL_ARGS $cmdline"
case $args in *kunit.filter_glob=*) ;; *) args="$args $NO_KUNIT" ;; esac

opts=("${MACHINE_OPTS[@]}" "${BIOS_OPTS[@]}" -nographic -no-reboot -nic none)
[ -z "$icount" ] || opts+=(-icount shift=0)
if [ -n "$pci" ]; then
	pci_opts "$drive"
	opts+=("${PCI_OPTS[@]}")
elif [ -n "$drive" ]; then
	opts+=(-drive "if=none,id=vd0,format=raw,file=$drive" -device virtio-blk-device,drive=vd0)
fi

case ${BOOT:-direct} in
direct)
	opts+=(-kernel "$kernel" -dtb "$dtb" -initrd "$rd" -append "$args")
	;;
uboot)
	[ -n "$fit_dir" ] || fit_dir=$work
	"$here/mkfit.sh" "$fit_dir" "$kernel" "$dtb" "$rd" "$args"
	opts+=(-drive "if=pflash,unit=1,format=raw,file=$fit_dir/flash1.img"
	       -device "loader,file=$fit_dir/pmstate.itb,addr=0x48000000,force-raw=on")
	;;
esac

if [ ${#scripts[@]} -eq 0 ]; then
	exec "$QEMU" "${opts[@]}"
fi

[ -n "$log" ] || log=$work/console.log
[ -n "$tap" ] || tap=${log%.log}.tap
mkdir -p "$(dirname "$log")" "$(dirname "$tap")"
# Never read an earlier boot's results.
rm -f "$log" "$tap"
: > "$tap"
opts+=(-chardev "file,id=tap,path=$tap" -device virtio-serial-device
       -device virtconsole,chardev=tap,name=tap)
show_cmd=(cat)
[ -z "$show" ] || show_cmd=(tee /dev/stderr)
# make check counts the boots of each job (BOOTS_FILE, a line a boot).
[ -z "${BOOTS_FILE:-}" ] || echo "$QEMU" >> "$BOOTS_FILE"
set +e
timeout --foreground -k 5 "$timeout" "$QEMU" "${opts[@]}" \
	</dev/null 2>&1 | tr -d '\r' | "${show_cmd[@]}" > "$log"
qemu_rc=${PIPESTATUS[0]}
set -e
# The guest's tty ends lines with \r\n.
sed -i 's/\r$//' "$tap"

fail() { echo "boot: $* (console log: $log)" >&2; exit 125; }
first() { grep -m1 -E "$1" "$log"; }
# Every kind of report the console shows, each with its first line (a
# hang that ran into the time limit names what the kernel said of it).
reports=
while IFS='	' read -r re what; do
	! line=$(first "$re") || reports="$reports; $what: $line"
done <<< "$KERNEL_REPORTS"
[ "$qemu_rc" -ne 124 ] && [ "$qemu_rc" -ne 137 ] || fail "timed out after ${timeout}s$reports"
# With --segments the caller judges each script by its own part of the
# console and TAP channel, and the part after the last script.
[ -n "$segments" ] || [ -z "$reports" ] || fail "${reports#; }"
# Lockdep that turned itself off, with a message below the console's level.
! grep -q '^pmstate-debug-locks: 0$' "$log" || fail "lockdep turned itself off (debug_locks 0): nothing was checked for deadlocks"
# A script's boot must print its taint line: without it nothing says the
# kernel was clean.
taint=$(sed -n 's/^pmstate-tainted: \([0-9]*\)$/\1/p' "$log" | tail -n 1)
[ -n "$taint" ] || [ -n "$no_status" ] || fail "the console shows no taint line (pmstate-tainted:): the guest did not finish"
[ "$qemu_rc" -eq 0 ] || fail "QEMU exited with status $qemu_rc"
[ -z "$segments" ] || exit 0
[ $(( ${taint:-0} & TAINT_REPORT_BITS )) -eq 0 ] || fail "the kernel is tainted ($taint) by a report"
[ -z "$no_status" ] || exit 0
status=$(sed -n 's/^pmstate-exit: \([0-9]*\)$/\1/p' "$tap" | tail -n 1)
[ -n "$status" ] || fail "the guest never reported the script's exit status on its TAP channel ($tap)"
exit "$status"
