# SPDX-License-Identifier: GPL-2.0
# overlays: dts/broken/duplicate-system-state.dtso
# A system state is mapped twice.
# The table is rejected at boot with its documented error, and the device
# works as it would without a table.
. /tests/lib.sh
. /tests/broken.inc
broken_table /sys/bus/amba/devices/9010000.pl031 pl031 '/pl031@9010000: system-power-state-names[1] "suspend" is listed twice'
done_testing
