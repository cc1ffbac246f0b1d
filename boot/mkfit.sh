#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Make what the U-Boot boot path needs: a FIT image (kernel, DTB, initramfs,
# each with a sha256 hash) and a pflash image holding U-Boot's environment,
# so U-Boot boots the FIT with no interaction.
#
#   mkfit.sh DIR IMAGE DTB INITRD BOOTARGS   -> DIR/pmstate.itb, DIR/flash1.img
set -euo pipefail
dir=$1 image=$2 dtb=$3 initrd=$4 bootargs=$5
mkdir -p "$dir"
# QEMU virt RAM starts at 0x40000000; the FIT is loaded at 0x48000000 by
# QEMU's loader device, clear of the kernel at 0x40200000.
cat > "$dir/pmstate.its" <<ITS
/dts-v1/;
/ {
	description = "pmstate kernel, DTB and initramfs for QEMU virt";
	#address-cells = <1>;
	images {
		kernel {
			description = "Linux $(basename "$image")";
			data = /incbin/("$(realpath "$image")");
			type = "kernel";
			arch = "arm64";
			os = "linux";
			compression = "none";
			load = <0x40200000>;
			entry = <0x40200000>;
			hash { algo = "sha256"; };
		};
		fdt {
			description = "virt DTB with the pmstate overlays";
			data = /incbin/("$(realpath "$dtb")");
			type = "flat_dt";
			arch = "arm64";
			compression = "none";
			hash { algo = "sha256"; };
		};
		ramdisk {
			description = "busybox initramfs";
			data = /incbin/("$(realpath "$initrd")");
			type = "ramdisk";
			arch = "arm64";
			os = "linux";
			compression = "none";
			hash { algo = "sha256"; };
		};
	};
	configurations {
		default = "pmstate";
		pmstate {
			kernel = "kernel";
			fdt = "fdt";
			ramdisk = "ramdisk";
		};
	};
};
ITS
mkimage -q -f "$dir/pmstate.its" "$dir/pmstate.itb" >/dev/null

printf '%s\n' "bootdelay=0" "bootargs=$bootargs" "bootcmd=bootm 0x48000000" > "$dir/env.txt"
mkenvimage -s 0x40000 -o "$dir/env.bin" "$dir/env.txt"
cp "$dir/env.bin" "$dir/flash1.img"
truncate -s 64M "$dir/flash1.img"
