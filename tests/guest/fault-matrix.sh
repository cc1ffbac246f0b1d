# SPDX-License-Identifier: GPL-2.0
# overlays: dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/virt-sleep.dtso
# timeout: 900
# Fault matrix on the path that really runs: every transition the guest
# can make (a write to power/current, runtime PM's autosuspend and resume,
# echo freeze, mem and disk at pm_test "platform") x every step of a move
# (a move from sysfs or runtime PM: stop, save, power, and back: power,
# restore, start; a system sleep: the table's power step and its way back,
# as the driver's own callbacks quiesce and save; hibernation: the power
# step of the restore phases) x every position
# (the root a, the middle b and the leaf c of the test hierarchy, a
# device-link consumer, a device in the test PM domain).  Each case arms
# one failure and holds when:
# - the transition reports it: the write fails and the kernel log names
#   the device and the step; for system sleep suspend_stats records the
#   device and the phase;
# - every device is back where it was: sysfs state, the pretend hardware's
#   state and its context register, runtime PM status;
# - the fault was consumed, and the same transition then succeeds;
# - afterwards every device comes back on, with the context it had and the
#   runtime PM usage count it had.
# A failed system resume leaves the device where the failed step did, and
# the next resume brings it back (Documentation/power/pm-state.rst).
# Double faults (a step and its undo) end as the ABI documents: current
# names the state the device is in, and "on" completes the move.
# Hibernation at pm_test "platform" runs the freeze phases, in which a
# table moves nothing (four armed faults on each position stay armed), and
# then, as no image was made, the restore phases, in which the table powers
# every device to its recorded state.  Its poweroff phases need platform
# hibernation ops, which virt has not: they do not run here.
. /tests/lib.sh
P=/sys/bus/platform/devices
D=/sys/kernel/debug/pm_state_test
SS=/sys/power/suspend_stats
A=test-device-a B=$A:test-device-b C=$B:test-device-c L=$A:test-device-d
SUP=test-device-sup CON=test-device-con PDT=test-device-pd-tabled
# Parents before children, suppliers before consumers.
ALL="$A $B $C $L $SUP $CON $PDT"
POSITIONS="a:$A b:$B c:$C consumer:$CON domain:$PDT"
TRANSITIONS="sysfs runtime-pm freeze mem hibernate"
MOVE_STEPS="stop save power restore power-back start"
SLEEP_STEPS="power power-back"
HIBERNATE_STEPS=power-back
mod=$(find /lib/modules/$(uname -r) -name pm_state_test_dev.ko | head -n 1)
! grep -q '^pm_state_test_dev ' /proc/modules || rmmod pm_state_test_dev
check "insmod pm_state_test_dev" insmod "$mod"
# virt-sleep.dtso maps no system state for the link pair: give it one.
for d in $SUP $CON; do
	echo off > $P/$d/power/system_standby
	echo off > $P/$d/power/system_suspend
done

cur() { cat $P/$1/power/current; }
rpm() { cat $P/$1/power/runtime_status; }
hw() { if [ "$1" = "$L" ]; then cur "$1"; else cat $D/$1/state; fi; }
stat() { cat $SS/$1; }
# snap: every device's "current/hardware/context/runtime status", and
# usage: their runtime PM usage counts.  read, not cat: a fork costs tens
# of milliseconds on the debug kernel, and these run thrice a case.
snap() {
	local d c h x r
	for d in $ALL; do
		read -r c < $P/$d/power/current
		h=$c
		[ "$d" = "$L" ] || read -r h < $D/$d/state
		read -r x < $D/$d/context
		read -r r < $P/$d/power/runtime_status
		printf '%s=%s/%s/%s/%s ' "${d##*:}" "$c" "$h" "$x" "$r"
	done
}
usage() {
	local d u
	for d in $ALL; do read -r u < $P/$d/power/runtime_usage; printf '%s ' "$u"; done
}
# wait_rpm DEV STATUS...: up to 5 s for runtime PM to settle in one of them
wait_rpm() {
	local dev=$1 i s r
	shift
	for i in $(seq 100); do
		read -r r < $P/$dev/power/runtime_status
		for s in "$@"; do [ "$r" = "$s" ] && return 0; done
		sleep 0.05
	done
	return 1
}

