# SPDX-License-Identifier: GPL-2.0
# overlays: dts/broken/not-a-state.dtso
# power-states points to a node that is not a device-power-state.
# The table is rejected at boot with its documented error, and the device
# works as it would without a table.
. /tests/lib.sh
. /tests/broken.inc
broken_table /sys/bus/amba/devices/9030000.pl061 pl061 '/pl061@9030000: power-states[1] points to /device-power-states/not-a-state, which is not a device-power-state node'
done_testing
