# SPDX-License-Identifier: GPL-2.0
# overlays: dts/broken/unknown-supply.dtso
# A state switching off a supply the device node does not have.
# The table is rejected at boot with its documented error, and the device
# works as it would without a table.
. /tests/lib.sh
. /tests/broken.inc
broken_table /sys/bus/amba/devices/9030000.pl061 pl061 '/pl061@9030000: state off switches off supply "vdd", but the node has no vdd-supply'
done_testing
