#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# test: tests/fuzz/tables.sh is seeded: a seed gives the same overlay every run, another seed another one, and every mutant compiles
set -u
gen=tests/fuzz/tables.sh
a=$($gen 7 40 | sha1sum) b=$($gen 7 40 | sha1sum) c=$($gen 8 40 | sha1sum)
[ "$a" = "$b" ] || { echo "FAIL: seed 7 gave two different overlays"; exit 1; }
[ "$a" != "$c" ] || { echo "FAIL: seeds 7 and 8 gave the same overlay"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for seed in 1 1001 1002 1003 1004 1005; do
	$gen $seed 40 > "$tmp/t.dtso" && dtc -q -@ -I dts -O dtb -o "$tmp/t.dtbo" "$tmp/t.dtso" ||
		{ echo "FAIL: seed $seed: the overlay does not compile"; exit 1; }
	[ "$(grep -c 'fuzz-mutation = ' "$tmp/t.dtso")" = 40 ] ||
		{ echo "FAIL: seed $seed: not 40 mutants"; exit 1; }
done
$gen 1 x > /dev/null 2>&1 && { echo "FAIL: a bad COUNT was taken"; exit 1; }
echo "same seed, same overlay; another seed, another; the seeds of make check and make soak compile"
