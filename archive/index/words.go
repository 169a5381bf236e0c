package index

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/uricat/uricat/catalogue/query"
)

// isCJK reports whether r is written without spaces between words:
// Chinese and Japanese (Han, hiragana, katakana and its length mark).
func isCJK(r rune) bool {
	return r >= 0x2e80 && (unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) || r == 'ー')
}

// isWordRune reports whether r is part of a word: a letter, a digit or
// a mark (the vowel signs of Indic scripts are marks). Every other rune
// separates words.
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return r != utf8.RuneError && unicode.In(r, unicode.L, unicode.N, unicode.M)
}

// unit is a piece of folded text a search matches: a word, or a run of
// CJK characters (cjk); start and end are where it is in the text.
type unit struct {
	text       string
	start, end int
	cjk        bool
}

// units cuts folded text into words and CJK runs, in order.
func units(folded string) []unit {
	var out []unit
	start, cjk := -1, false
	cut := func(end int) {
		out = append(out, unit{folded[start:end], start, end, cjk})
		start = -1
	}
	for i, r := range folded {
		switch c := isCJK(r); {
		case c || isWordRune(r):
			if start >= 0 && c != cjk {
				cut(i)
			}
			if start < 0 {
				start, cjk = i, c
			}
		case start >= 0:
			cut(i)
		}
	}
	if start >= 0 {
		cut(len(folded))
	}
	return out
}

// appendRun appends the tokens of a CJK run to b: its pairs of
// characters in order, then (end) its last character alone, which marks
// where the run ends and lets a search of one character find it there.
func appendRun(b *strings.Builder, run string, end bool) {
	space := func() {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
	}
	_, prev := utf8.DecodeRuneInString(run) // the size of the rune before i
	for i := prev; i < len(run); {
		_, n := utf8.DecodeRuneInString(run[i:])
		space()
		b.WriteString(run[i-prev : i+n])
		i, prev = i+n, n
	}
	if end {
		space()
		b.WriteString(run[len(run)-prev:])
	}
}

// Words returns the words of text as the index holds them: folded
// (query.Fold), one space between them, CJK runs as their pairs of
// characters and their last character.
func Words(text string) string {
	var b strings.Builder
	b.Grow(len(text) + len(text)/4)
	for _, u := range units(query.Fold(text)) {
		if u.cjk {
			appendRun(&b, u.text, true)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(u.text)
	}
	return b.String()
}

// minPrefix is how many characters the last word of a search must have
// to be looked for as a word's beginning: a shorter one is a whole word,
// as the pages that hold a word starting with one or two letters are
// most pages, which no search as one types can afford to gather.
const minPrefix = 3

// prefix reports whether the last of a search's units us is looked for
// as a beginning: a CJK run always (see match), a word of minPrefix
// characters or more.
func prefix(us []unit) bool {
	last := us[len(us)-1]
	return last.cjk || utf8.RuneCountInString(last.text) >= minPrefix
}

// match returns the FTS5 expression of a text: term's value (folded
// already): its words as one phrase, the last a word's beginning if it
// has minPrefix characters or more; "" if it has no word. A CJK run is its pairs, and its last character when a
// word follows it (the text's run must end there); a run of one
// character at the end is that character as a beginning, which the
// pairs and the last characters of the text's runs start with.
func match(folded string) string {
	us := units(query.Fold(folded))
	if len(us) == 0 {
		return ""
	}
	var b strings.Builder
	for i, u := range us {
		switch _, n := utf8.DecodeRuneInString(u.text); {
		case !u.cjk || n == len(u.text):
			// A word; or one CJK character: the text's run ends with
			// it, or (the last) goes on from it.
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(u.text)
		default:
			appendRun(&b, u.text, i < len(us)-1)
		}
	}
	if !prefix(us) {
		return `"` + b.String() + `"`
	}
	return `"` + b.String() + `"*`
}

// maxHead is how many characters of a word the index keeps as its
// beginning (Heads). FTS5 finds a beginning in the words by merging the
// lists, with their positions, of every word it begins, which for one of
// four characters costs many times reading one list; in the heads, a
// beginning of four characters is one list, and one of three an OR of
// the few heads it begins, lists without positions. Heads of three
// characters besides would take the index past half the text's size.
const maxHead = 4

// Heads returns the beginnings of the words of words (as Words returns
// them), each once, one space between them: a word's first maxHead
// characters, or the word itself when it has minPrefix to maxHead. That
// is what the index keeps besides the words, so that a search of a
// word's first characters, which most pages answer as one types, reads
// the lists of pages of a few heads rather than merging those of every
// word it begins (see headMatch). CJK tokens are shorter and have none.
func Heads(words string) string {
	var b strings.Builder
	seen := map[string]bool{}
	for w := range strings.SplitSeq(words, " ") {
		h, ok := head(w)
		if !ok || seen[h] {
			continue
		}
		seen[h] = true
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(h)
	}
	return b.String()
}

// head returns w's first maxHead characters, or w if it has fewer; false
// if it has fewer than minPrefix.
func head(w string) (string, bool) {
	n := 0
	for i := range w {
		if n == maxHead {
			return w[:i], true
		}
		n++
	}
	return w, n >= minPrefix
}

// headMatch returns the FTS5 expression, over the heads (Heads), of a
// text: term's value that is one word of minPrefix to maxHead
// characters, looked for as a beginning: that head, or a shorter word
// as the beginning of the heads; false for any other value, which the
// words answer (match).
func headMatch(folded string) (string, bool) {
	us := units(query.Fold(folded))
	if len(us) != 1 || us[0].cjk {
		return "", false
	}
	switch n := utf8.RuneCountInString(us[0].text); {
	case n == maxHead:
		return `"` + us[0].text + `"`, true
	case n >= minPrefix && n < maxHead:
		return `"` + us[0].text + `"*`, true
	}
	return "", false
}

// expandable returns a text: term's value that is one word looked for as
// a beginning which table finds by expanding it into the tokens it
// begins (Index.expand): the heads, one shorter than they are; the
// words, one longer; false for any other value.
func expandable(table, folded string) (string, bool) {
	us := units(query.Fold(folded))
	if len(us) != 1 || us[0].cjk {
		return "", false
	}
	n := utf8.RuneCountInString(us[0].text)
	if table == "heads" && n >= minPrefix && n < maxHead || table == "words" && n > maxHead {
		return us[0].text, true
	}
	return "", false
}

// anyOf returns the FTS5 expression of any of words.
func anyOf(words []string) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteString(" OR ")
		}
		// Words hold no quote; doubling one keeps the expression whole
		// whatever the vocabulary says.
		b.WriteString(`"` + strings.ReplaceAll(w, `"`, `""`) + `"`)
	}
	return b.String()
}
