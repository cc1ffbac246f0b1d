#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: make validate accepts the default tables; the check it runs (scripts/validate-dtb.sh) accepts the resource, domain and PCI tables, and reports a wrong system-state name, states naming clocks or supplies a device lacks, and required-opps outside one power domain or beside voting OPPs of the device's own, each against its own DTB
set -u
out=$(make -s validate 2>&1) || { echo "$out"; echo "FAIL: the default tables do not validate"; exit 1; }
echo "$out"
# The other tables: each DTB made as make validate makes it (the tree and
# the packages it checks first were checked just now), then all of them
# checked by what make validate runs, in one dt-validate.  Each finding
# names its DTB, and each DTB has its own verdict line.
dtb_of() {
	local dtb
	dtb=$(make -s --no-print-directory print-dtb OVERLAYS="$1") && make -s "$dtb" OVERLAYS="$1" >&2 && echo "$dtb"
}
base="dts/virt-pmstate.dtso dts/virt-pl061.dtso"
declare -A dtb
for t in "broken unknown-system-state:dts/virt-pmstate.dtso dts/broken/unknown-system-state.dtso" \
	 "broken unknown-clock:dts/virt-pmstate.dtso dts/broken/unknown-clock.dtso" \
	 "broken unknown-supply:dts/virt-pmstate.dtso dts/broken/unknown-supply.dtso" \
	 "broken required-opps-no-domain:dts/virt-pmstate.dtso dts/broken/required-opps-no-domain.dtso" \
	 "broken required-opps-own-opp-table:dts/virt-pmstate.dtso dts/broken/required-opps-own-opp-table.dtso" \
	 "valid resources:$base dts/virt-resources.dtso" \
	 "valid domain-perf:$base dts/virt-resources.dtso dts/virt-domain-perf.dtso" \
	 "valid pci:$base dts/virt-pci.dtso"; do
	dtb[${t%%:*}]=$(dtb_of "${t#*:}") || { echo "FAIL: no DTB of ${t#*:}"; exit 1; }
done
# The tree and schema cache the Makefile gives it.
if out=$(scripts/validate-dtb.sh "$PWD/build/linux" "$PWD/build/cache/gates" "${dtb[@]}" 2>&1); then
	echo "$out"; echo "FAIL: tables with broken overlays validated"; exit 1
fi
echo "$out"
# finding NAME GREP-ARGS...: a finding of NAME's DTB matches, and its
# verdict line counts findings.
finding() {
	local name=$1 d=${dtb[broken $1]}
	shift
	grep -F "$d: " <<< "$out" | grep -q "$@" && grep " findings in the " <<< "$out" | grep -qF " of $d" ||
		{ echo "FAIL: no finding for $name in its DTB $d"; exit 1; }
}
finding unknown-system-state "system-power-state-names.*is not one of"
# What no schema sees: a state naming a clock or supply its device lacks.
finding unknown-clock -F "/pl061@9030000: power-states[1] (/device-power-states/state-unknown-clock-off) stops clock \"fck\", which is not in its clock-names"
finding unknown-supply -F "/test-device-unknown-supply: power-states[1] (/device-power-states/state-unknown-supply-off) switches off supply \"vdd\", but the node has no vdd-supply"
finding required-opps-no-domain -F "/test-device-required-opps-no-domain: power-states[0] (/device-power-states/state-required-opps-no-domain-on) has required-opps, but the node is not in exactly one power domain"
finding required-opps-own-opp-table -F "/test-device-required-opps-own-opp-table: power-states[0] (/device-power-states/state-required-opps-own-opp-table-on) has required-opps, but so have the OPPs of its own OPP table, through which the OPP core votes"
# The resource overlay, with its clock, regulator and reset, is valid; so
# are the domain performance one on top of it and the PCI one (a table on
# a node under the PCIe host, by the PCI bus binding).
for name in resources domain-perf pci; do
	d=${dtb[valid $name]}
	if grep -qF "$d: " <<< "$out" || ! grep -qF "tabled nodes of $(basename "$d") match the bindings" <<< "$out"; then
		echo "FAIL: the $name tables ($d) do not validate"; exit 1
	fi
done
echo "validate: the default, resource, domain and PCI tables match the bindings; each broken one has its finding"
