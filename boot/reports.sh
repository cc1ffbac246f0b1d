# SPDX-License-Identifier: GPL-2.0
# What the kernel prints when it reports a problem, one "regex<TAB>what"
# line each: boot/qemu.sh fails a boot on any of them, make lava counts
# them.  Sourced, not run.  (arm64 in 6.1 has no hard lockup detector: a
# CPU stuck with interrupts off shows as an RCU stall.)
KERNEL_REPORTS='Kernel panic	kernel panic
Internal error: |Unable to handle kernel	kernel oops
(^|\] )BUG: 	kernel BUG
(^|\] )WARNING: 	kernel WARN
(^|\] )UBSAN: 	UBSAN report
BUG: soft lockup	soft lockup
Watchdog detected hard LOCKUP	hard lockup
INFO: [a-z_]+ (self-)?detected (expedited )?stalls?	RCU stall
INFO: task .* blocked for more than [0-9]+ seconds	hung task
unreferenced object 0x	kmemleak: suspected leak'
# The taint bits such a report sets: B (bad page: KASAN), D (oops), W
# (warning), L (soft lockup).
TAINT_REPORT_BITS=$((32 | 128 | 512 | 16384))
# All of them as one extended regex.
KERNEL_REPORTS_RE=$(printf '%s\n' "$KERNEL_REPORTS" | cut -f1 | paste -sd'|')
