# SPDX-License-Identifier: GPL-2.0
# overlays: dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/virt-sleep.dtso
# timeout: 400
# Fault matrix, moves (tests/guest/fault-matrix.inc says what each case
# checks): a write to power/current and runtime PM's autosuspend and
# resume, each failing in every step of a move (stop, save, power, and
# back: power, restore, start) at every position; then, at b and c, double
# faults in each: power and its undo restore, save and its undo start in a
# move down, restore and its undo power in a move back.
. /tests/lib.sh
. /tests/fault-matrix.inc
# 2 transitions x 6 steps x 5 positions, 2 transitions x 2 positions x 3
# double faults
plan $((2 * 6 * 5 + 2 * 2 * 3))
fm_begin
# d's driver has no pm_state_driver_ops: bound, d is not parked, and a
# could never go down over it.  Unbound, d is moved by its bus alone (off
# before a goes down, by park_children): it is left out of the cases.
guard "unbind d" sh -c "echo $L > /sys/bus/platform/drivers/pm-state-test-legacy/unbind"
ALL="$A $B $C $SUP $CON $PDT"
for t in sysfs runtime-pm; do
	run_transition $t
	move_doubles $t
done
fm_end "sysfs and runtime-pm"
done_testing
