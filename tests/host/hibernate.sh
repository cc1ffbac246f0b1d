#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: hibernation to a swap image on virtio-blk moves devices to their hibernate states; a second boot with resume= carries the original program on, devices back where they were
set -eu
. tests/host/lib/shutdown.sh
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
$(expect_lines hibernate)
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
# The console UART may be off by then (its hibernate state), so the power-off
# itself is seen as QEMU's clean exit, above.
grep -q 'PM: Image saving done' "$b/logs/hibernate-1.log" || fail "boot 1 did not finish writing the image"
check_moves "$b/logs/hibernate-1.log" hibernate || fail "boot 1: devices did not reach their hibernate states"

rc=0
"$top/boot/qemu.sh" "${args[@]}" --log "$b/logs/hibernate-2.log" --cmdline "resume=/dev/vda" || rc=$?
end=$(date +%s.%N)
grep -E '^(not )?ok - |^# ' "$b/logs/hibernate-2.log" || true
grep -q "resumed: token $token" "$b/logs/hibernate-2.log" || fail "boot 2 did not resume the original program"
[ $rc -eq 0 ] || fail "the resumed program reported failures (exit $rc)"
printf 'boot 1 (write image): %.1f s, boot 2 (resume): %.1f s\n' \
	"$(echo "$mid - $start" | bc)" "$(echo "$end - $mid" | bc)"
