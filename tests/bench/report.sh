#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench's report: from WORK/stock.fig and WORK/patched.fig (lines
# "figure value", one per cycle or boot) the table of medians with min and
# max, in WORK/results.txt and WORK/results.json, and WORK/plot.png.
#
#   report.sh WORK
set -euo pipefail
work=$(cd "$1" && pwd)
cd "$work"

stat() {	# stat KERNEL FIGURE: "median min max" (or "- - -")
	awk -v f="$2" '$1 == f { print $2 }' "$1.fig" | sort -n |
		awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)], v[1], v[NR]; else print "- - -" }'
}
med() { stat "$1" "$2" | cut -d' ' -f1; }

rows=$work/rows
: > "$rows"
# A row whose figures a run did not measure (make bench PARTS=...) is left out.
row() {	# row LABEL UNIT STOCK_KERNEL:FIGURE PATCHED_KERNEL:FIGURE
	local s p
	s=$(stat "${3%%:*}" "${3#*:}") p=$(stat "${4%%:*}" "${4#*:}")
	[ "$s$p" = "- - -- - -" ] || echo "$1|$2|$s|$p" >> "$rows"
}
own() {	# own LABEL UNIT FIGURE: a figure of the patched kernel alone
	local p
	p=$(stat patched "$3")
	[ "$p" = "- - -" ] || echo "$1|$2|- - -|$p" >> "$rows"
}
derived() {	# derived LABEL UNIT VALUE [INPUT_FIGURE]: INPUT_FIGURE measured
	[ -z "${4:-}" ] || [ "$(med patched "$4")" != - ] || return 0
	echo "$1|$2|- - -|$3 $3 $3" >> "$rows"
}
has() { [ "$(med patched "$1")" != - ]; }	# has FIGURE: the run measured it

for n in 10 100 1000; do
	row "s2idle device phases, $n devices" us stock:transition.n$n.table0 patched:transition.n$n.table1
done
# Per device: the growth from 10 to 1000 devices, so that what a cycle
# costs whatever N (tasks, consoles, the other devices) drops out.
slope() {	# slope KERNEL FIGURE_AT_10 FIGURE_AT_1000: ns per device
	awk -v a="$(med "$1" "$2")" -v b="$(med "$1" "$3")" 'BEGIN { printf "%d", (b - a) * 1000 / 990 }'
}
if has transition.n1000.table1; then
	s=$(slope stock transition.n10.table0 transition.n1000.table0)
	p=$(slope patched transition.n10.table1 transition.n1000.table1)
	echo "s2idle cost per device (growth 10 -> 1000)|ns|$s $s $s|$p $p $p" >> "$rows"
	derived "framework cost per device (patched minus stock)" ns $((p - s))
fi
own "framework cost per device, 1000 devices (tables minus none, paired cycles)" ns framework.n1000
row "callbacks of one suspend and resume, per device (null work; outside a transition)" ns stock:callbacks.table0 patched:callbacks.table1
row "callbacks of one suspend and resume, per device, no table" ns stock:callbacks.table0 patched:callbacks.table0
row "  of which noirq suspend (patched: the move to the sleep state)" ns stock:callbacks.noirq.table0 patched:callbacks.noirq.table1
row "  of which noirq resume (patched: the move back)" ns stock:callbacks.resume_noirq.table0 patched:callbacks.resume_noirq.table1
row "s2idle device phases, 1000 devices without tables" us stock:transition.n1000.table0 patched:transition.n1000.table0
row "runtime suspend (null callback; patched: through the table)" ns stock:runtime.suspend.table0 patched:runtime.suspend.table1
row "runtime resume" ns stock:runtime.resume.table0 patched:runtime.resume.table1
row "runtime suspend, device without a table" ns stock:runtime.suspend.table0 patched:runtime.suspend.table0
row "for scale: one clock read (ktime_get_boottime)" ns stock:primitive.clock patched:primitive.clock
row "for scale: one uncontended mutex lock and unlock" ns stock:primitive.mutex patched:primitive.mutex
row "for scale: a walk of the children of a device that has none" ns stock:primitive.children patched:primitive.children
row "sizeof(struct device)" bytes stock:sizeof.device patched:sizeof.device
row "slab for 1000 devices without tables" KiB stock:slab.n1000.table0 patched:slab.n1000.table0
row "slab for 1000 devices sharing one table" KiB stock:slab.n1000.table0 patched:slab.n1000.table1
row "slab for 1000 devices with a table each" KiB stock:slab.n1000.table0 patched:slab.n1000.table2
for t in 1 2; do
	has slab.n1000.table$t || continue
	d=$(awk -v a="$(med patched slab.n1000.table$t)" -v b="$(med patched slab.n1000.table0)" 'BEGIN { printf "%d", (a - b) * 1024 / 1000 }')
	derived "bytes per tabled device beyond the device ($([ $t = 1 ] && echo shared || echo own) table)" bytes "$d"
