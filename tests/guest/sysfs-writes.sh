# SPDX-License-Identifier: GPL-2.0
# Writes to power/current and power/system_<state>: every bad value fails
# with EINVAL and changes nothing (no transition traced), good ones (with or
# without a newline) work, writing the current state is a no-op, and only
# root may write.
. /tests/lib.sh
T=/sys/kernel/tracing
echo 1 > $T/events/pm_state/pm_state_transition/enable
d=/sys/bus/amba/devices/9030000.pl061/power
check_eq "PL061 supports" "on retention off" "$(cat $d/supports)"
long=$(printf 'o%.0s' $(seq 1 200))

# try FILE FORMAT: the errno text of writing printf FORMAT in one write(2)
# ("" when it worked); dd reports the error the shell's builtins do not.
try() { printf "$2" | dd of="$1" bs=4096 2>&1 | grep -o 'Invalid argument\|Permission denied'; }
# as_nobody CMD: run CMD as an unprivileged user
as_nobody() { su -s /bin/sh nobody -c "$*"; }

for f in current system_suspend; do
	before=$(cat $d/$f)
	echo > $T/trace
	for v in bogus "\\n" "$long" "off x" "offx" "of" " off" "off\\n\\n" "on off" "off\\t"; do
		err=$(try $d/$f "$v")
		case $err in
		*"Invalid argument"*) ok "$f: '$(echo "$v" | cut -c1-12)' is rejected with EINVAL" ;;
		*) not_ok "$f: '$(echo "$v" | cut -c1-12)' is rejected with EINVAL" "got: ${err:-success}" ;;
		esac
		check_eq "$f: still $before after '$(echo "$v" | cut -c1-12)'" "$before" "$(cat $d/$f)"
	done
	# The trace holds every bad write to $f, cleared once before them.
	check "$f: no transition traced for any of the bad writes" sh -c "! grep 9030000.pl061 $T/trace"
done

# Good writes: a trailing newline is fine; writing the current state is a no-op.
echo > $T/trace
check "current: 'off\\n' is accepted" sh -c "echo off > $d/current"
check_eq "current: now off" off "$(cat $d/current)"
check "current: moved, traced" grep -q "9030000.pl061 on -> off sys=runtime phase=power ret=0" $T/trace
echo > $T/trace
check "current: writing the current state succeeds" sh -c "printf off > $d/current"
check "current: ...and moves nothing" sh -c "! grep -q 9030000.pl061 $T/trace"
check "current: 'on' brings it back" sh -c "echo on > $d/current"
check_eq "current: on again" on "$(cat $d/current)"
check "system_suspend: a supported state is accepted" sh -c "echo retention > $d/system_suspend"
check_eq "system_suspend: reads back" retention "$(cat $d/system_suspend)"
check "system_suspend: 'none' is accepted" sh -c "echo none > $d/system_suspend"
check_eq "system_suspend: reads back none" none "$(cat $d/system_suspend)"
echo off > $d/system_suspend

# Only root writes.
err=$(as_nobody "echo off > $d/current" 2>&1)
case $err in
*"Permission denied"*) ok "current: a non-root write is refused" ;;
*) not_ok "current: a non-root write is refused" "got: ${err:-success}" ;;
esac
check_eq "current: still on after the refused write" on "$(cat $d/current)"
check_eq "supports is readable by anyone" "on retention off" "$(as_nobody cat $d/supports)"
done_testing
