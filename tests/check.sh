#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check: every test of the project, one line each, then a summary
# "N passed, N failed".  Run from the top of the repo by make, after the
# kernel, DTB and initramfs are built.  Stages:
#   host     quality gates (checkpatch, dt_binding_check, kernel-doc,
#            sparse) and the pipeline's own tests in tests/host/
#   kunit    the KUnit suites, from the KTAP of one boot
#   guest    tests/guest/*.sh, each in its own boot, reported as TAP
# ONLY=host|kunit|guest runs one stage; GUEST=name runs one guest test.
set -uo pipefail
# Debian's python3 first: its packages (dt-schema; ply and git for
# checkpatch's SPDX check) are not in a pyenv or venv python.
export PATH=/usr/bin:$PATH
top=$(pwd)
b=$top/build
tree=$b/linux
out=${KERNEL_OUT:-$b/kernel}
results=$b/check
rm -rf "$results"
mkdir -p "$results"
passed=0 failed=0 n=0

# result PASS|FAIL NAME [DIAG_FILE]
result() {
	n=$((n + 1))
	if [ "$1" = PASS ]; then
		passed=$((passed + 1))
		echo "ok $n - $2"
	else
		failed=$((failed + 1))
		echo "not ok $n - $2"
		if [ -n "${3:-}" ] && [ -s "$3" ]; then
			head -n 40 "$3" | sed 's/^/#   /'
		fi
	fi
}

stage() { [ -z "${ONLY:-}" ] || [ "$ONLY" = "$1" ]; }

series_patches() {
	local d
	for d in kernel-patches drivers arch-patches; do
		ls "$d"/[0-9][0-9][0-9][0-9]-*.patch 2>/dev/null | grep -v '/0000-'
	done
}

# Files the series adds or changes, relative to the tree.
series_files() { git -C "$tree" diff --name-only "--diff-filter=$1" pmstate-base HEAD -- "${@:2}"; }

