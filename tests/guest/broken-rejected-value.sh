# SPDX-License-Identifier: GPL-2.0
# overlays: dts/broken/rejected-value.dtso
# A power-state-value on a bus that numbers no states (AMBA).
# The table is rejected at boot with its documented error, and the device
# works as it would without a table.
. /tests/lib.sh
. /tests/broken.inc
broken_table /sys/bus/amba/devices/9030000.pl061 pl061 '/pl061@9030000: state deep has power-state-value 7, but the amba bus numbers no states: say what the state stops (stopped-clocks, off-supplies, reset-asserted)'
done_testing
