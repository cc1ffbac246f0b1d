# SPDX-License-Identifier: GPL-2.0
# overlays: dts/virt-pmstate.dtso dts/virt-pl061.dtso build/fuzz/tables-1-20.dtso
# timeout: 600
# Fuzzed tables: the seeded mutants of tests/fuzz/tables.sh (seed 1, 20
# of them here; make soak boots 200 more in batches).  The boot comes up
# without a kernel report (the runner), and for every mutant /fuzz-N:
# - its table is accepted, and then the device moves to each of its
#   states and back, or it is rejected with exactly one error that names
#   the node and the property;
# - a mutant the generator marked "reject" is rejected;
# - the device works either way: its driver bound, and its register takes
#   a value and reads it back.
. /tests/lib.sh
P=/sys/bus/platform/devices
DT=/proc/device-tree
PROPS='power-states|system-power-states|system-power-state-names|default-power-state'
# How many mutants there are is the input's, not a constant of this script:
# the host wrote the overlay with tests/fuzz/tables.sh SEED COUNT (20 by
# the header, FUZZ_BATCH when make soak swaps the overlay), and COUNT does
# not reach the guest.  The generator writes mutant n (0 .. COUNT-1) as
# /fuzz-n and its three states as /fuzz-states/s-n-{on,idle,off}, whatever
# the mutation: COUNT is the number of s-n-on states.  The loop walks
# fuzz-0 .. fuzz-(COUNT-1), so a mutant missing from the tree is a result
# not ok, not one fewer.
COUNT=0
for s in $DT/fuzz-states/s-*-on; do
	[ ! -d "$s" ] || COUNT=$((COUNT + 1))
done
# insmod, one for each mutant, and that there were any
plan $((1 + COUNT + 1))
mod=$(find /lib/modules/$(uname -r) -name pm_state_test_dev.ko | head -n 1)
! grep -q '^pm_state_test_dev ' /proc/modules || rmmod pm_state_test_dev
test_driver_at_exit
check "insmod pm_state_test_dev" insmod "$mod"

dtstr() { tr -d '\0' < "$1"; }
accepted=0 rejected=0 total=0 i=0
while [ $i -lt "$COUNT" ]; do
	name=fuzz-$i node=$DT/fuzz-$i
	i=$((i + 1))
	if [ ! -e "$node/fuzz-mutation" ]; then
		not_ok "$name: the mutant the generator wrote" "no $node/fuzz-mutation, but /fuzz-states has its states"
		continue
	fi
	total=$((total + 1))
	what=$(dtstr $node/fuzz-mutation) expect=$(dtstr $node/fuzz-expect)
	dev=$P/$name p=
	errors=$(dmesg | grep -F "/$name: ")
	nerr=$(printf '%s' "$errors" | grep -c .)
	[ -e "$dev/driver" ] || p="$p; no driver bound"
	echo 0x5a5a > /sys/class/pm_state_test/$name-reg/reg 2>/dev/null &&
		[ "$(cat /sys/class/pm_state_test/$name-reg/reg)" = 0x00005a5a ] ||
		p="$p; its register does not work"
	if [ -e "$dev/power/supports" ]; then
		accepted=$((accepted + 1)) verdict=accepted
		[ "$expect" != reject ] || p="$p; accepted, but must be rejected"
		[ "$nerr" -eq 0 ] || p="$p; accepted with errors: $errors"
		op=$(cat $dev/power/system_on)
		for s in $(cat $dev/power/supports) $op; do
			echo $s > $dev/power/current || p="$p; cannot move to $s"
		done
		[ "$(cat /sys/class/pm_state_test/$name-reg/reg)" = 0x00005a5a ] ||
			p="$p; its register lost its value in the moves"
	else
		rejected=$((rejected + 1)) verdict="rejected"
		[ "$nerr" -eq 1 ] || p="$p; $nerr errors name /$name, not 1: $(dmesg | grep -F "$name" | tail -n 3)"
		printf '%s' "$errors" | grep -Eq "/$name: ($PROPS)[[ ]" ||
			p="$p; the error names no property of /$name: $errors"
	fi
	if [ -z "$p" ]; then
		ok "$name ($what): $verdict, works"
	else
		not_ok "$name ($what): $verdict" "${p#; }"
	fi
done
check "the overlay held mutants" test $total -gt 0
count fuzzed-tables $total
summary "fuzz: $total mutants: $accepted accepted, $rejected rejected naming node and property, $_t_failed not ok"
done_testing
