# SPDX-License-Identifier: GPL-2.0
# QEMU virt machine options, shared by the DTB dump and every boot so the
# dumped DTB matches the machine it is booted on.  Sourced, not run.
# BOOT=direct: QEMU loads the kernel itself; BOOT=uboot: U-Boot is the -bios
# (QEMU then leaves pl061 and gpio-keys out of its DTB).
QEMU=qemu-system-aarch64
MACHINE_OPTS=(-M virt,dtb-randomness=off -cpu cortex-a57 -smp 2 -m 512)
UBOOT_BIN=/usr/lib/u-boot/qemu_arm64/u-boot.bin
# Every boot's kernel arguments: normal boots skip the KUnit suites (make
# kunit runs them) and the 5 s pm_test delay.  Probing is over when the
# initcalls are (the modules loaded later are loaded by hand), so devices
# no driver binds are in their default states before /init, not 10 s later.
KERNEL_ARGS="console=ttyAMA0 rdinit=/init panic=-1 suspend.pm_test_delay=0 deferred_probe_timeout=0"
NO_KUNIT=kunit.filter_glob=pmstate-kunit-skipped
# PCI=1 (make run/boot PCI=1, or "# pci: yes" in a guest test): two PCIe
# root ports on virt's ECAM host, a virtio-blk-pci disk behind the first
# (01:00.0) and an NVMe controller without namespaces behind the second
# (02:00.0), each with the PCI PM capability.  pci_opts [IMG] sets PCI_OPTS;
# the disk is IMG, or a null disk.  PCI devices are not in virt's DTB, so
# the DTB mkdtb.sh dumps is the same with them.
pci_opts() {
	local disk=driver=null-co,node-name=pcidisk
	[ -z "${1:-}" ] || disk="driver=raw,node-name=pcidisk,file.driver=file,file.filename=$1"
	PCI_OPTS=(-device pcie-root-port,id=rp0,chassis=1 -device pcie-root-port,id=rp1,chassis=2
		  -blockdev "$disk" -device virtio-blk-pci,bus=rp0,drive=pcidisk
		  -device nvme,bus=rp1,serial=pmstate)
}
case ${BOOT:-direct} in
direct) BIOS_OPTS=() ;;
uboot) BIOS_OPTS=(-bios "$UBOOT_BIN") ;;
*) echo "BOOT must be direct or uboot, not '$BOOT'" >&2; exit 2 ;;
esac
