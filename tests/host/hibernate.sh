#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: hibernation to a swap image on virtio-blk (its transport mapped hibernate -> on) moves devices where the kernel's hibernate plan says; the freeze phase powers nothing; a second boot with resume= carries the original program on, with devices back where they were, the disk reading and writing, the RTC alarm firing, and PL061 and test device registers as before
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
# The disk's transport stays powered for the image's power-off: its driver
# still runs its hibernation callbacks and ->shutdown().
cat > "$work/vda-on.dtso" <<'DTS'
/dts-v1/;
/plugin/;

&{/virtio_mmio@a003e00} {
	system-power-states = <&pst_off>, <&pst_off>, <&pst_off>, <&pst_on>;
	system-power-state-names = "suspend", "shutdown", "reset", "hibernate";
};
DTS
# The guest program: draw a random value that exists only in its memory and
# note where every tabled device is, hibernate, and, when the image is
# restored, print the value again and compare the devices.  The host
# compares the value boot 1 printed before hibernating with the one boot 2
# prints after resuming: only the restored program can know it.
cat > "$work/hibernate.sh" <<SH
. /tests/lib.sh
# 2 results before the image, 9 after the restore (boot 2)
plan 11
T=/sys/kernel/tracing
V=/sys/bus/platform/devices/a003e00.virtio_mmio
# Where every tabled device is: one grep, where a cat per device took
# seconds.
states() { grep -H . /sys/devices/platform/*/power/current /sys/bus/amba/devices/*/power/current 2>/dev/null; }
mkswap /dev/vda >/dev/null && swapon /dev/vda || { echo "pmstate-exit: 3"; exit 3; }
value=\$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')
check "the disk sits on a003e00" test -e \$V/virtio*/block/vda
check_eq "its transport is mapped hibernate -> on" on "\$(cat \$V/power/system_hibernate)"
# What must survive: PL061 lines, a test device's register, the RTC's alarm.
gpio=/sys/kernel/debug/gpio
pl061_before=\$(grep -A9 9030000.pl061 \$gpio)
echo 1 > \$T/events/pm_state/pm_state_transition/enable
echo > \$T/trace
before=\$(states)
$(expect_lines hibernate)
# The PL031 is armed for wakeup: it takes idle, the deepest of its states
# it can wake the system from, not its mapped off.
echo "expect: 9010000.pl031 \$(basename \$(dirname \$(readlink -f /sys/bus/amba/devices/9010000.pl031))) idle"
ctx=/sys/kernel/debug/pm_state_test/test-device-a/context
echo 0x12345678 > \$ctx
echo "hibernate: value \$value"
echo disk > /sys/power/state || { echo "hibernate: echo disk failed"; exit 4; }
echo "resumed: value \$value"
# The image kernel's trace holds freeze, thaw and restore: no device
# changed state for the image; restore powered each to its recorded state.
moves=\$(grep ' sys=hibernate ' \$T/trace | sed 's/.*pm_state_transition: //' | awk '\$2 != \$4')
check_eq "no tabled device changed state for the image" "" "\$moves"
check "restore powered the tabled devices again" grep -q '9030000.pl061 on -> on sys=hibernate phase=power ret=0' \$T/trace
swapoff /dev/vda
echo "after-restore" | dd of=/dev/vda bs=512 seek=1 conv=sync,fsync 2>/dev/null
check_eq "the disk reads what was written after restore" after-restore "\$(dd if=/dev/vda bs=512 skip=1 count=1 iflag=direct 2>/dev/null | tr -d '\\000')"
check_eq "PL061 lines as before" "\$pl061_before" "\$(grep -A9 9030000.pl061 \$gpio)"
check_eq "test-device-a register as before" 0x12345678 "\$(cat \$ctx)"
irqs() { awk '/pl031/ { n = 0; for (i = 2; i <= NF && \$i ~ /^[0-9]+\$/; i++) n += \$i; print n }' /proc/interrupts; }
n0=\$(irqs)
echo 0 > /sys/class/rtc/rtc0/wakealarm
echo +1 > /sys/class/rtc/rtc0/wakealarm
# A 1 s alarm on a clock of seconds fires within 2 s: wait for it, 5 s at most.
i=0; while [ "\$(irqs)" -le "\$n0" ] && [ \$i -lt 25 ]; do sleep 0.2; i=\$((i + 1)); done
check "the RTC alarm fires after restore (interrupts \$n0 -> \$(irqs))" test "\$(irqs)" -gt "\$n0"
after=\$(states)
check_eq "every tabled device is back in its pre-hibernation state" "\$before" "\$after"
check "tabled devices were seen before hibernating" test -n "\$before"
check_eq "no suspend failures recorded" 0 "\$(cat /sys/power/suspend_stats/fail)"
done_testing
SH
ov="$(make -s --no-print-directory print-overlays) $work/vda-on.dtso"
dtb=$(make -s --no-print-directory dtb print-dtb OVERLAYS="$ov" | tail -n 1)
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
grep -q '9010000.pl031: pm_state: hibernate: idle instead of off, to wake the system' "$logs/hibernate-1.log" ||
	fail "boot 1: the armed PL031 did not say why it stayed idle"

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
