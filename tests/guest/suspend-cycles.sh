# SPDX-License-Identifier: GPL-2.0
# 20 s2idle ("freeze", system state standby) and 20 "mem" (s2idle on virt,
# system state suspend) cycles.  Most run every device phase through
# /sys/power/pm_test "platform" (no wake source needed, no 2 s wait); the
# last 2 of each really sleep and are woken by the PL031 alarm.  Each
# cycle: every tabled device mapped for the system state reached its mapped
# state and came back to where it was (seen in the trace), and
# suspend_stats records no failure.
# timeout: 600
. /tests/lib.sh
CYCLES=20
REAL=2
T=/sys/kernel/tracing
EV=$T/events/pm_state/pm_state_transition/enable
rtc=/sys/class/rtc/rtc0

check "pm_state trace event exists" test -w $EV
echo 1 > /sys/power/pm_debug_messages
echo 1 > $EV

tabled=$(find /sys/devices -path '*/power/current' | sed 's,/power/current$,,')
check "tabled devices present" test -n "$tabled"

# where DEV (sysfs dir) is, and where SYS maps it
state_of() { cat "$1/power/current"; }
mapped() { cat "$1/power/system_$2"; }

cycle() {	# MODE SYS real|test: one cycle; prints what went wrong, returns non-zero on failure
	local mode=$1 sys=$2 d n from to before
	before=""
	for d in $tabled; do before="$before $(state_of $d)"; done
	echo > $T/trace
	if [ "$3" = real ]; then
		echo none > /sys/power/pm_test
		echo 0 > $rtc/wakealarm
		echo +2 > $rtc/wakealarm
	else
		echo platform > /sys/power/pm_test
	fi
	if ! echo "$mode" > /sys/power/state; then
		echo "echo $mode > /sys/power/state failed"
		return 1
	fi
	set -- $before
	for d in $tabled; do
		n=${d##*/}
		from=$1
		shift
		to=$(mapped $d $sys)
		[ "$(state_of $d)" = "$from" ] || { echo "$n: $(state_of $d) after resume, was $from"; return 1; }
		[ "$to" != none ] && [ "$to" != "$from" ] || continue
		grep -q " $n $from -> $to sys=$sys phase=power ret=0" $T/trace ||
			{ echo "$n: no power $from -> $to in the trace"; return 1; }
		grep -q " $n $to -> $from sys=$sys phase=power ret=0" $T/trace ||
			{ echo "$n: no power $to -> $from in the trace"; return 1; }
	done
}

for m in "freeze standby" "mem suspend"; do
	set -- $m
	mode=$1 sys=$2
	fails0=$(cat /sys/power/suspend_stats/fail)
	ok0=$(cat /sys/power/suspend_stats/success)
	i=0 why=
	while [ $i -lt "$CYCLES" ]; do
		i=$((i + 1))
		kind=test
		[ $i -le $((CYCLES - REAL)) ] || kind=real
		why=$(cycle $mode $sys $kind) || break
		why=
	done
	if [ -z "$why" ]; then
		ok "$mode: $CYCLES cycles ($REAL woken by the RTC), every tabled device reached its $sys state and came back"
	else
		not_ok "$mode: $CYCLES cycles ($REAL woken by the RTC), every tabled device reached its $sys state and came back" "cycle $i ($kind): $why"
	fi
	check_eq "$mode: suspend_stats records no failure" "$fails0" "$(cat /sys/power/suspend_stats/fail)"
	check_eq "$mode: suspend_stats counts $CYCLES successes" "$((ok0 + CYCLES))" "$(cat /sys/power/suspend_stats/success)"
	echo none > /sys/power/pm_test
done

# The kernel's own device-phase times, for the record.
dmesg | sed -n 's/.*PM: \(suspend\|resume\) of devices complete after \([0-9.]*\) msecs.*/\1 \2/p' |
	awk '{ s[$1] += $2; c[$1]++ } END { for (k in s) printf "# dpm %s of devices: mean %.3f ms over %d cycles\n", k, s[k] / c[k], c[k] }'
done_testing
