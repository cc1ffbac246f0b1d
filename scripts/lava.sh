#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run the guest tests as a LAVA job, offline, with Debian's lava-dispatcher.
#
#   lava.sh KERNEL DTB INITRAMFS OUTDIR
#
# Writes OUTDIR/job.yaml, a job for LAVA's stock "qemu" device type (the three
# boot inputs as file:// artifacts, the machine of boot/machine.sh, one
# interactive test per guest test that needs only the default overlays: no
# "# overlays:", "# cmdline:" or "# drive:" header), then OUTDIR/device.yaml,
# lava-server's qemu.jinja2 rendered with the job's context, and runs the job
# with lava-run in one boot.  Prints LAVA's verdict per test beside ours (TAP
# lines and exit status), then "lava: N passed, N failed" and the same for
# ours; exits non-zero when a test failed or lava-run did.  job.yaml is
# written first, so it is there for a lab even when lava-run cannot run here.
# lava-run runs only as root: as root a missing lava-dispatcher is installed,
# otherwise the apt-get line is printed.  LAVA_JOB_ONLY=1: write job.yaml
# and stop.  LAVA_TESTS="NAME...": only these guest tests (each must be one
# the job can run).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "lava: $*" >&2; exit 1; }

[ $# -eq 4 ] || { echo "usage: $0 KERNEL DTB INITRAMFS OUTDIR" >&2; exit 2; }
for f in "$1" "$2" "$3"; do
	[ -r "$f" ] || die "missing $f (run make kernel dtb initramfs first)"
done
kernel=$(realpath "$1") dtb=$(realpath "$2") ramdisk=$(realpath "$3")
mkdir -p "$4"
out=$(realpath "$4")


# The machine of boot/machine.sh as the device type's variables: -M, -cpu and
# -m have their own, every other option pair goes to extra_options.  The
# device type always adds a virtio-net-pci NIC with user networking (no job
# can take it away); the kernel has no PCI, so the guest never sees it.
# -no-reboot as in qemu.sh: a panic (panic=-1) ends QEMU instead of looping.
. "$here/boot/machine.sh"
# The kernel arguments of every boot (no test script appended: the guest's
# /init gives a shell on the console).
cmdline="$KERNEL_ARGS $NO_KUNIT"
machine= cpu= memory=
extra=()
set -- "${MACHINE_OPTS[@]}"
while [ $# -ge 2 ]; do
	case $1 in
	-M | -machine) machine=$2 ;;
	-cpu) cpu=$2 ;;
	-m) memory=$2 ;;
	*) extra+=("'$1 $2'") ;;
	esac
	shift 2
done
extra+=("'-no-reboot'")
[ $# -eq 0 ] && [ -n "$machine" ] && [ -n "$cpu" ] && [ -n "$memory" ] ||
	die "cannot map MACHINE_OPTS of boot/machine.sh to the device type's variables"
[ "$QEMU" = qemu-system-aarch64 ] || die "boot/machine.sh runs $QEMU, the job says arm64"

# The guest tests that run on the default DTB with no extra argument or disk,
# in one boot, each with the time limit of its header.  The job gives the
# direct boot and honours "# timeout:"; a test whose header asks for anything
# else tests/guest.sh knows (overlays, kernel arguments, a disk, PCI: the
# header keys its comment lists) is left out, saying why.
needs=$(sed -n 's/^#   # \([a-z]*\): .*/\1/p' "$here/tests/guest.sh" | grep -vxE 'boot|timeout' | paste -sd'|')
[ -n "$needs" ] || die "cannot read the header keys from tests/guest.sh"
tests=() test_seconds=0 actions=
for t in "$here"/tests/guest/*.sh; do
	name=$(basename "$t" .sh)
	[ "$name" != lib ] || continue
	case " ${LAVA_TESTS:-$name} " in *" $name "*) ;; *) continue ;; esac
	if asks=$(grep -oE "^# ($needs):" "$t"); then
		echo "lava: left out $name: it asks for $(echo "$asks" | sed 's/^# //; s/:$//' | paste -sd' ')"
		continue
	fi
	boots=$(sed -n 's/^# boot: *//p' "$t")
	case " ${boots:-direct} " in *" direct "*) ;; *)
		echo "lava: left out $name: it boots only through $boots"; continue ;; esac
	timeout=$(sed -n 's/^# timeout: *//p' "$t")
	timeout=${timeout:-180}
	tests+=("$name")
	test_seconds=$((test_seconds + timeout))
	actions+="
- test:
    timeout:
      seconds: $timeout
    interactive:
    - name: $name
      prompts:
      - '/ #'
      script:
      - name: $name
        command: '[ -e /run/pmstate-state ] || guest-state save /run/pmstate-state; (cd /tmp && sh /tests/$name.sh); rc=\$?; guest-state check /run/pmstate-state || [ \$rc -ne 0 ] || rc=1; echo pmstate-lava: $name \$rc'
        successes:
        - message: 'pmstate-lava: $name 0'
        failures:
        - message: 'pmstate-lava: $name [1-9]'"
