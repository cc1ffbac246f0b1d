# SPDX-License-Identifier: GPL-2.0
# overlays: dts/broken/unsupported-mapping.dtso
# system-power-states maps a state the device does not support.
# The table is rejected at boot with its documented error, and the device
# works as it would without a table.
. /tests/lib.sh
. /tests/broken.inc
broken_table /sys/bus/amba/devices/9010000.pl031 pl031 '/pl031@9010000: system-power-states[0] (/device-power-states/state-unsupported-mapping-off) is not in power-states'
done_testing
