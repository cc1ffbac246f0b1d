#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: hibernation to a swap image on virtio-blk moves devices to their hibernate states; a second boot with resume= carries the original program on, devices back where they were
set -eu
. tests/host/lib/shutdown.sh
top=$(pwd)
b=$top/build
logs=${RESULTS:-$b}/logs
mkdir -p "$logs"
out=${KERNEL_OUT:-$b/kernel}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

truncate -s 256M "$work/swap.img"
# The guest program: draw a random value that exists only in its memory and
# note where every tabled device is, hibernate, and, when the image is
# restored, print the value again and compare the devices.  The host
# compares the value boot 1 printed before hibernating with the one boot 2
# prints after resuming: only the restored program can know it.
cat > "$work/hibernate.sh" <<SH
. /tests/lib.sh
mkswap /dev/vda >/dev/null && swapon /dev/vda || { echo "pmstate-exit: 3"; exit 3; }
value=\$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')
before=\$(for f in /sys/devices/platform/*/power/current /sys/bus/amba/devices/*/power/current; do
	[ -e "\$f" ] && echo "\${f%/power/current} \$(cat \$f)"; done)
$(expect_lines hibernate)
echo "hibernate: value \$value"
echo disk > /sys/power/state || { echo "hibernate: echo disk failed"; exit 4; }
echo "resumed: value \$value"
after=\$(for f in /sys/devices/platform/*/power/current /sys/bus/amba/devices/*/power/current; do
	[ -e "\$f" ] && echo "\${f%/power/current} \$(cat \$f)"; done)
check_eq "every tabled device is back in its pre-hibernation state" "\$before" "\$after"
check "tabled devices were seen before hibernating" test -n "\$before"
check_eq "no suspend failures recorded" 0 "\$(cat /sys/power/suspend_stats/fail)"
done_testing
SH
dtb=$(make -s --no-print-directory dtb print-dtb | tail -n 1)
args=(--kernel "$out/arch/arm64/boot/Image" --dtb "$dtb" --initrd "$out/initramfs.cpio.gz"
      --script "$work/hibernate.sh" --drive "$work/swap.img" --timeout 300)

start=$(date +%s.%N)
"$top/boot/qemu.sh" "${args[@]}" --log "$logs/hibernate-1.log" --no-status ||
	fail "boot 1 (writing the image) failed"
mid=$(date +%s.%N)
value1=$(sed -n 's/.*hibernate: value \([0-9a-f]\{16\}\).*/\1/p' "$logs/hibernate-1.log" | head -n 1)
[ -n "$value1" ] || fail "boot 1 did not reach the hibernation (no 'hibernate: value' line)"
# The console UART may be off by then (its hibernate state), so the power-off
# itself is seen as QEMU's clean exit, above.
grep -q 'PM: Image saving done' "$logs/hibernate-1.log" || fail "boot 1 did not finish writing the image"
check_moves "$logs/hibernate-1.log" hibernate || fail "boot 1: devices did not reach their hibernate states"

rc=0
"$top/boot/qemu.sh" "${args[@]}" --log "$logs/hibernate-2.log" --cmdline "resume=/dev/vda" || rc=$?
end=$(date +%s.%N)
grep -E '^(not )?ok - |^# ' "$logs/hibernate-2.tap" || true
! grep -q 'hibernate: value ' "$logs/hibernate-2.log" ||
	fail "boot 2 ran the program from the start instead of resuming it"
value2=$(sed -n 's/.*resumed: value \([0-9a-f]*\).*/\1/p' "$logs/hibernate-2.log" | head -n 1)
[ -n "$value2" ] || fail "boot 2 did not resume the original program (no 'resumed: value' line)"
[ "$value2" = "$value1" ] ||
	fail "the resumed program's memory differs: boot 1 drew $value1 before hibernating, boot 2 printed $value2 after resuming"
echo "the resumed program still holds the value it drew before hibernating ($value1)"
[ $rc -eq 0 ] || fail "the resumed program reported failures (exit $rc)"
printf 'boot 1 (write image): %.1f s, boot 2 (resume): %.1f s\n' \
	"$(echo "$mid - $start" | bc)" "$(echo "$end - $mid" | bc)"
