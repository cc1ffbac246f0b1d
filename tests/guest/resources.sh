# SPDX-License-Identifier: GPL-2.0
# overlays: dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/virt-resources.dtso
# cmdline: deferred_probe_timeout=3
# States that switch hardware (dts/virt-resources.dtso): a state's clocks,
# supplies and resets follow it through 6.1's frameworks and real drivers.
# PL061 line 4 drives a gpio-gate-clock (r1's fck), line 5 the enable of a
# regulator-fixed (the vdd of r1 and r2); the PL061's GPIODATA register,
# the clock's enable count and the regulator show the hardware.  Idle
# stops fck; off also asserts the shared reset line and switches vdd off,
# which goes off only when the second device does.  The way up is the
# reverse of the way down; a clock or reset that fails unwinds the move
# with the resource named; system suspend takes the same steps.  A device
# no driver binds goes to its default state once deferred probing has
# timed out (3 s here), holds what a state it is moved to needs, and lets
# go of it before its supplier's driver is unbound.  A failing step fails
# the write with its errno (EIO, the test provider's) and consumes the
# armed fault.
. /tests/lib.sh
plan 107
P=/sys/bus/platform/devices
D=/sys/kernel/debug/pm_state_test
T=/sys/kernel/tracing
R1=test-device-r1 R2=test-device-r2 U=test-device-unbound
GPIO=/sys/bus/amba/devices/9030000.pl061
RES=$D/test-resources
CLK=/sys/kernel/debug/clk/clock-gpio-gate
mod=$(find /lib/modules/$(uname -r) -name pm_state_test_dev.ko | head -n 1)

cur() { cat $P/$1/power/current; }
move() { echo "$2" > $P/$1/power/current; }
# GPIODATA through the all-lines address mask: bit 4 the clock, bit 5 vdd.
line() { echo $(( ($(devmem $((0x9030000 + 0x3fc)) 8) >> $1) & 1 )); }
vdd_dir=$(grep -l '^pmstate-test-vdd$' /sys/class/regulator/*/name | xargs dirname)
vdd() { cat "$vdd_dir/state"; }
clk_count() { cat $CLK/clk_enable_count; }
# The resource steps of the trace: "<device> <kind> <name> <on|off> ret=<n>"
steps() {
	sed -n 's/.*pm_state_resource: \([^ ]*\) \([a-z]*\) \([a-z_]*\) \(o[nf]*\) ret=\(-*[0-9]*\)$/\1 \2 \3 \4 \5/p' $T/trace |
		awk -v d="$1" '$1 == d { printf "%s%s %s %s", s, $2, $3, $4; s = "|" }'
}

# Before the module: nothing binds the unbound device, which goes to its
# default state when deferred probing stops waiting for drivers, 3 s after
# the initcalls: it spent at least that long on.
on_ms() { awk -v d=$U '$1 == d && $2 == "on" { print $4 }' /sys/kernel/debug/pm_state_stats; }
check_eq "unbound: in its default state once probing is over" off "$(until_eq off cur $U)"
check "unbound: on for the 3 s deferred probing waited (stats: $(on_ms) ms)" test "$(on_ms)" -ge 3000
check "unbound: no driver" test ! -e $P/$U/driver
check "boot log: no device failed to reach its default state" sh -c "! dmesg | grep -q 'cannot reach its default state'"

# Moved on, it holds what on needs: its clock runs and its supply is on.
check "unbound: on" move $U on
check_eq "unbound on: fck enabled for it, and running (PL061 line 4)" "1 1" "$(clk_count) $(line 4)"
check_eq "unbound on: vdd enabled (PL061 line 5)" "enabled 1" "$(vdd) $(line 5)"
# The supply's provider is unbound: the device lets go of it first.
VREG=/sys/bus/platform/drivers/reg-fixed-voltage
check "unbind vdd's regulator" sh -c "echo regulator-test-vdd > $VREG/unbind"
check_eq "unbound, its supplier gone: in its default state" off "$(cur $U)"
check_eq "unbound, its supplier gone: fck let go" "0 0" "$(clk_count) $(line 4)"
check "the log says why" sh -c "dmesg | grep -q '$U: pm_state: supplier regulator-test-vdd unbinds: to off, resources let go'"
check "bind vdd's regulator again" sh -c "echo regulator-test-vdd > $VREG/bind"
vdd_dir=$(grep -l '^pmstate-test-vdd$' /sys/class/regulator/*/name | xargs dirname)
check_eq "vdd back, off: nobody holds it" "disabled 0" "$(vdd) $(line 5)"
check "devmem can read the PL061" devmem $((0x9030000 + 0x3fc)) 8
# r2's clock and reset come from the module: a move is "try again".
check "r2 unbound, provider missing: off fails with EAGAIN" \
	sh -c "sh -c 'echo off > $P/$R2/power/current' 2>&1 | grep -q 'Resource temporarily unavailable'"
