#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check: every test of the project, then a summary "N passed, N
# failed".  Run from the top of the repo by make, after both kernels are
# built.  Stages:
#   host     quality gates (tests/gates.sh) and the pipeline's own tests in
#            tests/host/ (transitions that end the machine among them)
#   kunit    the KUnit suites, from the KTAP of one boot (tests/kunit.sh)
#   guest    tests/guest/*.sh, each in its own boot (tests/guest.sh)
# KUnit, the guest tests and the host tests boot the debug kernel.
#
# Every test is a job; JOBS of them (default 3: guests mostly sleep) run
# at once, the longest first (as long as they took last time; a fresh
# clone starts from tests/durations, a full run's times).  Results
# go to build/results/: <stage>.tap (TAP 13 with plans), kunit.ktap (the
# KTAP as the kernel printed it), junit.xml, and logs/ (each boot's
# console and TAP channel, each host test's output).
#
#   ONLY=host|kunit|guest   one stage
#   GUEST=name              one guest test (and no other stage)
#   SHARD=i/N               the i-th of N fixed parts of the guest tests;
#                           shard 1 also runs the host and KUnit stages, so
#                           the N shards together run everything once
#   RESULTS=dir             results elsewhere (the runner's self-tests);
#                           an existing dir is replaced only if a run made it
#   FRESH=1 (or CI=true)    run every job and gate, reuse nothing
#   JOBS_CACHE=dir          the result cache (default build/cache/jobs)
#   tests/check.sh --list   print the jobs, run nothing
#
# A job whose inputs hash the same as those of a job that passed before
# (build/cache/jobs) is not run again: its results are replayed, each
# labelled "(reused)".  The inputs: the job's command and script, the
# debug kernel's Image and initramfs, the runner, boot and DT files, the
# tool versions (QEMU, U-Boot, dtc); a host test also reads the whole
# repository, the plain kernel and the tree.  A job that failed is never
# reused until it has passed again.  A replayed job leaves no logs.  The gates keep their own cache
# (tests/gates.sh) and say "(reused)" the same way.
set -uo pipefail
# Debian's python3 first: its packages (dt-schema; ply and git for
# checkpatch's SPDX check) are not in a pyenv or venv python.
export PATH=/usr/bin:$PATH
top=$(pwd)
b=$top/build
die() { echo "check: $*" >&2; exit 2; }
# The tests boot the debug kernel with the DTBs their headers name, whatever
# a porter's variables say.
unset KERNEL_OUT OVERLAYS BOOT
export PLAIN_OUT=${PLAIN_OUT:-$b/kernel} DEBUG_OUT=${DEBUG_OUT:-$b/kernel-debug}
export RESULTS=${RESULTS:-$b/results}
parts=$RESULTS/parts
durations=$b/cache/durations
max_jobs=${JOBS:-3}
[[ $max_jobs =~ ^[1-9][0-9]*$ ]] || die "JOBS must be a number from 1, not '$max_jobs'"
only=${ONLY:-}
case $only in "" | host | kunit | guest) ;; *) die "ONLY must be host, kunit or guest, not '$only'" ;; esac
if [ -n "${GUEST:-}" ]; then
	[ -z "$only" ] || [ "$only" = guest ] || die "GUEST=$GUEST runs a guest test; it cannot go with ONLY=$only"
	only=guest
