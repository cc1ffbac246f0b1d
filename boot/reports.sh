# SPDX-License-Identifier: GPL-2.0
# What the kernel prints when it reports a problem, one "regex<TAB>what"
# line each: boot/qemu.sh fails a boot on any of them, make lava counts
# them.  Sourced, not run.
KERNEL_REPORTS='Kernel panic	kernel panic
Internal error: |Unable to handle kernel	kernel oops
(^|\] )BUG: 	kernel BUG
(^|\] )WARNING: 	kernel WARN
(^|\] )UBSAN: 	UBSAN report
unreferenced object 0x	kmemleak: suspected leak'
# All of them as one extended regex.
KERNEL_REPORTS_RE=$(printf '%s\n' "$KERNEL_REPORTS" | cut -f1 | paste -sd'|')
