# SPDX-License-Identifier: GPL-2.0
# overlays: dts/broken/rejected-value.dtso
# A power-state-value the AMBA bus does not define.
# The table is rejected at boot with its documented error, and the device
# works as it would without a table.
. /tests/lib.sh
. /tests/broken.inc
broken_table /sys/bus/amba/devices/9030000.pl061 pl061 '/pl061@9030000: power-states[1] (/device-power-states/state-broken-deep): power-state-value 7 is rejected by the amba bus'
done_testing