# reset: every device on, runtime PM forbidden, no fault armed, and a
# fresh context value in each, so a lost context shows.
ctx=4096
reset() {
	local d
	for d in $ALL; do
		echo none > $D/$d/fail
		echo 0 > $D/$d/busy
		echo on > $P/$d/power/control
	done
	for d in $ALL; do echo on > $P/$d/power/current || return 1; done
	for d in $ALL; do
		ctx=$((ctx + 1))
		echo $ctx > $D/$d/context
	done
	ref=$(snap)
	ref_usage=$(usage)
}

# park_children LABEL: what must be down before the device may go down
park_children() {
	case $1 in
	a) echo off > $P/$C/power/current && echo off > $P/$B/power/current &&
		echo off > $P/$L/power/current ;;
	b) echo off > $P/$C/power/current ;;
	esac
}

# low T DEV: the state the transition takes DEV to
low() {
	case $1 in
	freeze) cat $P/$2/power/system_standby ;;
	mem) cat $P/$2/power/system_suspend ;;
	*) echo off ;;
	esac
}

# go T DEV DIR LOW: make the transition (DIR down or up); 0 when it succeeded
go() {
	case $1-$3 in
	sysfs-down) echo "$4" > $P/$2/power/current ;;
	sysfs-up) echo on > $P/$2/power/current ;;
	runtime-pm-down) echo auto > $P/$2/power/control &&
		wait_rpm $2 suspended error && [ "$(rpm $2)" = suspended ] ;;
	runtime-pm-up) echo 1 > $D/$2/busy ;;
	hibernate-*) echo disk > /sys/power/state ;;
	*) echo "$1" > /sys/power/state ;;
	esac
}

# prepare T DEV DIR LOW: for a move back, take DEV down first
prepare() {
	[ "$3" = up ] || return 0
	case $1 in
	sysfs) echo "$4" > $P/$2/power/current ;;
	runtime-pm) echo auto > $P/$2/power/control && wait_rpm $2 suspended ;;
	*) return 0 ;;
	esac
}

# recover T DEV DIR LOW: the same transition, with nothing armed, succeeds
recover() {
	case $1-$3 in
	runtime-pm-down)
		# A failed autosuspend leaves runtime PM's error: a write to
		# current, of the state it is in, clears it (the ABI), and
		# autosuspend comes again by itself.
		echo on > $P/$2/power/current &&
			{ [ "$(cat $P/$2/power/control)" = auto ] || echo auto > $P/$2/power/control; } &&
			wait_rpm $2 suspended ;;
	runtime-pm-up)
		echo on > $P/$2/power/current && echo 0 > $D/$2/busy &&
			echo on > $P/$2/power/control && prepare "$@" && go "$@" &&
			echo 0 > $D/$2/busy ;;
	sysfs-up) go "$1" "$2" up "$4" ;;
	sysfs-down) go "$1" "$2" down "$4" && [ "$(cur $2)" = "$4" ] ;;
	*) go "$1" "$2" "$3" "$4" ;;
	esac
}

# spec STEP DIR LOW: the fault to arm
spec() {
	case $1 in
	power) echo "power $3" ;;
	power-back) echo "power on" ;;
	*) echo "$1" ;;
	esac
}

# report T DEV STEP DIR: the transition named the device and the step
report() {
	local phase=suspend_noirq
	case $1 in
	freeze | mem | hibernate)
		[ "$4" = up ] && phase=resume_noirq
		# suspend_stats keeps 39 characters of a name.
		[ "$(stat last_failed_dev)" = "$(printf %.39s "$2")" ] || { echo "last_failed_dev $(stat last_failed_dev)"; return 1; }
		[ "$(stat last_failed_step)" = $phase ] || { echo "last_failed_step $(stat last_failed_step)"; return 1; }
		[ "$(stat failed_$phase)" -gt "$(echo "$stats" | cut -d' ' -f$([ $phase = suspend_noirq ] && echo 1 || echo 2))" ] ||
			{ echo "failed_$phase not counted"; return 1; } ;;
	*)
		local s=${3%-back}
		dmesg | grep -q "$2: pm_state: .*: $s (.*) failed: -5" ||
			{ echo "no log line names $2 and $s: $(dmesg | grep pm_state | tail -n 2)"; return 1; } ;;
	esac
}

