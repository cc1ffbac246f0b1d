# SPDX-License-Identifier: GPL-2.0
# overlays: dts/broken/missing-name.dtso
# A state node without power-state-name.
# The table is rejected at boot with its documented error, and the device
# works as it would without a table.
. /tests/lib.sh
. /tests/broken.inc
broken_table /sys/bus/amba/devices/9030000.pl061 pl061 '/pl061@9030000: power-states[1] points to /device-power-states/state-missing-name-noname, which lacks power-state-name'
done_testing
