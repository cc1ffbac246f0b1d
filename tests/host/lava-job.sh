#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: make lava's job gives every guest test it runs what that test's header asks for (no overlays, kernel arguments, disk or PCI beyond the default machine; the direct boot), checks between tests that each left the machine as found (guest-state), and a test asking for more than the job gives is caught (planted); where lava-dispatcher is installed, LAVA runs one guest test and its verdict and count equal ours
set -u
top=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
touch "$work/Image" "$work/virt.dtb" "$work/initramfs.cpio.gz"

# check_job REPO: render REPO's job (scripts/lava.sh, LAVA_JOB_ONLY) and
# check it against REPO's guest test headers; prints what is wrong.
check_job() {
	local repo=$1 out=$work/out-$RANDOM bad=0 t name keys asks
	(cd "$repo" && LAVA_JOB_ONLY=1 scripts/lava.sh "$work/Image" "$work/virt.dtb" \
		"$work/initramfs.cpio.gz" "$out") > "$out.log" 2>&1 ||
		{ echo "scripts/lava.sh failed:"; cat "$out.log"; return 1; }
	# What tests/guest.sh itself reads from a header to make the boot.
	keys=$(grep -o 'header [a-z]*' "$repo/tests/guest.sh" | cut -d' ' -f2 | sort -u | paste -sd'|')
	[ -n "$keys" ] || { echo "no header keys in tests/guest.sh"; return 1; }
	mapfile -t names < <(sed -n "s|.*sh /tests/\([a-z0-9-]*\)\.sh).*|\1|p" "$out/job.yaml")
	[ ${#names[@]} -gt 0 ] || { echo "the job runs no test"; return 1; }
	for name in "${names[@]}"; do
		t=$repo/tests/guest/$name.sh
		[ -r "$t" ] || { echo "the job runs $name, which is no guest test"; bad=1; continue; }
		if asks=$(grep -oE "^# ($keys):.*" "$t"); then
			echo "the job runs $name, whose header asks for what the job does not give: $asks"
			bad=1
		fi
		case " $(sed -n 's/^# boot: *//p' "$t") " in
		"  " | *" direct "*) ;;
		*) echo "the job boots $name directly, which its header does not list"; bad=1 ;;
		esac
	done
	[ "$(grep -c 'guest-state check' "$out/job.yaml")" -eq ${#names[@]} ] ||
		{ echo "not every test of the job is followed by guest-state check"; bad=1; }
	echo "${#names[@]} tests in the job: ${names[*]}"
	return $bad
}

check_job "$top" || { echo "FAIL: make lava's job does not give its tests what they ask for"; exit 1; }

# Planted: a test in the job asks for a kernel argument, and the job's
# selection is made to overlook that key.
plant=$work/repo
mkdir -p "$plant/tests"
cp -a "$top/scripts" "$top/boot" "$plant/"
cp -a "$top/tests/guest" "$top/tests/lava" "$top/tests/guest.sh" "$plant/tests/"
sed -i '2i # cmdline: pmstate.planted=1' "$plant/tests/guest/boot.sh"
sed -i "s/grep -vxE 'boot|timeout'/grep -vxE 'boot|timeout|cmdline'/" "$plant/scripts/lava.sh"
grep -q "boot|timeout|cmdline" "$plant/scripts/lava.sh" || { echo "FAIL: the plant no longer applies to scripts/lava.sh"; exit 1; }
if out=$(check_job "$plant"); then
	echo "$out"
	echo "FAIL: a job running a test that asks for a kernel argument passed"
	exit 1
fi
echo "$out" | grep -q "the job runs boot, whose header asks for .*cmdline: pmstate.planted=1" ||
	{ echo "$out"; echo "FAIL: the planted need is not named"; exit 1; }
echo "held: the planted kernel argument is caught"

# Where lava-dispatcher is installed (make lava installs it), one short
# guest test through lava-run on the kernel under test: LAVA's verdict and
# count must be ours.  The device type template stays in build/lava-host.
if [ "$(id -u)" -ne 0 ] || ! command -v lava-run > /dev/null; then
	echo "the job gives each of its tests what its header asks for (lava-run not installed: not run)"
	exit 0
fi
k=${KERNEL_OUT:-$top/build/kernel}
make -s dtb > /dev/null || { echo "FAIL: make dtb"; exit 1; }
t0=$(date +%s)
out=$(LAVA_TESTS=boot scripts/lava.sh "$k/arch/arm64/boot/Image" "$(make -s print-dtb)" \
	"$k/initramfs.cpio.gz" "$top/build/lava-host" 2>&1)
rc=$?
echo "$out"
[ $rc -eq 0 ] || { echo "FAIL: make lava's job of boot failed (exit $rc)"; exit 1; }
plan=$(sed -n 's/^plan \([0-9]*\)$/\1/p' tests/guest/boot.sh)
echo "$out" | grep -q '^lava: pass boot ' || { echo "FAIL: LAVA did not pass boot"; exit 1; }
echo "$out" | grep -q '^lava: 1 passed, 0 failed$' || { echo "FAIL: LAVA's count is not 1 passed"; exit 1; }
echo "$out" | grep -q "^ours: $plan passed, 0 failed$" ||
	{ echo "FAIL: ours is not the $plan results of boot's plan"; exit 1; }
echo "the job gives each of its tests what its header asks for; LAVA ran boot ($plan results) in $(($(date +%s) - t0)) s and agrees"
