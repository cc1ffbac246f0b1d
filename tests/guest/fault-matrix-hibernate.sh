# SPDX-License-Identifier: GPL-2.0
# overlays: dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/virt-sleep.dtso
# timeout: 400
# Fault matrix, hibernation (tests/guest/fault-matrix.inc says what each
# case checks): echo disk at pm_test "platform" runs the freeze phases, in
# which a table moves nothing, and then, as no image was made, the restore
# phases, in which the table powers every device to its recorded state:
# there its power step fails, at every position; and four faults armed at
# each position stay armed through the freeze phases.  The poweroff phases
# need platform hibernation ops, which virt has not: they do not run here.
. /tests/lib.sh
. /tests/fault-matrix.inc
# 1 step x 5 positions, 3 results of the freeze phases
plan $((1 * 5 + 3))
fm_begin
run_transition hibernate
hibernate_freeze_phases
fm_end hibernation
done_testing
