# SPDX-License-Identifier: GPL-2.0
# drive: 8
# A virtio-blk disk on a virtio-mmio transport keeps working across the
# transport's off state: the driver is frozen and the device reset in off,
# set up again and restored on the way back, and the disk reads the same
# data.  A read issued while it is off waits and completes after on.
# Unbinding the virtio driver while the transport is off resumes the
# transport first, and an unbind racing a park waits for it.  The
# transport tested is the one the disk (/dev/vda) sits on; other virtio
# devices (a console) may be bound to other transports.  Needs the
# disk ("# drive: MiB" above, qemu.sh --drive): without one it fails.
. /tests/lib.sh
ROUNDS="1 2"
# 1 before the rounds, 7 in each, 13 after them
plan $((1 + 7 * $(echo $ROUNDS | wc -w) + 13))
T=/sys/kernel/tracing
keep $T/events/pm_state/pm_state_transition/enable
echo 1 > $T/events/pm_state/pm_state_transition/enable

# The bound virtio-mmio transport whose virtio device carries block/vda.
d=
for t in /sys/bus/platform/drivers/virtio-mmio/*.virtio_mmio; do
	for v in "$t"/virtio*/block/vda; do
		[ -e "$v" ] && d=$(cd "$t" && pwd -P)
	done
done
[ -n "$d" ] && [ -b /dev/vda ] ||
	bail_out "no virtio-blk disk /dev/vda on a bound virtio-mmio transport: no transport carries block/vda ($(ls /sys/bus/platform/drivers/virtio-mmio/ | grep virtio_mmio | tr '\n' ' ')); was the test booted without its '# drive:' disk?"
n=${d##*/}
check_eq "$n: supports" "on off" "$(cat $d/power/supports)"
msg="pmstate virtio test $(date +%s)"
# rd SECTOR: the text in a 512-byte sector, read past the page cache
rd() { dd if=/dev/vda bs=512 skip=$1 count=1 iflag=direct 2>/dev/null | tr -d '\000'; }
echo "$msg" | dd of=/dev/vda bs=512 seek=1 conv=sync,fsync 2>/dev/null
guard_eq "$n: the disk holds what was written" "$msg" "$(rd 1)"
for i in $ROUNDS; do
	echo > $T/trace
	check "$n: on -> off ($i)" sh -c "echo off > $d/power/current"
	check_eq "$n: current off ($i)" off "$(cat $d/power/current)"
	check "$n: on again ($i)" sh -c "echo on > $d/power/current"
	check_eq "$n: current on ($i)" on "$(cat $d/power/current)"
	check "$n: traced save, power off, power on, restore ($i)" sh -c \
		"grep -q '$n on -> off sys=runtime phase=save ret=0' $T/trace && grep -q '$n on -> on sys=runtime phase=restore ret=0' $T/trace"
	check_eq "$n: the disk reads the same data after off ($i)" "$msg" "$(rd 1)"
	echo "x$i" | dd of=/dev/vda bs=512 seek=2 conv=sync,fsync 2>/dev/null
	check_eq "$n: the disk takes writes after off ($i)" "x$i" "$(rd 2)"
done

# A read issued while the transport is off waits in the block layer (the
# driver's freeze quiesced its queue) without waking the transport, and
# completes with the right data once the transport is on.
check "$n: off before the read" sh -c "echo off > $d/power/current"
rd 1 > /tmp/read-while-off &
reader=$!
sleep 1
check "$n: the read waits while the transport is off" kill -0 $reader
check_eq "$n: still off, runtime suspended" "off suspended" \
	"$(cat $d/power/current) $(cat $d/power/runtime_status)"
check "$n: on with the read pending" sh -c "echo on > $d/power/current"
wait $reader
check_eq "$n: the waiting read completes with the data" "$msg" "$(cat /tmp/read-while-off)"

# Unbinding virtio_blk while the transport is off: the driver's remove
# finds the transport resumed, and bound again the disk works.
v=$(cd $d/virtio* && pwd -P) vn=${v##*/}
blk=/sys/bus/virtio/drivers/virtio_blk
check "$n: off before the unbind" sh -c "echo off > $d/power/current"
check_eq "$n: runtime suspended while off" suspended "$(cat $d/power/runtime_status)"
check "unbind $vn from virtio_blk while $n is off" sh -c "echo $vn > $blk/unbind"
check_eq "$n: resumed for the driver's remove" "on active" \
	"$(cat $d/power/current) $(cat $d/power/runtime_status)"
check "bind $vn to virtio_blk again" sh -c "echo $vn > $blk/bind"
for i in 1 2 3 4 5 6 7 8 9 10; do [ -b /dev/vda ] && break; sleep 0.5; done
check_eq "the disk reads the same data after the rebind" "$msg" "$(rd 1)"

# A park racing an unbind of virtio_blk: the unbind waits for the park
# (the virtio bus locks the transport), so remove never runs on a frozen
# driver.  Twenty rounds; any double free or WARN fails the test.
for i in $(seq 20); do
	echo off > $d/power/current 2>/dev/null &
	echo $vn > $blk/unbind 2>/dev/null
	wait
	echo on > $d/power/current
	echo $vn > $blk/bind 2>/dev/null
	for j in 1 2 3 4 5 6 7 8 9 10; do [ -b /dev/vda ] && break; sleep 0.2; done
done
check_eq "$n: on and bound after 20 parks racing an unbind" "on active virtio_blk" \
	"$(cat $d/power/current) $(cat $d/power/runtime_status) $(basename $(readlink $v/driver))"
check_eq "the disk reads the same data after the races" "$msg" "$(rd 1)"
done_testing
