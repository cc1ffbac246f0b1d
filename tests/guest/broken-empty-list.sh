# SPDX-License-Identifier: GPL-2.0
# overlays: dts/broken/empty-list.dtso
# An empty power-states list.
# The table is rejected at boot with its documented error, and the device
# works as it would without a table.
. /tests/lib.sh
. /tests/broken.inc
broken_table /sys/bus/amba/devices/9030000.pl061 pl061 '/pl061@9030000: power-states is empty'
done_testing
