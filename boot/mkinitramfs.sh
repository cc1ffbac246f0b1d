#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the guest's base initramfs: busybox, /init and guest-state, the
# guest tests and the tools they need that busybox has none of (built
# static from tests/guest-tools against the tree's nolibc), and the kernel
# modules of the build.
#
#   mkinitramfs.sh OUT.cpio.gz BUSYBOX_ROOT MODULES_ROOT TESTS_DIR TREE
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$1 busybox_root=$2 modules_root=$3 tests_dir=$4 tree=$5
nolibc=$tree/tools/include/nolibc
if [ ! -f "$nolibc/nolibc.h" ]; then
	echo "mkinitramfs: no $nolibc/nolibc.h: extract the kernel tree first (make tree)" >&2
	exit 1
fi

root=$(mktemp -d)
# mktemp makes it 0700; the guest's / must let "su nobody" in.
chmod 0755 "$root"
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,run,tmp,etc,root,tests,lib/modules}
cp "$busybox_root/bin/busybox" "$root/bin/busybox"
# Link every applet.  The host cannot run the arm64 binary to ask it, so
# read busybox's own NUL-separated applet name table ("[", "[[", ...).
applets=$(tr '\0' '\n' < "$root/bin/busybox" | awk '
	prev == "[" && $0 == "[[" { on = 1; print "[" }
	on && !done { if ($0 ~ /^[a-z0-9_.[-]+$/) print; else done = 1 }
	{ prev = $0 }')
case $applets in *poweroff*) ;; *)
	echo "mkinitramfs: cannot read busybox's applet list" >&2; exit 1 ;;
esac
for applet in $applets; do
	case $applet in init | busybox) continue ;; esac
	ln -sf busybox "$root/bin/$applet"
done
install -m 0755 "$here/init" "$root/init"
install -m 0755 "$here/guest-state" "$root/bin/guest-state"
cp -a "$tests_dir"/guest/. "$root/tests/"
for tool in "$tests_dir"/guest-tools/*.c; do
	aarch64-linux-gnu-gcc -static -nostdlib -s -Os -Wall -Wextra -Werror \
		-fno-asynchronous-unwind-tables -fno-stack-protector -I "$nolibc" \
		-o "$root/bin/$(basename "$tool" .c)" "$tool" -lgcc
done
if [ -d "$modules_root/lib/modules" ]; then
	cp -a "$modules_root/lib/modules/." "$root/lib/modules/"
fi
echo "root:x:0:0:root:/root:/bin/sh" > "$root/etc/passwd"
echo "nobody:x:65534:65534:nobody:/:/bin/sh" >> "$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' > "$root/etc/group"

# The same inputs make the same bytes (make check's result cache hashes
# them): every timestamp fixed, entries sorted.
find "$root" -exec touch -h -d @0 {} +
(cd "$root" && find . -print0 | sort -z | cpio --null -o -H newc --owner 0:0 --reproducible --quiet) |
	gzip -n -1 > "$out.tmp"
mv "$out.tmp" "$out"
