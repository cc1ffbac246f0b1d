# SPDX-License-Identifier: GPL-2.0
# timeout: 600
# Concurrency: writers move the same device and a parent/child pair at
# once, while system sleep (pm_test "platform"), runtime PM autosuspend,
# unbind/bind of the hierarchy's root and unloading and reloading the
# driver module run beside them.  Writes may fail (EBUSY, EAGAIN, ENODEV:
# the documented errors of a device in use or gone), but each worker
# counts what worked and what was refused, and each kind of operation
# must have worked at least once (a's writer: been refused too, below): a
# race in which every move, sleep, rebind or reload failed tested nothing.
# Nothing may deadlock (lockdep), warn or leak, and once all stop every
# device's sysfs state is its pretend hardware's state (a, b and c; d has
# none) and every device still moves.
. /tests/lib.sh
P=/sys/bus/platform/devices
D=/sys/kernel/debug/pm_state_test
T=/sys/kernel/tracing
A=test-device-a B=$A:test-device-b C=$B:test-device-c L=$A:test-device-d
DRV=/sys/bus/platform/drivers/pm-state-test
ROUNDS=40
# What the workers must have done at least once, "worker:operation:result"
# (ok: it worked; refused: EBUSY).  a's off is refused while a is bound
# (its child d never leaves on here) and works while the rebinder or the
# reloader has it unbound, its children gone: a's writer must meet both.
KINDS="c1:off:ok c2:idle:ok c2:off:ok b:idle:ok a:off:refused a:off:ok sleeper:freeze:ok sleeper:mem:ok rpm:letgo:ok rebinder:unbind:ok rebinder:bind:ok reloader:rmmod:ok reloader:insmod:ok"
mod=$(find /lib/modules/$(uname -r) -name pm_state_test_dev.ko | head -n 1)

plan $(($(echo $KINDS | wc -w) + 1 + 3 + 1 + 4 * 2 + 4 * 2 + 1))
! grep -q '^pm_state_test_dev ' /proc/modules || rmmod pm_state_test_dev
test_driver_at_exit
guard "insmod pm_state_test_dev" insmod "$mod"
guard "a, b and c are bound" test -d $D/$A -a -d $D/$B -a -d $D/$C
rm -f /tmp/conc.*

# Each worker appends "OPERATION RESULT" to its own file, /tmp/conc.WORKER,
# once per attempt: RESULT is ok, refused (EBUSY) or failed (any other
# error: the device or driver gone, mostly).
# did WORKER OPERATION CMD...: run CMD and count its result
did() {
	w=$1 op=$2
	shift 2
	if "$@" 2>/tmp/conc.err.$w; then
		r=ok
	else
		e=
		read -r e < /tmp/conc.err.$w
		case $e in
		*"resource busy"*) r=refused ;;
		*) r=failed ;;
		esac
	fi
	echo "$op $r" >> /tmp/conc.$w
}
to() { echo "$2" > $P/$1/power/current; }
# mover WORKER DEV STATES...: ROUNDS times, write each state in turn
mover() {
	w=$1 dev=$2
	shift 2
	for i in $(seq $ROUNDS); do
		for s in "$@"; do
			did $w $s to $dev $s
		done
	done
}
sleeper() {
	for i in $(seq $((ROUNDS / 4))); do
		did sleeper freeze sh -c "echo freeze > /sys/power/state"
		did sleeper mem sh -c "echo mem > /sys/power/state"
	done
}
rpm() {
	for i in $(seq $ROUNDS); do
		did rpm letgo sh -c "echo 0 > $D/$C/hold"
		sleep 0.03
		did rpm hold sh -c "echo 1 > $D/$C/hold"
	done
}
rebinder() {
	for i in $(seq $((ROUNDS / 4))); do
		did rebinder unbind sh -c "echo $A > $DRV/unbind"
		did rebinder bind sh -c "echo $A > $DRV/bind"
	done
}
reloader() {
	for i in $(seq $((ROUNDS / 8))); do
		did reloader rmmod rmmod pm_state_test_dev
		did reloader insmod insmod "$mod"
	done
}

