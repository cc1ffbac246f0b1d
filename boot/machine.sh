# SPDX-License-Identifier: GPL-2.0
# QEMU virt machine options, shared by the DTB dump and every boot so the
# dumped DTB matches the machine it is booted on.  Sourced, not run.
# BOOT=direct: QEMU loads the kernel itself; BOOT=uboot: U-Boot is the -bios
# (QEMU then leaves pl061 and gpio-keys out of its DTB).
QEMU=qemu-system-aarch64
MACHINE_OPTS=(-M virt,dtb-randomness=off -cpu cortex-a57 -smp 2 -m 512)
UBOOT_BIN=/usr/lib/u-boot/qemu_arm64/u-boot.bin
# Every boot's kernel arguments: normal boots skip the KUnit suites (make
# kunit runs them) and the 5 s pm_test delay.
KERNEL_ARGS="console=ttyAMA0 rdinit=/init panic=-1 suspend.pm_test_delay=0"
NO_KUNIT=kunit.filter_glob=pmstate-kunit-skipped
case ${BOOT:-direct} in
direct) BIOS_OPTS=() ;;
uboot) BIOS_OPTS=(-bios "$UBOOT_BIN") ;;
*) echo "BOOT must be direct or uboot, not '$BOOT'" >&2; exit 2 ;;
esac