cases=0 held=0
# hold DESC PROBLEMS: one case's verdict
hold() {
	cases=$((cases + 1))
	if [ -z "$2" ]; then
		held=$((held + 1))
		ok "$1"
	else
		not_ok "$1" "$2"
	fi
}

# run_case T STEP LABEL DEV
run_case() {
	local t=$1 step=$2 label=$3 dev=$4 dir=down lo f rc before after p=
	case $step in power-back | restore | start) dir=up ;; esac
	reset || { hold "$t: $label: $step fails" "cannot put every device on"; return; }
	lo=$(low "$t" "$dev")
	case $t in sysfs | runtime-pm) park_children "$label" ;; esac
	prepare "$t" "$dev" $dir "$lo" || p="$p; cannot take it to $lo first"
	before=$(snap)
	stats="$(stat failed_suspend_noirq) $(stat failed_resume_noirq) $(stat fail)"
	dmesg -c > /dev/null
	f=$(spec $step $dir "$lo")
	echo "$f" > $D/$dev/fail
	go "$t" "$dev" $dir "$lo" 2>/dev/null
	rc=$?
	case $t-$dir in
	freeze-up | mem-up | hibernate-up)
		[ $rc -eq 0 ] || p="$p; echo $t failed: a failed resume does not fail it" ;;
	runtime-pm-down)
		[ "$(rpm $dev)" = error ] || p="$p; runtime PM status $(rpm $dev), not error" ;;
	*)
		[ $rc -ne 0 ] || p="$p; the transition succeeded" ;;
	esac
	r=$(report "$t" "$dev" ${step} $dir) || p="$p; not reported: $r"
	[ "$(cat $D/$dev/fail)" = none ] || p="$p; fault not consumed: $(cat $D/$dev/fail)"
	after=$(snap)
	case $t-$dir in
	freeze-up | mem-up)
		# The failed device stays down, consistently; the others are back.
		[ "$(cur $dev)" = "$lo" ] && [ "$(hw $dev)" = "$lo" ] ||
			p="$p; $label: sysfs $(cur $dev), hardware $(hw $dev), not both $lo"
		[ "$(echo "$after" | tr ' ' '\n' | grep -v "^${dev##*:}=")" = \
		  "$(echo "$before" | tr ' ' '\n' | grep -v "^${dev##*:}=")" ] ||
			p="$p; others moved: before '$before' after '$after'" ;;
	runtime-pm-*)
		# Only runtime PM's error differs (the ABI).
		[ "$(echo "$after" | sed "s#\(${dev##*:}=[^ ]*/\)error#\1X#")" = \
		  "$(echo "$before" | sed "s#\(${dev##*:}=[^ ]*/\)[a-z]*#\1X#")" ] ||
			p="$p; not where it was: before '$before' after '$after'" ;;
	*)
		[ "$after" = "$before" ] || p="$p; not where it was: before '$before' after '$after'" ;;
	esac
	recover "$t" "$dev" $dir "$lo" 2>/dev/null || p="$p; the next $t failed"
	fails=$(echo "$stats" | cut -d' ' -f3)
	case $t-$dir in freeze-down | mem-down) fails=$((fails + 1)) ;; esac
	[ "$(stat fail)" = $fails ] || p="$p; suspend_stats fail reads $(stat fail), not $fails"
	for d in $ALL; do echo on > $P/$d/power/control; echo on > $P/$d/power/current || p="$p; ${d##*:} cannot go on"; done
	[ "$(snap)" = "$ref" ] || p="$p; afterwards: expected '$ref', got '$(snap)'"
	[ "$(usage)" = "$ref_usage" ] || p="$p; usage counts '$ref_usage' became '$(usage)'"
	hold "$t: $label: '$f' fails" "${p#; }"
}

