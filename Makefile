# SPDX-License-Identifier: GPL-2.0
#
# pmstate: per-device power-state tables for Linux on arm64.
# This Makefile is the one entry point; `make help` lists the targets.

SHELL := /bin/bash
.DEFAULT_GOAL := help
TOP := $(CURDIR)
B := $(TOP)/build

# What a porter or CI may set.
BOOT ?= direct
# The default tables.  Under U-Boot QEMU leaves the PL061 out of its DTB, so
# its table lives in an overlay of its own.
DEFAULT_OVERLAYS_direct := dts/virt-pmstate.dtso dts/virt-pl061.dtso
DEFAULT_OVERLAYS_uboot := dts/virt-pmstate.dtso
OVERLAYS ?= $(DEFAULT_OVERLAYS_$(BOOT))
SCRIPT ?=
CMDLINE ?=
TIMEOUT ?= 300
# Another kernel build to boot (a worktree of the tree, say); default: ours.
KERNEL_OUT ?= $(B)/kernel

TARBALL := /usr/src/linux-source-6.1.tar.xz
TREE := $(B)/linux
SERIES := kernel-patches drivers arch-patches
FRAGMENTS := $(sort $(wildcard $(addsuffix /*.config,$(SERIES))))
DEPS := $(B)/deps
IMAGE := $(KERNEL_OUT)/arch/arm64/boot/Image
MODROOT := $(KERNEL_OUT)/modroot
INITRAMFS := $(B)/initramfs.cpio.gz
# One DTB per (boot path, overlay list), so switching OVERLAYS rebuilds nothing else.
DTB := $(B)/dtb/$(BOOT)-$(shell echo '$(OVERLAYS)' | sha1sum | cut -c1-12).dtb
JOBS := $(shell nproc)
# Let ccache hit across clones of the repo in other folders (CI).
export CCACHE_BASEDIR := $(TOP)
CROSS := aarch64-linux-gnu-
KMAKE := $(MAKE) -s -C $(TREE) O=$(KERNEL_OUT) ARCH=arm64 CROSS_COMPILE=$(CROSS) \
	CC="ccache $(CROSS)gcc" LOCALVERSION= -j$(JOBS)

.PHONY: print-dtb print-overlays help deps tree refresh config kernel dtb initramfs validate run boot kunit check bench clean
help:
	@echo "pmstate make targets:"
	@echo "  run        build everything, boot QEMU virt to a shell (Ctrl-a x leaves)"
	@echo "  check      build everything and run every test; ends 'N passed, N failed'"
	@echo "  boot       boot non-interactively, run SCRIPT=path in the guest, exit with its status"
	@echo "  kunit      boot once and report the KUnit suites"
	@echo "  bench      boot-time cost of parsing 1000 tables, beside a baseline without"
	@echo "  tree       extract and patch the kernel tree ($(TREE:$(TOP)/%=%))"
	@echo "  refresh    export the tree's commits back into $(SERIES)"
	@echo "  validate   check the DTB of OVERLAYS against the binding (dt-validate)"
	@echo "  kernel     build Image and modules; dtb, initramfs: the other boot inputs"
	@echo "  deps       install the Debian packages the build needs (as root)"
	@echo "  clean      remove build/"
	@echo "variables: OVERLAYS='$(OVERLAYS)' BOOT=$(BOOT) (direct|uboot) SCRIPT= CMDLINE= TIMEOUT=$(TIMEOUT)"

deps:
	@scripts/deps.sh $(DEPS)

tree: deps
	@scripts/tree.sh $(TREE) $(TARBALL) $(SERIES)

refresh:
	@scripts/refresh.sh $(TREE) $(SERIES)

# The config is made again when a fragment or the applied series changes.
$(KERNEL_OUT)/.config: $(FRAGMENTS) $(TREE)/.git/pmstate/applied
	@mkdir -p $(KERNEL_OUT)
	@scripts/config.sh $(TREE) $(KERNEL_OUT) $(FRAGMENTS)
	@touch $@

config: tree
	@$(MAKE) -s $(KERNEL_OUT)/.config

kernel: config
	@echo "kernel: building Image and modules in $(KERNEL_OUT:$(TOP)/%=%)"
	@$(KMAKE) Image modules
	@rm -rf $(MODROOT)
	@$(KMAKE) INSTALL_MOD_PATH=$(MODROOT) modules_install >/dev/null

$(DTB): $(OVERLAYS) boot/mkdtb.sh boot/machine.sh
	@mkdir -p $(@D)
	@BOOT=$(BOOT) boot/mkdtb.sh $@ $(OVERLAYS)

dtb: deps
	@$(MAKE) -s $(DTB)

initramfs: deps
	@boot/mkinitramfs.sh $(INITRAMFS) $(DEPS)/busybox $(MODROOT) tests

BOOT_ARGS = --kernel $(IMAGE) --dtb $(DTB) --initrd $(INITRAMFS) --fit-dir $(B)/fit-$(BOOT)

# Check the final DTB of OVERLAYS against the binding (only the nodes the
# tables touch).
validate: tree dtb
	@scripts/validate-dtb.sh $(TREE) $(B)/processed-schema.json $(DTB)

run: kernel dtb initramfs
	@mkdir -p $(B)/fit-$(BOOT)
	@BOOT=$(BOOT) boot/qemu.sh $(BOOT_ARGS) --cmdline "$(CMDLINE)"

boot: kernel dtb initramfs
	@test -n "$(SCRIPT)" || { echo "boot: say which script: make boot SCRIPT=path/to/script.sh" >&2; exit 2; }
	@mkdir -p $(B)/logs $(B)/fit-$(BOOT)
	@BOOT=$(BOOT) boot/qemu.sh $(BOOT_ARGS) --script $(SCRIPT) --cmdline "$(CMDLINE)" \
		--timeout $(TIMEOUT) --log $(B)/logs/$(notdir $(basename $(SCRIPT))).log

kunit: kernel dtb initramfs
	@set -o pipefail; tests/kunit.sh | awk '{ print } $$1 != "PASS" { bad++ } END { exit bad > 0 }'

check: kernel dtb initramfs
	@tests/check.sh

# Benchmarks report measurements beside their baseline; they assert nothing.
bench: kernel dtb initramfs
	@tests/bench/parse-cost.sh

clean:
	rm -rf $(B)

# For scripts: where the DTB of the current OVERLAYS/BOOT is, and the
# default overlays of a BOOT.
print-dtb:
	@echo $(DTB)
print-overlays:
	@echo $(DEFAULT_OVERLAYS_$(BOOT))
