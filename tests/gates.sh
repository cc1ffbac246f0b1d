#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The host quality gates of make check, one kind per call, each printing
# unnumbered TAP ("ok - ..." / "not ok - ..." and "# " diagnostics) that
# tests/check.sh numbers.
#
#   gates.sh list                 the gate calls this series needs, one a line
#   gates.sh checkpatch PATCH     checkpatch.pl --strict
#   gates.sh bindings [ROOT FILE...]  every binding the series adds or
#                                 changes (or ROOT/FILE...): yamllint,
#                                 dt-doc-validate, its examples against the
#                                 processed schema
#   gates.sh kernel-doc FILE      kernel-doc -v -none
#   gates.sh sparse [DIR]         sparse (C=2) on every C file the series
#                                 touches (or DIR's), and what it says of
#                                 the series' headers
#
# A gate that did not run (a tool missing, a make that failed) fails.  A
# passing result is kept in build/cache/gates under the hash of everything
# it read (the inputs and this script), so an unchanged input is not checked
# again; the line then says "(reused)".  The key holds the versions of the
# tools that judge (sparse, dt-schema, yamllint, the cross compiler).
set -uo pipefail
export PATH=/usr/bin:$PATH
top=$(cd "$(dirname "$0")/.." && pwd)
b=$top/build
tree=$b/linux
out=${PLAIN_OUT:-$b/kernel}
cache=$b/cache/gates
bindings=Documentation/devicetree/bindings
self=$top/tests/gates.sh

# Files the series adds (A) or adds or changes (AM), relative to the tree.
series_files() { git -C "$tree" diff --name-only "--diff-filter=$1" pmstate-base HEAD -- "${@:2}"; }

series_patches() {
	local d
	for d in kernel-patches drivers arch-patches; do
		ls "$top/$d"/[0-9][0-9][0-9][0-9]-*.patch 2>/dev/null | grep -v '/0000-' | sed "s|^$top/||"
	done
}

# report NAME LOG STATUS: one result; a non-empty LOG is the diagnostics.
report() {
	if [ "$3" -eq 0 ]; then
		echo "ok - $1"
	else
		echo "not ok - $1"
		head -n 40 "$2" | sed 's/^/# /'
	fi
}

# report_log NAME LOG: one result, failed when LOG has anything in it.
report_log() { report "$1" "$2" "$([ -s "$2" ] && echo 1 || echo 0)"; }

# remember KEY: keep a passing result under KEY.
remember() { mkdir -p "$cache" && touch "$cache/$1"; }

# cached KEY NAME: print the kept result for KEY and succeed, if there is
# one and the caller did not ask for a fresh run.
cached() {
	[ -z "${FRESH:-}" ] && [ "${CI:-}" != true ] && [ -e "$cache/$1" ] || return 1
	echo "ok - $2 (reused)"
}

# The Debian packages whose tools give the gates' verdicts.
tools=$(dpkg-query -W -f '${Package} ${Version}\n' sparse dt-schema yamllint gcc-aarch64-linux-gnu 2>&1)

# key FILE...: the hash of the named files' contents, this script and the tools.
key() { { cat "$@" "$self"; echo "$tools"; } | sha256sum | cut -c1-32; }

# run_gate KEY NAME CMD...: run CMD with its output as the log; it passes
# when CMD exits 0 and prints nothing.
run_gate() {
	local k=$1 name=$2 log rc
	shift 2
	cached "$k" "$name" && return
	log=$(mktemp)
	"$@" >"$log" 2>&1
	rc=$?
	[ $rc -ne 0 ] || ! [ -s "$log" ] || rc=1
	report "$name" "$log" $rc
	[ $rc -ne 0 ] || remember "$k"
	rm -f "$log"
}

do_checkpatch() {
	local p=$1 ignore
	# tests/checkpatch.ignore: "PATCH_GLOB TYPE[,TYPE] # why", reviewed.
	ignore=$(awk -v f="${p##*/}" '$1 !~ /^#/ && NF >= 2 { if (f ~ "^" $1 "$") printf "%s,", $2 }' \
		"$top/tests/checkpatch.ignore")
	checkpatch() {
		cd "$tree" && scripts/checkpatch.pl --strict --quiet --no-summary --show-types \
			${ignore:+--ignore "$ignore"} "$top/$p"
	}
	run_gate "checkpatch-$(key "$top/$p" "$top/tests/checkpatch.ignore")" "checkpatch --strict: $p" checkpatch
}

# 6.1's kernel-doc has no -Wall: -v turns on the same extra checks (and
# prints an "info:" line per comment, dropped here).
do_kernel_doc() {
	local f=$1
	kdoc() {
		cd "$tree" && scripts/kernel-doc -v -none "$f" 2>&1 | grep -v ': info: Scanning doc for '
		return "${PIPESTATUS[0]}"
	}
	run_gate "kernel-doc-$(key "$tree/$f")" "kernel-doc -v: $f" kdoc
}