echo platform > /sys/power/pm_test
t0=$(cut -d. -f1 /proc/uptime)
mover c1 $C off on & mover c2 $C idle on off & mover b $B idle on &
mover a $A off on & sleeper & rpm & rebinder & reloader &
wait
t1=$(cut -d. -f1 /proc/uptime)
echo none > /sys/power/pm_test

# n WORKER OPERATION RESULT: how many of WORKER's OPERATION attempts had RESULT
n() { c=$(grep -c "^$2 $3\$" /tmp/conc.$1 2>/dev/null); echo "${c:-0}"; }
tally=
for k in $KINDS; do
	w=${k%%:*} res=${k##*:} op=${k#*:}
	op=${op%:*}
	got=$(n $w $op $res) ok=$(n $w $op ok) refused=$(n $w $op refused) failed=$(n $w $op failed)
	case "$tally," in
	*" $w $op "*) ;;
	*) tally="$tally $w $op $ok/$refused/$failed," ;;
	esac
	check "$w: $op $res at least once ($got of $((ok + refused + failed)))" test "$got" -gt 0
done
summary "concurrency in $((t1 - t0)) s; attempts ok/refused/failed:${tally%,}"

# The pretend hardware's state.  d's driver has no power callback (its
# moves are the bus's alone), so no pretend hardware follows d: it is left
# out of the comparison with sysfs, and its moves below are checked in the
# trace of the bus's power step instead.
hw() { cat $D/$1/state; }
# at DEV STATE: DEV's pretend hardware is in STATE; for d, the trace shows
# the bus's power step into STATE since it was last cleared.  It says what
# it found otherwise.
at() {
	if [ "$1" = "$L" ]; then
		grep -F "pm_state_transition: $1 " $T/trace |
			grep -q " -> $2 sys=runtime phase=power ret=0\$" && return
		echo "d's trace: $(grep -F "pm_state_transition: $1 " $T/trace | tail -n 3)"
	else
		h=$(hw $1)
		[ "$h" = "$2" ] && return
		echo "pretend hardware: $h"
	fi
	return 1
}
# what DEV STATE: what at() looks at
what() { if [ "$1" = "$L" ]; then echo "the bus's power step to $2 traced"; else echo "hardware $2"; fi; }

# Whatever the race left: the module is loaded and bound again.
grep -q '^pm_state_test_dev ' /proc/modules || insmod "$mod"
[ -e $P/$A/driver ] || echo $A > $DRV/bind
check "after the race: a, b, c and d bound" test -e $P/$A/driver -a -e $P/$B/driver -a -e $P/$C/driver -a -e $P/$L/driver
for d in $A $B $C; do
	echo 1 > $D/$d/hold
	check_eq "$d: sysfs state is the pretend hardware's" \
		"$(cat $P/$d/power/current)" "$(hw $d)"
done
# d's driver has no pm_state_driver_ops: while it is bound, d is not
# parked; unbound, its bus moves it alone.
check "d: off refused (EOPNOTSUPP) while its driver without pm_state ops is bound" \
	sh -c "sh -c 'echo off > $P/$L/power/current' 2>&1 | grep -q 'Operation not supported'"
guard "unbind d" sh -c "echo $L > /sys/bus/platform/drivers/pm-state-test-legacy/unbind"
keep $T/events/pm_state/pm_state_transition/enable
echo 1 > $T/events/pm_state/pm_state_transition/enable
# Children first: a parent goes off only once all its children are.
for d in $C $B $L $A; do
	echo > $T/trace
	check "$d: moves off" sh -c "echo off > $P/$d/power/current"
	check "$d: $(what $d off)" at $d off
done
for d in $A $B $C $L; do
	echo > $T/trace
	check "$d: moves on" sh -c "echo on > $P/$d/power/current"
	check "$d: $(what $d on)" at $d on
done
echo 0 > $T/events/pm_state/pm_state_transition/enable
check "a freeze cycle works after the race" sh -c "echo platform > /sys/power/pm_test; echo freeze > /sys/power/state; r=\$?; echo none > /sys/power/pm_test; exit \$r"
done_testing
