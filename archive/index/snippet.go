package index

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/internal/display"
)

// Snip is an excerpt of a page around what a search found in it.
type Snip struct {
	Text       string // one line, no control characters, "…" where cut
	Start, End int    // where the match is in Text, in bytes (Start == End: none)
}

// Snippet returns about width runes of text around the first place one
// of terms (the text: terms of a search) is found, as the index finds it;
// the start of the text if none is. The excerpt is one line: white space
// and control characters become single spaces.
func Snippet(text string, terms []query.TextTerm, width int) Snip {
	folded, from := foldWithOffsets(text)
	us := units(string(folded))
	ms, me := -1, -1
	for _, t := range terms {
		if s, e, ok := find(us, units(query.Fold(t.Text))); ok && (ms < 0 || s < ms) {
			ms, me = s, e
		}
	}
	if ms < 0 {
		return window(text, 0, 0, width, false)
	}
	// Back to the text's bytes: the start of the rune the match starts
	// in, the end of the one it ends in.
	start := from[ms]
	_, n := utf8.DecodeRuneInString(text[from[me-1]:])
	return window(text, start, from[me-1]+n, width, true)
}

// foldWithOffsets folds text rune by rune (query.Fold) and returns, for
// each byte of the folding, where the rune it came from starts in text.
func foldWithOffsets(text string) ([]byte, []int) {
	folded := make([]byte, 0, len(text))
	from := make([]int, 0, len(text))
	for i, r := range text {
		if r < utf8.RuneSelf {
			folded = append(folded, byte(unicode.ToLower(r)))
			from = append(from, i)
			continue
		}
		f := query.Fold(string(r))
		folded = append(folded, f...)
		for range len(f) {
			from = append(from, i)
		}
	}
	return folded, from
}

// find returns where in the folded text (cut into us) the search's units
// q first are, as the index matches them: words whole but the last,
// which may be a beginning (prefix); a CJK run anywhere in the text's first, the
// whole of those between, the beginning of the last.
func find(us, q []unit) (start, end int, ok bool) {
	if len(q) == 0 {
		return 0, 0, false
	}
	for i := 0; i+len(q) <= len(us); i++ {
		if s, e, ok := matchAt(us[i:i+len(q)], q); ok {
			return s, e, true
		}
	}
	return 0, 0, false
}

// matchAt reports whether the units t hold q's, one for one, and where.
func matchAt(t, q []unit) (start, end int, ok bool) {
	last := len(q) - 1
	for k := range q {
		tu, qu := t[k], q[k]
		if tu.cjk != qu.cjk {
			return 0, 0, false
		}
		from, to := 0, len(tu.text) // what of tu matches
		switch {
		case qu.cjk && k == 0 && k == last:
			if from = strings.Index(tu.text, qu.text); from < 0 {
				return 0, 0, false
			}
			to = from + len(qu.text)
		case qu.cjk && k == 0:
			if !strings.HasSuffix(tu.text, qu.text) {
				return 0, 0, false
			}
			from = len(tu.text) - len(qu.text)
		case k == last && prefix(q):
			if !strings.HasPrefix(tu.text, qu.text) {
				return 0, 0, false
			}
			to = len(qu.text)
		case tu.text != qu.text:
			return 0, 0, false
		}
		if k == 0 {
			start = tu.start + from
		}
		end = tu.start + to
	}
	return start, end, true
}

// window cuts about width runes of text around [ms, me), a third of them
// before it, at spaces where it can, and makes them one line.
func window(text string, ms, me, width int, found bool) Snip {
	from := ms
	for n := 0; from > 0 && n < width/3; n++ {
		_, size := utf8.DecodeLastRuneInString(text[:from])
		from -= size
	}
	if i := strings.IndexFunc(text[from:ms], unicode.IsSpace); from > 0 && i >= 0 {
		from += i + 1 // not in the middle of a word
	}
	to := from
	for n := 0; to < len(text) && (n < width || to < me); n++ {
		_, size := utf8.DecodeRuneInString(text[to:])
		to += size
	}
	if i := strings.LastIndexFunc(text[me:to], unicode.IsSpace); to < len(text) && i > 0 {
		to = me + i
	}
	var b strings.Builder
	snip := Snip{}
	if from > 0 {
		b.WriteString("…")
	}
	space := false
	for i, r := range text[from:to] {
		if from+i == ms && found {
			snip.Start = b.Len()
		}
		if from+i == me && found {
			snip.End = b.Len()
		}
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			if !space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = true
			continue
		}
		space = false
		b.WriteString(display.Clean(string(r)))
	}
	if found && me >= to {
		snip.End = b.Len()
	}
	if to < len(text) {
		b.WriteString("…")
	}
	snip.Text = b.String()
	return snip
}
