# SPDX-License-Identifier: GPL-2.0
# overlays: dts/broken/count-mismatch.dtso
# system-power-states and system-power-state-names differ in length.
# The table is rejected at boot with its documented error, and the device
# works as it would without a table.
. /tests/lib.sh
. /tests/broken.inc
broken_table /sys/bus/amba/devices/9010000.pl031 pl031 '/pl031@9010000: system-power-states has 2 entries but system-power-state-names has 1'
done_testing
