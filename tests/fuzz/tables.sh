#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Fuzzed power-state tables: write an overlay (to stdout) of COUNT test
# devices (pmstate,test-device) under the root, /fuzz-N, each with a valid
# table of its own three states (/fuzz-states/s-N-{on,idle,off}) and then
# one mutation drawn from SEED: a property of the device or of one of its
# states replaced by a bad value (wrong cell counts, dangling, zero and
# foreign phandles, truncated, unterminated and over-long strings, huge
# lists, a state pointing back at a device or at another state, a state
# node that is also a device) or deleted.  The same SEED and COUNT give the
# same overlay.  tests/guest/fuzz-tables.sh boots it: each mutant's
# "fuzz-mutation" says what was done, and "fuzz-expect" whether the table
# must be rejected ("reject") or may be either ("any").
#
#   tables.sh SEED COUNT > tables.dtso
set -euo pipefail
[ $# -eq 2 ] && [ "$1" -ge 0 ] && [ "$2" -ge 1 ] 2>/dev/null ||
	{ echo "usage: $0 SEED COUNT" >&2; exit 2; }
RANDOM=$1
count=$2
# pick N: r = a draw from 0..N-1.  No $(...): bash seeds a subshell's
# RANDOM anew, which would make the output differ from run to run.
pick() { r=$((RANDOM % $1)); }

# rep N WORD: WORD N times, comma-separated
rep() {
	local i out=$2
	for ((i = 1; i < $1; i++)); do out="$out, $2"; done
	echo "$out"
}

# A bad value for a phandle-list property of mutant $n.  Sets val, what
# and expect.
phandle_value() {
	local n=$1 other=$(( ($1 + 1) % count )) i
	pick 11
	case $r in
	0) val="<0>" what="a zero phandle" ;;
	1) val="<0xffffffff>" what="phandle 0xffffffff" ;;
	2) printf -v val '<0x%x>' $((0x10000 + RANDOM)); what="a dangling phandle" ;;
	3) val="[00 00 01]" what="a truncated cell" ;;
	4) val="<&s${n}_on 5>" what="a state with an argument cell" ;;
	5) val="<&fuzz$n>" what="the device itself" ;;
	6) val="<&fuzz_states>" what="the states' container" ;;
	7) pick 300; val="$(rep $((40 + r)) "<&s${n}_on>")" what="a huge list of one state" ;;
	8) val="<&s${other}_on>" what="another device's state"; expect=any ;;
	9) val="<&sdev$n>" what="a state node that is also a device"; expect=any ;;
	10)	pick 9
		val="[" what="random bytes" expect=any
		for ((i = 0; i <= r; i++)); do
			printf -v val '%s%02x ' "$val" $((RANDOM % 256))
		done
		val="$val]" ;;
	esac
}

# A bad value for a string(-list) property.  Sets val, what and expect.
string_value() {
	pick 9
	case $r in
	0) val="[6f 6e]" what="an unterminated string" ;;
	1) val='""' what="an empty string" ;;
	2) val='"On"' what="a capital letter" ;;
	3) pick 3900; val="\"$(head -c $((100 + r)) /dev/zero | tr '\0' x)\"" what="an over-long name" ;;
	4) val='[6f 6e 00 6f]' what="a truncated second string" ;;
	5) pick 900; val="$(rep $((40 + r)) '"suspend"')" what="a huge list of names" ;;
	6) val='"standby", "standby"' what="a name twice" ;;
	7) val='"on", "hibernate2"' what="an unknown name" ;;
	8) val='<1>' what="a number"; expect=any ;;
	esac
}

# Draw every mutant's mutation first: the states are written before the
# devices.
declare -a m_prop m_val m_what m_expect m_state
for ((n = 0; n < count; n++)); do
	expect=reject state=
	pick 6
	case $r in
	0 | 1) prop=power-states; phandle_value $n ;;
	2) prop=system-power-states; phandle_value $n ;;
	3) prop=default-power-state; phandle_value $n ;;
	4) prop=system-power-state-names; string_value ;;
	5)
		pick 3
		state=s${n}_$(echo on idle off | cut -d' ' -f$((1 + r)))
		pick 6
		case $r in
		0 | 1) prop=power-state-name; string_value ;;
		2) prop=exit-latency-us val="[00 01]" what="a short cell" ;;
		3) prop=power-states val="<&fuzz$n>" what="a cycle: the state points at its device"; expect=any ;;
		4) prop=compatible val='"pmstate,test-device"' what="the state is a device, not a state" ;;
		5)	# and the other state points back: a cycle of states
			prop=power-states state=s${n}_on val="<&s${n}_off>"
			what="a cycle: on and off point at each other"; expect=any ;;
		esac
		;;
	esac
	# One in eight: the property is deleted instead.  Without power-states
	# the mapping is left naming states the device has not.
	pick 8
	if [ $r = 0 ]; then
		val= what="deleted"
		case $state-$prop in
		-power-states | ?*-power-state-name | ?*-compatible) ;;
		*) expect=any ;;
		esac
	fi
	m_prop[n]=$prop m_val[n]=$val m_what[n]=$what m_expect[n]=$expect m_state[n]=$state
done

# prop_line INDENT NAME VALUE: "NAME = VALUE;", or nothing for no VALUE
prop_line() { [ -z "$3" ] || echo "$1$2 = $3;"; }

echo "/dts-v1/;"
echo "/plugin/;"
echo
echo "// tests/fuzz/tables.sh $1 $2"
echo "&{/} {"
echo "	fuzz_states: fuzz-states {"
for ((n = 0; n < count; n++)); do
	for s in on idle off; do
		declare -A st=([compatible]='"device-power-state"' [power-state-name]="\"$s\"")
		[ $s = on ] || st[entry-latency-us]="<10>" st[exit-latency-us]="<20>"
		[ "${m_state[n]}" != "s${n}_$s" ] || st[${m_prop[n]}]=${m_val[n]}
		[ "$s" != off ] || [ "${m_what[n]}" != "a cycle: on and off point at each other" ] ||
			st[power-states]="<&s${n}_on>"
		echo "		s${n}_$s: s-$n-$s {"
		for p in compatible power-state-name entry-latency-us exit-latency-us power-states; do
			prop_line "			" $p "${st[$p]:-}"
		done
		[ $s != off ] || echo "			context-lost;"
		echo "		};"
		unset st
	done
done
echo "	};"

for ((n = 0; n < count; n++)); do
	declare -A dev=(
		[power-states]="<&s${n}_on>, <&s${n}_idle>, <&s${n}_off>"
		[system-power-states]="<&s${n}_idle>, <&s${n}_off>"
		[system-power-state-names]='"standby", "suspend"'
		[default-power-state]="<&s${n}_on>"
	)
	[ -n "${m_state[n]}" ] || dev[${m_prop[n]}]=${m_val[n]}
	state=${m_state[n]}
	echo
	# A state node that is also a test device, for mutations to point at.
	echo "	sdev$n: fuzz-$n-state-device {"
	echo "		compatible = \"pmstate,test-device\", \"device-power-state\";"
	echo "		power-state-name = \"on\";"
	echo "	};"
	echo
	echo "	fuzz$n: fuzz-$n {"
	echo "		compatible = \"pmstate,test-device\";"
	echo "		fuzz-mutation = \"${state:+${state#s${n}_} state: }${m_prop[n]}: ${m_what[n]}\";"
	echo "		fuzz-expect = \"${m_expect[n]}\";"
	for p in power-states system-power-states system-power-state-names default-power-state; do
		prop_line "		" $p "${dev[$p]}"
	done
	echo "	};"
	unset dev
done
echo "};"
