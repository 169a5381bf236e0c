package importers

import (
	"fmt"
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// FloodKeep is how many diagnostics of one kind a Summary keeps: after
// them, one line says how many more there were. A file with 500,000
// repeated column names, or a citation nested 100,000 deep, gets six lines,
// not half a million.
const FloodKeep = 5

// maxKinds bounds the kinds a flood counts; a diagnostic of a kind beyond
// them is kept as it comes.
const maxKinds = 4096

// flood gathers diagnostics, summarising each kind's after the first
// FloodKeep.
type flood struct {
	kept  []ssd3.Diagnostic
	kinds map[string]*kind
}

// kind is one kind of diagnostic: how many came, where the line that
// stands for those not kept is, and the last of them.
type kind struct {
	n    int
	at   int // index in kept of the "and N more" line
	last ssd3.Diagnostic
}

// add takes one diagnostic.
func (f *flood) add(d ssd3.Diagnostic) {
	if f.kinds == nil {
		f.kinds = map[string]*kind{}
	}
	key := kindKey(d)
	k := f.kinds[key]
	if k == nil {
		if len(f.kinds) >= maxKinds {
			f.kept = append(f.kept, d)
			return
		}
		k = &kind{}
		f.kinds[key] = k
	}
	k.n++
	k.last = d
	switch {
	case k.n <= FloodKeep:
		f.kept = append(f.kept, d)
	case k.n == FloodKeep+1:
		k.at = len(f.kept)
		f.kept = append(f.kept, d) // its message is written by done
	}
}

// done writes the "and N more" lines and returns the diagnostics kept.
func (f *flood) done() []ssd3.Diagnostic {
	for _, k := range f.kinds {
		if more := k.n - FloodKeep; more > 0 {
			d := &f.kept[k.at]
			d.Msg = fmt.Sprintf("and %d more like this", more)
			if at := k.last.In("").Where(); at != "" {
				d.Msg += ", the last at " + at
			}
		}
	}
	return f.kept
}

// Summarise returns ds with each flood of one kind summarised, as a
// Summary's diagnostics are: after the first FloodKeep of a kind, one says
// "and N more like this". For what a writer reports of every record it
// writes.
func Summarise(ds []ssd3.Diagnostic) []ssd3.Diagnostic {
	var f flood
	for _, d := range ds {
		f.add(d)
	}
	return f.done()
}

// kindKey is what diagnostics of one kind have in common: their Kind, and
// their message with its numbers, quoted parts and URLs left out, so that
// `column "x" is named twice` at line 3 and `column "y" is named twice` at
// line 9 are one kind.
func kindKey(d ssd3.Diagnostic) string {
	var b strings.Builder
	b.Grow(len(d.Msg) + 1)
	b.WriteByte(byte('0' + d.Kind))
	m := d.Msg
	for i := 0; i < len(m); i++ {
		if i == 0 || m[i-1] == ' ' {
			end := strings.IndexByte(m[i:], ' ')
			if end < 0 {
				end = len(m) - i
			}
			if strings.Contains(m[i:i+end], "://") {
				b.WriteString("<URL>")
				i += end - 1
				continue
			}
		}
		switch c := m[i]; {
		case c >= '0' && c <= '9':
			for i+1 < len(m) && m[i+1] >= '0' && m[i+1] <= '9' {
				i++
			}
			b.WriteByte('#')
		case c == '"':
			// A Go-quoted string (%q): to its closing quote.
			for i++; i < len(m) && m[i] != '"'; i++ {
				if m[i] == '\\' {
					i++
				}
			}
			b.WriteString(`""`)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
