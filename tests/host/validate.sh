#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: make validate accepts the default tables and reports a wrong system-state name against the binding
set -u
out=$(make -s validate 2>&1) || { echo "$out"; echo "FAIL: the default tables do not validate"; exit 1; }
echo "$out"
bad="dts/virt-pmstate.dtso dts/broken/unknown-system-state.dtso"
if out=$(make -s validate OVERLAYS="$bad" 2>&1); then
	echo "$out"; echo "FAIL: $bad validated"; exit 1
fi
echo "$out" | grep -q "system-power-state-names.*is not one of" || { echo "$out"; echo "FAIL: the finding does not name the property"; exit 1; }
echo "$out" | tail -n 2
