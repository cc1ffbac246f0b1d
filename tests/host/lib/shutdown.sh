# SPDX-License-Identifier: GPL-2.0
# Shared by poweroff.sh and reboot.sh: boot, note every tabled device with
# its parent and the state it is mapped to for the transition, end the
# machine with MODE (poweroff|reboot), and check from the console log that
# each device reached its state, children before parents, before QEMU left.
#   shutdown_test MODE SYSTEM_STATE FINAL_MESSAGE
shutdown_test() {
	local mode=$1 sys=$2 final=$3
	local top b out work dtb log
	top=$(pwd)
	b=$top/build
	out=${KERNEL_OUT:-$b/kernel}
	work=$(mktemp -d)
	log=$b/logs/$mode.log
	cat > "$work/$mode.sh" <<SH
for f in \$(find /sys/devices -path '*/power/system_$sys'); do
	d=\${f%/power/system_$sys}
	echo "expect: \${d##*/} \$(basename \$(dirname \$d)) \$(cat \$f)"
done
$mode -f
SH
	dtb=$(make -s --no-print-directory dtb print-dtb | tail -n 1)
	"$top/boot/qemu.sh" --kernel "$out/arch/arm64/boot/Image" --dtb "$dtb" \
		--initrd "$b/initramfs.cpio.gz" --script "$work/$mode.sh" --log "$log" \
		--timeout 120 --no-status || { rm -rf "$work"; echo "FAIL: the $mode boot failed"; return 1; }
	rm -rf "$work"

	awk -v sys="$sys" -v final="$final" '
		/^expect: / { n++; dev[n] = $2; parent[$2] = $3; want[$2] = $4; next }
		index($0, final) { fin = NR }
		{
			for (i = 1; i <= n; i++) {
				d = dev[i]
				if (index($0, " " d ": pm_state: " sys " -> ")) {
					at[d] = NR
					s = $0; sub(/.*: pm_state: [a-z]+ -> /, "", s); sub(/ .*/, "", s)
					got[d] = s
				}
			}
		}
		END {
			if (n == 0) { print "FAIL: no device is mapped for " sys; exit 1 }
			bad = 0
			for (i = 1; i <= n; i++) {
				d = dev[i]
				if (want[d] == "none") continue
				if (!at[d]) { print "FAIL: " d " never reported reaching its " sys " state " want[d]; bad = 1; continue }
				if (got[d] != want[d]) { print "FAIL: " d " reached " got[d] ", mapped to " want[d]; bad = 1 }
				if (fin && at[d] > fin) { print "FAIL: " d " moved after \"" final "\""; bad = 1 }
				p = parent[d]
				if (at[p] && at[p] < at[d]) { print "FAIL: parent " p " moved before its child " d; bad = 1 }
				checked++
			}
			if (!fin) { print "FAIL: no \"" final "\" in the console log"; bad = 1 }
			if (!bad) print checked " devices reached their " sys " states, children first, before \"" final "\""
			exit bad
		}' "$log"
}
