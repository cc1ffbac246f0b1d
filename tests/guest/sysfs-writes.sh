# SPDX-License-Identifier: GPL-2.0
# Writes to power/current and power/system_<state> of an AMBA device: good
# ones (with or without a newline) work, writing the current state is a
# no-op, and anyone may read.  Bad ones: input-corpus.sh.
. /tests/lib.sh
plan 13
T=/sys/kernel/tracing
keep $T/events/pm_state/pm_state_transition/enable
echo 1 > $T/events/pm_state/pm_state_transition/enable
d=/sys/bus/amba/devices/9030000.pl061/power
check_eq "PL061 supports" "on retention off" "$(cat $d/supports)"

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

# as_nobody CMD: run CMD as an unprivileged user
as_nobody() { su -s /bin/sh nobody -c "$*"; }
check_eq "supports is readable by anyone" "on retention off" "$(as_nobody cat $d/supports)"
done_testing
