#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make plan: boot the kernel with the board's DTB, read what each system
# transition would do with every tabled device
# (/sys/kernel/debug/pm_state/plan/<state>), and write it out:
#
#   OUT/plan.txt    the kernel's plans as read, one section per state
#   OUT/plan.json   the same, one device per line, for a board's CI
#   OUT/plan.dot    the picture's graph: one panel per system state, the
#                   device tree (parents above children), each device
#                   coloured by the state it would take, the reason on the
#                   ones that do not take their mapping; device links,
#                   conflicts, wake paths and the providers of the clocks,
#                   supplies and resets a move switches as edges
#   OUT/plan.svg, OUT/plan.png   drawn by graphviz's dot
#
#   plan.sh OUT IMAGE DTB INITRAMFS [EXPECT.json]
#
# With EXPECT, exits 1 and prints the differences when plan.json differs
# from it: a table change reviewed as a plan change.
set -euo pipefail
out=$1 image=$2 dtb=$3 initrd=$4 expect=${5:-}
top=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "plan: $*" >&2; exit 2; }
[ -z "$expect" ] || [ -f "$expect" ] || die "EXPECT=$expect: no such file"
command -v dot > /dev/null || die "graphviz's dot is missing (Debian package graphviz; make deps)"
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The guest: the test driver populates the test devices where there are
# any; each plan follows a "@@plan <state>" line, device links "@@links".
cat > "$work/plan-guest.sh" <<'SH'
m=$(find /lib/modules -name pm_state_test_dev.ko | head -n 1)
[ -z "$m" ] || insmod "$m"
for s in standby suspend hibernate shutdown reset; do
	echo "@@plan $s"
	cat /sys/kernel/debug/pm_state/plan/$s || exit 1