check_eq "r2: still on" on "$(cur $R2)"

! grep -q '^pm_state_test_dev ' /proc/modules || rmmod pm_state_test_dev
test_driver_at_exit
check "insmod pm_state_test_dev" insmod "$mod"
check "r1 and r2 bound" test -e $P/$R1/driver -a -e $P/$R2/driver
keep $T/events/pm_state/pm_state_resource/enable
echo 1 > $T/events/pm_state/pm_state_resource/enable
echo > $T/trace

# Both on: what their states need is on, for both of them.
check_eq "on: fck of r1 runs (PL061 line 4)" 1 "$(line 4)"
check_eq "on: fck enabled once (r1)" 1 "$(clk_count)"
check "on: clk_summary lists the gate enabled" sh -c "grep -Eq '^ *clock-gpio-gate +1 +1 ' /sys/kernel/debug/clk/clk_summary"
check_eq "on: vdd on (PL061 line 5)" 1 "$(line 5)"
check_eq "on: vdd enabled" enabled "$(vdd)"
check_eq "on: reset line deasserted" N "$(cat $RES/reset_asserted)"

# Idle stops the clock only.
check "r1: on -> idle" move $R1 idle
check_eq "r1 idle: fck gated (PL061 line 4)" 0 "$(line 4)"
check_eq "r1 idle: clk enable count 0" 0 "$(clk_count)"
check_eq "r1 idle: vdd still on" 1 "$(line 5)"
check_eq "r1 idle: steps" "clock fck off" "$(steps $R1)"

# Off asserts reset and cuts vdd, but both are shared with r2, still on.
# A parked device goes deeper through on (runtime PM resumes it first).
echo > $T/trace
check "r1: idle -> off" move $R1 off
check_eq "r1 off: vdd stays on for r2" 1 "$(line 5)"
check_eq "r1 off: reset stays deasserted for r2" N "$(cat $RES/reset_asserted)"
check_eq "r1 off: steps (its own holds), through on" \
	"clock fck on|reset all off|clock fck off|supply vdd off" "$(steps $R1)"
check "regulator_summary: r1's vdd consumer disabled" sh -c "grep -Eq 'test-device-r1-vdd +0 ' /sys/kernel/debug/regulator/regulator_summary"

echo > $T/trace
check "r2: on -> off" move $R2 off
check_eq "r2 off: vdd off (PL061 line 5)" 0 "$(line 5)"
check_eq "r2 off: vdd disabled" disabled "$(vdd)"
check_eq "r2 off: reset line asserted" Y "$(cat $RES/reset_asserted)"
check_eq "r2 off: down in order: reset, clock, supply" "reset all off|clock fck off|supply vdd off" "$(steps $R2)"

# Back up: the reverse order.
echo > $T/trace
check "r2: off -> on" move $R2 on
check_eq "r2 on: up in order: supply, clock, reset" "supply vdd on|clock fck on|reset all on" "$(steps $R2)"
check_eq "r2 on: vdd on" 1 "$(line 5)"
check_eq "r2 on: reset deasserted" N "$(cat $RES/reset_asserted)"
check "r1: off -> on" move $R1 on
check_eq "r1 on: fck runs" 1 "$(line 4)"
check_eq "r1 on: clk enable count 1" 1 "$(clk_count)"
check_eq "r1 on: context restored" 0x00c0ffee "$(cat $D/$R1/context)"

# A clock that fails on the way up: the supply and reset switched on for
# the move go back off, the device stays off, the error names the clock.
move $R1 off
move $R2 off
echo > $T/trace
guard "clock fault armed" sh -c "echo 1 > $RES/fail_clock"
check "r2: off -> on fails with the clock's EIO" \
	sh -c "sh -c 'echo on > $P/$R2/power/current' 2>&1 | grep -q 'Input/output error'"
