#!/bin/sh
# ssd3-record-rewrite.sh: moves callers from catalogue's record names to
# package ssd3's (Record, Values, NewRecord, the field table, the tag
# helpers, the CATEGORY path helpers), which the record and its format
# moved to. Idempotent: run it again after merging a branch that still
# writes catalogue.Record.
#
# Usage: scripts/ssd3-record-rewrite.sh [repository root]
set -eu
root=${1:-$(git rev-parse --show-toplevel)}
cd "$root"
names="Record Values NewRecord FieldSpec Fields LookupField GetField SetField FieldNames Diff StoredValue SplitTags JoinTags FieldTags MiscasedExtension CheckTag SplitCategory JoinCategory CanonicalCategory CategoryUnder CategoryNames"
goimports="go run golang.org/x/tools/cmd/goimports@v0.52.0"

# Packages other than catalogue: catalogue.X becomes ssd3.X.
files=$(grep -rl --include='*.go' -E "catalogue\.($(echo $names | tr ' ' '|'))\b" . | grep -v '^\./catalogue/[^/]*\.go$' || true)
if [ -n "$files" ]; then
	for n in $names; do
		gofmt -r "catalogue.$n -> ssd3.$n" -w $files
	done
	$goimports -w $files
fi

# Package catalogue itself: the bare names become ssd3.X (not a field's
# name, a composite literal's key, a selector's name or a comment).
python3 - "$names" <<'PY'
import glob, re, sys
names = sys.argv[1].split()
ident = re.compile(r'(?<![\w.])(' + '|'.join(names) + r')\b(?!\s*:[^=])')
field = re.compile(r'^(\s+)(' + '|'.join(names) + r')(\s+[\[\]*\w.]+(?:\s*//.*)?)$')
changed = []
for path in sorted(glob.glob('catalogue/*.go')):
    text = open(path).read()
    out = []
    for line in text.split('\n'):
        if line.lstrip().startswith('//'):
            out.append(line)
            continue
        m = field.match(line)
        if m:  # a struct field named so: only its type changes
            out.append(m.group(1) + m.group(2) + ident.sub(r'ssd3.\1', m.group(3)))
            continue
        code, sep, comment = line, '', ''
        # Leave a trailing comment and strings alone.
        k = line.find(' //')
        if k >= 0:
            code, sep, comment = line[:k], ' //', line[k + 3:]
        parts = re.split(r'("(?:[^"\\]|\\.)*"|`[^`]*`)', code)
        for i in range(0, len(parts), 2):
            parts[i] = ident.sub(r'ssd3.\1', parts[i])
        out.append(''.join(parts) + sep + comment)
    new = '\n'.join(out)
    if new != text:
        open(path, 'w').write(new)
        changed.append(path)
print('\n'.join(changed))
PY
$goimports -w catalogue/*.go
