# SPDX-License-Identifier: GPL-2.0
# timeout: 600
# Concurrency: writers move the same device and a parent/child pair at
# once, while system sleep (pm_test "platform"), runtime PM autosuspend,
# unbind/bind of the hierarchy's root and unloading and reloading the
# driver module run beside them.  Writes may fail (EBUSY, EAGAIN, ENODEV:
# the documented errors of a device in use or gone); nothing may deadlock
# (lockdep), warn or leak, and once all stop every device's sysfs state
# is its pretend hardware's state and every device still moves.
. /tests/lib.sh
P=/sys/bus/platform/devices
D=/sys/kernel/debug/pm_state_test
A=test-device-a B=$A:test-device-b C=$B:test-device-c L=$A:test-device-d
DRV=/sys/bus/platform/drivers/pm-state-test
ROUNDS=40
mod=$(find /lib/modules/$(uname -r) -name pm_state_test_dev.ko | head -n 1)

! grep -q '^pm_state_test_dev ' /proc/modules || rmmod pm_state_test_dev
check "insmod pm_state_test_dev" insmod "$mod"
check "a, b and c are bound" test -d $D/$A -a -d $D/$B -a -d $D/$C

# mover DEV STATES...: ROUNDS times, write each state in turn (errors are
# expected and ignored); unexpected errors show in the kernel log.
mover() {
	dev=$1
	shift
	for i in $(seq $ROUNDS); do
		for s in "$@"; do
			echo "$s" 2>/dev/null > $P/$dev/power/current
		done
	done
}
sleeper() {
	for i in $(seq $((ROUNDS / 4))); do
		echo freeze 2>/dev/null > /sys/power/state
		echo mem 2>/dev/null > /sys/power/state
	done
}
rpm() {
	for i in $(seq $ROUNDS); do
		echo auto 2>/dev/null > $P/$C/power/control
		sleep 0.03
		echo on 2>/dev/null > $P/$C/power/control
	done
}
rebinder() {
	for i in $(seq $((ROUNDS / 4))); do
		echo $A 2>/dev/null > $DRV/unbind
		echo $A 2>/dev/null > $DRV/bind
	done
}
reloader() {
	for i in $(seq $((ROUNDS / 8))); do
		rmmod pm_state_test_dev 2>/dev/null
		insmod "$mod" 2>/dev/null
	done
}

echo platform > /sys/power/pm_test
t0=$(cut -d. -f1 /proc/uptime)
mover $C off on & mover $C retention on off & mover $B retention on &
mover $A off on & sleeper & rpm & rebinder & reloader &
wait
t1=$(cut -d. -f1 /proc/uptime)
echo none > /sys/power/pm_test
summary "concurrency: 4 movers x $ROUNDS rounds, $((ROUNDS / 4)) freeze+mem, $ROUNDS autosuspends, $((ROUNDS / 4)) rebinds, $((ROUNDS / 8)) reloads in $((t1 - t0)) s"

# The pretend hardware's state; d's driver has no power callback (its
# moves are the bus's alone), so d's is what sysfs says.
hw() { if [ "$1" = "$L" ]; then cat $P/$1/power/current; else cat $D/$1/state; fi; }

# Whatever the race left: the module is loaded and bound again.
grep -q '^pm_state_test_dev ' /proc/modules || insmod "$mod"
[ -e $P/$A/driver ] || echo $A > $DRV/bind
check "after the race: a, b, c and d bound" test -e $P/$A/driver -a -e $P/$B/driver -a -e $P/$C/driver -a -e $P/$L/driver
for d in $A $B $C $L; do
	echo on > $P/$d/power/control
	check_eq "$d: sysfs state is the pretend hardware's" \
		"$(cat $P/$d/power/current)" "$(hw $d)"
done
# Children first: a parent goes off only once all its children are.
for d in $C $B $L $A; do
	check "$d: moves off" sh -c "echo off > $P/$d/power/current"
	check_eq "$d: hardware off" off "$(hw $d)"
done
for d in $A $B $C $L; do
	check "$d: moves on" sh -c "echo on > $P/$d/power/current"
	check_eq "$d: hardware on" on "$(hw $d)"
done
check "a freeze cycle works after the race" sh -c "echo platform > /sys/power/pm_test; echo freeze > /sys/power/state; r=\$?; echo none > /sys/power/pm_test; exit \$r"
done_testing
