#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Print the path of the processed schema of every binding in TREE, as
# dt_binding_check makes it (dt-mk-schema), making it first when no copy
# made from the same bindings and dt-schema exists.  Kept in CACHE_DIR by
# the hash of the base tree and of the bindings the series adds or
# changes, so make validate and the bindings gate share one, and two
# callers at once make it once.
#
#   dt-schema.sh TREE CACHE_DIR
set -euo pipefail
tree=$1 cache=$2
bindings=Documentation/devicetree/bindings
mkdir -p "$cache"
k=$(cd "$tree" && {
	git rev-parse pmstate-base
	git diff --name-only --diff-filter=AM pmstate-base HEAD -- "$bindings/*.yaml" | xargs -r cat
	dpkg-query -W -f '${Version}\n' dt-schema
} | sha256sum | cut -c1-32)
schema=$cache/schema-$k.json
exec 9> "$cache/schema.lock"
flock 9
if ! [ -s "$schema" ]; then
	(cd "$tree" && find "$bindings" -name '*.yaml' ! -name 'processed-schema*' | sort) > "$schema.list"
	(cd "$tree" && dt-mk-schema -j "@$schema.list") > "$schema.tmp" 2> "$schema.log" || {
		cat "$schema.log" >&2
		echo "dt-schema: dt-mk-schema failed" >&2
		rm -f "$schema.tmp"
		exit 1
	}
	mv "$schema.tmp" "$schema"
fi
echo "$schema"
