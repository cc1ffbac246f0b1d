# SPDX-License-Identifier: GPL-2.0
# overlays: dts/broken/unknown-system-state.dtso
# system-power-state-names has a name that is not a system state.
# The table is rejected at boot with its documented error, and the device
# works as it would without a table.
. /tests/lib.sh
. /tests/broken.inc
broken_table /sys/bus/amba/devices/9010000.pl031 pl031 '/pl031@9010000: system-power-state-names[1] "sleep" is not a system power state'
done_testing