if stage host; then
	# checkpatch --strict on every patch; tests/checkpatch.ignore lists
	# reviewed exceptions as "PATCH_GLOB TYPE[,TYPE] # why".
	while read -r p; do
		ignore=$(awk -v f="${p##*/}" '$1 !~ /^#/ && NF >= 2 { if (f ~ "^" $1 "$") printf "%s,", $2 }' \
			tests/checkpatch.ignore 2>/dev/null)
		log=$results/checkpatch-${p##*/}.log
		(cd "$tree" && scripts/checkpatch.pl --strict --quiet --no-summary --show-types \
			${ignore:+--ignore "$ignore"} "$top/$p") >"$log" 2>&1
		rc=$?
		[ $rc -eq 0 ] && ! [ -s "$log" ] && result PASS "checkpatch --strict: $p" || result FAIL "checkpatch --strict: $p" "$log"
	done < <(series_patches)

	# dt_binding_check: 6.1 exits 0 on errors, so any line that is not
	# make's own progress is a finding.
	for y in $(series_files AM 'Documentation/devicetree/bindings/*.yaml'); do
		log=$results/dt_binding_check-$(basename "$y").log
		rel=${y#Documentation/devicetree/bindings/}
		make -C "$tree" O="$out" ARCH=arm64 dt_binding_check DT_SCHEMA_FILES="$rel" >"$log.raw" 2>&1
		grep -vE '^make(\[[0-9]+\])?: |^  (LINT|CHKDT|SCHEMA|DTEX|DTC|DTC_CHK|HOSTCC|HOSTLD|GEN|UPD) +|^#|^$' "$log.raw" > "$log"
		[ -s "$log" ] && result FAIL "dt_binding_check: $rel" "$log" || result PASS "dt_binding_check: $rel"
	done

	# kernel-doc on the kernel files the series adds.
	for f in $(series_files A '*.c' '*.h'); do
		log=$results/kernel-doc-$(basename "$f").log
		(cd "$tree" && scripts/kernel-doc -none "$f") >"$log" 2>&1
		[ -s "$log" ] && result FAIL "kernel-doc: $f" "$log" || result PASS "kernel-doc: $f"
	done

	# sparse on the C files the series touches that this config builds;
	# tests/sparse.baseline lists warnings 6.1 already had ("file: message").
	for f in $(series_files AM '*.c'); do
		o=${f%.c}.o
		[ -e "$out/$o" ] || continue
		log=$results/sparse-$(basename "$f").log
		make -C "$tree" O="$out" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- \
			CC="ccache aarch64-linux-gnu-gcc" C=2 "$o" 2>&1 |
			grep -E "^($tree/)?$f:[0-9]+:[0-9]+: (warning|error):" |
			sed -E "s|^$tree/||; s/:[0-9]+:[0-9]+: /: /" |
			grep -vxF -f <(grep -v '^#' tests/sparse.baseline 2>/dev/null || true) > "$log"
		[ -s "$log" ] && result FAIL "sparse: $f" "$log" || result PASS "sparse: $f"
	done

	# The pipeline's own tests.
	for t in tests/host/*.sh; do
		[ -e "$t" ] || continue
		log=$results/host-$(basename "$t" .sh).log
		t0=$(date +%s)
		bash "$t" >"$log" 2>&1
		rc=$?
		echo "# host: $(basename "$t" .sh): $(($(date +%s) - t0)) s: $(tail -n 1 "$log")"
		[ $rc -eq 0 ] && result PASS "host: $(basename "$t" .sh): $(sed -n 's/^# test: //p' "$t")" ||
			result FAIL "host: $(basename "$t" .sh): $(sed -n 's/^# test: //p' "$t")" "$log"
	done
fi

if stage kunit; then
	log=$results/kunit.log
	tests/kunit.sh "$log" >"$results/kunit.tap" 2>"$results/kunit.err"
	rc=$?
	while read -r st name; do
		result "$st" "kunit: $name" "$results/kunit.err"
	done < "$results/kunit.tap"
	grep '^kunit: .* suites of' "$results/kunit.err" | sed 's/^/# /'
	[ $rc -eq 0 ] || result FAIL "kunit: boot and KTAP" "$results/kunit.err"
fi

# guest_test FILE NAME BOOT OVERLAYS CMDLINE TIMEOUT DRIVE_MIB: boot once,
# count its TAP lines.
guest_test() {
	local t=$1 name=$2 boot=$3 overlays=$4 cmdline=$5 timeout=$6 drive=$7
	local tag log err dtb rc tap line img= t0
	if [ -n "$drive" ]; then
		img=$results/guest-$name.img
		rm -f "$img"
		truncate -s "${drive}M" "$img"
	fi
	tag=$name
	[ "$boot" = direct ] || tag="$name [$boot]"
	log=$b/logs/guest-$name-$boot.log
	err=$results/guest-$name-$boot.err
	[ -n "$overlays" ] || overlays=$(make -s --no-print-directory print-overlays BOOT="$boot")
	if ! dtb=$(make -s --no-print-directory dtb print-dtb OVERLAYS="$overlays" BOOT="$boot" 2>"$err" | tail -n 1); then
		result FAIL "guest: $tag: DTB with $overlays" "$err"
		return
	fi
	t0=$(date +%s)
	BOOT=$boot boot/qemu.sh --kernel "$out/arch/arm64/boot/Image" --dtb "$dtb" \
		--initrd "$b/initramfs.cpio.gz" --script "$t" --cmdline "$cmdline" \
		--log "$log" --timeout "$timeout" --fit-dir "$b/fit-$boot" ${img:+--drive "$img"} 2>"$err"
	rc=$?
	echo "# guest: $tag: $(($(date +%s) - t0)) s"
	tap=0
	while IFS= read -r line; do
		case $line in
		"ok - "*) tap=$((tap + 1)); result PASS "guest: $tag: ${line#ok - }" ;;
		"not ok - "*) tap=$((tap + 1))
			grep -A3 -xF "$line" "$log" | sed -n '2,4{/^# /p}' | sed 's/^# //' > "$err.diag"
			result FAIL "guest: $tag: ${line#not ok - }" "$err.diag" ;;
		esac
	done < <(grep -E '^(not )?ok - ' "$log" 2>/dev/null)
	if { [ $rc -ne 0 ] && [ $rc -ne 1 ]; } || [ $tap -eq 0 ]; then
		tail -n 15 "$log" >> "$err" 2>/dev/null
		result FAIL "guest: $tag: boot (exit $rc, $tap results)" "$err"
	fi
	[ -z "$img" ] || rm -f "$img"
}

if stage guest; then
	for t in tests/guest/*.sh; do
		name=$(basename "$t" .sh)
		[ "$name" != lib ] || continue
		[ -z "${GUEST:-}" ] || [ "$GUEST" = "$name" ] || continue
		overlays=$(sed -n 's/^# overlays: *//p' "$t")
		cmdline=$(sed -n 's/^# cmdline: *//p' "$t")
		boots=$(sed -n 's/^# boot: *//p' "$t")
		timeout=$(sed -n 's/^# timeout: *//p' "$t")
		drive=$(sed -n 's/^# drive: *//p' "$t")
		for boot in ${boots:-direct}; do
			guest_test "$t" "$name" "$boot" "$overlays" "$cmdline" "${timeout:-180}" "$drive"
		done
	done
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
