# SPDX-License-Identifier: GPL-2.0
# TAP helpers for guest tests, sourced by each tests/guest/*.sh.  The host
# numbers the results; done_testing sets the script's exit status.
#
# A script says how many results it will print with "plan N" before the
# first one, from constants it holds (never from what the machine reads),
# so a loop that covers a shorter list than it should leaves the plan
# unmet and fails the boot.  Its setup steps are guards: when one fails the
# script bails out (exit 1) instead of reporting a result.

_t_failed=0
_t_count=0
_t_plan=

# A test leaves the machine as it found it, for the next test of its boot
# (boot/guest-state checks): what it changes, it registers to undo.
# at_exit CMD: run CMD (quietly) when the script exits, the last first
_t_at_exit=
at_exit() {
	_t_at_exit="$*
$_t_at_exit"
}
# keep FILE...: write FILE's value back at exit.  A file that reads a
# choice in brackets ("[none] core ...") gets the choice back.
keep() {
	local f v
	for f; do
		read -r v < "$f" || bail_out "keep: cannot read $f"
		case $v in *\[*\]*) v=${v#*[}; v=${v%%]*} ;; esac
		at_exit "echo '$v' > '$f'"
	done
}
# test_driver_at_exit: said before loading pm_state_test_dev, unloads it at
# exit and puts back power/control of the platform devices (tests write it;
# the device outlives the driver)
test_driver_at_exit() {
	local c
	for c in /sys/bus/platform/devices/*/power/control; do
		[ ! -e "$c" ] || keep "$c"
	done
	at_exit _t_unload_test_driver
}
# A device using its clock, supply or domain holds the module: its
# consumers are unbound first, then the providers, then it is unloaded.
_t_unload_test_driver() {
	local d l
	grep -q '^pm_state_test_dev ' /proc/modules || return 0
	rmmod pm_state_test_dev 2>/dev/null && return
	for d in pm-state-test pm-state-test-legacy pm-state-test-late \
		pm-state-test-resources pm-state-test-domain; do
		for l in /sys/bus/platform/drivers/$d/*; do
			[ -L "$l" ] && [ "${l##*/}" != module ] || continue
			echo "${l##*/}" > /sys/bus/platform/drivers/$d/unbind
		done
	done
	rmmod pm_state_test_dev
}
_t_exit() {
	echo "$_t_at_exit" | while IFS= read -r c; do
		# No command substitution: a fork costs a debug guest 0.1 s.
		[ -z "$c" ] || eval "$c" >/dev/null 2>/tmp/.at_exit.err ||
			echo "# at exit: '$c' failed: $(cat /tmp/.at_exit.err)"
	done
}
trap _t_exit EXIT

# plan N: the number of results this script prints, printed first
plan() {
	_t_plan=$1
	echo "1..$1"
}

ok() {
	_t_count=$((_t_count + 1))
	echo "ok - $*"
}

not_ok() {
	_t_count=$((_t_count + 1))
	_t_failed=$((_t_failed + 1))
	echo "not ok - $1"
	shift
	[ $# -eq 0 ] || echo "# $*"
}

# skip DESC REASON: a result that could not be tested here, and why
skip() {
	_t_count=$((_t_count + 1))
	echo "ok - $1 # SKIP $2"
}

# check DESC CMD [ARGS...]: ok when CMD exits 0; its output becomes diagnostics.
check() {
	_t_desc=$1
	shift
	if _t_out=$("$@" 2>&1); then
		ok "$_t_desc"
	else
		not_ok "$_t_desc" "'$*' failed: $(echo "$_t_out" | tail -n 3)"
	fi
}

# check_eq DESC EXPECTED ACTUAL
check_eq() {
	if [ "$2" = "$3" ]; then
		ok "$1"
	else
		not_ok "$1" "expected '$2', got '$3'"
	fi
}

# bail_out REASON: stop the script; the runner fails the boot with REASON
bail_out() {
	echo "Bail out! $*"
	exit 1
}

# guard DESC CMD [ARGS...]: a setup step, not a result; bails out when CMD fails
guard() {
	_t_desc=$1
	shift
	_t_out=$("$@" 2>&1) || bail_out "$_t_desc: '$*' failed: $(echo "$_t_out" | tail -n 3)"
}

# guard_eq DESC EXPECTED ACTUAL: a setup step that must read EXPECTED
guard_eq() {
	[ "$2" = "$3" ] || bail_out "$1: expected '$2', got '$3'"
}

# summary TEXT: a line the runner prints in make check's output (sizes,
# counts), where other comments stay in the logs.
summary() {
	echo "# summary: $*"
}

# count WHAT N: N more of WHAT (fault-cases, bad-inputs, fuzzed-tables,
# soak-cycles) for make check's closing summary of what was tested
count() {
	echo "# count: $1 $2"
}

# sleep_rtc MODE: echo MODE (freeze, mem) > /sys/power/state, woken by the
# RTC 3 s later (at pm_test, the alarm is set the same way).  An alarm that
# fires before the sleep begins (a slow host) would leave the guest asleep
# until the host's time limit: the wakeup
# count taken before arming it makes the sleep fail instead (the alarm's
# wakeup event changes it), and an alarm that had already fired is armed
# again, once, further out.
sleep_rtc() {
	local armed wc secs
	# Disarmed (a test that did not put power/wakeup back), the RTC would
	# not wake the guest at all.
	local test
	read -r armed < /sys/class/rtc/rtc0/device/power/wakeup
	read -r test < /sys/power/pm_test
	case $test in *"[none]"*) ;; *) armed=enabled ;; esac
	[ "$armed" = enabled ] || bail_out "sleep_rtc: the RTC is not armed for wakeup (power/wakeup $armed): the sleep would never end"
	for secs in 3 6; do
		read -r wc < /sys/power/wakeup_count
		echo 0 > /sys/class/rtc/rtc0/wakealarm
		echo +$secs > /sys/class/rtc/rtc0/wakealarm
		if echo "$wc" 2>/dev/null > /sys/power/wakeup_count; then
			echo "$1" > /sys/power/state
			return
		fi
		echo "# sleep_rtc: a wakeup event came before the sleep (the ${secs} s alarm?): armed again" >&2
	done
	return 1
}
# suspend_rtc: sleep_rtc mem (s2idle on virt)
suspend_rtc() {
	sleep_rtc mem
}

# until_eq WANT CMD...: CMD prints WANT within 5 s of uptime; prints what it
# printed last
until_eq() {
	local want=$1 t0 t got
	shift
	read -r t0 _ < /proc/uptime
	while got=$("$@"); [ "$got" != "$want" ]; do
		read -r t _ < /proc/uptime
		[ $((${t%.*} - ${t0%.*})) -lt 5 ] || break
		sleep 0.05
	done
	echo "$got"
}

# done_testing: the plan's line if the script gave none (it then fails:
# a plan is due before the first result), and the exit status
done_testing() {
	if [ -z "$_t_plan" ]; then
		echo "1..$_t_count"
		echo "# no plan: say 'plan N' before the first result" >&2
		exit 1
	fi
	[ "$_t_failed" -eq 0 ] && [ "$_t_count" -eq "$_t_plan" ]
	exit $?
}