done
echo "@@links"
for l in /sys/class/devlink/*; do
	[ -e "$l/supplier" ] || continue
	s=$(readlink "$l/supplier") c=$(readlink "$l/consumer")
	echo "${s##*/} ${c##*/}"
done
SH
"$top/boot/qemu.sh" --kernel "$image" --dtb "$dtb" --initrd "$initrd" \
	--script "$work/plan-guest.sh" --tap "$work/plan.out" \
	--log "$out/console.log" --timeout 180 > "$work/qemu.log" 2>&1 ||
	{ tail -n 20 "$work/qemu.log" >&2; die "the boot failed (console: $out/console.log)"; }
grep -q '^@@plan suspend$' "$work/plan.out" || die "the guest printed no plan (console: $out/console.log)"
# The runner's own lines (pmstate-begin:, -uptime:, -tainted:) are not the plan's.
sed -i '/^pmstate-[a-z-]*: /d' "$work/plan.out"

# plan.txt: the kernel's lines, under a header per state.
awk '/^@@plan / { printf "%s== %s ==\n", (NR > 1 ? "\n" : ""), $2; next }
     /^@@links/ { exit } { print }' "$work/plan.out" > "$out/plan.txt"

# plan.json: {"plans": {"<state>": [ one object per device ]}, "links": [...]}
awk '
function q(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
/^@@plan / {
	if (st != "") printf "\n    ]"
	printf "%s\n    %s: [", st == "" ? "{\n  \"plans\": {" : ",", q($2)
	st = $2; n = 0; next
}
/^@@links/ { printf "\n    ]\n  },\n  \"links\": ["; links = 1; n = 0; next }
links { printf "%s\n    [%s, %s]", n++ ? "," : "", q($1), q($2); next }
/^#/ || NF == 0 { next }
{
	line = sprintf("{\"device\": %s", q($1))
	for (i = 2; i <= NF; i++) {
		k = $i; sub(/=.*/, "", k); v = substr($i, length(k) + 2)
		if (k == "why") {
			v = $0; sub(/.* why=/, "", v)
			line = line sprintf(", \"why\": %s", q(v)); break
		}
		line = line sprintf(", %s: %s", q(k), q(v))
	}
	printf "%s\n      %s}", n++ ? "," : "", line
}
END { printf "\n  ]\n}\n" }' "$work/plan.out" > "$out/plan.json"

# plan.dot: one cluster per state.  Unbound leaves of one parent with
# nothing else to say are drawn as one node.
awk '
function q(s) { return "\"" s "\"" }
function color(s) {
	if (!(s in pal)) { pal[s] = palette[(npal % 8) + 1]; npal++ }
	return pal[s]
}
BEGIN {
	split("#8fd19e #ffd97a #f4a582 #92c5de #c2a5cf #d9d9d9 #fddbc7 #b8e186", palette)
	pal["on"] = palette[1]; npal = 1
	print "digraph plan {"
	print "  rankdir=TB; newrank=true; fontname=Helvetica;"
	print "  node [shape=box style=\"rounded,filled\" fontname=Helvetica fontsize=10];"
	print "  edge [fontname=Helvetica fontsize=8 color=gray40];"
}
/^@@plan / { st = $2; states[++ns] = st; next }
/^@@links/ { links = 1; next }
links { link[++nl] = $1 " " $2; next }
/^#/ || NF == 0 { next }
{
	d = $1; n[st]++; dev[st, n[st]] = d; in_plan[st, d] = 1
	for (i = 2; i <= NF; i++) {
		k = $i; sub(/=.*/, "", k); v = substr($i, length(k) + 2)
		if (k == "why") { v = $0; sub(/.* why=/, "", v) }
		f[st, d, k] = v
		if (k == "why") break
	}
	haschild[st, f[st, d, "parent"]] = 1
}
# Leaves that say nothing but their move can share a node with siblings
# that make the same one (the 32 virtio-mmio transports).
function grouped(st, d) {
	return f[st, d, "res"] f[st, d, "by"] f[st, d, "conflict"] f[st, d, "why"] == "" &&
	       !haschild[st, d]
}
# The name a node shows: for a child, the part after the parent name (test
# devices are named "<parent>:<child>").
function short(st, d,   p) {
	p = f[st, d, "parent"]
	return in_plan[st, p] && index(d, p ":") == 1 ? substr(d, length(p) + 2) : d
}
function panel(st,   i, d, id, key, lab, c, nr, r, j, parts, prov, pid, cnt, first, last, roots, nroots) {
	printf "  subgraph %s {\n    label=%s; fontsize=14; style=rounded; color=gray60;\n", q("cluster_" st), q(st)
	for (i = 1; i <= n[st]; i++) {
		d = dev[st, i]
		if (!grouped(st, d)) continue
		key = f[st, d, "parent"] SUBSEP f[st, d, "current"] SUBSEP f[st, d, "target"] SUBSEP f[st, d, "reason"]
		cnt[key]++; if (!(key in first)) first[key] = d; last[key] = d
	}
	for (i = 1; i <= n[st]; i++) {
		d = dev[st, i]; id = st "/" d
		key = f[st, d, "parent"] SUBSEP f[st, d, "current"] SUBSEP f[st, d, "target"] SUBSEP f[st, d, "reason"]
		if (grouped(st, d) && cnt[key] > 2) {
			if (first[key] != d) continue
			lab = cnt[key] " devices: " first[key] " … " last[key] "\\n" \
				(f[st, d, "target"] == f[st, d, "current"] ? f[st, d, "target"] " (stays)" : f[st, d, "current"] " → " f[st, d, "target"])
			if (f[st, d, "reason"] != "mapped") lab = lab "\\n" f[st, d, "reason"]
			c = f[st, d, "target"] == f[st, d, "current"] ? "white" : color(f[st, d, "target"])
			printf "    %s [label=%s fillcolor=%s style=\"rounded,filled,dashed\"];\n", q(id), q(lab), q(c)
		} else {
			lab = short(st, d) "\\n" (f[st, d, "target"] == f[st, d, "current"] ? f[st, d, "target"] " (stays)" : f[st, d, "current"] " → " f[st, d, "target"])
			if (f[st, d, "reason"] != "mapped")
				lab = lab "\\n" f[st, d, "reason"] (f[st, d, "mapped"] != "-" && f[st, d, "mapped"] != f[st, d, "target"] ? ", mapped " f[st, d, "mapped"] : "")
			if (f[st, d, "why"] != "") lab = lab "\\n" f[st, d, "why"]
			c = f[st, d, "target"] == f[st, d, "current"] ? "white" : color(f[st, d, "target"])
			printf "    %s [label=%s fillcolor=%s%s];\n", q(id), q(lab), q(c),
				f[st, d, "reason"] != "mapped" ? " penwidth=2 color=firebrick" : ""
		}
		if (in_plan[st, f[st, d, "parent"]])
			printf "    %s -> %s;\n", q(st "/" f[st, d, "parent"]), q(id)
		else
			roots[++nroots] = id
		if (f[st, d, "conflict"] != "")
			printf "    %s -> %s [color=red style=dashed label=\"conflict\" constraint=false];\n", q(id), q(st "/" f[st, d, "conflict"])
		if (in_plan[st, f[st, d, "by"]])
			printf "    %s -> %s [color=blue style=dotted label=\"wake path\" constraint=false];\n", q(st "/" f[st, d, "by"]), q(id)
		nr = split(f[st, d, "res"], r, ",")
		for (j = 1; j <= nr; j++) {
			split(r[j], parts, ":")
			pid = st "/provider/" parts[3]
			if (!(pid in provs)) {
				provs[pid] = 1
				printf "    %s [label=%s shape=ellipse fillcolor=\"#f0f0f0\" fontsize=9];\n", q(pid), q(parts[3])
			}
			lab = parts[1] " " parts[2] ": " parts[4]
			if (parts[4] == "kept") lab = lab " by " substr(r[j], index(r[j], ":kept:") + 6)
			printf "    %s -> %s [style=dotted arrowhead=none label=%s];\n", q(id), q(pid), q(lab)
		}
	}
	# Three trees a row: invisible edges put each root under the one
	# three before it.
	for (i = 4; i <= nroots; i++)
		printf "    %s -> %s [style=invis];\n", q(roots[i - 3]), q(roots[i])
	for (i = 1; i <= nl; i++) {
		split(link[i], parts, " ")
		if (in_plan[st, parts[1]] && in_plan[st, parts[2]])
			printf "    %s -> %s [color=purple style=dashed label=\"link\" constraint=false];\n", q(st "/" parts[1]), q(st "/" parts[2])
	}
	print "  }"
}
END {
	for (i = 1; i <= ns; i++) panel(states[i])
	print "  subgraph cluster_legend {\n    label=\"target state (white: stays; red border: not its mapping)\"; fontsize=12; color=gray80;"
	for (s in pal) printf "    %s [label=%s fillcolor=%s];\n", q("legend/" s), q(s), q(pal[s])
	print "  }\n}"
}' "$work/plan.out" > "$out/plan.dot"

dot -Tsvg "$out/plan.dot" -o "$out/plan.svg"
dot -Tpng "$out/plan.dot" -o "$out/plan.png"
echo "plan: $(grep -c '"device"' "$out/plan.json") device plans in ${out#"$top"/}/plan.{txt,json,svg,png}"

if [ -n "$expect" ]; then
	if ! diff -u --label "expected ($expect)" --label "planned" "$expect" "$out/plan.json" > "$work/diff"; then
		cat "$work/diff"
		echo "plan: differs from $expect (lines - expected, + planned)" >&2
		exit 1
	fi
	echo "plan: as expected ($expect)"
fi