check_eq "r2: the clock fault was consumed" 0 "$(cat $RES/fail_clock)"
check_eq "r2: still off" off "$(cur $R2)"
check_eq "r2: pretend hardware still off" off "$(cat $D/$R2/state)"
check "boot log names the clock" sh -c "dmesg | tail -n 20 | grep -q 'test-device-r2: pm_state: cannot switch on clock fck: -5'"
check_eq "r2: steps: supply on, clock fails, supply back off" \
	"supply vdd on|clock fck on|supply vdd off" "$(steps $R2)"
check_eq "r2: vdd off again" 0 "$(line 5)"
check_eq "r2: reset still asserted" Y "$(cat $RES/reset_asserted)"
check "r2: off -> on works next time" move $R2 on
check_eq "r2: vdd on" 1 "$(line 5)"

# A reset line that fails on the way down (r2 is its last user): the move
# unwinds and r2 stays on, with its clock and supply.
echo > $T/trace
guard "reset fault armed" sh -c "echo 1 > $RES/fail_reset"
check "r2: on -> off fails with the reset line's EIO" \
	sh -c "sh -c 'echo off > $P/$R2/power/current' 2>&1 | grep -q 'Input/output error'"
check_eq "r2: the reset fault was consumed" 0 "$(cat $RES/fail_reset)"
check_eq "r2: still on" on "$(cur $R2)"
check_eq "r2: pretend hardware on" on "$(cat $D/$R2/state)"
check "boot log names the reset" sh -c "dmesg | tail -n 20 | grep -q 'test-device-r2: pm_state: cannot switch off reset all: -5'"
check_eq "r2: vdd on" 1 "$(line 5)"
check_eq "r2: reset deasserted" N "$(cat $RES/reset_asserted)"
check "r2: on -> off works next time" move $R2 off
check_eq "r2: vdd off" 0 "$(line 5)"
move $R2 on
move $R1 on

# The PL061 drives the gate (line 4) and vdd's enable (line 5) as outputs:
# off releases them, and out of on a change would wait for on.  It stays
# on at runtime, and in suspend it keeps them in retention instead of its
# mapped off.
dmesg -c > /dev/null
check "PL061 driving lines 4 and 5: on -> off refused (EBUSY)" \
	sh -c "sh -c 'echo off > $GPIO/power/current' 2>&1 | grep -q 'Device or resource busy'"
check "PL061: the log names the line" \
	sh -c "dmesg | grep -q '9030000.pl061: pm_state: off refused: GPIO line 4 is a requested output'"
check "PL061: on -> retention refused too (EBUSY)" \
	sh -c "sh -c 'echo retention > $GPIO/power/current' 2>&1 | grep -q 'Device or resource busy'"
check_eq "PL061: still on, lines 4 and 5 still outputs" "on 48" \
	"$(cat $GPIO/power/current) $(( $(devmem $((0x9030000 + 0x400)) 8) & 0x30 ))"

# System suspend drives the same resources through the mapping: off in
# suspend (mem is s2idle on virt), back on after.
echo > $T/trace
check "echo mem, woken by the RTC" suspend_rtc
check "suspend: the PL061 kept its outputs in retention instead of off" \
	sh -c "dmesg | grep -q '9030000.pl061: pm_state: suspend: retention instead of off: GPIO line 4 is a requested output'"
check_eq "suspend: r2 went down and up in order" \
	"reset all off|clock fck off|supply vdd off|supply vdd on|clock fck on|reset all on" "$(steps $R2)"
check_eq "suspend: r1 went down and up" \
	"reset all off|clock fck off|supply vdd off|supply vdd on|clock fck on|reset all on" "$(steps $R1)"
check_eq "after suspend: fck runs" 1 "$(line 4)"
check_eq "after suspend: vdd on" 1 "$(line 5)"

# Unbinding: r1 has no default state and stays on, holding what on
# needs; binding it again takes nothing twice.
check "unbind r1" sh -c "echo $R1 > /sys/bus/platform/drivers/pm-state-test/unbind"
check_eq "r1 unbound: stays on, fck enabled" "on 1" "$(cur $R1) $(clk_count)"
check "bind r1" sh -c "echo $R1 > /sys/bus/platform/drivers/pm-state-test/bind"
check_eq "r1 bound again: fck enabled once" 1 "$(clk_count)"

