# SPDX-License-Identifier: GPL-2.0
# overlays: dts/broken/required-opps-no-domain.dtso
# A state with required-opps for a device that names no power domain.
# The table is rejected at boot with its documented error, and the device
# works as it would without a table.
. /tests/lib.sh
. /tests/broken.inc
broken_table /sys/bus/amba/devices/9030000.pl061 pl061 '/pl061@9030000: state on has required-opps, but the node is not in exactly one power domain'
done_testing
