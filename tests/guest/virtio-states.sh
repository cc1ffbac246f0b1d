# SPDX-License-Identifier: GPL-2.0
# drive: 8
# A virtio-blk disk on a virtio-mmio transport keeps working across the
# transport's off state: the driver is frozen and the device reset in off,
# set up again and restored on the way back, and the disk reads the same
# data.  Needs a disk (qemu.sh --drive; "# drive: MiB" above); without one
# it checks the transitions of an unbound transport only.
. /tests/lib.sh
P=/sys/bus/platform/devices
T=/sys/kernel/tracing
echo 1 > $T/events/pm_state/pm_state_transition/enable

d=$(ls -d /sys/bus/platform/drivers/virtio-mmio/*.virtio_mmio 2>/dev/null | head -n 1)
if [ -z "$d" ] || [ ! -b /dev/vda ]; then
	d=$P/a000000.virtio_mmio
	check "unbound transport: on -> off" sh -c "echo off > $d/power/current"
	check_eq "unbound transport: off" off "$(cat $d/power/current)"
	check "unbound transport: off -> on" sh -c "echo on > $d/power/current"
	ok "no virtio disk attached # SKIP the disk checks"
	done_testing
fi
n=${d##*/}
check_eq "$n: supports" "on off" "$(cat $d/power/supports)"
echo "pmstate virtio test $(date +%s)" | dd of=/dev/vda bs=512 seek=1 conv=sync 2>/dev/null
sync
before=$(dd if=/dev/vda bs=512 skip=1 count=1 iflag=direct 2>/dev/null | md5sum)
for i in 1 2; do
	echo > $T/trace
	check "$n: on -> off ($i)" sh -c "echo off > $d/power/current"
	check_eq "$n: current off ($i)" off "$(cat $d/power/current)"
	check "$n: on again ($i)" sh -c "echo on > $d/power/current"
	check_eq "$n: current on ($i)" on "$(cat $d/power/current)"
	check "$n: traced save, power off, power on, restore ($i)" sh -c \
		"grep -q '$n on -> off sys=runtime phase=save ret=0' $T/trace && grep -q '$n on -> on sys=runtime phase=restore ret=0' $T/trace"
	check_eq "$n: the disk reads the same data after off ($i)" "$before" \
		"$(dd if=/dev/vda bs=512 skip=1 count=1 iflag=direct 2>/dev/null | md5sum)"
	check "$n: the disk takes writes after off ($i)" sh -c \
		"echo x$i | dd of=/dev/vda bs=512 seek=2 conv=sync,fsync 2>/dev/null"
done
done_testing
