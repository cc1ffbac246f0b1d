# SPDX-License-Identifier: GPL-2.0
# overlays: dts/broken/unknown-reset.dtso
# A state asserting the resets of a device node that has none.
# The table is rejected at boot with its documented error, and the device
# works as it would without a table.
. /tests/lib.sh
. /tests/broken.inc
broken_table /sys/bus/amba/devices/9030000.pl061 pl061 '/pl061@9030000: state off asserts reset, but the node has no resets'
done_testing
