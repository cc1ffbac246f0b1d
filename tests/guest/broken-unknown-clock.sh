# SPDX-License-Identifier: GPL-2.0
# overlays: dts/broken/unknown-clock.dtso
# A state stopping a clock the device does not have (the PL061 has apb_pclk only).
# The table is rejected at boot with its documented error, and the device
# works as it would without a table.
. /tests/lib.sh
. /tests/broken.inc
broken_table /sys/bus/amba/devices/9030000.pl061 pl061 '/pl061@9030000: state off stops clock "fck", which is not in its clock-names'
done_testing
