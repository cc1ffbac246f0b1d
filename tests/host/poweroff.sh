#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: poweroff moves every tabled device where the kernel's shutdown plan says, children first, before PSCI SYSTEM_OFF
. tests/host/lib/shutdown.sh
shutdown_test poweroff shutdown "reboot: Power down"
