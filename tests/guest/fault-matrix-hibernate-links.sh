# SPDX-License-Identifier: GPL-2.0
# overlays: dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/virt-sleep.dtso
# timeout: 400
# Fault matrix, hibernation at the positions tied to others outside the
# hierarchy, the device-link consumer and the device in the test PM domain
# (tests/guest/fault-matrix.inc says what each case checks;
# fault-matrix-hibernate-tree.sh takes a, b and c), and hibernation's
# freeze phases at every position.  echo disk at pm_test "platform" runs
# the freeze phases, in which a table moves nothing, and then, as no image
# was made, the restore phases, in which the table powers every device to
# its recorded state: there its power step fails.  The poweroff phases
# need platform hibernation ops, which virt has not: they do not run here.
. /tests/lib.sh
. /tests/fault-matrix.inc
# 1 step x 2 positions, 3 results of the freeze phases
plan $((1 * 2 + 3))
fm_begin
run_transition hibernate "consumer:$CON domain:$PDT"
hibernate_freeze_phases
fm_end "hibernation at consumer, domain; its freeze phases"
done_testing
