# SPDX-License-Identifier: GPL-2.0
# overlays: dts/broken/unknown-phandle.dtso
# power-states names a phandle that no node has.
# The table is rejected at boot with its documented error, and the device
# works as it would without a table.
. /tests/lib.sh
. /tests/broken.inc
broken_table /sys/bus/amba/devices/9030000.pl061 pl061 '/pl061@9030000: power-states[1] is not a valid phandle (-2)'
done_testing
