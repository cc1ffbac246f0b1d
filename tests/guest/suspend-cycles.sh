# SPDX-License-Identifier: GPL-2.0
# 20 s2idle ("freeze", system state standby) and 20 "mem" (s2idle on virt,
# system state suspend) cycles.  Most run every device phase through
# /sys/power/pm_test "platform" (no wake source needed, no 2 s wait); the
# last 2 of each really sleep and are woken by the PL031 alarm.  Each
# cycle: every bound tabled device mapped for the system state reached its mapped
# state and came back to where it was (seen in the trace), and
# suspend_stats records no failure.
# timeout: 600
. /tests/lib.sh
CYCLES=20
REAL=2
MODES="freeze=standby mem=suspend"
# Devices the default overlays give a table that are bound on every boot
# (the virtio console's transport, and the test devices once a script in
# the same boot loaded their module, may be more)
BOUND="9000000.pl011 9010000.pl031 9030000.pl061"
# 3 before the cycles, 3 for each mode
plan $((3 + 3 * $(echo $MODES | wc -w)))
T=/sys/kernel/tracing
EV=$T/events/pm_state/pm_state_transition/enable
rtc=/sys/class/rtc/rtc0

check "pm_state trace event exists" test -w $EV
keep /sys/power/pm_debug_messages
echo 1 > /sys/power/pm_debug_messages
keep $EV
echo 1 > $EV

# Only bound devices: system sleep reaches a device through its driver's
# PM domain, so a device without a driver stays where it is.
tabled=$(for d in $(find /sys/devices -path '*/power/current' | sed 's,/power/current$,,'); do
	[ -e "$d/driver" ] && echo "$d"
done)
check "tabled devices present" test -n "$tabled"
# The list the cycles walk is read from sysfs: none of BOUND may be missing.
missing=
for n in $BOUND; do
	echo "$tabled" | grep -q "/$n\$" || missing="$missing $n"
done
check_eq "the list holds the $(echo $BOUND | wc -w) AMBA devices" "" "$missing"

# "NAME STATE MAPPED" for every tabled device: where it is now, and where
# SYS maps it.  read, not cat: a fork per file is slow on the debug kernel.
states() {	# SYS
	local d cur map
	for d in $tabled; do
		read -r cur < "$d/power/current"
		read -r map < "$d/power/system_$1"
		echo "${d##*/} $cur $map"
	done
}

cycle() {	# MODE SYS real|test: one cycle; prints what went wrong, returns non-zero on failure
	local mode=$1 sys=$2 before after
	before=$(states $sys)
	echo > $T/trace
	if [ "$3" = real ]; then
		echo none > /sys/power/pm_test
		sleep_rtc "$mode"
	else
		echo platform > /sys/power/pm_test
		echo "$mode" > /sys/power/state
	fi || { echo "echo $mode > /sys/power/state failed"; return 1; }
	after=$(states $sys)
	[ "$before" = "$after" ] || { echo "not back where they were:"; echo "$before" | grep -vxF "$after"; return 1; }
	# One pass over the trace: each device mapped elsewhere went there and back.
	echo "$before" | awk -v sys="$sys" '
		NR == FNR { if ($3 != "none" && $3 != $2) { want[$1 " " $2 " -> " $3]; want[$1 " " $3 " -> " $2] }; next }
		/ phase=power ret=0/ && index($0, " sys=" sys " ") {
			for (w in want) if (index($0, " " w " sys=")) delete want[w]
		}
		END { for (w in want) { print w ": no such power move in the trace"; bad = 1 } exit bad }
	' - $T/trace
}

for m in $MODES; do
	mode=${m%=*} sys=${m#*=}
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
