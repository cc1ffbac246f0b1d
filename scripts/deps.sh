#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Make sure the Debian packages the build needs are installed, and unpack the
# arm64 busybox for the guest.  As root, missing packages are installed (one
# apt-get update, then one install); otherwise the exact command is printed.
#
#   deps.sh DEPS_DIR
set -euo pipefail

deps_dir=$1
packages=(linux-source gcc-aarch64-linux-gnu linux-libc-dev-arm64-cross
	  device-tree-compiler qemu-system-arm u-boot-tools u-boot-qemu dt-schema yamllint sparse
	  bc bison flex libssl-dev libelf-dev cpio ccache kmod python3 xz-utils
	  python3-ply python3-git gnuplot-nox graphviz)

installed() {
	[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

missing=()
for p in "${packages[@]}"; do
	installed "$p" || missing+=("$p")
done
arm64=yes
dpkg --print-foreign-architectures | grep -qx arm64 || arm64=no

if [ ${#missing[@]} -gt 0 ] || [ $arm64 = no ]; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "deps: missing packages; run as root:" >&2
		[ $arm64 = yes ] || echo "  dpkg --add-architecture arm64" >&2
		echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
		exit 1
	fi
	[ $arm64 = yes ] || dpkg --add-architecture arm64
	echo "deps: installing ${missing[*]:-(arm64 package index)}"
	apt-get update -qq
	if [ ${#missing[@]} -gt 0 ]; then
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
	fi
fi

# The guest's userspace: Debian's static arm64 busybox, unpacked, not installed.
if [ ! -x "$deps_dir/busybox/bin/busybox" ]; then
	mkdir -p "$deps_dir"
	rm -rf "$deps_dir/busybox" "$deps_dir"/busybox-static_*.deb
	(cd "$deps_dir" && apt-get download -qq busybox-static:arm64 2>&1 | grep -v "unsandboxed as root" >&2; [ "${PIPESTATUS[0]}" -eq 0 ]) || {
		echo "deps: could not download busybox-static:arm64 (apt-get update as root first)" >&2
		exit 1
	}
	dpkg -x "$deps_dir"/busybox-static_*_arm64.deb "$deps_dir/busybox"
	file_out=$(od -An -tx1 -N20 "$deps_dir/busybox/bin/busybox" | tr -d ' \n')
	# ELF, e_machine 0xb7 (AArch64) at offset 18
	case $file_out in 7f454c46*b700) ;; *)
		echo "deps: $deps_dir/busybox/bin/busybox is not an aarch64 ELF" >&2; exit 1 ;;
	esac
fi
