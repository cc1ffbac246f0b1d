#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: hibernation to a swap image on virtio-blk, then a second boot with resume= carries the original program on
set -eu
top=$(pwd)
b=$top/build
out=${KERNEL_OUT:-$b/kernel}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

truncate -s 256M "$work/swap.img"
token=$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')
# The guest program: note a token and where every tabled device is, hibernate,
# and, when the image is restored, print them again and compare.
cat > "$work/hibernate.sh" <<SH
. /tests/lib.sh
mkswap /dev/vda >/dev/null && swapon /dev/vda || { echo "pmstate-exit: 3"; exit 3; }
token=$token
before=\$(for f in /sys/devices/platform/*/power/current /sys/bus/amba/devices/*/power/current; do
	[ -e "\$f" ] && echo "\${f%/power/current} \$(cat \$f)"; done)
echo "hibernate: token \$token"
echo disk > /sys/power/state || { echo "hibernate: echo disk failed"; exit 4; }
echo "resumed: token \$token"
after=\$(for f in /sys/devices/platform/*/power/current /sys/bus/amba/devices/*/power/current; do
	[ -e "\$f" ] && echo "\${f%/power/current} \$(cat \$f)"; done)
check_eq "the program's memory survived hibernation" "$token" "\$token"
check_eq "every tabled device is back in its pre-hibernation state" "\$before" "\$after"
check "tabled devices were seen before hibernating" test -n "\$before"
check_eq "no suspend failures recorded" 0 "\$(cat /sys/power/suspend_stats/fail)"
done_testing
SH
dtb=$(make -s --no-print-directory dtb print-dtb | tail -n 1)
args=(--kernel "$out/arch/arm64/boot/Image" --dtb "$dtb" --initrd "$b/initramfs.cpio.gz"
      --script "$work/hibernate.sh" --drive "$work/swap.img" --timeout 300)

start=$(date +%s.%N)
"$top/boot/qemu.sh" "${args[@]}" --log "$b/logs/hibernate-1.log" --no-status ||
	fail "boot 1 (writing the image) failed"
mid=$(date +%s.%N)
grep -q "hibernate: token $token" "$b/logs/hibernate-1.log" || fail "boot 1 did not reach the hibernation"
grep -q 'PM: hibernation: Image saved\|PM: Image saved\|hibernation: Saving image' "$b/logs/hibernate-1.log" ||
	grep -qi 'image saved\|saving image' "$b/logs/hibernate-1.log" || fail "boot 1 did not save an image"
grep -q 'reboot: Power down' "$b/logs/hibernate-1.log" || fail "boot 1 did not power off after saving"

rc=0
"$top/boot/qemu.sh" "${args[@]}" --log "$b/logs/hibernate-2.log" --cmdline "resume=/dev/vda" || rc=$?
end=$(date +%s.%N)
grep -E '^(not )?ok - |^# ' "$b/logs/hibernate-2.log" || true
grep -q "resumed: token $token" "$b/logs/hibernate-2.log" || fail "boot 2 did not resume the original program"
[ $rc -eq 0 ] || fail "the resumed program reported failures (exit $rc)"
printf 'boot 1 (write image): %.1f s, boot 2 (resume): %.1f s\n' \
	"$(echo "$mid - $start" | bc)" "$(echo "$end - $mid" | bc)"
