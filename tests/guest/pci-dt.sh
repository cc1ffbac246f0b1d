# SPDX-License-Identifier: GPL-2.0
# overlays: dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/virt-pci.dtso dts/broken/pci-unoffered-state.dtso
# drive: 8
# pci: yes
# timeout: 600
# A PCI device's table from the device tree: dts/virt-pci.dtso gives the
# disk (01:00.0) a table that keeps it in D0 for suspend-to-idle and puts
# it in D3hot for mem; the PCI bus honours it in place of the one it makes
# from the PM capability.  A table naming a D-state the NVMe controller's
# capability does not offer (dts/broken/pci-unoffered-state.dtso) is
# rejected with errors naming the state and the table, and the device gets
# the capability's table instead.
. /tests/lib.sh
T=/sys/kernel/tracing
P=/sys/bus/pci/devices
keep $T/events/pm_state/pm_state_transition/enable
echo 1 > $T/events/pm_state/pm_state_transition/enable
ep=0000:01:00.0 nv=0000:02:00.0
MODES="freeze mem"
# 3 for the disk's table, 4 for each sleep, 2 for the NVMe's errors, 2 after them
plan $((3 + 4 * $(echo $MODES | wc -w) + 2 + 2))

check_eq "$ep: the DT table's states" "d0 d3hot" "$(cat $P/$ep/power/supports)"
check_eq "$ep: the DT mapping: standby d0, suspend and hibernate d3hot" "d0 d3hot d3hot" \
	"$(cat $P/$ep/power/system_standby $P/$ep/power/system_suspend $P/$ep/power/system_hibernate | tr '\n' ' ' | sed 's/ $//')"
check "$ep: the table is the DT node's" sh -c "test -e $P/$ep/of_node && grep -q disk $P/$ep/of_node/name"

msg="pmstate pci dt test $(date +%s)"
rd() { dd if=/dev/vda bs=512 skip=$1 count=1 iflag=direct 2>/dev/null | tr -d '\000'; }
echo "$msg" | dd of=/dev/vda bs=512 seek=1 conv=sync,fsync 2>/dev/null
guard_eq "$ep: the disk holds what was written" "$msg" "$(rd 1)"
echo platform > /sys/power/pm_test
for mode in $MODES; do
	echo > $T/trace
	check "$mode: sleeps and wakes (pm_test=platform)" sh -c "echo $mode > /sys/power/state"
	moves=$(grep -c "$ep d0 -> d3hot sys=[a-z]* phase=power ret=0" $T/trace)
	case $mode in
	freeze) check_eq "freeze: $ep stays in d0 (standby: d0)" 0 "$moves" ;;
	mem) check_eq "mem: $ep to d3hot (suspend: d3hot)" 1 "$moves" ;;
	esac
	check_eq "$mode: $ep back in d0" d0 "$(cat $P/$ep/power/current)"
	check_eq "$mode: the disk reads the same data" "$msg" "$(rd 1)"
done
echo none > /sys/power/pm_test

e1="$nv: /pcie@10000000/pcie@2,0/nvme@0,0: state d1 is D1, which the device's PM capability does not offer"
e2="$nv: /pcie@10000000/pcie@2,0/nvme@0,0: power-state table rejected (-22), using the D-states of the PM capability"
for e in "$e1" "$e2"; do
	if dmesg | grep -qF -- "$e"; then ok "boot log: $e"; else not_ok "boot log: $e" "$(dmesg | grep $nv | tail -n 4)"; fi
done
check_eq "$nv: the capability's table instead" "d0 d3hot" "$(cat $P/$nv/power/supports)"
check "$nv: to d3hot and back" sh -c "echo d3hot > $P/$nv/power/current && echo d0 > $P/$nv/power/current"
done_testing
