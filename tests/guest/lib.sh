# SPDX-License-Identifier: GPL-2.0
# TAP helpers for guest tests, sourced by each tests/guest/*.sh.  The host
# numbers and counts the lines; done_testing sets the script's exit status.

_t_failed=0
_t_count=0

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

# summary TEXT: a line the runner prints in make check's output (sizes,
# counts), where other comments stay in the logs.
summary() {
	echo "# summary: $*"
}

# suspend_rtc: echo mem (s2idle on virt), woken by the RTC 2 s later
suspend_rtc() {
	echo 0 > /sys/class/rtc/rtc0/wakealarm
	echo +2 > /sys/class/rtc/rtc0/wakealarm
	echo mem > /sys/power/state
}

done_testing() {
	echo "1..$_t_count"
	[ "$_t_failed" -eq 0 ] && [ "$_t_count" -gt 0 ]
	exit $?
}
