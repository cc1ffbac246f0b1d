# SPDX-License-Identifier: GPL-2.0
# overlays: dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/virt-resources.dtso
# The bad-input corpus: every writable file the series adds (power/current,
# power/system_<state>) and the test driver's debugfs files, each fed the
# same classes of bad input in one write(2): empty, whitespace only, a
# page of text and one byte more, embedded NULs, a name in the wrong case
# or with trailing junk, numbers, and a valid value written at a file
# offset (sysfs ignores the offset; the numeric debugfs files refuse it).
# Each bad write fails with the error its documentation gives and changes
# nothing (the file reads the same, no transition is traced); a non-root
# writer gets EACCES.  The corpus is data: the table below.
. /tests/lib.sh
P=/sys/bus/platform/devices
D=/sys/kernel/debug/pm_state_test
T=/sys/kernel/tracing
A=test-device-a
mod=$(find /lib/modules/$(uname -r) -name pm_state_test_dev.ko | head -n 1)

! grep -q '^pm_state_test_dev ' /proc/modules || rmmod pm_state_test_dev
check "insmod pm_state_test_dev" insmod "$mod"
check_eq "a: on, with on retention off" "on|on retention off" "$(cat $P/$A/power/current)|$(cat $P/$A/power/supports)"
echo 1 > $T/events/pm_state/pm_state_transition/enable

# gen INPUT: the bytes of INPUT (printf %b escapes, \0nnn octal; PAGE is
# 4096 bytes of text, PAGE+ one more)
gen() {
	case $1 in
	PAGE) head -c 4096 /dev/zero | tr '\0' o ;;
	PAGE+) head -c 4097 /dev/zero | tr '\0' o ;;
	*) printf '%b' "$1" ;;
	esac
}
# write FILE INPUT [SEEK]: the errno name of one write(2) of INPUT at
# offset SEEK times its length, "ok" if it worked.  (Through a file: a
# shell variable cannot hold a NUL, and a pipe may split the write.)
write() {
	gen "$2" > /tmp/corpus.in
	out=$(dd if=/tmp/corpus.in of="$1" bs=$(wc -c < /tmp/corpus.in) seek=${3:-0} \
		conv=notrunc 2>&1) && { echo ok; return; }
	case $out in
	*"Invalid argument"*) echo EINVAL ;;
	*"Argument list too long"*) echo E2BIG ;;
	*"Permission denied"*) echo EACCES ;;
	*"No such device"*) echo ENODEV ;;
	*"Illegal seek"*) echo ESPIPE ;;
	*) echo "other: $out" ;;
	esac
}
as_nobody() { su -s /bin/sh nobody -c "$*"; }

# One row per file: a name, its path, and its bad inputs with their error
# ("input=ERRNO", space-separated; an input is printf %b text without
# spaces, \040 for a space; "@input" writes it at an offset).  A page and
# one byte more reaches sysfs as its first page.
names='\n=EINVAL \040=EINVAL \t\n=EINVAL PAGE=EINVAL PAGE+=EINVAL off\000=EINVAL o\000ff=EINVAL OFF=EINVAL Off=EINVAL off\040x=EINVAL offx=EINVAL off\n\n=EINVAL \040off=EINVAL 0=EINVAL 2=EINVAL -1=EINVAL 0x1=EINVAL @bogus=EINVAL'
numbers='\n=EINVAL \040=EINVAL x=EINVAL 1\040x=EINVAL 0x=EINVAL -1=EINVAL 1\00002=EINVAL 000000000000000000000001=EINVAL PAGE=EINVAL @1=ESPIPE'
corpus="
current|$P/$A/power/current|$names none=EINVAL
system_standby|$P/$A/power/system_standby|$names
system_suspend|$P/$A/power/system_suspend|$names
system_hibernate|$P/$A/power/system_hibernate|$names
system_shutdown|$P/$A/power/system_shutdown|$names
system_reset|$P/$A/power/system_reset|$names
fail|$D/$A/fail|\n=EINVAL bogus=EINVAL SAVE=EINVAL save\040off\040x=EINVAL none\040off=EINVAL stop\040off=EINVAL save\000=EINVAL PAGE=EINVAL @bogus=EINVAL
context|$D/$A/context|$numbers 4294967296=EINVAL
busy|$D/$A/busy|$numbers 2=EINVAL
power_delay_ms|$D/$A/power_delay_ms|$numbers 10001=EINVAL
gpio|$D/gpio|\n=EINVAL x=EINVAL 9030000.pl061\0404=EINVAL 9030000.pl061\0404\040out\0402=EINVAL 9030000.pl061\0404\040get\000=EINVAL nochip\0401\040get=ENODEV PAGE=EINVAL @bogus=ESPIPE
fail_clock|$D/test-resources/fail_clock|$numbers 2=EINVAL
fail_reset|$D/test-resources/fail_reset|$numbers 2=EINVAL
"

files=0 writes=0
while IFS='|' read -r name path inputs; do
	[ -n "$name" ] || continue
	if [ ! -w "$path" ]; then
		not_ok "$name: $path is there"
		continue
	fi
	files=$((files + 1))
	before=$(cat "$path")
	echo > $T/trace
	for iv in $inputs; do
		input=${iv%=*} want=${iv##*=} seek=0
		case $input in @*) input=${input#@} seek=8 ;; esac
		writes=$((writes + 1))
		got=$(write "$path" "$input" $seek)
		check_eq "$name: '$input' fails with $want" "$want" "$got"
		check_eq "$name: unchanged after '$input'" "$before" "$(cat "$path")"
	done
	check "$name: no transition traced" sh -c "! grep -q ' $A ' $T/trace"
	err=$(as_nobody "echo 1 > $path" 2>&1)
	case $err in
	*"Permission denied"*) ok "$name: a non-root write gets EACCES" ;;
	*) not_ok "$name: a non-root write gets EACCES" "got: ${err:-success}" ;;
	esac
	check_eq "$name: unchanged after the non-root write" "$before" "$(cat "$path")"
done <<EOF
$corpus
EOF
summary "corpus: $writes bad writes and one non-root write per file, on $files files, $_t_failed not ok"
echo 0 > $T/events/pm_state/pm_state_transition/enable
done_testing
