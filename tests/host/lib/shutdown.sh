# SPDX-License-Identifier: GPL-2.0
# Shared by poweroff.sh, reboot.sh and hibernate.sh: the evidence of a
# transition that ends the machine is the console log after QEMU is gone.

# expect_lines SYS: guest shell that loads the test driver (so the test
# device hierarchy is populated) and prints "expect: DEV PARENT STATE" for
# every tabled device, STATE being where the kernel's plan for SYS
# (/sys/kernel/debug/pm_state/plan/SYS) says it will end, "none" where it
# has no mapping (nothing is logged).  When the driver does not load or
# there is no plan it prints "expect-error: ..." instead, which
# check_moves fails on.
expect_lines() {
	cat <<SH
insmod \$(find /lib/modules -name pm_state_test_dev.ko) ||
	echo "expect-error: insmod pm_state_test_dev.ko failed: the test devices are not populated"
[ -r /sys/kernel/debug/pm_state/plan/$1 ] || echo "expect-error: no plan for $1"
while read -r d rest; do
	case \$d in '#'*) continue ;; esac
	p=- t=- r=-
	for kv in \$rest; do
		case \$kv in
		parent=*) p=\${kv#parent=} ;;
		target=*) t=\${kv#target=} ;;
		reason=*) r=\${kv#reason=} ;;
		esac
	done
	[ "\$r" != no-mapping ] || t=none
	echo "expect: \$d \$p \$t"
done < /sys/kernel/debug/pm_state/plan/$1
SH
}

# check_moves LOG SYS [FINAL]: the guest set up every expectation (no
# "expect-error:" line), no driver was called after its ->shutdown(),
# every expected device logged reaching its
# state ("DEV: pm_state: SYS -> STATE", or "SYS: stays in STATE" when it is
# already there), children before parents, and all of
# them before the FINAL message when one is given.
check_moves() {
	awk -v sys="$2" -v final="${3:-}" '
		# unanchored: a kernel message may share the line
		index($0, "expect-error: ") {
			err = err "FAIL: the guest could not set up the test: " substr($0, index($0, "expect-error: ") + 14) "\n"
			next
		}
		/^expect: / { n++; dev[n] = $2; parent[$2] = $3; want[$2] = $4; next }
		# the test driver says so when the PM core calls it after its ->shutdown()
		index($0, "called after the driver'"'"'s shutdown") { late = late "FAIL: " $0 "\n" }
		final != "" && index($0, final) { fin = NR }
		{
			for (i = 1; i <= n; i++) {
				d = dev[i]
				# "DEV: pm_state: SYS -> STATE", or "...: SYS: stays in STATE"
				if (index($0, " " d ": pm_state: " sys " -> ") || index($0, " " d ": pm_state: " sys ": stays in ")) {
					at[d] = NR
					s = $0; sub(/.*: pm_state: [a-z]+( -> |: stays in )/, "", s); sub(/ .*/, "", s)
					got[d] = s
				}
			}
		}
		END {
			bad = 0
			if (err != "") { printf "%s", err; bad = 1 }
			if (late != "") { printf "%s", late; bad = 1 }
			if (n == 0) { print "FAIL: no tabled device found"; exit 1 }
			for (i = 1; i <= n; i++) {
				d = dev[i]
				if (want[d] == "none") continue
				if (!at[d]) { print "FAIL: " d " never reported reaching its " sys " state " want[d]; bad = 1; continue }
				if (got[d] != want[d]) { print "FAIL: " d " reached " got[d] ", planned " want[d]; bad = 1 }
				if (fin && at[d] > fin) { print "FAIL: " d " moved after \"" final "\""; bad = 1 }
				p = parent[d]
				if (at[p] && at[p] < at[d]) { print "FAIL: parent " p " moved before its child " d; bad = 1 }
				checked++
			}
			if (final != "" && !fin) { print "FAIL: no \"" final "\" in the console log"; bad = 1 }
			if (!checked) { print "FAIL: the plan moves no tabled device for " sys; bad = 1 }
			if (!bad) printf "%d devices reached their %s states, children first%s\n", checked, sys,
				final != "" ? ", before \"" final "\"" : ""
			exit bad
		}' "$1"
}

# shutdown_test MODE SYS FINAL: boot, note the expectations, end the
# machine with "MODE -f" and check the log.
shutdown_test() {
	local mode=$1 sys=$2 final=$3 top b out work dtb log
	top=$(pwd)
	b=$top/build
	out=${KERNEL_OUT:-$b/kernel}
	work=$(mktemp -d)
	log=${RESULTS:-$b}/logs/$mode.log
	{ expect_lines "$sys"; echo "$mode -f"; } > "$work/$mode.sh"
	dtb=$(make -s --no-print-directory dtb print-dtb | tail -n 1)
	"$top/boot/qemu.sh" --kernel "$out/arch/arm64/boot/Image" --dtb "$dtb" \
		--initrd "$out/initramfs.cpio.gz" --script "$work/$mode.sh" --log "$log" \
		--timeout 120 --no-status || { rm -rf "$work"; echo "FAIL: the $mode boot failed"; return 1; }
	rm -rf "$work"
	check_moves "$log" "$sys" "$final"
}
