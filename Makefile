# SPDX-License-Identifier: GPL-2.0
#
# pmstate: per-device power-state tables for Linux on arm64.
# This Makefile is the one entry point; `make help` lists the targets.

SHELL := /bin/bash
.DEFAULT_GOAL := help
# The steps share the tree and the build folders: one at a time, even
# under make -j (kbuild itself runs -j$(KJOBS)).
.NOTPARALLEL:
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
# DRIVE=MiB gives make boot's script a fresh scratch virtio-blk disk (/dev/vda).
DRIVE ?=
# PCI=1 adds PCIe root ports with a virtio-blk-pci disk (the DRIVE, if any)
# and an NVMe controller (boot/machine.sh).
PCI ?=
# The debug kernel (KASAN, lockdep, UBSAN, kmemleak: tests/debug.config) is
# what the tests boot; DEBUG=1 makes run and boot use it too.
DEBUG ?=
PLAIN_OUT := $(B)/kernel
DEBUG_OUT := $(B)/kernel-debug
# Another kernel build to boot (a worktree of the tree, say); default: ours.
KERNEL_OUT ?= $(if $(DEBUG),$(DEBUG_OUT),$(PLAIN_OUT))

TARBALL := /usr/src/linux-source-6.1.tar.xz
TREE := $(B)/linux
SERIES := kernel-patches drivers arch-patches
FRAGMENTS := $(sort $(wildcard $(addsuffix /*.config,$(SERIES)))) \
	$(if $(filter $(DEBUG_OUT),$(KERNEL_OUT)),tests/debug.config)
DEPS := $(B)/deps
IMAGE := $(KERNEL_OUT)/arch/arm64/boot/Image
MODROOT := $(KERNEL_OUT)/modroot
# Per kernel: it carries that kernel's modules.
INITRAMFS := $(KERNEL_OUT)/initramfs.cpio.gz
# One DTB per (boot path, overlay list), so switching OVERLAYS rebuilds nothing else.
# DTB= on the command line names a board's own compiled DTB, for validate
# alone: it is checked as it is, never built or overwritten.
ifeq ($(origin DTB),command line)
BOARD_DTB := $(DTB)
endif
override DTB := $(B)/dtb/$(BOOT)-$(shell echo '$(OVERLAYS)' | sha1sum | cut -c1-12).dtb
KJOBS := $(shell nproc)
# Let ccache hit across clones of the repo in other folders (CI).
export CCACHE_BASEDIR := $(TOP)
CROSS := aarch64-linux-gnu-
KMAKE := $(MAKE) -s -C $(TREE) O=$(KERNEL_OUT) ARCH=arm64 CROSS_COMPILE=$(CROSS) \
	CC="ccache $(CROSS)gcc" LOCALVERSION= -j$(KJOBS)

.PHONY: print-dtb print-initramfs print-overlays help deps tree refresh series-build config kernel kernel-debug dtb initramfs validate run boot plan kunit check soak bench lava clean
help:
	@echo "pmstate make targets:"
	@echo "  run        build everything, boot QEMU virt to a shell (Ctrl-a x leaves)"
	@echo "  check      build everything and run every test; ends 'N passed, N failed'"
	@echo "  boot       boot non-interactively, run SCRIPT=path in the guest, exit with its status"
	@echo "  plan       what each system transition would do with every tabled device, and why: build/plan/plan.{txt,json,svg,png}; EXPECT=file.json fails on a difference"
	@echo "  kunit      boot the debug kernel once and report the KUnit suites"
	@echo "  soak       200 suspend cycles under load, then 200 fuzzed tables, on the debug kernel"
	@echo "  bench      stock 6.1 beside the patched kernel: transitions, runtime moves, memory, boot (RUNS=3; PARTS=callbacks: one part, a minute)"
	@echo "  tree       extract and patch the kernel tree ($(TREE:$(TOP)/%=%))"
	@echo "  refresh    export the tree's commits back into $(SERIES)"
	@echo "  series-build  build each commit of the series in order; the first that breaks the build or adds a warning stops it (FROM=N)"
	@echo "  validate   check the DTB of OVERLAYS against the binding (dt-validate); DTB=board.dtb: a board's own"
	@echo "  config     make the kernel .config (allnoconfig + the series' fragments)"
	@echo "  kernel     build Image and modules; dtb, initramfs: the other boot inputs"
	@echo "  kernel-debug  the same, debug kernel (tests/debug.config) in $(DEBUG_OUT:$(TOP)/%=%)"
	@echo "  lava       run the guest tests through LAVA's lava-run (offline)"
	@echo "  deps       install the Debian packages the build needs (as root)"
	@echo "  clean      remove build/"
	@echo "variables: OVERLAYS='$(OVERLAYS)' BOOT=$(BOOT) (direct|uboot) SCRIPT= CMDLINE= TIMEOUT=$(TIMEOUT)"
	@echo "  PCI=1 (root ports with a virtio-blk-pci disk, DRIVE if set, and an NVMe controller)"
	@echo "  DRIVE=MiB (scratch disk for boot) DEBUG=1 (run/boot the debug kernel) KERNEL_OUT=dir (boot another build)"
	@echo "  check: ONLY=host|kunit|guest GUEST=name (one guest test) SHARD=i/N (the i-th of N parts of the guest tests) JOBS=n (tests at once, default 3)"

deps:
	@scripts/deps.sh $(DEPS)

tree: deps
	@DEBUG_PATCHES=tests/debug-patches scripts/tree.sh $(TREE) $(TARBALL) $(SERIES)

refresh:
	@scripts/refresh.sh $(TREE) $(SERIES)

# Every commit of the series built in order (FROM=N: from the N-th).
FROM ?= 1
series-build: tree
	@scripts/series-build.sh $(FROM) $(filter-out tests/debug.config,$(FRAGMENTS)) scripts/series-build.config

# The config is made again when a fragment or the applied series changes.
$(KERNEL_OUT)/.config: $(FRAGMENTS) $(TREE)/.git/pmstate/applied
	@mkdir -p $(KERNEL_OUT)
	@scripts/config.sh $(TREE) $(KERNEL_OUT) $(FRAGMENTS)
	@touch $@

config: tree
	@$(MAKE) -s $(KERNEL_OUT)/.config

# The debug kernel carries tests/debug-patches too (never the series).
kernel: config
	@$(if $(filter $(DEBUG_OUT),$(KERNEL_OUT)),DEBUG_PATCHES=tests/debug-patches) \
		scripts/kernel.sh $(TREE) $(KERNEL_OUT) $(KMAKE)

kernel-debug:
	@$(MAKE) -s --no-print-directory kernel initramfs KERNEL_OUT=$(DEBUG_OUT)

$(DTB): $(OVERLAYS) boot/mkdtb.sh boot/machine.sh
	@mkdir -p $(@D)
	@BOOT=$(BOOT) boot/mkdtb.sh $@ $(OVERLAYS)

# Fuzzed tables for tests/guest/fuzz-tables.sh: tables-SEED-COUNT.dtso.
build/fuzz/tables-%.dtso: tests/fuzz/tables.sh
	@mkdir -p $(@D)
	@tests/fuzz/tables.sh $(subst -, ,$*) > $@.tmp && mv $@.tmp $@

dtb: deps
	@$(MAKE) -s $(DTB)

initramfs: deps
	@boot/mkinitramfs.sh $(INITRAMFS) $(DEPS)/busybox $(MODROOT) tests $(TREE)

BOOT_ARGS = --kernel $(IMAGE) --dtb $(DTB) --initrd $(INITRAMFS) --fit-dir $(B)/fit-$(BOOT) $(if $(PCI),--pci)

# Check the final DTB of OVERLAYS against the binding (only the nodes the
# tables touch).
validate: tree $(if $(BOARD_DTB),,dtb)
	@$(if $(BOARD_DTB),test -f $(BOARD_DTB) || { echo "validate: $(BOARD_DTB): no such DTB" >&2; exit 1; })
	@scripts/validate-dtb.sh $(TREE) $(B)/cache/gates $(or $(BOARD_DTB),$(DTB))

run: kernel dtb initramfs
	@mkdir -p $(B)/fit-$(BOOT)
	@BOOT=$(BOOT) boot/qemu.sh $(BOOT_ARGS) --cmdline "$(CMDLINE)"

# The console shows as it runs and stays in build/logs/<script>.log; the
# script's own output is also in build/logs/<script>.tap.
boot: kernel dtb initramfs
	@test -n "$(SCRIPT)" || { echo "boot: say which script: make boot SCRIPT=path/to/script.sh" >&2; exit 2; }
	@mkdir -p $(B)/logs $(B)/fit-$(BOOT)
	@$(if $(DRIVE),rm -f $(B)/drive.img && truncate -s $(DRIVE)M $(B)/drive.img)
	@BOOT=$(BOOT) boot/qemu.sh $(BOOT_ARGS) --script $(SCRIPT) --cmdline "$(CMDLINE)" --show \
		$(if $(DRIVE),--drive $(B)/drive.img) \
		--timeout $(TIMEOUT) --log $(B)/logs/$(notdir $(basename $(SCRIPT))).log

# What each system transition would do with every tabled device, and a
# picture of it, in build/plan/; EXPECT=plan.json fails on a difference.
EXPECT ?=
plan: kernel dtb initramfs
	@scripts/plan.sh $(B)/plan $(IMAGE) $(DTB) $(INITRAMFS) $(EXPECT)

kunit: kernel-debug dtb
	@KERNEL_OUT=$(DEBUG_OUT) tests/kunit.sh

# The plain kernel for the sparse gate (and make run); the debug one for
# KUnit, the guest tests and the host tests.
check: kernel initramfs kernel-debug
	@PLAIN_OUT=$(PLAIN_OUT) DEBUG_OUT=$(DEBUG_OUT) tests/check.sh

# The long soak on the debug kernel: 200 suspend cycles under load
# (tests/guest/soak.sh, which make check runs with 20), then 200 fuzzed
# tables in FUZZ_BATCHES boots of FUZZ_BATCH, seeds FUZZ_SEED, FUZZ_SEED+1, ...
# (tests/guest/fuzz-tables.sh, which make check runs with seed 1 and 20).
SOAK_CYCLES ?= 200
FUZZ_SEED ?= 1001
FUZZ_BATCHES ?= 5
FUZZ_BATCH ?= 40
soak: kernel-debug
	@rm -rf $(B)/soak && mkdir -p $(B)/soak
	@{ GUEST_CMDLINE="soak_cycles=$(SOAK_CYCLES)" GUEST_TIMEOUT=3600 RESULTS=$(B)/soak/cycles \
		KERNEL_OUT=$(DEBUG_OUT) tests/guest.sh tests/guest/soak.sh direct; \
	for i in $$(seq 0 $$(($(FUZZ_BATCHES) - 1))); do \
		GUEST_OVERLAYS="$(DEFAULT_OVERLAYS_direct) build/fuzz/tables-$$(($(FUZZ_SEED) + i))-$(FUZZ_BATCH).dtso" \
		GUEST_TIMEOUT=1800 RESULTS=$(B)/soak/fuzz-$$i KERNEL_OUT=$(DEBUG_OUT) \
		tests/guest.sh tests/guest/fuzz-tables.sh direct; \
	done; } | tee $(B)/soak/results.tap | awk '{ print } /^ok /{ p++ } /^not ok /{ f++ } \
		END { print p + 0 " passed, " f + 0 " failed"; exit f > 0 || p == 0 }'

lava: kernel dtb initramfs
	@scripts/lava.sh $(IMAGE) $(DTB) $(INITRAMFS) $(B)/lava

# Benchmarks report measurements beside their baseline; they assert nothing.
# The baseline is stock 6.1: the same tarball without the series (a worktree
# at pmstate-base), the same config less the feature.
STOCK_TREE := $(B)/stock
STOCK_OUT := $(B)/kernel-stock
# Boots of each kernel, alternating; PARTS= a subset of "transitions
# runtime callbacks slab boot" (all when empty).
RUNS ?= 3
PARTS ?=
bench: kernel dtb initramfs
	@scripts/stock.sh $(TREE) $(STOCK_TREE) $(STOCK_OUT) $(filter-out tests/debug.config,$(FRAGMENTS))
	@$(MAKE) -s --no-print-directory initramfs KERNEL_OUT=$(STOCK_OUT)
	@RUNS=$(RUNS) PARTS="$(PARTS)" tests/bench/run.sh

clean:
	rm -rf $(B)

# For scripts: where the DTB of the current OVERLAYS/BOOT is, and the
# default overlays of a BOOT.
print-dtb:
	@echo $(DTB)
print-initramfs:
	@echo $(INITRAMFS)
print-overlays:
	@echo $(DEFAULT_OVERLAYS_$(BOOT))