fi
shard=${SHARD:-1/1}
[[ $shard =~ ^[0-9]+/[0-9]+$ ]] || die "SHARD must be i/N, not '$shard'"
shard_i=$((10#${shard%/*})) shard_n=$((10#${shard#*/}))
[ "$shard_i" -ge 1 ] && [ "$shard_i" -le "$shard_n" ] || die "SHARD must be i/N with 1 <= i <= N, not '$shard'"

stage() { { [ -z "$only" ] || [ "$only" = "$1" ]; } && { [ "$1" = guest ] || [ "$shard_i" = 1 ]; }; }

# The jobs, in the order their results are reported: stage, a key for
# durations, the command.
stages=() keys=() cmds=()
job() { stages+=("$1"); keys+=("$2"); cmds+=("$3"); }

if stage host; then
	gates=$(tests/gates.sh list) || die "tests/gates.sh list failed"
	for g in checkpatch bindings kernel-doc sparse; do
		grep -q "^$g\b" <<< "$gates" || die "tests/gates.sh list names no $g gate"
	done
	while read -r g; do
		job host "gate $g" "tests/gates.sh $g"
	done <<< "$gates"
	for t in tests/host/*.sh; do
		[ -e "$t" ] || continue
		job host "host $t" "tests/host-test.sh $t"
	done
fi
stage kunit && job kunit kunit "tests/kunit.sh"
if stage guest; then
	# Tests whose headers ask for the same boot share one, up to
	# GROUP_SECONDS (default 120) of their own times in tests/durations
	# ("script NAME BOOT"); a test not timed there, or longer, boots alone.
	# The committed times, not this machine's, so the groups stay the same
	# from run to run.
	group_max=${GROUP_SECONDS:-120}
	[[ $group_max =~ ^[0-9]+$ ]] || die "GROUP_SECONDS must be a number, not '$group_max'"
	declare -A open_group open_secs script_secs
	groups=()
	while IFS=$'\t' read -r k v; do
		[ "${k%% *}" != script ] || script_secs[${k#script }]=$v
	done < tests/durations
	close_group() { [ -z "${open_group[$1]:-}" ] || groups+=("${open_group[$1]}"); open_group[$1]=; open_secs[$1]=0; }
	for t in tests/guest/*.sh; do
		name=$(basename "$t" .sh)
		[ "$name" != lib ] || continue
		[ -z "${GUEST:-}" ] || [ "$GUEST" = "$name" ] || continue
		boots=$(sed -n 's/^# boot: *//p' "$t")
		for boot in ${boots:-direct}; do
			needs="$boot|$(sed -n 's/^# \(overlays\|cmdline\|drive\|pci\): */\1=/p' "$t" | sort | tr '\n' '|')"
			secs=${script_secs[$name $boot]:-0}
			[ "$secs" -gt 0 ] || secs=$((group_max + 1))
			# A test that leaves the machine changed ends its boot alone.
			! grep -q '^# leaves:' "$t" || secs=$((group_max + 1))
			if [ "$secs" -gt "$group_max" ]; then
				groups+=("$boot $t")
				continue
			fi
			[ $((${open_secs[$needs]:-0} + secs)) -le "$group_max" ] || close_group "$needs"
			[ -n "${open_group[$needs]:-}" ] || open_group[$needs]=$boot
			open_group[$needs]+=" $t"
			open_secs[$needs]=$((${open_secs[$needs]:-0} + secs))
		done
	done
	for needs in "${!open_group[@]}"; do close_group "$needs"; done
	[ -z "${GUEST:-}" ] || [ ${#groups[@]} -gt 0 ] || { echo "check: no guest test named '$GUEST'" >&2; exit 2; }
	# The same order every run: by boot path and first test's name.
	mapfile -t groups < <(printf '%s\n' "${groups[@]}" | sort)
	k=0
	for g in "${groups[@]}"; do
		read -r boot members <<< "$g"
		# A fixed part: the k-th boot goes to shard k % N + 1.
		if [ $((k % shard_n + 1)) -eq "$shard_i" ]; then
			job guest "guest $(for t in $members; do basename "$t" .sh; done | paste -sd+) $boot" \
				"tests/guest.sh --group $boot $members"
		fi
		k=$((k + 1))
	done
fi

if [ "${1:-}" = --list ]; then
	printf '%s\n' "${keys[@]}"
	exit 0
fi
[ ${#keys[@]} -gt 0 ] || die "nothing to run"
# Every test boots the debug kernel: it must be one.
for c in KASAN_GENERIC PROVE_LOCKING DEBUG_ATOMIC_SLEEP DEBUG_LIST UBSAN_SANITIZE_ALL DEBUG_KMEMLEAK; do
	grep -q "^CONFIG_$c=y" "$DEBUG_OUT/.config" 2>/dev/null ||
		die "$DEBUG_OUT is not the debug kernel: no CONFIG_$c=y (make kernel-debug)"
done
# One run at a time in a results folder; only a folder a run made is removed.
if [ -e "$RESULTS" ]; then
	[ -e "$RESULTS/.pmstate-results" ] || die "$RESULTS exists and is not a results folder; not removing it"
	rm -rf "$RESULTS"
fi
mkdir -p "$parts" "$RESULTS/logs" "$(dirname "$durations")"
touch "$RESULTS/.pmstate-results" "$durations"
# A fresh clone orders its first run by the durations committed beside
# this script; a run's own measurements replace them in build/cache.
[ -s "$durations" ] || [ ! -r tests/durations ] || cp tests/durations "$durations"

# The result cache.  inputs_key JOB: the hash of everything the job reads
# that can change between runs; empty when the job may not be reused.
jobs_cache=${JOBS_CACHE:-$b/cache/jobs}
reuse=yes
[ "${CI:-}" != true ] && [ -z "${FRESH:-}" ] || reuse=
tool_versions() {
	qemu-system-aarch64 --version 2>&1 | head -n 1
	dtc --version 2>&1
	sha256sum /usr/lib/u-boot/qemu_arm64/u-boot.bin 2>&1
	dpkg-query -W -f '${Package} ${Version}\n' u-boot-tools dt-schema yamllint 2>&1
	git -C "$b/linux" rev-parse HEAD 2>&1
	# What a caller may change a boot with (make soak, a porter).
	env | grep -E '^(GUEST_(CMDLINE|TIMEOUT|OVERLAYS)|TIMEOUT)=' | sort
}
hash_files() { find "$@" -type f -print0 2>/dev/null | sort -z | xargs -0r sha256sum; }
common_key=$({
	tool_versions
	hash_files "$DEBUG_OUT/arch/arm64/boot/Image" "$DEBUG_OUT/initramfs.cpio.gz" \
		Makefile boot dts tests/check.sh tests/guest.sh tests/host-test.sh \
		tests/kunit.sh tests/guest/lib.sh tests/guest/*.inc tests/fuzz
} | sha256sum | cut -c1-32)
repo_key=$(hash_files "$PLAIN_OUT/arch/arm64/boot/Image" \
	$(git ls-files -co --exclude-standard 2>/dev/null) | sha256sum | cut -c1-32)
inputs_key() {
	local i=$1 script base=$common_key
	# The gates cache their own results, by what each gate reads.
	case ${keys[i]} in gate\ *) return 0 ;; esac
	[ "${stages[i]}" != host ] || base="$common_key $repo_key"
	script=$(set -- ${cmds[i]}; echo "${2:-}")
	{ echo "$base ${cmds[i]}"; [ ! -f "$script" ] || sha256sum < "$script"; } | sha256sum | cut -c1-32
}
# failed_mark JOB: the marker that keeps a failed job from being reused
failed_mark() { echo "$jobs_cache/failed-$(echo "${keys[$1]}" | sha256sum | cut -c1-32)"; }

# run JOB: its unnumbered TAP into parts/JOB.tap, stderr beside it, its
# time, the boots it made; or, when a passed run had the same inputs, that
# run's results, each labelled "(reused)".
run() {
	local i=$1 t0 rc k
	k=$(inputs_key "$i")
	if [ -n "$reuse" ] && [ -n "$k" ] && [ -s "$jobs_cache/$k.tap" ] && [ ! -e "$(failed_mark "$i")" ]; then
		sed -E '/^(not )?ok - /{ / # (SKIP|TODO)/!s/$/ (reused)/; s/ # (SKIP|TODO)/ (reused)&/; }' \
			"$jobs_cache/$k.tap" > "$parts/$i.tap"
		: > "$parts/$i.err"
		echo "0 reused" > "$parts/$i.done"
		echo "# ${keys[i]}: reused"
		return
	fi
	t0=$(date +%s)
	SCRIPT_TIMES=$parts/$i.times BOOTS_FILE=$parts/$i.boots bash -c "${cmds[i]}" > "$parts/$i.tap" 2> "$parts/$i.err"
	rc=$?
	echo "$rc $(($(date +%s) - t0))" > "$parts/$i.done"
	echo "# ${keys[i]}: $(($(date +%s) - t0)) s, $(grep -c '^ok' "$parts/$i.tap") ok, $(grep -c '^not ok' "$parts/$i.tap") not ok"
	# Every run, fresh or not, records what passed and what failed.
	mkdir -p "$jobs_cache"
	if [ "$rc" -eq 0 ] && grep -qE '^ok - ' "$parts/$i.tap" && ! grep -q '^not ok' "$parts/$i.tap"; then
		rm -f "$(failed_mark "$i")"
		[ -z "$k" ] || { cp "$parts/$i.tap" "$jobs_cache/$k.tap.$$" && mv "$jobs_cache/$k.tap.$$" "$jobs_cache/$k.tap"; }
	else
		touch "$(failed_mark "$i")"
		[ -z "$k" ] || rm -f "$jobs_cache/$k.tap"
	fi
}

# Longest first, by last run's times (unknown: first).
order=$(for i in "${!keys[@]}"; do
	s=$(awk -v k="${keys[i]}" -F'\t' '$1 == k { s = $2 } END { print s + 0 }' "$durations")
	[ "$s" -gt 0 ] || s=100000
	echo "$s $i"
done | sort -k1,1nr -k2,2n | cut -d' ' -f2)

echo "# check: ${#keys[@]} jobs, $max_jobs at a time; KUnit, guest and host tests boot the debug" \
	"kernel ${DEBUG_OUT#"$top"/} (KASAN, PROVE_LOCKING, DEBUG_ATOMIC_SLEEP, DEBUG_LIST, UBSAN, KMEMLEAK)"
start=$(date +%s)
for i in $order; do
	while [ "$(jobs -rp | wc -l)" -ge "$max_jobs" ]; do wait -n; done
	run "$i" &
done
wait
echo "# check: jobs took $(($(date +%s) - start)) s"

# Times for the next run's ordering (the jobs this run ran replace theirs),
# and each guest test's own (tests/durations keeps them for the groups).
for i in "${!keys[@]}"; do
	t=$(cut -d' ' -f2 "$parts/$i.done" 2>/dev/null || echo 0)
	[ "$t" = reused ] || { printf '%s\t%s\n' "${keys[i]}" "$t"; cat "$parts/$i.times" 2>/dev/null; }
done | awk -F'\t' 'NR == FNR { t[$1] = $2; next } { t[$1] = $2 } END { for (k in t) print k "\t" t[k] }' \
	"$durations" - > "$durations.new" && mv "$durations.new" "$durations"

# Number each stage's results into RESULTS/<stage>.tap and print them.
passed=0 failed=0 skipped=0 reused=0
for s in host kunit guest; do
	tap=$RESULTS/$s.tap
	for i in "${!keys[@]}"; do
		[ "${stages[i]}" = "$s" ] || continue
		rc=$(cut -d' ' -f1 "$parts/$i.done" 2>/dev/null || echo "no status")
		# Anything but a result is a comment: no stray line can count.
		sed -E '/^(not )?ok - |^# /!s/^/# /' "$parts/$i.tap"
		# A job that printed no result, or failed without saying which
		# result failed (killed, or broken half-way), failed.
		if ! grep -qE '^(not )?ok - ' "$parts/$i.tap" ||
		   { [ "$rc" != 0 ] && ! grep -q '^not ok - ' "$parts/$i.tap"; }; then
			echo "not ok - ${keys[i]}: ended with status $rc after $(grep -cE '^(not )?ok - ' "$parts/$i.tap") results"
			head -n 20 "$parts/$i.err" | sed 's/^/# /'
		fi
	# Bytes no text tool or XML can carry (NUL, invalid UTF-8 from a
	# console) go, so every count of this file and of junit.xml agrees.
	done | tr -d '\000' | iconv -c -f UTF-8 -t UTF-8 |
		awk '/^(not )?ok - / { n++; sub(/ - /, " " n " - ") } { print } END { print "1.." n + 0 }' > "$tap.body"
	[ -s "$tap.body" ] && [ "$(tail -n 1 "$tap.body")" != "1..0" ] || { rm -f "$tap.body"; continue; }
	{ echo "TAP version 13"; tail -n 1 "$tap.body"; sed '$d' "$tap.body"; } > "$tap"
	rm -f "$tap.body"
	echo "# stage: $s"
	cat "$tap"
	passed=$((passed + $(grep -cE '^ok [0-9]+ ' "$tap")))
	failed=$((failed + $(grep -cE '^not ok [0-9]+ ' "$tap")))
	skipped=$((skipped + $(grep -cE '^ok [0-9]+ .*# SKIP' "$tap")))
	reused=$((reused + $(grep -cE '^ok [0-9]+ .*\(reused\)' "$tap")))
done
tests/junit.sh "$RESULTS" > "$RESULTS/junit.xml"
# CI reads junit.xml, people the TAP: a file that counts otherwise fails the run.
junit=$(tests/junit.sh --counts "$RESULTS/junit.xml" 2> "$RESULTS/junit.err")
if [ "$junit" != "$((passed + failed)) $failed $skipped" ]; then
	echo "check: junit.xml counts '$junit' (tests failures skipped), the TAP files" \
		"$((passed + failed)) $failed $skipped $(cat "$RESULTS/junit.err")"
	failed=$((failed + 1))
fi
echo "# results: $RESULTS (TAP per stage, kunit.ktap, junit.xml, logs/)"
[ "$skipped" -eq 0 ] || echo "# $skipped of the passed were skipped"
echo "# KUnit, guest and host tests ran on the debug kernel ${DEBUG_OUT#"$top"/}"
# What the run tested, per stage: the boots its jobs made (boot/qemu.sh
# counts them) and the totals of their "# count: WHAT N" lines (a reused
# job's as its passed run printed them).
for s in host kunit guest; do
	ran=0 again=0 boots=0 counts=
	for i in "${!keys[@]}"; do
		[ "${stages[i]}" = "$s" ] || continue
		if [ "$(cut -d' ' -f2 "$parts/$i.done" 2>/dev/null)" = reused ]; then
			again=$((again + 1))
		else
			ran=$((ran + 1))
			boots=$((boots + $(cat "$parts/$i.boots" 2>/dev/null | wc -l)))
		fi
		counts="$counts$(sed -n 's/^# count: \([a-z-]*\) \([0-9]*\)$/\1 \2/p' "$parts/$i.tap")
"
	done
	[ $((ran + again)) -gt 0 ] || continue
	echo "# tested: $s: $ran jobs ran ($boots boots), $again reused$(echo "$counts" |
		awk 'NF == 2 { n[$1] += $2 } END { for (w in n) printf ", %d %s", n[w], w }')"
done
echo "# $passed passed ($reused reused), $failed failed"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ $((passed + failed)) -gt 0 ]