done
for n in 100 1000 5000; do
	row "populate $n nodes with tables (stock ignores them)" us stock:populate.n$n.tabled patched:populate.n$n.tabled
	row "populate $n nodes, patched kernel: no tables (left) vs tables" us patched:populate.n$n.plain patched:populate.n$n.tabled
	row "boot to /init, $n nodes with tables" us stock:init.n$n.tabled patched:init.n$n.tabled
	row "boot to /init, $n nodes, patched kernel: no tables (left) vs tables" us patched:init.n$n.plain patched:init.n$n.tabled
done
# Linear growth: the cost of each node added from 100 to 1000 and from
# 1000 to 5000 nodes; the two agree when the parse is linear.
grow() {	# grow KERNEL VARIANT N0 N1: us per node
	awk -v a="$(med "$1" populate.n$3.$2)" -v b="$(med "$1" populate.n$4.$2)" -v d=$(($4 - $3)) 'BEGIN { printf "%.1f", (b - a) / d }'
}
for r in "100 1000" "1000 5000"; do
	set -- $r
	has populate.n$2.tabled || continue
	s=$(grow stock tabled $1 $2) p=$(grow patched tabled $1 $2) q=$(grow patched plain $1 $2)
	echo "populate per node added, $1 -> $2 nodes, stock vs patched (tables)|us|$s $s $s|$p $p $p" >> "$rows"
	echo "populate per node added, $1 -> $2 nodes, patched: no tables (left) vs tables|us|$q $q $q|$p $p $p" >> "$rows"
done

awk -F'|' -v date="$(date -u +%Y-%m-%d)" -v machine="$(nproc) cores, $(uname -m) host, QEMU TCG with -icount: 1 ns per guest instruction" '
	function ratio(s, p) { return (s + 0 > 0 && s != "-" && p != "-") ? sprintf("%.2f", p / s) : "-" }
	BEGIN {
		printf "make bench, %s, %s (medians, [min..max])\n", date, machine
		printf "%-74s %-6s %-26s %-26s %s\n", "figure", "unit", "stock 6.1", "patched", "ratio"
	}
	{
		split($3, s, " "); split($4, p, " ")
		sv = s[1] == "-" ? "-" : sprintf("%s [%s..%s]", s[1], s[2], s[3])
		pv = p[2] == p[3] && p[1] == p[2] && s[1] == "-" ? p[1] : sprintf("%s [%s..%s]", p[1], p[2], p[3])
		printf "%-74s %-6s %-26s %-26s %s\n", $1, $2, sv, pv, ratio(s[1], p[1])
	}' "$rows" > results.txt

awk -F'|' 'BEGIN { print "[" }
	function obj(v,   a) { split(v, a, " "); if (a[1] == "-") return "null"
		return sprintf("{\"median\": %s, \"min\": %s, \"max\": %s}", a[1], a[2], a[3]) }
	{ printf "%s  {\"figure\": \"%s\", \"unit\": \"%s\", \"stock\": %s, \"patched\": %s}", (NR > 1 ? ",\n" : ""), $1, $2, obj($3), obj($4) }
	END { print "\n]" }' "$rows" > results.json

for n in 10 100 1000; do
	echo "$n $(med stock transition.n$n.table0) $(med patched transition.n$n.table1) $(med patched transition.n$n.table0)"
done > transitions.dat
for n in 100 1000 5000; do
	echo "$n $(med stock populate.n$n.tabled) $(med patched populate.n$n.plain) $(med patched populate.n$n.tabled)"
done > populate.dat
# The plot needs both the transitions and the boots.
has transition.n1000.table1 && has populate.n5000.tabled &&
gnuplot <<'GP'
set terminal pngcairo size 1200,500 noenhanced
set output 'plot.png'
set multiplot layout 1,2
set logscale xy
set key top left
set grid
set xlabel 'devices (N)'
set ylabel 'us'
set title 's2idle device phases (pm_test=platform)'
plot 'transitions.dat' using 1:2 with linespoints title 'stock 6.1', \
     '' using 1:3 with linespoints title 'patched, tables', \
     '' using 1:4 with linespoints title 'patched, no tables'
set title 'boot: of_platform_default_populate_init'
set xlabel 'device nodes (N)'
plot 'populate.dat' using 1:2 with linespoints title 'stock 6.1 (tables ignored)', \
     '' using 1:3 with linespoints title 'patched, nodes without tables', \
     '' using 1:4 with linespoints title 'patched, nodes with tables'
unset multiplot
GP
cat results.txt
echo "bench: $work/results.txt, results.json$([ ! -e plot.png ] || echo ", plot.png")"
