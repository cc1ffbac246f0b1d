# SPDX-License-Identifier: GPL-2.0
# overlays: dts/broken/duplicate-state-name.dtso
# Two supported states share a power-state-name.
# The table is rejected at boot with its documented error, and the device
# works as it would without a table.
. /tests/lib.sh
. /tests/broken.inc
broken_table /sys/bus/amba/devices/9000000.pl011 pl011 '/pl011@9000000: power-states[2] (/device-power-states/state-duplicate-state-name-off2) duplicates power-state-name "off" of power-states[1]'
done_testing
