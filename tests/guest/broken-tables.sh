# SPDX-License-Identifier: GPL-2.0
# overlays: dts/broken/rejected-value.dtso dts/broken/unknown-system-state.dtso dts/broken/unknown-clock.dtso dts/broken/count-mismatch.dtso dts/broken/duplicate-state-name.dtso dts/broken/duplicate-system-state.dtso dts/broken/empty-list.dtso dts/broken/missing-name.dtso dts/broken/not-a-state.dtso dts/broken/required-opps-no-domain.dtso dts/broken/required-opps-own-opp-table.dtso dts/broken/unknown-phandle.dtso dts/broken/unknown-reset.dtso dts/broken/unknown-supply.dtso dts/broken/unsupported-default.dtso dts/broken/unsupported-mapping.dtso
# Every rejected table of dts/broken/ in one boot, each on a device of its
# own: the PL011, the PL031, the PL061 and a test device per table
# (pmstate,test-device).  Each table is rejected at boot with its documented
# error (the expect line of its overlay, below in the same order), that is
# its device's only error, the device has no table and it works as it would
# without one.
. /tests/lib.sh
. /tests/broken.inc
broken_tables <<'EOF'
/pl011@9000000: state deep has power-state-value 7, but the amba bus numbers no states: say what the state stops (stopped-clocks, off-supplies, reset-asserted)
/pl031@9010000: system-power-state-names[1] "sleep" is not a system power state
/pl061@9030000: state off stops clock "fck", which is not in its clock-names
/test-device-count-mismatch: system-power-states has 2 entries but system-power-state-names has 1
/test-device-duplicate-state-name: power-states[2] (/device-power-states/state-duplicate-state-name-off2) duplicates power-state-name "off" of power-states[1]
/test-device-duplicate-system-state: system-power-state-names[1] "suspend" is listed twice
/test-device-empty-list: power-states is empty
/test-device-missing-name: power-states[1] points to /device-power-states/state-missing-name-noname, which lacks power-state-name
/test-device-not-a-state: power-states[1] points to /device-power-states/not-a-state, which is not a device-power-state node
/test-device-required-opps-no-domain: state on has required-opps, but the node is not in exactly one power domain
/test-device-required-opps-own-opp-table: state on has required-opps, but so have the OPPs of the node's own OPP table, through which the OPP core votes: give the performance state in its OPPs only
/test-device-unknown-phandle: power-states[1] is not a valid phandle (-2)
/test-device-unknown-reset: state off asserts reset, but the node has no resets
/test-device-unknown-supply: state off switches off supply "vdd", but the node has no vdd-supply
/test-device-unsupported-default: default-power-state (/device-power-states/state-unsupported-default-off) is not in power-states
/test-device-unsupported-mapping: system-power-states[0] (/device-power-states/state-unsupported-mapping-off) is not in power-states
EOF
done_testing
