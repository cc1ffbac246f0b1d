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
# Given DTBs, print instead a schema that dt-validate reads for those DTBs
# with the same findings, in far less time: nine in ten bindings select a
# node by its compatible alone, and dt-validate tries every binding's
# select on every node (most of its time).  The subset leaves out each
# such binding that no compatible string of the DTBs matches and no binding
# kept refers to; it is kept beside the full schema, by the hash of the
# DTBs' compatible properties.
#
# The test devices' bindings are the project's own (tests/bindings, laid
# out as the tree's folder is), not the kernel's: they join the tree's,
# with the "pmstate," prefix of their properties added to a copy of
# vendor-prefixes.yaml.
#
#   dt-schema.sh TREE CACHE_DIR [DTB...]
set -euo pipefail
tree=$1 cache=$2
shift 2
bindings=Documentation/devicetree/bindings
own=$(cd "$(dirname "$0")/../tests/bindings" && pwd)
mkdir -p "$cache"
k=$(cd "$tree" && {
	git rev-parse pmstate-base
	git diff --name-only --diff-filter=AM pmstate-base HEAD -- "$bindings/*.yaml" | xargs -r cat
	find "$own" -name '*.yaml' | sort | xargs cat
	dpkg-query -W -f '${Version}\n' dt-schema
} | sha256sum | cut -c1-32)
schema=$cache/schema-$k.json
exec 9> "$cache/schema.lock"
flock 9
if ! [ -s "$schema" ]; then
	vendors=$cache/vendor-prefixes-$k.yaml
	awk '/^  "\^pni,\.\*":$/ { print "  \"^pmstate,.*\":"; print "    description: pmstate project (its test devices)" } 1' \
		"$tree/$bindings/vendor-prefixes.yaml" > "$vendors"
	grep -q '"^pmstate,' "$vendors" || { echo "dt-schema: no place for the pmstate prefix in vendor-prefixes.yaml" >&2; exit 1; }
	{
		(cd "$tree" && find "$PWD/$bindings" -name '*.yaml' ! -name 'processed-schema*' ! -name vendor-prefixes.yaml)
		echo "$vendors"
		find "$own" -name '*.yaml'
	} | sort > "$schema.list"
	(cd "$tree" && dt-mk-schema -j "@$schema.list") > "$schema.tmp" 2> "$schema.log" || {
		cat "$schema.log" >&2
		echo "dt-schema: dt-mk-schema failed" >&2
		rm -f "$schema.tmp"
		exit 1
	}
	mv "$schema.tmp" "$schema"
fi
[ $# -gt 0 ] || { echo "$schema"; exit 0; }

c=$({ echo "$k"; for dtb in "$@"; do
	dtc -q -I dtb -O dts "$dtb" | sed -n 's/^[\t ]*compatible = \(.*\);$/\1/p'
done | sort -u; } | sha256sum | cut -c1-32)
subset=$cache/schema-$k-$c.json
if ! [ -s "$subset" ]; then
	# Debian's python3, dt-validate's own: dt-schema is installed for it.
	/usr/bin/python3 - "$schema" "$subset.tmp" "$@" <<'PY' || { rm -f "$subset.tmp"; echo "dt-schema: no subset for $*" >&2; exit 1; }
import json, sys, urllib.parse
import dtschema

full, out, dtbs = sys.argv[1], sys.argv[2], sys.argv[3:]
# The DTBs as dt-validate reads them (the schema's property types decode
# them), and every compatible string in them.
schemas = dtschema.set_schemas([full])
strings = set()
def walk(node):
	for k, v in node.items():
		if k == 'compatible':
			strings.update(v)
		elif isinstance(v, dict):
			walk(v)
for f in dtbs:
	for tree in dtschema.load(f):
		walk(tree)
# A select {required: [compatible], properties: {compatible: {contains:
# X}}} matches a node only if X matches one of its compatible strings:
# tried on each string alone, by dt-validate's own validator.
def by_compatible(sel):
	return (isinstance(sel, dict) and sorted(sel) == ['properties', 'required'] and
		sel['required'] == ['compatible'] and list(sel['properties']) == ['compatible'] and
		list(sel['properties']['compatible']) == ['contains'])
keep = set()
for sid, s in schemas.items():
	sel = s.get('select')
	if by_compatible(sel):
		v = dtschema.DTValidator(sel)
		if not any(v.is_valid({'compatible': [c]}) for c in strings):
			continue
	keep.add(sid)
# And what the kept ones refer to, and so on ($ref, against the referring
# schema's $id, as dt-validate resolves it): a reference to a schema left
# out would fail.
def refs(x, base):
	if isinstance(x, dict):
		for k, v in x.items():
			if k == '$ref' and isinstance(v, str):
				yield urllib.parse.urljoin(base, v).split('#')[0] + '#'
			else:
				yield from refs(v, base)
	elif isinstance(x, list):
		for v in x:
			yield from refs(v, base)
todo = list(keep)
while todo:
	sid = todo.pop()
	for r in refs(schemas[sid], schemas[sid].get('$id', '')):
		if r in schemas and r not in keep:
			keep.add(r)
			todo.append(r)
# Written from the file as it is (set_schemas compiles some of it), in its
# order, which is the order dt-validate reports in.
with open(full) as f:
	raw = json.load(f)
if isinstance(raw, list):
	raw = {s['$id']: s for s in raw}
with open(out, 'w') as f:
	json.dump({sid: s for sid, s in raw.items() if sid in keep}, f)
PY
	mv "$subset.tmp" "$subset"
fi
echo "$subset"
