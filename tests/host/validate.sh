#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: make validate accepts the default, resource, domain and PCI tables, and reports a wrong system-state name, states naming clocks or supplies a device lacks, and required-opps outside one power domain
set -u
out=$(make -s validate 2>&1) || { echo "$out"; echo "FAIL: the default tables do not validate"; exit 1; }
echo "$out"
bad="dts/virt-pmstate.dtso dts/broken/unknown-system-state.dtso"
if out=$(make -s validate OVERLAYS="$bad" 2>&1); then
	echo "$out"; echo "FAIL: $bad validated"; exit 1
fi
echo "$out" | grep -q "system-power-state-names.*is not one of" || { echo "$out"; echo "FAIL: the finding does not name the property"; exit 1; }
echo "$out" | tail -n 2
# What no schema sees: a state naming a clock or supply its device lacks.
for c in "unknown-clock:/pl061@9030000: power-states[1] (/device-power-states/state-unknown-clock-off) stops clock \"fck\", which is not in its clock-names" \
	 "unknown-supply:/test-device-unknown-supply: power-states[1] (/device-power-states/state-unknown-supply-off) switches off supply \"vdd\", but the node has no vdd-supply" \
	 "required-opps-no-domain:/test-device-required-opps-no-domain: power-states[0] (/device-power-states/state-required-opps-no-domain-on) has required-opps, but the node is not in exactly one power domain"; do
	bad="dts/virt-pmstate.dtso dts/broken/${c%%:*}.dtso"
	if out=$(make -s validate OVERLAYS="$bad" 2>&1); then
		echo "$out"; echo "FAIL: $bad validated"; exit 1
	fi
	echo "$out" | grep -qF "${c#*:}" ||
		{ echo "$out"; echo "FAIL: no finding for ${c%%:*}"; exit 1; }
done
# The resource overlay, with its clock, regulator and reset, is valid.
make -s validate OVERLAYS="dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/virt-resources.dtso" ||
	{ echo "FAIL: dts/virt-resources.dtso does not validate"; exit 1; }
make -s validate OVERLAYS="dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/virt-resources.dtso dts/virt-domain-perf.dtso" ||
	{ echo "FAIL: dts/virt-domain-perf.dtso does not validate"; exit 1; }
# The PCI overlay: a table on a node under the PCIe host, by the PCI bus binding.
make -s validate OVERLAYS="dts/virt-pmstate.dtso dts/virt-pl061.dtso dts/virt-pci.dtso" ||
	{ echo "FAIL: dts/virt-pci.dtso does not validate"; exit 1; }
