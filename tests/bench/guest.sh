# SPDX-License-Identifier: GPL-2.0
# make bench's guest half (tests/bench/run.sh appends the bench module as
# base64 and boots it on each kernel).  Prints one line per figure:
#   fig NAME VALUE
# Transitions: s2idle at pm_test=platform (every device phase, no wake
# wait), the device-phase times the PM core prints with pm_debug_messages
# summed, in us, per cycle.  TABLE is 1 on the patched kernel, 0 on stock.
TABLE=${TABLE:-0}
CYCLES=${CYCLES:-30}
PARTS=${PARTS:-transitions runtime callbacks slab}
# part NAME: NAME is among the parts asked for (make bench PARTS=...)
part() { case " $PARTS " in *" $1 "*) return 0 ;; esac; return 1; }
ko=/tmp/pm_bench.ko
base64 -d > $ko <<'KO'
@KO@
KO
echo 1 > /sys/power/pm_debug_messages
echo platform > /sys/power/pm_test
slab() { awk '/^Slab:/ { print $2 }' /proc/meminfo; }

# phases: the sum of this cycle's device-phase times, in us
phases() {
	dmesg | awk '/of devices complete after/ && !/start suspend/ {
		for (i = 1; i <= NF; i++) if ($i == "after") { split($(i + 1), a, "."); s += a[1] * 1000 + a[2] }
	} END { print s + 0 }'
}

# On the patched kernel each cycle without tables is followed by one with
# them, so that the two see the same host load: their difference per
# device is the framework's cost, measured in pairs.
part transitions &&
for n in 10 100 1000; do
	for c in $(seq $CYCLES); do
		for t in $(seq 0 $TABLE); do
			insmod $ko n=$n table=$t || { echo "fig error insmod n=$n table=$t"; exit 1; }
			dmesg -c > /dev/null
			echo freeze > /sys/power/state || { echo "fig error freeze n=$n"; exit 1; }
			us=$(phases)
			rmmod pm_bench
			echo "fig transition.n$n.table$t $us"
			[ $t = 0 ] && plain=$us
		done
		[ $TABLE = 0 ] || echo "fig framework.n$n $(((us - plain) * 1000 / n))"
	done
done
echo none > /sys/power/pm_test

# Runtime PM suspend and resume of one device, through its table or not.
part runtime &&
for t in $(seq 0 $TABLE); do
	dmesg -c > /dev/null
	insmod $ko n=1 table=$t runtime_loops=1000 primitives=$((1 - t))
	dmesg | sed -n "s/.*pm_bench: primitive \([a-z]*\) \([0-9]*\) ns.*/fig primitive.\1 \2/p"
	dmesg | sed -n "s/.*pm_bench: runtime suspend \([0-9]*\) ns resume \([0-9]*\) ns.*/fig runtime.suspend.table$t \1\nfig runtime.resume.table$t \2/p"
	dmesg | grep -q "pm_bench: runtime suspend" ||
		{ echo "fig error runtime table=$t: $(dmesg | grep 'pm_bench: runtime' | tail -n 1)"; exit 1; }
	dmesg | sed -n 's/.*pm_bench: sizeof(struct device) \([0-9]*\)/fig sizeof.device \1/p'
	rmmod pm_bench
done

# The callbacks of one suspend and resume per device, outside a transition.
part callbacks &&
for t in $(seq 0 $TABLE); do
	for c in $(seq 5); do
		dmesg -c > /dev/null
		insmod $ko n=1000 table=$t sleep_loops=20
		dmesg | sed -n "s/.*pm_bench: sleep callbacks \([0-9]*\) ns.* noirq \([0-9]*\), resume noirq \([0-9]*\) .*/fig callbacks.table$t \1\nfig callbacks.noirq.table$t \2\nfig callbacks.resume_noirq.table$t \3/p"
		rmmod pm_bench
	done
done

# Slab with 1000 devices: no table, one shared table, a table each.
part slab &&
for t in $(seq 0 $((TABLE * 2))); do
	sync; echo 3 > /proc/sys/vm/drop_caches
	s0=$(slab)
	insmod $ko n=1000 table=$t
	sync; echo 3 > /proc/sys/vm/drop_caches
	echo "fig slab.n1000.table$t $(($(slab) - s0))"
	rmmod pm_bench
done
exit 0
