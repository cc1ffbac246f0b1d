# SPDX-License-Identifier: GPL-2.0
# The default overlay (dts/virt-pmstate.dtso) gives each virt device the
# table written there: power/supports, power/current and the system
# mapping match the DT, virtio-mmio transports share one table, and the
# three-level test-device hierarchy is populated with its own tables.
. /tests/lib.sh
amba=/sys/bus/amba/devices
plat=/sys/bus/platform/devices
SYSTEMS="shutdown reset standby suspend hibernate"
# 8 tables of 2 + one per system state each, and 9 other results
plan $((8 * (2 + $(echo $SYSTEMS | wc -w)) + 9))

# table SYSFS-DIR "SUPPORTS" "sys=state ..." (unlisted systems: none).
# The same results with or without the table: a missing one fails them all.
table() {
	local d=$1 sup=$2 map=" $3 " n s want
	n=${d##*/}
	if [ -r "$d/power/supports" ]; then
		check_eq "$n: supports" "$sup" "$(cat "$d/power/supports")"
	else
		not_ok "$n: supports" "$n has no power-state table: no $d/power/supports"
	fi
	check_eq "$n: current" "on" "$(cat "$d/power/current" 2>/dev/null)"
	for s in $SYSTEMS; do
		want=none
		case $map in *" $s="*) want=${map#* $s=}; want=${want%% *} ;; esac
		check_eq "$n: system_$s" "$want" "$(cat "$d/power/system_$s" 2>/dev/null)"
	done
}

table $amba/9000000.pl011 "on idle off" "standby=idle suspend=off shutdown=on reset=on hibernate=on"
table $amba/9010000.pl031 "on idle off" "standby=idle suspend=idle shutdown=off reset=off hibernate=off"
table $amba/9030000.pl061 "on retention off" "standby=retention suspend=off shutdown=off reset=off hibernate=off"
# Nothing here can power fw-cfg: it gets no table.
check "9020000.fw-cfg has no table" test ! -e $plat/9020000.fw-cfg/power/supports

n=0 bad=
for d in $plat/*.virtio_mmio; do
	n=$((n + 1))
	[ "$(cat "$d/power/supports" 2>/dev/null)" = "on off" ] &&
		[ "$(cat "$d/power/system_suspend")" = off ] || bad="$bad ${d##*/}"
done
check_eq "32 virtio-mmio transports" 32 "$n"
check_eq "every virtio-mmio transport: supports 'on off', suspend=off" "" "$bad"
table $plat/a000000.virtio_mmio "on off" "suspend=off shutdown=off reset=off hibernate=off"

# The test devices: the top one is created at boot, its children when the
# test driver binds it.
mod=$(find /lib/modules/$(uname -r) -name pm_state_test_dev.ko | head -n 1)
test_driver_at_exit
[ -z "$mod" ] || insmod "$mod"
a=$(ls -d $plat/test-device-a 2>/dev/null)
b=$(ls -d $plat/test-device-a:test-device-b 2>/dev/null)
c=$(ls -d $plat/test-device-a:test-device-b:test-device-c 2>/dev/null)
dd=$(ls -d $plat/test-device-a:test-device-d 2>/dev/null)
check "test-device-a exists" test -n "$a"
check "test-device-b exists, a child of a" test -n "$b" -a -d "$a/${b##*/}"
check "test-device-c exists, a child of b" test -n "$c" -a -d "$b/${c##*/}"
check "test-device-d (legacy driver) exists, a child of a" test -n "$dd" -a -d "$a/${dd##*/}"
table $plat/test-device-a "on retention off" "standby=retention suspend=off shutdown=off reset=off hibernate=off"
table $plat/test-device-a:test-device-b "on idle off" "standby=idle suspend=off shutdown=off reset=off hibernate=off"
table $plat/test-device-a:test-device-b:test-device-c "on idle off" "standby=idle suspend=off shutdown=off reset=off hibernate=off"
table $plat/test-device-a:test-device-d "on off" "standby=off suspend=off shutdown=off reset=off hibernate=off"

# The state nodes as the kernel sees them.
dt=/sys/firmware/devicetree/base/device-power-states
check_eq "state-off is context-lost" yes "$([ -e $dt/state-off/context-lost ] && echo yes)"
check "no power-state errors at boot" sh -c "! dmesg | grep -E 'is not a valid phandle|is not in power-states|is rejected by|is empty\$|is listed twice|duplicates power-state-name|is not a system power state|has [0-9]+ entries but|cannot attach the power-state table'"
done_testing
