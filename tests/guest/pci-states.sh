# SPDX-License-Identifier: GPL-2.0
# drive: 8
# pci: yes
# timeout: 600
# leaves: a driver's fixup removes d3hot from the NVMe controller's table until the next boot
# The RFC's own example: PCI D-states.  Behind virt's PCIe root ports sit a
# virtio-blk-pci disk (01:00.0) and an NVMe controller no driver binds
# (02:00.0).  The PCI bus gives each device the D-states its PM capability
# offers (the test decodes PMC from the config file), maps sleep to D3hot
# as pci_target_state() does, and moves the device through the PCI core:
# PMCSR's PowerState field, read from the config file, follows power/current.
# QEMU 7.2's root ports have no PM capability, so no table.  A driver's
# fixup removes d3hot from the NVMe controller's table.
. /tests/lib.sh
T=/sys/kernel/tracing
P=/sys/bus/pci/devices
keep $T/events/pm_state/pm_state_transition/enable
echo 1 > $T/events/pm_state/pm_state_transition/enable

# cfg DEV OFF LEN: LEN bytes (1 or 2) of DEV's config space, little endian
cfg() {
	set -- $(od -An -tu1 -j "$2" -N "$3" "$P/$1/config")
	echo $(($1 + ${2:-0} * 256))
}
# pm_cap DEV: offset of its PM capability (ID 1), 0 if it has none
pm_cap() {
	local pos=$(($(cfg "$1" 52 1) & 252)) n=0
	while [ "$pos" -ne 0 ] && [ $n -lt 48 ]; do
		[ "$(cfg "$1" $pos 1)" -eq 1 ] && { echo $pos; return; }
		pos=$(cfg "$1" $((pos + 1)) 1) n=$((n + 1))
	done
	echo 0
}
# dstate DEV: PMCSR's PowerState field (0 D0 .. 3 D3hot)
dstate() { echo $(($(cfg "$1" $(($(pm_cap "$1") + 4)) 2) & 3)); }
# offered DEV: the D-states its PMC offers, as the table must list them
offered() {
	local pmc=$(cfg "$1" $(($(pm_cap "$1") + 2)) 2) s=d0
	[ $((pmc & 512)) -eq 0 ] || s="$s d1"
	[ $((pmc & 1024)) -eq 0 ] || s="$s d2"
	echo "$s d3hot"
}

ep=0000:01:00.0 nv=0000:02:00.0 rp=0000:00:01.0
ROUNDS="1 2 3" BAD="d1 d3cold on D3hot"
# 2 for each endpoint, 4 before the rounds, 9 in each round, 4 after
# them, 1 for each bad write, 1 after them, 38 from s2idle to the end
plan $((2 * $(echo $ep $nv | wc -w) + 4 + 9 * $(echo $ROUNDS | wc -w) + 4 + $(echo $BAD | wc -w) + 1 + 38))
for d in $ep $nv; do
	[ -e $P/$d ] && [ "$(pm_cap $d)" -ne 0 ] ||
		bail_out "$d: no PCI device with the PM capability: $(ls $P | tr '\n' ' '); booted without the PCI devices (# pci: yes)?"
	check_eq "$d: supports the D-states its PM capability offers" "$(offered $d)" "$(cat $P/$d/power/supports)"
	check_eq "$d: in D0, by its table and by PMCSR" "d0 0" "$(cat $P/$d/power/current) $(dstate $d)"
done
check_eq "$rp: a root port without the PM capability has no table" "0 no" \
	"$(pm_cap $rp) $(test -e $P/$rp/power/supports && echo yes || echo no)"
check_eq "$ep: virtio-blk-pci" "0x1af4 virtio-pci" "$(cat $P/$ep/vendor) $(basename $(readlink $P/$ep/driver))"
check_eq "$ep: sleep maps to D3hot (pci_target_state), shutdown to none" "d3hot d3hot d3hot none" \
	"$(cat $P/$ep/power/system_standby $P/$ep/power/system_suspend $P/$ep/power/system_hibernate $P/$ep/power/system_shutdown | tr '\n' ' ' | sed 's/ $//')"

# The disk across D3hot: its driver frozen and restored, data kept.
msg="pmstate pci test $(date +%s)"
rd() { dd if=/dev/vda bs=512 skip=$1 count=1 iflag=direct 2>/dev/null | tr -d '\000'; }
echo "$msg" | dd of=/dev/vda bs=512 seek=1 conv=sync,fsync 2>/dev/null
guard_eq "$ep: the disk holds what was written" "$msg" "$(rd 1)"
# The PCI core forbids runtime PM for every device, and a park is a
# runtime suspend: "auto" first.
check "$ep: d3hot refused while power/control is on (the PCI core's default)" sh -c \
	"[ \"\$(cat $P/$ep/power/control)\" = on ] && ! echo d3hot 2>/dev/null > $P/$ep/power/current"
