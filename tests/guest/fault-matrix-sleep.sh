# SPDX-License-Identifier: GPL-2.0
# overlays: dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/virt-sleep.dtso
# timeout: 400
# Fault matrix, system sleep (tests/guest/fault-matrix.inc says what each
# case checks): echo freeze and mem at pm_test "platform", each failing in
# the table's power step and its way back at every position; then, in
# each, a double fault: b fails to go down and c, which went down before
# it, fails to come back.
. /tests/lib.sh
. /tests/fault-matrix.inc
# 2 transitions x 2 steps x 5 positions, 2 double faults
plan $((2 * 2 * 5 + 2))
fm_begin
for t in freeze mem; do
	run_transition $t
	sleep_double $t
done
fm_end "freeze and mem"
done_testing