# Moved while unbound, then bound: it holds what each state needs.
check "unbind r1" sh -c "echo $R1 > /sys/bus/platform/drivers/pm-state-test/unbind"
check "r1 unbound: on -> idle" move $R1 idle
check_eq "r1 unbound in idle: fck stopped" 0 "$(clk_count)"
check "r1 unbound: idle -> on" move $R1 on
check_eq "r1 unbound on: fck enabled" 1 "$(clk_count)"
check "bind r1" sh -c "echo $R1 > /sys/bus/platform/drivers/pm-state-test/bind"
check_eq "r1 bound after unbound moves: fck enabled once" 1 "$(clk_count)"

# A bind that fails on a clock keeps nothing of what it got (r2, off
# while unbound, holds nothing before it).
check "unbind r2" sh -c "echo $R2 > /sys/bus/platform/drivers/pm-state-test/unbind"
check "r2 unbound: off" move $R2 off
# The failed move above logged the same line: only the bind's may count.
dmesg -c > /dev/null
guard "clock fault armed" sh -c "echo 1 > $RES/fail_clock"
check "bind r2 fails with its clock's EIO" \
	sh -c "sh -c 'echo $R2 > /sys/bus/platform/drivers/pm-state-test/bind' 2>&1 | grep -q 'Input/output error'"
check_eq "bind r2: the clock fault was consumed" 0 "$(cat $RES/fail_clock)"
check "bind r2: the log names the clock" \
	sh -c "dmesg | tail -n 20 | grep -q 'test-device-r2: pm_state: cannot switch on clock fck: -5'"
check "r2 not bound" test ! -e $P/$R2/driver

check "unbind r1" sh -c "echo $R1 > /sys/bus/platform/drivers/pm-state-test/unbind"
check "r1 unbound: off, holding nothing" move $R1 off

# A supplier leaves while r2, unbound and on, cannot reach off (its reset
# fails): r2 lets go anyway, reading on; writing on takes hold again,
# which waits for the supply (EAGAIN).  The supplier's return probes r1
# and r2 again (fw_devlink), which powers them.
res_clk() { cat /sys/kernel/debug/clk/test-resources/clk_enable_count; }
check "r2 unbound: on" move $R2 on
check_eq "r2 on: vdd on, its clock enabled" "enabled 1" "$(vdd) $(res_clk)"
guard "reset fault armed" sh -c "echo 1 > $RES/fail_reset"
check "unbind vdd's regulator while r2 cannot reach off" sh -c "echo regulator-test-vdd > $VREG/unbind"
check "the log says r2 let go in on" sh -c "dmesg | grep -q '$R2: pm_state: supplier regulator-test-vdd unbinds: cannot reach off: -5; resources let go in on'"
check_eq "r2 let go: reads on, its clock off" "on 0" "$(cur $R2) $(res_clk)"
check "r2: on takes hold again, and waits for its supply: EAGAIN" \
	sh -c "sh -c 'echo on > $P/$R2/power/current' 2>&1 | grep -q 'Resource temporarily unavailable'"
check "bind vdd's regulator again" sh -c "echo regulator-test-vdd > $VREG/bind"
vdd_dir=$(grep -l '^pmstate-test-vdd$' /sys/class/regulator/*/name | xargs dirname)
check "r1 and r2 probed again" test -e $P/$R1/driver -a -e $P/$R2/driver
check_eq "r2 bound: on, vdd on, its clock enabled" "on enabled 1" "$(cur $R2) $(vdd) $(res_clk)"

# With both devices unbound and off, nothing pins the module that
# provides their clock and reset line: it unloads, and vdd, which nobody
# holds, is off.  (Its provider's device links were relaxed when deferred
# probing timed out before the module was loaded: unbinding it would not
# make an unbound device let go first.)
for r in $R1 $R2; do
	echo $r > /sys/bus/platform/drivers/pm-state-test/unbind
	echo off > $P/$r/power/current
done
check "rmmod pm_state_test_dev" rmmod pm_state_test_dev
check_eq "after rmmod: vdd off" disabled "$(vdd)"
check_eq "after rmmod: fck off" 0 "$(clk_count)"
echo 0 > $T/events/pm_state/pm_state_resource/enable
done_testing