keep $P/$ep/power/control
echo auto > $P/$ep/power/control
for i in $ROUNDS; do
	echo > $T/trace
	check "$ep: d0 -> d3hot ($i)" sh -c "echo d3hot > $P/$ep/power/current"
	check_eq "$ep: d3hot, runtime suspended, PMCSR PowerState 3 ($i)" "d3hot suspended 3" \
		"$(cat $P/$ep/power/current) $(cat $P/$ep/power/runtime_status) $(dstate $ep)"
	check_eq "$ep: the PCI core reports D3hot too ($i)" D3hot "$(cat $P/$ep/power_state)"
	check "$ep: traced stop, save, power ($i)" sh -c \
		"grep -q '$ep d0 -> d3hot sys=runtime phase=save ret=0' $T/trace && grep -q '$ep d0 -> d3hot sys=runtime phase=power ret=0' $T/trace"
	check "$ep: d3hot -> d0 ($i)" sh -c "echo d0 > $P/$ep/power/current"
	check_eq "$ep: d0, active, PMCSR PowerState 0 ($i)" "d0 active 0" \
		"$(cat $P/$ep/power/current) $(cat $P/$ep/power/runtime_status) $(dstate $ep)"
	check_eq "$ep: the PCI core reports D0 too ($i)" D0 "$(cat $P/$ep/power_state)"
	check_eq "$ep: the disk reads the same data after D3hot ($i)" "$msg" "$(rd 1)"
	echo "x$i" | dd of=/dev/vda bs=512 seek=2 conv=sync,fsync 2>/dev/null
	check_eq "$ep: the disk takes writes after D3hot ($i)" "x$i" "$(rd 2)"
done

# Unbound and bound again, its driver's device is in D0 and works.
check "$ep: virtio-pci unbound" sh -c "echo $ep > /sys/bus/pci/drivers/virtio-pci/unbind"
check_eq "$ep: unbound, d0 by table and PMCSR" "d0 0" "$(cat $P/$ep/power/current) $(dstate $ep)"
check "$ep: virtio-pci bound again" sh -c "echo $ep > /sys/bus/pci/drivers/virtio-pci/bind"
for i in 1 2 3 4 5 6 7 8 9 10; do [ -b /dev/vda ] && break; sleep 0.5; done
check_eq "$ep: the disk reads the same data after rebind" "$msg" "$(rd 1)"

# Wrong writes change nothing.
for bad in $BAD; do
	check "$ep: '$bad' refused" sh -c "! echo $bad > $P/$ep/power/current"
done
check_eq "$ep: still d0, PMCSR 0" "d0 0" "$(cat $P/$ep/power/current) $(dstate $ep)"

# s2idle, every device phase (pm_test=platform), 10 cycles: the disk goes
# to D3hot (the PCI core verifies PMCSR, or the move fails) and back.
echo platform > /sys/power/pm_test
echo > $T/trace
n=0
for i in 1 2 3 4 5 6 7 8 9 10; do
	echo freeze > /sys/power/state && n=$((n + 1))
done
echo none > /sys/power/pm_test
check_eq "s2idle: 10 cycles" 10 $n
check_eq "$ep: to d3hot and back in each" "10 10" \
	"$(grep -c "$ep d0 -> d3hot sys=standby phase=power ret=0" $T/trace) $(grep -c "$ep d3hot -> d0 sys=standby phase=power ret=0" $T/trace)"
check_eq "$ep: after s2idle, d0 and PMCSR 0" "d0 0" "$(cat $P/$ep/power/current) $(dstate $ep)"
check_eq "$ep: the disk reads the same data after s2idle" "$msg" "$(rd 1)"

# An unbound device moves by its bus alone.
check_eq "$nv: no driver" "" "$(readlink $P/$nv/driver)"
check "$nv: unbound, to d3hot" sh -c "echo d3hot > $P/$nv/power/current"
check_eq "$nv: PMCSR PowerState 3" 3 "$(dstate $nv)"
# The PCI core powers every device up in its noirq resume; one its table
# holds in a low state comes back to that state, so the two still agree.
echo platform > /sys/power/pm_test
check "s2idle with $nv held in d3hot" sh -c "echo freeze > /sys/power/state"
echo none > /sys/power/pm_test
check_eq "$nv: after s2idle still d3hot, by table and PMCSR" "d3hot 3" "$(cat $P/$nv/power/current) $(dstate $nv)"
# So does a reset, which the PCI core does in D0.
if [ -e $P/$nv/reset ]; then
	check "$nv: reset while held in d3hot" sh -c "echo 1 > $P/$nv/reset"
	check_eq "$nv: after the reset still d3hot, by table and PMCSR" "d3hot 3" "$(cat $P/$nv/power/current) $(dstate $nv)"
else
	skip "$nv: reset while held in d3hot" "no reset method"
	skip "$nv: after the reset still d3hot" "no reset method"