# processed_schema: the processed schema of every binding in the tree, as
# dt_binding_check makes it; shared with make validate.
processed_schema() { "$top/scripts/dt-schema.sh" "$tree" "$cache"; }

# check_binding ROOT FILE: what yamllint, dt-doc-validate and the validation
# of its examples say of ROOT/FILE (ROOT: a bindings folder); nothing when
# it is clean.  A tool that exits non-zero says so too.
check_binding() {
	local root=$1 y=$2 schema=$3 ex
	ex=$(mktemp -d)
	(cd "$root" && yamllint -f parsable -c "$tree/$bindings/.yamllint" "$y") || echo "yamllint exited $?"
	(cd "$root" && dt-doc-validate -u "$root" "$y") || echo "dt-doc-validate exited $?"
	if (cd "$root" && dt-extract-example "$y") > "$ex/x.dts"; then
		gcc -E -nostdinc -I"$tree/scripts/dtc/include-prefixes" -undef -D__DTS__ \
			-x assembler-with-cpp -o "$ex/x.pp" "$ex/x.dts" &&
		dtc -q -O dtb -b 0 -i "$tree/scripts/dtc/include-prefixes" \
			-Wno-avoid_unnecessary_addr_size -Wno-graph_child_address \
			-Wno-interrupt_provider -Wno-unique_unit_address \
			-Wunique_unit_address_if_enabled -o "$ex/x.dtb" "$ex/x.pp" &&
		dt-validate -u "$tree/$bindings" -p "$schema" "$ex/x.dtb" ||
			echo "its examples do not build or validate (exit $?)"
	else
		echo "dt-extract-example exited $?"
	fi
	rm -rf "$ex"
}

