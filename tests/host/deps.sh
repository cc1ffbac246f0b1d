#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: with everything installed, make deps installs nothing, and the guest's busybox is an arm64 binary
set -eu
out=$(make -s deps 2>&1)
[ -z "$out" ] || { echo "make deps printed (expected silence): $out"; exit 1; }
[ -x build/deps/busybox/bin/busybox ] || { echo "no busybox unpacked"; exit 1; }
# ELF class 64, e_machine 183 (AArch64)
[ "$(od -An -tu1 -j4 -N1 build/deps/busybox/bin/busybox | tr -d ' ')" = 2 ] || { echo "busybox is not ELF64"; exit 1; }
[ "$(od -An -tu2 -j18 -N2 build/deps/busybox/bin/busybox | tr -d ' ')" = 183 ] || { echo "busybox is not aarch64"; exit 1; }
echo "nothing to install; busybox is ELF64 aarch64"