echo platform > /sys/power/pm_test
for t in $TRANSITIONS; do
	steps=$MOVE_STEPS
	case $t in freeze | mem) steps=$SLEEP_STEPS ;; hibernate) steps=$HIBERNATE_STEPS ;; esac
	for step in $steps; do
		for pos in $POSITIONS; do
			run_case $t $step ${pos%%:*} ${pos#*:}
		done
	done
done

# Double faults: a step and the undo after it.  The unwind stops where the
# undo failed; current names the state each device is in, and "on"
# completes the move, restoring the context.  In system sleep the table's
# only step is power: there the undo that fails is a child's move back,
# which the PM core makes after its parent failed to go down.
double() {	# double T DIR LABEL DEV FAULT DEV2 FAULT2
	local t=$1 dir=$2 label=$3 dev=$4 lo d p=
	reset || { hold "double: $t: $label" "cannot put every device on"; return; }
	lo=$(low "$t" "$dev")
	case $t in sysfs | runtime-pm) park_children "$label" ;; esac
	prepare "$t" "$dev" $dir "$lo" || p="$p; cannot take it to $lo first"
	echo "$5" > $D/$dev/fail
	echo "$7" > $D/$6/fail
	go "$t" "$dev" $dir "$lo" 2>/dev/null
	for d in $dev $6; do
		[ "$(cat $D/$d/fail)" = none ] || p="$p; ${d##*:}: faults not consumed: $(cat $D/$d/fail | tr '\n' ' ')"
		[ "$(cur $d)" = "$(hw $d)" ] || p="$p; ${d##*:}: current $(cur $d) but hardware $(hw $d)"
	done
	echo 0 > $D/$dev/busy
	for d in $ALL; do echo on > $P/$d/power/control; echo on > $P/$d/power/current || p="$p; ${d##*:}: on does not complete the move"; done
	[ "$(snap)" = "$ref" ] || p="$p; afterwards: expected '$ref', got '$(snap)'"
	[ "$(usage)" = "$ref_usage" ] || p="$p; usage counts '$ref_usage' became '$(usage)'"
	case $t in sysfs | runtime-pm) park_children "$label" ;; esac
	[ "$t-$dir" != sysfs-up ] || prepare "$t" "$dev" up "$lo"
	recover "$t" "$dev" $dir "$lo" 2>/dev/null || p="$p; the next $t failed"
	hold "double: $t: $label: '$5' and ${6##*:} '$7' fail" "${p#; }"
}
doubles=0
for t in sysfs runtime-pm; do
	for pos in b:$B c:$C; do
		dev=${pos#*:} label=${pos%%:*}
		double $t down $label $dev "power off" $dev restore
		double $t down $label $dev save $dev start
		double $t up $label $dev restore $dev "power off"
		doubles=$((doubles + 3))
	done
done
for t in freeze mem; do
	double $t down b $B "power $(low $t $B)" $C "power on"
	doubles=$((doubles + 1))
done
single=$((cases - doubles))

# Hibernation's freeze phases: the table moves nothing, so no armed fault
# fires (the restore phases power to "on" only).
reset
for pos in $POSITIONS; do
	for f in stop save "power off" restore; do echo "$f" > $D/${pos#*:}/fail; done
done
check "echo disk (pm_test platform) with every position armed" sh -c "echo disk > /sys/power/state"
armed=0
for pos in $POSITIONS; do armed=$((armed + $(grep -vc none $D/${pos#*:}/fail))); done
check_eq "hibernation fired none of the 20 faults" 20 $armed
check_eq "every device where it was" "$ref" "$(snap)"
echo none > /sys/power/pm_test

npos=$(echo $POSITIONS | wc -w)
summary "fault matrix: $cases cases ($single single: (2 moves x $(echo $MOVE_STEPS | wc -w) steps + 2 sleeps x $(echo $SLEEP_STEPS | wc -w) steps + hibernation x 1 step) x $npos positions; $doubles double faults), $held held"
done_testing