# 6.1's dt_binding_check re-checks a binding only when it is newer than
# processed-schema.json and ends in "|| true", so the gate runs its tools
# itself, on every binding the series adds or changes (or, for the
# self-tests, on ROOT/FILE...), and reads what they say and their status.
# The project's own bindings of its test devices (tests/bindings) are
# checked as the series' are.
do_bindings() {
	local root=$tree/$bindings own=$top/tests/bindings ys os=() y k="" log schema both bad=0
	if [ $# -gt 0 ]; then
		root=$1
		shift
		ys=("$@")
	else
		mapfile -t ys < <(series_files AM "$bindings/*.yaml" | sed "s|^$bindings/||")
		[ ${#ys[@]} -gt 0 ] || { echo "not ok - bindings: the series touches no binding"; return; }
		mapfile -t os < <(cd "$own" && find . -name '*.yaml' | sed 's|^\./||' | sort)
		k="bindings-$(cd "$root" && key "${ys[@]}")-$(cd "$own" && key "${os[@]}")"
		if [ -z "${FRESH:-}" ] && [ "${CI:-}" != true ] && [ -e "$cache/$k" ]; then
			for y in "${ys[@]}" "${os[@]/#/tests/bindings/}"; do echo "ok - bindings: $y (reused)"; done
			return
		fi
	fi
	log=$(mktemp)
	if ! schema=$(processed_schema 2>"$log"); then
		report "bindings: dt-mk-schema makes the processed schema" "$log" 1
		rm -f "$log"
		return
	fi
	for y in "${ys[@]}"; do
		check_binding "$root" "$y" "$schema" > "$log" 2>&1
		[ -s "$log" ] && bad=1
		report_log "bindings: $y" "$log"
	done
	if [ ${#os[@]} -gt 0 ]; then
		# Beside the tree's, so that their $id and $refs resolve.
		both=$(mktemp -d)
		cp -rs "$root/." "$both/"
		for y in "${os[@]}"; do ln -s "$own/$y" "$both/$y"; done
		for y in "${os[@]}"; do
			check_binding "$both" "$y" "$schema" > "$log" 2>&1
			[ -s "$log" ] && bad=1
			report_log "bindings: tests/bindings/$y" "$log"
		done
		rm -rf "$both"
	fi
	[ -z "$k" ] || [ $bad -ne 0 ] || remember "$k"
	rm -f "$log"
}

# sparse (C=2) on every C file the series adds or changes, in one make
# (-j1, so each warning follows its CHECK line) so that kbuild runs once in
# the plain build folder; each file's result counts what sparse says about
# it and about the series' headers.  Warnings 6.1 already has are listed in
# tests/sparse.baseline as "file: message".  With DIR (the self-tests), the
# C files of DIR, built as an external module, with nothing cached.
do_sparse() {
	local dir=${1:-} fs headers f k inc todo=() objs=() included=() target=() log raw rc pattern
	mapfile -t headers < <(series_files AM '*.h')
	if [ -n "$dir" ]; then
		todo=("$dir"/*.c)
		target=(M="$dir" modules)
	else
		mapfile -t fs < <(series_files AM '*.c')
		for f in "${fs[@]}"; do
			cached "$(sparse_key "$f")" "sparse: $f" || todo+=("$f")
		done
		[ ${#todo[@]} -gt 0 ] || return 0
	fi
	log=$(mktemp) raw=$(mktemp)
	for f in "${todo[@]}"; do
		if [ -n "$dir" ] || [ -e "$out/${f%.c}.o" ]; then
			objs+=("${f%.c}.o")
		elif inc=$(cd "$tree" && grep -l "^#include \"$(basename "$f")\"" "$(dirname "$f")"/*.c); then
			# A KUnit file #included at the end of the file it tests.
			included+=("$f")
			objs+=("${inc%.c}.o")
		else
			echo "${f%.c}.o is not built by this config, so sparse cannot check it" > "$log"
			report "sparse: $f" "$log" 1
		fi
	done
	[ -n "$dir" ] || target=("${objs[@]}")
	# One kbuild at a time in the plain build folder (the self-test's
	# external module builds there too).
	flock "$out/.sparse.lock" make -C "$tree" O="$out" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- \
		LOCALVERSION= CC="ccache aarch64-linux-gnu-gcc" C=2 -j1 "${target[@]}" >"$raw" 2>&1
	rc=$?
	pattern=$(IFS='|'; echo "${headers[*]:-/nonexistent}${included[*]:+|${included[*]}}")
	for f in "${included[@]}"; do
		if [ $rc -ne 0 ]; then
			{ echo "sparse did not run (make exited $rc):"; tail -n 20 "$raw"; } > "$log"
		else
			sed -E "s|^$tree/||" "$raw" | grep -E "^$f:[0-9]+:[0-9]+: (warning|error):" |
				sed -E "s/:[0-9]+:[0-9]+: /: /" | drop_baseline > "$log"
		fi
		report_log "sparse: $f (#included)" "$log"
		[ -s "$log" ] || remember "$(sparse_key "$f")"
	done
	for o in $(printf '%s\n' "${objs[@]}" | sort -u); do
		f=${o%.o}.c
		if [ $rc -ne 0 ] || ! grep -qE "^  CHECK +($tree/)?$f\$" "$raw"; then
			{ echo "sparse did not run on $f (make exited $rc):"; tail -n 20 "$raw"; } > "$log"
			report "sparse: $f" "$log" 1
			continue
		fi
		# From "CHECK f" to the next CHECK: what sparse said while checking f.
		awk -v f="$f" '/^  CHECK / { on = ($NF ~ ("(^|/)" f "$")); next } on' "$raw" |
			grep -E "^($tree/)?($f|$pattern):[0-9]+:[0-9]+: (warning|error):" |
			sed -E "s|^$tree/||; s/:[0-9]+:[0-9]+: /: /" |
			drop_baseline > "$log"
		report_log "sparse: $f" "$log"
		[ -n "$dir" ] || [ -s "$log" ] || remember "$(sparse_key "$f")"
	done
	rm -f "$log" "$raw"
}

# drop_baseline: the findings on stdin less those 6.1 already has, each
# dropped as many times as tests/sparse.baseline says ("file: message",
# "(xN)" at the end when 6.1 has it N times), so a new copy of a known
# warning still counts.
drop_baseline() {
	awk 'NR == FNR {
		if ($0 ~ /^#/ || !NF) next
		n = 1
		if (match($0, / \(x[0-9]+\)$/)) { n = substr($0, RSTART + 3, RLENGTH - 4); $0 = substr($0, 1, RSTART - 1) }
		known[$0] += n
		next
	}
	known[$0]-- > 0 { next }
	{ print }' "$top/tests/sparse.baseline" -
}

# sparse_key FILE.c: its result depends on it, the series' headers and the config.
sparse_key() {
	echo "sparse-$(cd "$tree" && key "$1" $(series_files AM '*.h') "$out/.config" "$top/tests/sparse.baseline")"
}

case ${1:-} in
list)
	series_patches | sed 's/^/checkpatch /'
	echo bindings
	series_files A '*.c' '*.h' | sed 's/^/kernel-doc /'
	echo sparse
	;;
checkpatch) do_checkpatch "$2" ;;
bindings) shift; do_bindings "$@" ;;
kernel-doc) do_kernel_doc "$2" ;;
sparse) do_sparse "${2:-}" ;;
*) echo "usage: gates.sh list|checkpatch PATCH|bindings [ROOT FILE...]|kernel-doc FILE|sparse [DIR]" >&2; exit 2 ;;
esac
