#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: a kernel WARN, KASAN and UBSAN report, a soft lockup, a hung task, a CPU stuck with interrupts off (RCU stall), a leak of kmemleak-test's and a leak of data (kmemleak), and a boot that never printed its taint line each fail a guest test whose script itself passes, the failure naming each report by its own first line
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export RESULTS=$work/results
bad=0
# provoke NAME SHELL "what the console must say"...: a passing guest test
# that makes the kernel report something must fail, naming each report.
# (boot/qemu.sh names every kind of report the console shows, each with
# its first line, so reports that cannot disturb each other share a boot
# and each is still checked on its own.)  With HANG=1 the script may not
# finish (a CPU that never schedules again): the boot's 40 s time limit
# then ends it, and the failure must still name the report.
provoke() {
	local name=$1 body=$2 says passes
	shift 2
	passes="^ok - guest: $name: the script itself passes"
	{
		[ -z "${HANG:-}" ] || { echo "# timeout: 40"; passes=; }
		printf '. /tests/lib.sh\nplan 1\n%s\nok "the script itself passes"\ndone_testing\n' "$body"
	} > "$work/$name.sh"
	tests/guest.sh "$work/$name.sh" direct > "$work/$name.out" 2>&1
	if ! grep -q "${passes:-.}" "$work/$name.out" ||
	   ! grep -q "^not ok - guest: $name: boot" "$work/$name.out"; then
		echo "FAIL: $name did not fail the test:"
		sed 's/^/    /' "$work/$name.out"
		bad=1
		return
	fi
	for says in "$@"; do
		if grep -q "^# boot: .*$says" "$work/$name.out"; then
			echo "held: $name: the failure names $says"
		else
			echo "FAIL: $name: the failure does not name \"$says\":"
			sed 's/^/    /' "$work/$name.out"
			bad=1
		fi
	done
	! grep -q "^# boot: timed out" "$work/$name.out" || echo "note: $name ran into its time limit"
}
lkdtm=/sys/kernel/debug/provoke-crash/DIRECT
wait_for() { printf 'i=0; until dmesg | grep -q "%s" || [ $i -ge 30 ]; do sleep 1; i=$((i + 1)); done\n' "$1"; }
# One boot for the reports that leave the machine running, in the order
# each had in a boot of its own.  kmemleak reports objects older than 5 s
# that nothing points to: kmemleak-test's, and a string the test driver
# copies and forgets (data, not zeros: a single scan misses it); they are
# made first and aged while the rest runs.  The hung task comes before the
# WARN and KASAN reports turn lockdep off; a task asleep for good needs
# no CPU, and one report of it is enough.  Each expected line is the
# report's own first line, not one another report could print.
provoke reports "echo pmstate-leak > /sys/kernel/debug/pm_state_test/leak 2>/dev/null ||
	{ insmod \$(find /lib/modules -name pm_state_test_dev.ko) && echo pmstate-leak > /sys/kernel/debug/pm_state_test/leak; }
insmod \$(find /lib/modules -name kmemleak-test.ko)
sleep 6 </dev/null >/dev/null 2>&1 &
aged=\$!
echo 2 > /proc/sys/kernel/hung_task_timeout_secs
echo 1 > /proc/sys/kernel/hung_task_warnings
sh -c \"echo HUNG_TASK > $lkdtm\" </dev/null >/dev/null 2>&1 &
$(wait_for 'blocked for more than')
echo WARNING > $lkdtm; echo READ_AFTER_FREE > $lkdtm; echo ARRAY_BOUNDS > $lkdtm
wait \$aged" \
	"kernel WARN: [^;]*WARNING: [^;]* lkdtm_WARNING+" \
	"kernel BUG: [^;]*BUG: KASAN: use-after-free in lkdtm_READ_AFTER_FREE+" \
	"UBSAN report: [^;]*UBSAN: array-index-out-of-bounds in [^;]*lkdtm/" \
	"hung task: [^;]*INFO: task sh:[0-9]* blocked for more than" \
	"kmemleak: suspected leak: [^;]*unreferenced object 0x"
log=$RESULTS/logs/guest-reports-direct.log
grep -qE '^ *([0-9a-f]{2} )+ *pmstate-leak' "$log" ||
	{ echo "FAIL: kmemleak did not report the test driver's string"; bad=1; }
# kmemleak-test leaks from its module init; nothing else here loads a
# module that leaks.
sed -n '/unreferenced object 0x/,$p' "$log" | grep -q ' do_init_module+' ||
	{ echo "FAIL: kmemleak did not report kmemleak-test's objects"; bad=1; }
# A hang never returns: it runs in the background on CPU 1, holding none
# of the script's output, with its detector's threshold cut from
# debug.config's to seconds, and the script waits for the report.  Every
# other task is pinned to CPU 0 first: one woken on CPU 1 would never run
# again (the script's tee, so init's poweroff, once took the whole boot to
# its time limit).  kmemleak is off: with a CPU that never passes through
# RCU its scans take many seconds and report what RCU has yet to free.
# With all that such a boot powers off after the report, in seconds; the
# time limit of HANG=1 is the backstop.  The soft lockup reported first may
# be CPU 0's: a kworker there can end up waiting for the hogged CPU 1.
hog() {
	printf 'for p in /proc/[0-9]*; do taskset -p 1 ${p#/proc/}; done >/dev/null 2>&1\n'
	printf 'echo off > /sys/kernel/debug/kmemleak\n'
	printf 'taskset 2 sh -c "echo %s > %s" </dev/null >/dev/null 2>&1 &\n' "$1" "$lkdtm"
}
HANG=1 provoke softlockup "echo 1 > /proc/sys/kernel/watchdog_thresh
$(hog SOFTLOCKUP)
$(wait_for 'soft lockup')" \
	"soft lockup: [^;]*BUG: soft lockup - CPU#[0-9]* stuck"
# 6.1 has no hard lockup detector on arm64: RCU's stall warning catches it.
HANG=1 provoke irqs-off "echo 3 > /sys/module/rcupdate/parameters/rcu_cpu_stall_timeout
$(hog HARDLOCKUP)
$(wait_for 'detected stall')" \
	"RCU stall: [^;]*detected stall"
# A guest that stops after its results, before its taint line: nothing
# says the kernel stayed clean.
provoke notaint "trap 'poweroff -f' EXIT" "no taint line"
[ $bad -eq 0 ] && echo "each kernel report failed its test"
exit $bad
