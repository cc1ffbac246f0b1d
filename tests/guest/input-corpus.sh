# SPDX-License-Identifier: GPL-2.0
# overlays: dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/virt-resources.dtso
# timeout: 300
# The bad-input corpus: every writable file the series adds (power/current,
# power/system_<state>) and the test driver's debugfs files, each fed the
# same classes of bad input in one write(2): empty, whitespace only, a
# page of text and one byte more, embedded NULs, a name in the wrong case
# or with trailing junk, numbers, and a valid value written at a file
# offset (sysfs ignores the offset; the numeric debugfs files refuse it).
# Each bad write fails with the error its documentation gives and changes
# nothing: the file reads the same, and no transition of the file's device
# is traced (the same grep finds the valid move of that device that ends
# each group, so the tracer does record).
# A non-root writer gets EACCES from the file's own mode: sysfs files as
# they are, debugfs files with debugfs's top opened to 0755 for the while
# (mounted 0700, debugfs refuses a non-root user the path before the file
# is reached).  The corpus is data: the table below.
. /tests/lib.sh
P=/sys/bus/platform/devices
AMBA=/sys/bus/amba/devices
D=/sys/kernel/debug/pm_state_test
T=/sys/kernel/tracing
# c, the leaf of the test hierarchy: it may leave on whatever its
# relatives do, so every group can end with a move of it.
C=test-device-a:test-device-b:test-device-c
mod=$(find /lib/modules/$(uname -r) -name pm_state_test_dev.ko | head -n 1)

# One row per file: a name, its path, the device a write to it could move
# and a state to move that device to (the group's valid move; a third word
# names the device a write could move, if the valid move is another's),
# and its bad
# inputs with their error ("input=ERRNO", space-separated; an input is
# printf %b text without spaces, \040 for a space; "@input" writes it at an
# offset).  A page and one byte more reaches sysfs as its first page.  The
# test clock and reset line are r2's; the gpio file's chip is the PL061,
# which the requested outputs of virt-resources.dtso keep on: r2 moves.
names='\n=EINVAL \040=EINVAL \t\n=EINVAL PAGE=EINVAL PAGE+=EINVAL off\000=EINVAL o\000ff=EINVAL OFF=EINVAL Off=EINVAL off\040x=EINVAL offx=EINVAL off\n\n=EINVAL \040off=EINVAL 0=EINVAL 2=EINVAL -1=EINVAL 0x1=EINVAL @bogus=EINVAL'
numbers='\n=EINVAL \040=EINVAL x=EINVAL 1\040x=EINVAL 0x=EINVAL -1=EINVAL 1\00002=EINVAL 000000000000000000000001=EINVAL PAGE=EINVAL @1=ESPIPE'
corpus="
current|$P/$C/power/current|$P/$C idle|$names none=EINVAL
system_standby|$P/$C/power/system_standby|$P/$C idle|$names
system_suspend|$P/$C/power/system_suspend|$P/$C idle|$names
system_hibernate|$P/$C/power/system_hibernate|$P/$C idle|$names
system_shutdown|$P/$C/power/system_shutdown|$P/$C idle|$names
system_reset|$P/$C/power/system_reset|$P/$C idle|$names
fail|$D/$C/fail|$P/$C idle|\n=EINVAL bogus=EINVAL SAVE=EINVAL save\040off\040x=EINVAL none\040off=EINVAL stop\040off=EINVAL save\000=EINVAL PAGE=EINVAL @bogus=EINVAL
context|$D/$C/context|$P/$C idle|$numbers 4294967296=EINVAL
busy|$D/$C/busy|$P/$C idle|$numbers 2=EINVAL
power_delay_ms|$D/$C/power_delay_ms|$P/$C idle|$numbers 10001=EINVAL
gpio|$D/gpio|$P/test-device-r2 idle 9030000.pl061|\n=EINVAL x=EINVAL 9030000.pl061\0404=EINVAL 9030000.pl061\0404\040out\0402=EINVAL 9030000.pl061\0404\040get\000=EINVAL nochip\0401\040get=ENODEV PAGE=EINVAL @bogus=ESPIPE
fail_clock|$D/test-resources/fail_clock|$P/test-device-r2 idle|$numbers 2=EINVAL
fail_reset|$D/test-resources/fail_reset|$P/test-device-r2 idle|$numbers 2=EINVAL
"
# Per input: its error and the file unchanged; per file: nothing traced,
# the valid move and its trace, and the non-root user reaching the file,
# getting EACCES and changing nothing.
rows=$(printf '%s\n' "$corpus" | grep -c '|')
inputs_total=$(printf '%s\n' "$corpus" | cut -d'|' -f4 | wc -w)
plan $((2 * inputs_total + 6 * rows))

! grep -q '^pm_state_test_dev ' /proc/modules || rmmod pm_state_test_dev
test_driver_at_exit
guard "insmod pm_state_test_dev" insmod "$mod"
guard_eq "c: on, with on idle off" "on|on idle off" "$(cat $P/$C/power/current)|$(cat $P/$C/power/supports)"
keep $T/events/pm_state/pm_state_transition/enable
echo 1 > $T/events/pm_state/pm_state_transition/enable
# For the non-root writes; put back at the end.
guard "debugfs's top opened to 0755" mount -o remount,mode=0755 /sys/kernel/debug

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
# traced DEV: a transition step of DEV is in the trace
traced() { grep -qF "pm_state_transition: $1 " $T/trace; }

files=0 writes=0
while IFS='|' read -r name path move inputs; do
	[ -n "$name" ] || continue
	[ -w "$path" ] || bail_out "$name: $path is not there"
	files=$((files + 1))
	set -- $move
	devpath=$1 to=$2 dev=${1##*/} watch=${3:-${1##*/}}
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
	check "$name: no transition of $watch traced" sh -c "! grep -qF 'pm_state_transition: $watch ' $T/trace"
	# The same grep finds a valid move: the tracer records this device.
	check "$name: $dev moves to $to" sh -c "echo $to > $devpath/power/current"
	check "$name: the move of $dev to $to is traced" traced "$dev"
	guard "$name: $dev back on" sh -c "echo on > $devpath/power/current"
	# Path lookup passes, so the EACCES below is the file's mode.
	check "$name: a non-root user reaches the file" as_nobody "test -e $path"
	err=$(as_nobody "echo 1 > $path" 2>&1)
	case $err in
	*"Permission denied"*) ok "$name: a non-root write gets EACCES" ;;
	*) not_ok "$name: a non-root write gets EACCES" "got: ${err:-success}" ;;
	esac
	check_eq "$name: unchanged after the non-root write" "$before" "$(cat "$path")"
done <<EOF
$corpus
EOF
guard "debugfs's top back to 0700" mount -o remount,mode=0700 /sys/kernel/debug
echo 0 > $T/events/pm_state/pm_state_transition/enable
count bad-inputs $writes
summary "corpus: $writes bad writes and one non-root write per file, on $files files, $_t_failed not ok"
done_testing