done
[ ${#tests[@]} -gt 0 ] || die "no guest test runs on the default DTB"
for name in ${LAVA_TESTS:-}; do
	case " ${tests[*]} " in *" $name "*) ;; *) die "LAVA_TESTS: the job cannot run $name" ;; esac
done

# job.yaml: the template's fields filled in, the test actions appended.
job_minutes=$(((test_seconds + 59) / 60 + 10))
extra_list=$(printf '%s, ' "${extra[@]}")
extra_list=${extra_list%, }
sed -e '/^# SPDX-License-Identifier/d' \
    -e "s|@JOB_MINUTES@|$job_minutes|" \
    -e "s|@MACHINE@|$machine|" -e "s|@CPU@|$cpu|" -e "s|@MEMORY@|$memory|" \
    -e "s|@EXTRA_OPTIONS@|$extra_list|" \
    -e "s|@CMDLINE@|$cmdline|" \
    -e "s|@KERNEL_URL@|file://$kernel|" -e "s|@DTB_URL@|file://$dtb|" \
    -e "s|@RAMDISK_URL@|file://$ramdisk|" \
    "$here/tests/lava/job.yaml.in" > "$out/job.yaml"
printf '%s\n' "$actions" | sed 1d >> "$out/job.yaml"
! grep -q '@[A-Z_]*@' "$out/job.yaml" || die "unfilled field in $out/job.yaml"
echo "lava: $out/job.yaml: ${#tests[@]} guest tests in one boot (${tests[*]})"
[ -z "${LAVA_JOB_ONLY:-}" ] || exit 0

# lava-dispatcher (lava-run, and the python3-jinja2 and python3-yaml it
# pulls in); its recommends (lxc, nfs, tftp, x86 QEMU...) are not needed.
installed() {
	[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}
install_line="apt-get update && apt-get install -y --no-install-recommends lava-dispatcher"
if ! installed lava-dispatcher; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "lava: lava-dispatcher is missing; run as root:" >&2
		echo "  $install_line" >&2
		exit 1
	fi
	echo "lava: installing lava-dispatcher (about 130 packages)"
	apt-get update -q >/dev/null
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
		lava-dispatcher >"$out/apt.log" 2>&1 || {
		tail -n 20 "$out/apt.log" >&2
		die "apt-get install lava-dispatcher failed (log: $out/apt.log)"
	}
fi
[ "$(id -u)" -eq 0 ] || die "lava-run runs only as root"

# The device type template comes from lava-server's package, unpacked, never
# installed; the version follows the dispatcher's.
version=$(dpkg-query -W -f='${Version}' lava-dispatcher)
types=$out/lava-server-$version/usr/share/lava-server/device-types
if [ ! -r "$types/qemu.jinja2" ]; then
	dl=$(mktemp -d)
	trap 'rm -rf "$dl"' EXIT
	chmod 0777 "$dl"	# apt's _apt user downloads into it
	(cd "$dl" && apt-get download -q "lava-server=$version" >/dev/null) ||
		die "apt-get download lava-server=$version failed"
	rm -rf "$out/lava-server-$version"
	dpkg -x "$dl"/lava-server_*.deb "$out/lava-server-$version"
	[ -r "$types/qemu.jinja2" ] || die "lava-server $version has no qemu.jinja2"
fi

# device.yaml, and the check lava-server makes when a job is submitted.
/usr/bin/python3 - "$here/tests/lava" "$types" "$out/job.yaml" "$out/device.yaml" <<'EOF'
import sys

import jinja2
import yaml
from lava_common.schemas import validate

dicts, types, job_file, device_file = sys.argv[1:]
job = yaml.safe_load(open(job_file))
validate(job, strict=True)
env = jinja2.Environment(loader=jinja2.FileSystemLoader([dicts, types]),
                         trim_blocks=True, autoescape=False)
device = env.get_template("device.jinja2").render(**job["context"])
yaml.safe_load(device)
open(device_file, "w").write(device)
EOF
echo "lava: $out/device.yaml from qemu.jinja2 of lava-server $version"

# One boot, one QEMU: lava-run's log (one YAML mapping a line) goes to
# lava.log and, as it comes, through tests/lava/report.sh.
echo "lava: lava-run --device device.yaml --job-id 1 --output-dir $out job.yaml (log: $out/lava.log)"
t0=$(date +%s)
set +e
(cd "$out" && lava-run --device device.yaml --job-id 1 --output-dir "$out" job.yaml) 2>&1 |
	tee "$out/lava.log" | "$here/tests/lava/report.sh" "${tests[@]}"
rcs=("${PIPESTATUS[@]}")
set -e
echo "lava: lava-run took $(($(date +%s) - t0)) s"
[ "${rcs[0]}" -eq 0 ] || die "lava-run failed (exit ${rcs[0]}; log: $out/lava.log)"
[ "${rcs[2]}" -eq 0 ] || exit 1