fi
check "$nv: back to d0" sh -c "echo d0 > $P/$nv/power/current"
check_eq "$nv: PMCSR PowerState 0" 0 "$(dstate $nv)"

# A driver's fixup: the test PCI driver removes d3hot at probe.  The sleep
# mappings that named it fall back to the state listed before it.
mod=$(find /lib/modules/$(uname -r) -name pm_state_test_dev.ko | head -n 1)
test_driver_at_exit
check "insmod pm_state_test_dev pci_remove_state=d3hot" insmod "$mod" pci_remove_state=d3hot
echo pm_state_test_pci > $P/$nv/driver_override
check "$nv: bound to the test PCI driver" sh -c "echo $nv > /sys/bus/pci/drivers_probe && test -e $P/$nv/driver"
check_eq "$nv: supports no d3hot" d0 "$(cat $P/$nv/power/supports)"
check_eq "$nv: sleep falls back to d0" "d0 d0 d0" \
	"$(cat $P/$nv/power/system_standby $P/$nv/power/system_suspend $P/$nv/power/system_hibernate | tr '\n' ' ' | sed 's/ $//')"
check "$nv: the fixup is logged" sh -c "dmesg | grep -q '$nv: pm_state: d3hot removed from the table, d0 takes its place'"
check "$nv: d3hot refused" sh -c "! echo d3hot > $P/$nv/power/current"
check "$nv: unbound" sh -c "echo $nv > $P/$nv/driver/unbind"
check_eq "$nv: the fixup holds after unbind" d0 "$(cat $P/$nv/power/supports)"
check "$nv: bound again" sh -c "echo $nv > /sys/bus/pci/drivers_probe && test -e $P/$nv/driver"

# Removed and found again, it is a new device with the capability's table;
# the disk, removed while in D3hot, comes back in D0 and works.
check "$nv: removed" sh -c "echo 1 > $P/$nv/remove && test ! -e $P/$nv"
check "$ep: d3hot before its removal" sh -c "echo d3hot > $P/$ep/power/current"
check "$ep: removed in D3hot" sh -c "echo 1 > $P/$ep/remove && test ! -e $P/$ep"
check "rescan" sh -c "echo 1 > /sys/bus/pci/rescan"
for i in 1 2 3 4 5 6 7 8 9 10; do [ -b /dev/vda ] && break; sleep 0.5; done
check_eq "$nv: found again, with the capability's table" "$(offered $nv)" "$(cat $P/$nv/power/supports)"
check_eq "$ep: found again, in D0 by table and PMCSR" "d0 0" "$(cat $P/$ep/power/current) $(dstate $ep)"
check_eq "$ep: the disk reads the same data after removal and rescan" "$msg" "$(rd 1)"
# An unbound device is the PCI core's alone: with runtime PM allowed, an
# unbind or a failed probe leaves it in D0, not in the table's deepest state.
check "test driver without a fixup" sh -c "rmmod pm_state_test_dev && insmod $mod"
echo auto > $P/$nv/power/control
echo pm_state_test_pci > $P/$nv/driver_override
check "$nv: bound with runtime PM allowed" sh -c "echo $nv > /sys/bus/pci/drivers_probe && test -e $P/$nv/driver"
check "$nv: unbound" sh -c "echo $nv > $P/$nv/driver/unbind"
sleep 1
check_eq "$nv: after unbind, d0 by table and PMCSR" "d0 0" "$(cat $P/$nv/power/current) $(dstate $nv)"
check "test driver whose probe fails (removing d0)" sh -c "rmmod pm_state_test_dev && insmod $mod pci_remove_state=d0"
echo $nv > /sys/bus/pci/drivers_probe 2>/dev/null
check "$nv: the probe failed" test ! -e $P/$nv/driver
sleep 1
check_eq "$nv: after the failed probe, d0 by table and PMCSR" "d0 0" "$(cat $P/$nv/power/current) $(dstate $nv)"

# A fixup racing readers and writers of the table's files: removed, found
# again and fixed up ten times while they read and write (KASAN watches).
check "test driver with the d3hot fixup" sh -c "rmmod pm_state_test_dev && insmod $mod pci_remove_state=d3hot"
( while [ ! -e /tmp/stop ]; do
	cat $P/$nv/power/supports $P/$nv/power/system_suspend > /dev/null 2>&1
	echo d0 > $P/$nv/power/current 2> /dev/null
done ) &
n=0
for i in 1 2 3 4 5 6 7 8 9 10; do
	echo 1 > $P/$nv/remove
	echo 1 > /sys/bus/pci/rescan
	echo pm_state_test_pci > $P/$nv/driver_override
	echo $nv > /sys/bus/pci/drivers_probe && [ "$(cat $P/$nv/power/supports)" = d0 ] && n=$((n + 1))
done
touch /tmp/stop
wait
check_eq "$nv: fixed up in each of 10 rounds under readers" 10 $n
done_testing
