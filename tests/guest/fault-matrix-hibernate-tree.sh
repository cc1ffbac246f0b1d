# SPDX-License-Identifier: GPL-2.0
# overlays: dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/virt-sleep.dtso
# timeout: 400
# Fault matrix, hibernation at the root a, the middle b and the leaf c of
# the test hierarchy (tests/guest/fault-matrix.inc says what each case
# checks; fault-matrix-hibernate-links.sh takes the other positions: each
# hibernation takes about 10 s on the debug kernel, so they are two jobs).
# echo disk at pm_test "platform" runs the freeze phases, in which a table
# moves nothing, and then, as no image was made, the restore phases, in
# which the table powers every device to its recorded state: there its
# power step fails.  The poweroff phases need platform hibernation ops,
# which virt has not: they do not run here.
. /tests/lib.sh
. /tests/fault-matrix.inc
# 1 step x 3 positions
plan $((1 * 3))
fm_begin
run_transition hibernate "a:$A b:$B c:$C"
fm_end "hibernation at a, b, c"
done_testing
