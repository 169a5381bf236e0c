#!/bin/sh
# catalogue-surface-rewrite.sh: moves callers from catalogue names that
# left the package to where they live now: the format's URI key and
# conflict marks to ssd3, the duplicate finders to catalogue/dupset, the
# record counts to catalogue/stats, the link results' file to
# catalogue/linkset. Idempotent: run it again after merging a branch that
# still writes the old names.
#
# Usage: scripts/catalogue-surface-rewrite.sh [repository root]
set -eu
root=${1:-$(git rev-parse --show-toplevel)}
cd "$root"
# old=package.New, one a line.
moves='URIKey=ssd3.URIKey
FieldConflict=ssd3.FieldConflict
SideOurs=ssd3.SideOurs
SideTheirs=ssd3.SideTheirs
ConflictSide=ssd3.ConflictSide
ConflictPair=ssd3.ConflictPair
Marked=ssd3.MarkedConflicts
Duplicates=dupset.Duplicates
Cleanest=dupset.Cleanest
CleanestFirst=dupset.CleanestFirst
LookAlike=dupset.LookAlike
MergeRecords=dupset.MergeRecords
KeepFirst=dupset.KeepFirst
FindURIIn=dupset.FindURIIn
CountTag=stats.CountTag
CountUnder=stats.CountUnder
LoadLinkState=linkset.LoadState'
goimports="go run golang.org/x/tools/cmd/goimports@v0.52.0"

python3 - "$moves" <<'PY'
import glob, os, re, subprocess, sys
moves = dict(l.split('=') for l in sys.argv[1].split())
# catalogue's own tests also reached the loose key unexported. What only
# catalogue uses is unexported there (".new": no package).
inside = dict(moves, looseURIKey='dupset.LooseKey',
              Merge='.mergeVersions', MergeResult='.mergeResult',
              Kept='.keptRecord', KeptHow='.keptHow', KeptFields='.keptFields',
              KeptDeleted='.keptDeleted', KeptEdited='.keptEdited',
              KeptTwice='.keptTwice')
# Selectors that became unexported: Step's Kept.
selectors = {'Kept': 'kept'}
paths = {'ssd3': 'github.com/uricat/uricat/catalogue/ssd3',
         'dupset': 'github.com/uricat/uricat/catalogue/dupset',
         'stats': 'github.com/uricat/uricat/catalogue/stats',
         'linkset': 'github.com/uricat/uricat/catalogue/linkset'}

def code_sub(pattern, repl, line):
    """Substitutes in line's code, not in its strings or trailing comment."""
    if line.lstrip().startswith('//'):
        return line
    code, sep, comment = line, '', ''
    k = line.find('//')
    if k >= 0 and line[:k].count('"') % 2 == 0 and line[:k].count('`') % 2 == 0:
        code, sep, comment = line[:k], '//', line[k + 2:]
    parts = re.split(r'("(?:[^"\\]|\\.)*"|`[^`]*`)', code)
    for i in range(0, len(parts), 2):
        parts[i] = pattern.sub(repl, parts[i])
    return ''.join(parts) + sep + comment

def add_import(text, pkg):
    """Adds pkg's import beside the project's others (goimports sorts)."""
    imp = '"%s"' % paths[pkg]
    if imp in text:
        return text
    lines = text.split('\n')
    start = lines.index('import (')
    end = lines.index(')', start)
    ours = [i for i in range(start, end) if '"github.com/uricat/uricat/' in lines[i]]
    at = ours[-1] + 1 if ours else end
    lines.insert(at, '\t' + imp)
    return '\n'.join(lines)

def rewrite(path, table, bare):
    text = open(path).read()
    own = re.search(r'^package (\w+)', text, re.M).group(1)
    names = '|'.join(sorted(table, key=len, reverse=True))
    if bare:  # package catalogue: a bare name, not a selector's or a key's
        pat = re.compile(r'(?<![\w.])(' + names + r')\b')
    else:
        pat = re.compile(r'\bcatalogue\.(' + names + r')\b')
    used = set()
    def repl(m):
        # Duplicates is also a field of catalogue's reports: as a
        # composite literal's key it stays.
        if bare and m.group(1) in fields and re.match(r'\s*:[^=]', m.string[m.end():]):
            return m.group(0)
        pkg, new = table[m.group(1)].split('.')
        if pkg in ('', own):
            return new
        used.add(pkg)
        return pkg + '.' + new
    field = re.compile(r'^(\s+)(\w+)(\s+[\[\]*\w.]+\s*(?://.*)?)$')
    def line_sub(l):
        m = field.match(l) if bare else None
        if m and m.group(2) != 'return':  # a struct field: its name stays
            name = selectors.get(m.group(2), m.group(2))
            return m.group(1) + name + code_sub(pat, repl, m.group(3))
        return code_sub(pat, repl, l)
    out = '\n'.join(line_sub(l) for l in text.split('\n'))
    if bare:
        sel = re.compile(r'\.(' + '|'.join(selectors) + r')\b')
        out = '\n'.join(code_sub(sel, lambda m: '.' + selectors[m.group(1)], l)
                         for l in out.split('\n'))
    if out == text:
        return False
    for pkg in used:
        out = add_import(out, pkg)
    open(path, 'w').write(out)
    return True

fields = {'Duplicates'}
changed = []
for path in sorted(glob.glob('**/*.go', recursive=True)):
    if path.startswith(('.', 'vendor/')):
        continue
    d = os.path.dirname(path)
    if d == 'catalogue':
        if rewrite(path, inside, True):
            changed.append(path)
    elif 'catalogue.' in open(path).read():
        if rewrite(path, moves, False):
            changed.append(path)
open('.surface-rewrite-files', 'w').write('\n'.join(changed))
PY
files=$(cat .surface-rewrite-files); rm -f .surface-rewrite-files
if [ -n "$files" ]; then
	$goimports -w $files
	echo "$files"
fi
