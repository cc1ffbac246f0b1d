#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: reboot moves every tabled device where the kernel's reset plan says, children first, before PSCI SYSTEM_RESET
. tests/host/lib/shutdown.sh
shutdown_test reboot reset "reboot: Restarting system"
