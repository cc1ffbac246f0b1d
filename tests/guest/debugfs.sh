# SPDX-License-Identifier: GPL-2.0
# /sys/kernel/debug/pm_state_summary shows every tabled device with its bus,
# current state, supported states and mapping; pm_state_stats counts the
# entries into each state and the time spent in it.
. /tests/lib.sh
plan 8
S=/sys/kernel/debug/pm_state_summary
ST=/sys/kernel/debug/pm_state_stats
d=/sys/bus/amba/devices/9030000.pl061/power

row() { awk -v dev="$1" '$1 == dev' $S; }
stat() { awk -v dev="$1" -v st="$2" '$1 == dev && $2 == st { print $3, $4 }' $ST; }

check_eq "summary: header" "device bus current supports on shutdown reset standby suspend hibernate" \
	"$(head -n 1 $S | tr -s ' ' | sed 's/ $//')"
tabled=$(find /sys/devices -path '*/power/current' | wc -l)
check_eq "summary: one row per tabled device" "$tabled" "$(tail -n +3 $S | wc -l)"
check_eq "summary: the PL061 row" "9030000.pl061 amba on on,retention,off on off off retention off off" \
	"$(row 9030000.pl061 | tr -s ' ' | sed 's/ $//')"

set -- $(stat 9030000.pl061 off)
off0=$1
set -- $(stat 9030000.pl061 on)
on0=$1
echo off > $d/current
sleep 1
check_eq "summary: current follows a move" off "$(row 9030000.pl061 | awk '{ print $3 }')"
echo on > $d/current
set -- $(stat 9030000.pl061 off)
check_eq "stats: one more entry into off" "$((off0 + 1))" "$1"
check "stats: about a second spent in off ($2 ms)" test "$2" -ge 900 -a "$2" -le 5000
set -- $(stat 9030000.pl061 on)
check_eq "stats: one more entry into on" "$((on0 + 1))" "$1"
echo retention > $d/system_suspend
check_eq "summary: the mapping follows the policy" retention "$(row 9030000.pl061 | awk '{ print $9 }')"
echo off > $d/system_suspend
done_testing
