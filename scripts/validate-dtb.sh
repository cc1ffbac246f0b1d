#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Check final DTBs against the tree's dt-schema bindings, reporting only
# the nodes power-state tables touch: the device-power-states containers
# and every node with power-states.  (QEMU's own nodes have unrelated
# complaints.)  Exits non-zero on any finding.  Several DTBs share one
# dt-validate (its start and the schema's load); each finding starts with
# its DTB's path, as dt-validate's own do, and each DTB gets its own
# verdict line.
#
#   validate-dtb.sh TREE SCHEMA_DIR DTB...  (SCHEMA_DIR: scripts/dt-schema.sh's)
set -euo pipefail
tree=$1 schema_dir=$2
shift 2
# The bindings that can apply to these DTBs: the same findings as all.
schema=$("$(dirname "$0")/dt-schema.sh" "$tree" "$schema_dir" "$@")
dtv=$(dt-validate -s "$schema" "$@" 2>&1) || {
	echo "$dtv" >&2
	echo "validate: dt-validate failed on $*" >&2
	exit 1
}

failed=0
for dtb in "$@"; do
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
	[ -n "$tabled" ] || { echo "validate: $dtb has no power-state tables" >&2; failed=1; continue; }
	nodes=$(awk '{ print $2 }' <<< "$tabled" | sort -u)

	findings=$(awk -v file="$dtb: " -v list="$tabled" '
		BEGIN { n = split(list, l, "\n"); for (i = 1; i <= n; i++) { split(l[i], f, " "); kind[f[2]] = kind[f[2]] f[1] } }
		substr($0, 1, length(file)) != file { next }
		{
			node = $2; sub(/:$/, "", node)
			if (!(node in kind)) next
			if (kind[node] ~ /own/ || $0 ~ /power-state/) print
		}' <<< "$dtv")

	# What a schema cannot see: a state used by a device must name only the
	# clocks (clock-names), supplies (<name>-supply) and resets of that device,
	# and one with required-opps needs the device in exactly one power domain
	# and without an OPP table of its own whose OPPs vote (required-opps).
	resources=$(dtc -q -I dtb -O dts "$dtb" | awk '
		function strs(v, out,   n) {	# "a\0b" -> out[1..n]
			gsub(/^"|";$/, "", v); return split(v, out, /\\0/)
		}
		function num(h,   v, i) {	# dtc prints cells in hex
			if (h !~ /^0x/) return h + 0
			for (i = 3; i <= length(h); i++)
				v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
			return v
		}
		function ndomains(dev,   v, c, n, i, k, cells) {	# entries of power-domains
			v = prop[dev, "power-domains"]; gsub(/[<>;]/, "", v); n = split(v, c, " ")
			for (i = 1; i <= n; i++) {
				k++
				cells = prop[node_of[c[i]], "#power-domain-cells"]; gsub(/[<>;]/, "", cells)
				i += num(cells)
			}
			return k
		}
		/^[\t ]*[^ \t]+ \{$/ { path = $1 == "/" ? "" : path "/" $1; next }
		/^[\t ]*\};$/ { sub(/\/[^\/]*$/, "", path); next }
		/^[\t ]*[a-z0-9#,_-]+( = .*)?;$/ {
			line = $0; sub(/^[\t ]*/, "", line)
			key = line; sub(/( = .*)?;$/, "", key)
			val = line; sub(/^[^=]*= ?/, "", val)
			prop[path, key] = (key == line || val == line) ? "" : val
			has[path, key] = 1
			if (key == "phandle") { gsub(/[<>;]/, "", val); node_of[val] = path }
			if (key == "power-states") users[path] = val
		}
		function opps_vote(dev,   t, k, p) {	# an OPP of its own table has required-opps
			t = prop[dev, "operating-points-v2"]; gsub(/[<>;]/, "", t); t = node_of[t]
			if (t == "") return 0
			for (k in has) {
				split(k, p, SUBSEP)
				if (p[2] == "required-opps" && index(p[1], t "/") == 1) return 1
			}
			return 0
		}
		END {
			for (dev in users) {
				v = users[dev]; gsub(/[<>;]/, "", v); n = split(v, ph, " ")
				for (i = 1; i <= n; i++) {
					st = node_of[ph[i]]
					if (st == "") continue
					if (has[st, "stopped-clocks"]) {
						nc = strs(prop[st, "stopped-clocks"], clk)
						strs(prop[dev, "clock-names"], cn); known = ""
						for (j in cn) known = known " " cn[j] " "
						for (j = 1; j <= nc; j++)
							if (index(known, " " clk[j] " ") == 0)
								printf "%s: power-states[%d] (%s) stops clock \"%s\", which is not in its clock-names\n", dev, i - 1, st, clk[j]
					}
					if (has[st, "off-supplies"]) {
						ns = strs(prop[st, "off-supplies"], sup)
						for (j = 1; j <= ns; j++)
							if (!has[dev, sup[j] "-supply"])
								printf "%s: power-states[%d] (%s) switches off supply \"%s\", but the node has no %s-supply\n", dev, i - 1, st, sup[j], sup[j]
					}
					if (has[st, "reset-asserted"] && !has[dev, "resets"])
						printf "%s: power-states[%d] (%s) asserts reset, but the node has no resets\n", dev, i - 1, st
					if (has[st, "required-opps"] && ndomains(dev) != 1)
						printf "%s: power-states[%d] (%s) has required-opps, but the node is not in exactly one power domain\n", dev, i - 1, st
					if (has[st, "required-opps"] && opps_vote(dev))
						printf "%s: power-states[%d] (%s) has required-opps, but so have the OPPs of its own OPP table, through which the OPP core votes\n", dev, i - 1, st
				}
			}
		}')
	findings=$(printf '%s\n' "$findings"; awk -v file="$dtb: " 'NF { print file $0 }' <<< "$resources")
	findings=$(sed '/^$/d' <<< "$findings")
	count=$(wc -l <<< "$nodes")
	if [ -n "$findings" ]; then
		echo "$findings"
		echo "validate: $(wc -l <<< "$findings") findings in the $count tabled nodes of $dtb" >&2
		failed=1
		continue
	fi
	echo "validate: $count tabled nodes of $(basename "$dtb") match the bindings"
done
exit $failed
