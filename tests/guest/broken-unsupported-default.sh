# SPDX-License-Identifier: GPL-2.0
# overlays: dts/broken/unsupported-default.dtso
# default-power-state is not one of power-states.
# The table is rejected at boot with its documented error, and the device
# works as it would without a table.
. /tests/lib.sh
. /tests/broken.inc
broken_table /sys/bus/amba/devices/9010000.pl031 pl031 '/pl031@9010000: default-power-state (/device-power-states/state-unsupported-default-off) is not in power-states'
done_testing
