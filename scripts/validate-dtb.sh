#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Check a final DTB against the tree's dt-schema bindings, reporting only
# the nodes power-state tables touch: the device-power-states containers
# and every node with power-states.  (QEMU's own nodes have unrelated
# complaints.)  Exits non-zero on any finding.
#
#   validate-dtb.sh TREE SCHEMA_JSON DTB
set -euo pipefail
tree=$1 schema=$2 dtb=$3
bindings=$tree/Documentation/devicetree/bindings

# The processed schema, remade when a binding changes.
if [ ! -s "$schema" ] || [ -n "$(find "$bindings" -name '*.yaml' -newer "$schema" | head -n 1)" ]; then
	echo "validate: processing the bindings of $(basename "$tree")"
	find "$bindings" -name '*.yaml' ! -name 'processed-schema*' | sort > "$schema.list"
	dt-mk-schema -j $(cat "$schema.list") > "$schema.tmp" 2> "$schema.log" || {
		cat "$schema.log" >&2; echo "validate: dt-mk-schema failed" >&2; exit 1; }
	mv "$schema.tmp" "$schema"
fi

# Node names (the validator reports by name): "own" nodes the overlays add
# (state containers, state nodes, test devices), all of whose findings count,
# and QEMU's nodes given a table, whose findings count where they are about
# the power-state properties.
tabled=$(dtc -q -I dtb -O dts "$dtb" | awk '
	/^[\t ]*[^ \t]+ \{$/ { name[++d] = $1; next }
	/^[\t ]*\};$/ { d--; next }
	/^[\t ]*power-states = / && d { print "dev", name[d] }
	/^[\t ]*compatible = "(device-power-state|pmstate,[a-z-]+)"/ && d { print "own", name[d] }
	/^[\t ]*compatible = "device-power-state";/ && d > 1 { print "own", name[d - 1] }' | sort -u)
[ -n "$tabled" ] || { echo "validate: $dtb has no power-state tables" >&2; exit 1; }
nodes=$(awk '{ print $2 }' <<< "$tabled" | sort -u)

findings=$(dt-validate -s "$schema" "$dtb" 2>&1 | awk -v list="$tabled" '
	BEGIN { n = split(list, l, "\n"); for (i = 1; i <= n; i++) { split(l[i], f, " "); kind[f[2]] = kind[f[2]] f[1] } }
	{
		node = $2; sub(/:$/, "", node)
		if (!(node in kind)) next
		if (kind[node] ~ /own/ || $0 ~ /power-state/) print
	}')
count=$(wc -l <<< "$nodes")
if [ -n "$findings" ]; then
	echo "$findings"
	echo "validate: $(wc -l <<< "$findings") findings in the $count tabled nodes of $dtb" >&2
	exit 1
fi
echo "validate: $count tabled nodes of $(basename "$dtb") match the bindings"
