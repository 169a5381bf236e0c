package query

import (
	"runtime"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/uricat/uricat/catalogue/dupset"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/internal/parallel"
	"github.com/uricat/uricat/internal/printable"
)

// doc is a record as a search sees it: the folded text of the fields that
// words search (NAME, CATEGORY, the tags, DESCRIPTION), and the record for
// every other field. An Index holds the folded text; a one-off search
// folds each field only when a term asks for it.
type doc struct {
	rec  *ssd3.Record
	text [numParts]string
	have uint8 // bits of the parts folded so far

	// From an Index only: every part, each but the last ended by a NUL
	// (so that a word, which holds none, is found within one), to pass
	// over most records quickly and to cut the parts from; where those
	// NULs are (see span); and the charMasks of the bytes of NAME,
	// CATEGORY and the tags, and of those that start their words.
	all            string
	nuls           uint32
	fields, starts uint32
	// atPos: the doc is of the record at pos in an Index, where a
	// text: term finds its pages by position (Query.atIndex).
	pos   int32
	atPos bool

	// From Filter only: where the parts are folded, so that a search
	// over many records does not allocate for each (see part).
	scratch *[]byte

	// The fuzzy scores of the categories and tags a search has seen
	// (see seenScore); nil: none kept.
	seen *seenScores

	// The records of the catalogue searched that look like another
	// (DupSet), for dup: terms; nil for a search that has none, and for
	// Match, which sees no other record.
	dups map[*ssd3.Record]bool

	// The link status of a URI (Query.WithLinks), for link: terms; nil:
	// every link is unchecked.
	links func(uri string) linkcheck.Status
}

// seenScores remembers the fuzzy scores of a word in the categories and
// tags of the records one goroutine searches: a catalogue has few of
// them, and most records share one. A slot holds the last field and
// word that hashed to it.
type seenScores [64]struct {
	field, word string
	score       int
}

// seenScore is fuzzyScore(field, w), remembered in d.seen.
func (d *doc) seenScore(field, w string) int {
	if d.seen == nil || field == "" {
		return fuzzyScore(field, w)
	}
	s := &d.seen[(len(field)*31+int(field[0])+int(field[len(field)-1])*7)&63]
	if s.field == field && s.word == w {
		return s.score
	}
	s.field, s.word, s.score = field, w, fuzzyScore(field, w)
	return s.score
}

// The parts of a doc, in the order an Index stores them.
const (
	partName = iota
	partCategory
	partTags
	partDescription
	numParts
)

// tagSep separates the tags of the tags part; folded text never holds it.
const tagSep = '\x1f'

func (d *doc) part(p int) string {
	if d.have&(1<<p) == 0 {
		switch _, _, _, near := d.ends(); {
		case near:
			// The NULs that end the parts are all near: where the
			// doc has them.
			start, end := 0, len(d.all)
			if p > 0 {
				start = int(uint8(d.nuls>>(8*(p-1)))) + 1
			}
			if p < partDescription {
				end = int(uint8(d.nuls >> (8 * p)))
			}
			d.text[p] = d.all[start:end]
		case d.all != "":
			d.text[p] = farPart(d.all, p)
		case d.scratch != nil:
			// The scratch space is reused for the next record, once this
			// one's doc is gone; a part already folded keeps the array it
			// was folded into, should appending move the slice.
			b := *d.scratch
			start := len(b)
			b = d.fold(p, b)
			*d.scratch = b
			d.text[p] = unsafe.String(unsafe.SliceData(b[start:]), len(b)-start)
		default:
			d.text[p] = string(d.fold(p, nil))
		}
		d.have |= 1 << p
	}
	return d.text[p]
}

// ends returns where in d.all the NULs that end NAME, CATEGORY and the
// tags are, and near: whether the index notes them all (it does not for a
// part of nulFar bytes or more, nor for a doc not from an index).
func (d *doc) ends() (n0, n1, n2 int, near bool) {
	n0, n1, n2 = int(uint8(d.nuls)), int(uint8(d.nuls>>8)), int(uint8(d.nuls>>16))
	return n0, n1, n2, d.all != "" && n2 != nulFar
}

// scoredParts returns the parts a word is scored in: NAME, CATEGORY and
// the tags. Every word of a search needs all three, so when the index
// notes where they end (the common case) they are cut at once.
func (d *doc) scoredParts() (name, category, tags string) {
	n0, n1, n2, near := d.ends()
	if !near {
		return d.part(partName), d.part(partCategory), d.part(partTags)
	}
	return d.all[:n0], d.all[n0+1 : n1], d.all[n1+1 : n2]
}

// reuse makes d, a doc not from an index, the doc of r and returns it. A
// search without an index keeps one doc for the records it searches one
// after another: a qualifier's eval, called through qualifierTable, keeps
// a doc on the heap, and one allocated for each record would cost more
// than the search of most. Only rec and have change from one record to
// the next (the parts are read only once have says they are there).
func (d *doc) reuse(r *ssd3.Record) *doc {
	d.rec, d.have, d.atPos = r, 0, false
	return d
}

// farPart returns part p of all, the text of a record in an Index,
// looking for the NULs that end its parts.
func farPart(all string, p int) string {
	for range p {
		all = all[strings.IndexByte(all, 0)+1:]
	}
	if p < partDescription {
		all = all[:strings.IndexByte(all, 0)]
	}
	return all
}

// fold appends part p of the record, folded, to dst.
func (d *doc) fold(p int, dst []byte) []byte {
	switch p {
	case partName:
		return appendFold(dst, d.rec.Name())
	case partCategory:
		return appendFold(dst, d.rec.Category())
	case partTags:
		return appendTags(dst, d.rec)
	}
	return appendFold(dst, d.rec.Description())
}

// appendTags appends the record's tags, folded, each without the blanks
// around it, separated by tagSep. X-TAGS holds tags separated by commas,
// as browsers write them ("hiking, road trip"); empty ones are left out.
func appendTags(dst []byte, r *ssd3.Record) []byte {
	v := r.Extension(TagsField)
	n := len(dst)
	for tag := range strings.SplitSeq(v, ",") {
		if tag = strings.TrimSpace(tag); tag == "" {
			continue
		}
		if len(dst) > n {
			dst = append(dst, tagSep)
		}
		start := len(dst)
		dst = appendFold(dst, tag)
		if t := strings.TrimSpace(string(dst[start:])); len(t) != len(dst)-start {
			dst = append(dst[:start], t...) // a tag of controls or marks only
		}
	}
	return dst
}

// eachTag calls f with each tag of a folded tags part, until f returns true.
func eachTag(tags string, f func(string) bool) bool {
	for tags != "" {
		tag := tags
		if i := strings.IndexByte(tags, tagSep); i >= 0 {
			tag, tags = tags[:i], tags[i+1:]
		} else {
			tags = ""
		}
		if f(tag) {
			return true
		}
	}
	return false
}

// Weights of the fields that rank matches. SSD3 forbids ordering records
// by URI (3.1) or DESCRIPTION (3.5): they never add to a score.
const (
	weightName     = 3
	weightCategory = 2
	weightTag      = 2
)

// eval reports whether d matches q and how well: the sum, over q's words
// and phrases, of their best score in NAME, CATEGORY or a tag (0 for one
// found only in DESCRIPTION; for a disjunction, see term.any).
func (q *Query) eval(d *doc) (int, bool) {
	total := 0
	for i := range q.terms {
		t := &q.terms[i]
		score, ok := t.eval(d)
		if ok == t.neg {
			return 0, false
		}
		if ok && !t.neg {
			total += score
		}
	}
	return total, true
}

// eval reports whether d holds t (regardless of t.neg), and t's score.
func (t *term) eval(d *doc) (int, bool) {
	switch t.kind {
	case kindWord:
		return t.word(d)
	case kindPhrase:
		return t.phrase(d)
	case kindQualified:
		if t.qual.text {
			h, ok := t.docHit(d)
			return h.Score, ok
		}
		return 0, t.qual.eval(t, d)
	case kindOr:
		return t.any(d)
	}
	return 0, false
}

// phrase is eval for a phrase: within NAME, CATEGORY, a tag or
// DESCRIPTION, scored in the first three.
func (t *term) phrase(d *doc) (int, bool) {
	if d.all != "" && (t.neg || !strings.Contains(d.all, t.text)) {
		return 0, strings.Contains(d.all, t.text) // an exclusion needs no score
	}
	return phraseScore(d, t.text)
}

// any is eval for a disjunction: whether d matches any alternative, and
// the sum of the scores of those it matches, so that a record holding
// both words of "jazz OR blues" ranks above one holding either.
func (t *term) any(d *doc) (int, bool) {
	total, ok := 0, false
	for i := range t.alts {
		a := &t.alts[i]
		score, holds := a.eval(d)
		if holds != a.neg {
			ok = true
			if !a.neg {
				total += score
			}
		}
	}
	return total, ok
}

// word is eval for a free word: its letters in order in NAME, CATEGORY
// or a tag, or the word itself anywhere; a search of one word (most, as
// one types) calls it for each record, without eval's switch.
func (t *term) word(d *doc) (int, bool) {
	if d.all != "" && d.fields&t.mask != t.mask {
		// A byte of the word is in no field that scores (NAME,
		// CATEGORY, a tag): neither the word nor its letters in
		// order are there, only DESCRIPTION may hold it.
		return 0, indexShort(d.part(partDescription), t.text) >= 0
	}
	first := -1 // where the word first is in d.all
	if d.all != "" {
		first = indexShort(d.all, t.text)
	}
	in := d.all == "" || first >= 0 // else in no part
	if !in && !d.maySpell(t.text) {
		// Not in any field; and, as fuzzyMatch would find, not
		// spelt out from a word's start in NAME, CATEGORY or a tag.
		return 0, false
	}
	return wordScore(d, t.text, in, first)
}

// maySpell reports whether w may be spelt out (its letters in order, as
// fuzzyMatch finds them) in NAME, CATEGORY or a tag of d, beyond being
// there itself: not if w is one byte (its letters in order are w itself;
// one rune of several bytes fuzzyScore tells apart), nor if no word of
// those fields starts with w's first byte, as an index's starts mask
// (textMasks) tells.
func (d *doc) maySpell(w string) bool {
	return len(w) > 1 && (d.all == "" || d.starts&byteBit[w[0]] != 0)
}

func compare(d int, op string) bool {
	switch op {
	case ">":
		return d > 0
	case ">=":
		return d >= 0
	case "<":
		return d < 0
	case "<=":
		return d <= 0
	}
	return d == 0
}

// lowerASCII lower-cases LANGUAGE and TYPE values, which are ASCII.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			return strings.ToLower(s)
		}
	}
	return s
}

// wordScore matches a free word: its letters in order (fuzzily) in NAME,
// CATEGORY or a tag, scored; or within DESCRIPTION, unscored. Almost any
// short word is spelt out somewhere in a long description, so there only
// the word itself counts. in is false when d's text is known not to hold
// the word itself anywhere; first is where it first is in the text of an
// index's doc (-1: not known).
func wordScore(d *doc, w string, in bool, first int) (int, bool) {
	// The word itself first: it scores more than its letters in order
	// (fuzzyScore) ever do, so those are looked for only in a field
	// where they could beat the best score so far.
	name, category, tags := d.scoredParts()
	inName, inCategory, best := 0, 0, 0
	if n, c, t, ok := d.substringScores(w, first); ok {
		inName, inCategory, best = n, c, max(n*weightName, c*weightCategory, t*weightTag)
	} else if in {
		inName, inCategory = substringFieldScore(name, w), substringFieldScore(category, w)
		best = max(inName*weightName, inCategory*weightCategory)
		eachTag(tags, func(tag string) bool {
			best = max(best, substringFieldScore(tag, w)*weightTag)
			return false
		})
	}
	fuzzy := d.maySpell(w)
	if fuzzy && best < maxFuzzyScore*weightName && inName == 0 {
		best = max(best, fuzzyScore(name, w)*weightName)
	}
	if fuzzy && best < maxFuzzyScore*weightCategory && inCategory == 0 {
		best = max(best, d.seenScore(category, w)*weightCategory)
	}
	if fuzzy && best < maxFuzzyScore*weightTag {
		eachTag(tags, func(tag string) bool {
			if !in || !strings.Contains(tag, w) {
				best = max(best, d.seenScore(tag, w)*weightTag)
			}
			return false
		})
	}
	if best > 0 || !in {
		return best, best > 0
	}
	if first >= 0 {
		// In the text, and not in a field that scores: in DESCRIPTION.
		return 0, true
	}
	return 0, indexShort(d.part(partDescription), w) >= 0
}

// indexShort is strings.Index for the words of a search, in the texts
// of records: where two bytes or more, up to 16, found by their first
// bytes with indexPrefix (where that compares many places at once) and
// checked; else in windows (indexWindows).
func indexShort(s, w string) int {
	switch {
	case len(w) == 1:
		return strings.IndexByte(s, w[0])
	case len(w) == 0 || len(w) > 16:
		return strings.Index(s, w)
	case !haveIndexPrefix:
		return indexWindows(s, w)
	}
	for at := 0; ; at++ {
		i := indexPrefix(s[at:], w)
		if i < 0 {
			return -1
		}
		if at += i; len(w) <= 3 || strings.HasPrefix(s[at:], w) {
			return at
		}
	}
}

// indexWindows is strings.Index for a word of 2 to 16 bytes, which
// strings.Index looks for a byte at a time in a text longer than 64
// bytes, stopping at each of its first byte; a text of 64 bytes or less
// it compares at every place at once. So the text is searched in windows
// of 64 bytes that overlap by the word's length less one. (Up to 16: a
// window then moves on by 49 bytes or more, and most words typed are
// shorter; a DESCRIPTION, searched for every record whose scored fields
// lack a byte of the word, is longer than 64 bytes as often as not.)
func indexWindows(s, w string) int {
	const window = 64
	at := 0
	for len(s)-at > window {
		if i := strings.Index(s[at:at+window], w); i >= 0 {
			return at + i
		}
		at += window - len(w) + 1
	}
	if i := strings.Index(s[at:], w); i >= 0 {
		return at + i
	}
	return -1
}

// substringScores scores a word in the parts of d, given where it first
// is in d.all: one search from there on finds where it first is in each
// part that holds it, skipping to the next part (or tag) once found, and
// stopping at DESCRIPTION, which adds nothing to a score. It gives what
// substringFieldScore gives for NAME, CATEGORY and the best tag; ok is
// false, and it does nothing, unless first is known (>= 0) and the index
// notes where d's parts end.
func (d *doc) substringScores(w string, first int) (inName, inCategory, inTag int, ok bool) {
	all := d.all
	n0, n1, n2, near := d.ends()
	if first < 0 || !near {
		return 0, 0, 0, false
	}
	for i := first; i < n2; {
		// Folded text holds no NUL nor tagSep, and neither does a
		// word: a match lies within a part, and within a tag.
		next := n2
		switch {
		case i < n0:
			inName, next = substringScore(all[:n0], i, len(w)), n0+1
		case i < n1:
			inCategory, next = substringScore(all[n0+1:n1], i-(n0+1), len(w)), n1+1
		default:
			start := n1 + 1
			if j := strings.LastIndexByte(all[start:i], tagSep); j >= 0 {
				start += j + 1
			}
			end := n2
			if j := strings.IndexByte(all[i:n2], tagSep); j >= 0 {
				end = i + j
			}
			inTag, next = max(inTag, substringScore(all[start:end], i-start, len(w))), end+1
		}
		if next >= n2 {
			break
		}
		if i = indexShort(all[next:n2], w); i < 0 {
			break
		}
		i += next
	}
	return inName, inCategory, inTag, true
}

// phraseScore matches a phrase within any of the fields words search.
func phraseScore(d *doc, p string) (int, bool) {
	best, found := 0, false
	for _, f := range []struct {
		part, weight int
	}{{partName, weightName}, {partCategory, weightCategory}, {partTags, weightTag}} {
		text := d.part(f.part)
		if i := strings.Index(text, p); i >= 0 {
			best, found = max(best, substringScore(text, i, len(p))*f.weight), true
		}
	}
	return best, found || strings.Contains(d.part(partDescription), p)
}

// substringFieldScore scores word in field (both folded) where the field
// holds the word itself: more for a whole word, at the start of a word,
// near the field's start; 0 if it does not hold it.
func substringFieldScore(field, word string) int {
	if i := strings.Index(field, word); i >= 0 {
		return substringScore(field, i, len(word))
	}
	return 0
}

// maxFuzzyScore is the most fuzzyScore gives, less than any
// substringScore.
const maxFuzzyScore = 130

// fuzzyScore scores word in a field that does not hold the word itself:
// 0 unless its letters are there in order as fuzzyMatch finds them, more
// the tighter they are.
func fuzzyScore(field, word string) int {
	// The field does not hold the word itself: no match is tighter than
	// the word and one byte between two of its letters.
	least := len(word) + 1
	// A short ASCII field (most NAMEs) as masks; else, for two letters,
	// the second key of most searches, which match most records, one
	// pass over the field instead of the two below.
	span, ok := fuzzySpanBits(field, word, least)
	if !ok && len(word) == 2 && word[0] < utf8.RuneSelf && word[1] < utf8.RuneSelf {
		span, ok = fuzzySpan2ASCII(field, word[0], word[1], least)
	}
	if !ok {
		at := mayFuzzyMatch(field, word)
		if at < 0 {
			return 0 // the common case, and cheaper to tell
		}
		// No match starts before at, where the word's first rune
		// first starts a word of field.
		start, end, ascii := fuzzyMatchASCII(field[at:], word, least)
		if !ascii {
			start, end = fuzzyMatch(field[at:], word, nil)
		}
		span = end - start
		if start < 0 {
			span = -1
		}
	}
	if span < 0 {
		return 0
	}
	gaps := span - len(word)
	return maxFuzzyScore - min(gaps*4, 90)
}

// fuzzySpan2ASCII is the length of the tightest match fuzzyMatch finds of
// the word of the two ASCII bytes a and b in field (-1 if none), found in
// one pass: a must start a word, and b either start a later word or be in
// a's word. ok is false if field is not ASCII where that matters (a
// multi-byte rune never holds an ASCII byte, so only the bytes from the
// first a that starts a word on, and the one before it, do). A match as
// tight as least is the tightest: it stops there (3, in a field that does
// not hold the word itself, as fuzzyScore's do not).
func fuzzySpan2ASCII(field string, a, b byte, least int) (span int, ok bool) {
	// Nothing before the first a that starts a word can match: skip to
	// it (most fields a word is looked for in have none).
	first := 0
	for {
		i := strings.IndexByte(field[first:], a)
		if i < 0 {
			return -1, true
		}
		first += i
		if first == 0 {
			break
		}
		if c := field[first-1]; c >= utf8.RuneSelf {
			return 0, false
		} else if !asciiWord[c] {
			break
		}
		first++
	}
	span = -1
	lastA := -1          // the latest word start holding a
	nonWord := first - 1 // the latest byte that is not a word's
	for j := first; j < len(field); j++ {
		c := field[j]
		if c >= utf8.RuneSelf {
			return 0, false
		}
		ws := j == 0 || nonWord == j-1
		if c == b && j > 0 {
			start := -1
			switch {
			case ws:
				start = lastA
			case field[nonWord+1] == a && asciiWord[a]:
				start = nonWord + 1 // the start of b's word
			}
			if start >= 0 && (span < 0 || j+1-start < span) {
				span = j + 1 - start
				if span <= least {
					return span, true
				}
			}
		}
		if c == a && ws {
			lastA = j
		}
		if !asciiWord[c] {
			nonWord = j
		}
	}
	return span, true
}

// mayFuzzyMatch tells cheaply most fields fuzzyMatch would not find word
// in: it must start at a word's start, and the rest follow in order. It
// returns where the first rune of word first starts a word of field, if
// the rest follow it in order, else -1.
func mayFuzzyMatch(field, word string) int {
	r, n := utf8.DecodeRuneInString(word)
	if n == len(word) {
		return -1 // one rune: a fuzzy match would be a substring
	}
	for at := 0; at < len(field); {
		i := strings.IndexRune(field[at:], r)
		if i < 0 {
			return -1
		}
		at += i
		if wordStart(field, at) {
			if isSubsequence(field[at+n:], word[n:]) {
				return at
			}
			return -1
		}
		at += n
	}
	return -1
}

// isSubsequence reports whether word's runes are in field in order.
func isSubsequence(field, word string) bool {
	at := 0
	for _, r := range word {
		var j int
		if r < utf8.RuneSelf {
			j = strings.IndexByte(field[at:], byte(r))
		} else {
			j = strings.IndexRune(field[at:], r)
		}
		if j < 0 {
			return false
		}
		// Past the rune found, by its own length: one IndexRune finds
		// for utf8.RuneError may be a lone invalid byte.
		_, n := utf8.DecodeRuneInString(field[at+j:])
		at += j + n
	}
	return true
}

func substringScore(field string, i, n int) int {
	sc := 200 - min(i, 50)
	if wordStart(field, i) {
		sc += 100
		if r, _ := utf8.DecodeRuneInString(field[i+n:]); i+n == len(field) || !isWordRune(r) {
			sc += 50 // the whole word
		}
	}
	return sc
}

// fuzzyMatch finds word's runes in field in order, where each is at the
// start of a word of the field or in the same word as the rune before:
// "gdv" is in "go.dev" (g·o.d·e·v), "lkr" in "Linux kernel release", but
// "cafe" is not in "specification of uri-catalogue format", though its
// letters are there in order. It returns where the tightest such match
// starts and ends (start is -1 if there is none), and with trace, the
// position of each of word's runes in it. A match of a word is a match of
// every beginning of it, so that typing on only ever narrows.
func fuzzyMatch(field, word string, trace *[]int) (start, end int) {
	// levels[i] holds the places word's rune i can take: each with the
	// latest start of a match of the runes before that ends there.
	type place struct{ pos, start, from int32 }
	var bufA, bufB [32]place
	cur, next := bufA[:0], bufB[:0]
	var levels [][]place
	i := 0
	for _, c := range word {
		next = next[:0]
		k := 0         // the next place of cur not yet left behind
		bestAny := -1  // the latest start among cur's places before here
		bestWord := -1 // the same, within the current word of field
		fromAny, fromWord := -1, -1
		for j, r := range field {
			for i > 0 && k < len(cur) && int(cur[k].pos) < j {
				if s := int(cur[k].start); s > bestAny {
					bestAny, fromAny = s, k
				}
				// Only the place's own rune lies between it and here.
				if r, _ := utf8.DecodeRuneInString(field[cur[k].pos:]); isWordRune(r) && int(cur[k].start) > bestWord {
					bestWord, fromWord = int(cur[k].start), k
				}
				k++
			}
			if r == c {
				switch {
				case i == 0 && wordStart(field, j):
					next = append(next, place{int32(j), int32(j), -1})
				case i > 0 && wordStart(field, j) && bestAny >= 0:
					next = append(next, place{int32(j), int32(bestAny), int32(fromAny)})
				case i > 0 && bestWord >= 0:
					next = append(next, place{int32(j), int32(bestWord), int32(fromWord)})
				}
			}
			if !isWordRune(r) {
				bestWord, fromWord = -1, -1
			}
		}
		if len(next) == 0 {
			return -1, 0
		}
		if trace != nil {
			levels = append(levels, slices.Clone(next))
		}
		cur, next = next, cur
		i++
	}
	if i == 0 {
		return -1, 0
	}
	// The tightest match: the shortest span from its start to its end.
	best := 0
	for k, p := range cur {
		if int(p.pos-p.start) < int(cur[best].pos-cur[best].start) {
			best = k
		}
	}
	_, n := utf8.DecodeRuneInString(field[cur[best].pos:])
	if trace != nil {
		at := make([]int, len(levels))
		for l, k := len(levels)-1, best; l >= 0; l-- {
			at[l] = int(levels[l][k].pos)
			k = int(levels[l][k].from)
		}
		*trace = at
	}
	return int(cur[best].start), int(cur[best].pos) + n
}

// fuzzyMatchASCII is fuzzyMatch without a trace, for a field and word of
// ASCII alone (ok false: they are not): the common case, and much the
// faster. It keeps fuzzyMatch's places, but visits only the bytes
// that are the word's: from one to the next with IndexByte, the best
// start of a match of the runes before taken from the places passed (any
// for a word's start, else those since the last byte that is not a
// word's).
//
// A match whose span is least is the tightest there can be, and the
// first found of its span: the search stops there (len(word)+1 in a field
// that does not hold the word itself, as fuzzyScore's do not).
func fuzzyMatchASCII(field, word string, least int) (start, end int, ok bool) {
	for i := 0; i < len(word); i++ {
		if word[i] >= utf8.RuneSelf {
			return 0, 0, false
		}
	}
	if !printable.ASCIIString(field) {
		return 0, 0, false
	}
	if word == "" {
		return -1, 0, true
	}
	type place struct{ pos, start int32 }
	var bufA, bufB [32]place
	cur, next := bufA[:0], bufB[:0]
	for i := 0; i < len(word); i++ {
		c, last := word[i], i == len(word)-1
		next = next[:0]
		k, bestAny := 0, -1 // the places of cur passed, and their latest start
		for j := 0; j < len(field); j++ {
			n := strings.IndexByte(field[j:], c)
			if n < 0 {
				break
			}
			j += n
			ws := j == 0 || !asciiWord[field[j-1]]
			if i == 0 {
				if ws {
					next = append(next, place{int32(j), int32(j)})
				}
				continue
			}
			for k < len(cur) && int(cur[k].pos) < j {
				bestAny = max(bestAny, int(cur[k].start))
				k++
			}
			if ws {
				if bestAny >= 0 {
					if last && j+1-bestAny <= least {
						return bestAny, j + 1, true
					}
					next = append(next, place{int32(j), int32(bestAny)})
				}
				continue
			}
			// Within a word: the places since the byte before the
			// word, each a word's byte.
			from := j - 1
			for from >= 0 && asciiWord[field[from]] {
				from--
			}
			bestWord := -1
			for p := k - 1; p >= 0 && int(cur[p].pos) > from; p-- {
				if asciiWord[field[cur[p].pos]] {
					bestWord = max(bestWord, int(cur[p].start))
				}
			}
			if bestWord >= 0 {
				if last && j+1-bestWord <= least {
					return bestWord, j + 1, true
				}
				next = append(next, place{int32(j), int32(bestWord)})
			}
		}
		if len(next) == 0 {
			return -1, 0, true
		}
		cur, next = next, cur
	}
	best := 0
	for k, p := range cur {
		if p.pos-p.start < cur[best].pos-cur[best].start {
			best = k
		}
	}
	return int(cur[best].start), int(cur[best].pos) + 1, true
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiWord[r]
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// asciiWord tells the ASCII letters and digits.
var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	return t
}()

// wordStart reports whether byte i of s begins a word.
func wordStart(s string, i int) bool {
	if i == 0 {
		return true
	}
	if c := s[i-1]; c < utf8.RuneSelf {
		return !asciiWord[c]
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return !isWordRune(r)
}

// Match reports whether q matches r. It sees r alone: to it no record
// looks like another (dup:yes matches none, dup:no all); Filter and
// Index.Search see the whole catalogue.
func (q *Query) Match(r *ssd3.Record) bool {
	_, ok := q.eval(&doc{rec: r, links: q.links})
	return ok
}

// Searches split their work over the CPUs in contiguous shares of this
// many records, once there is more than one. Filter folds records as it
// goes, so each costs it many times what an index's does, and its shares
// are smaller: a share as large as an index's would be a good part of
// what `uricat list --search` spends (BenchmarkFilter and
// BenchmarkMatcher measure both).
const (
	parallelFrom = 16384
	filterShare  = 1024
)

// Filter returns the records of recs that q matches, in their order. It
// folds each record's text as it goes, only as far as the terms need: the
// way to search a catalogue once, where building an Index would cost more
// than it saves.
func Filter(recs []*ssd3.Record, q *Query) []*ssd3.Record {
	if q.Empty() {
		return slices.Clone(recs)
	}
	var dups map[*ssd3.Record]bool
	if q.dup {
		dups = DupSet(recs)
	}
	parts := split(len(recs), filterShare, func() func(lo, hi int) []*ssd3.Record {
		scratch := make([]byte, 0, 1024)
		d := &doc{scratch: &scratch, dups: dups, links: q.links}
		return func(lo, hi int) []*ssd3.Record {
			var out []*ssd3.Record
			for _, r := range recs[lo:hi] {
				scratch = scratch[:0]
				if _, ok := q.eval(d.reuse(r)); ok {
					out = append(out, r)
				}
			}
			return out
		}
	})
	return slices.Concat(parts...)
}

// Matcher returns a test of whether q matches a record, as Filter
// would find it, for one goroutine to call with one record after another
// (it reuses its memory from one to the next), or nil if q asks about
// the whole catalogue (dup:), which no test of a record alone can tell.
// It keeps nothing of a record: a catalogue read calls it on each record
// as it reads them, to hold only the matches
// (catalogue.Where).
func (q *Query) Matcher() func(*ssd3.Record) bool {
	if q.dup {
		return nil
	}
	if q.Empty() {
		return func(*ssd3.Record) bool { return true }
	}
	words := q.plainWords()
	scratch := make([]byte, 0, 1024)
	d := &doc{scratch: &scratch, links: q.links}
	return func(r *ssd3.Record) bool {
		if len(words) > 0 && !mayHoldAll(r, words) {
			return false
		}
		scratch = scratch[:0]
		_, ok := q.eval(d.reuse(r))
		return ok
	}
}

// plainWords returns the words and phrases every record q matches holds
// (the terms of its conjunction that are neither excluded nor
// qualified), for mayHoldAll.
func (q *Query) plainWords() []string {
	var words []string
	for i := range q.terms {
		if t := &q.terms[i]; !t.neg && (t.kind == kindWord || t.kind == kindPhrase) && t.text != "" {
			words = append(words, t.text)
		}
	}
	return words
}

// mayHoldAll reports whether r may hold each of words (folded words and
// phrases), as far as a look at its text that folds nothing tells: most
// records a search reads do not, and telling costs a fraction of eval.
// It is false only when eval would be (a fuzz test holds Matcher to
// Filter).
//
// A word holds in a record (term.word, wordScore) when it is within its
// folded DESCRIPTION, or within, or spelt out in order (fuzzyMatch), its
// folded NAME, CATEGORY or a folded tag; a phrase (phraseScore) when it
// is within one of them. So either way, a record that holds it has it
// within its DESCRIPTION or as a subsequence of NAME, CATEGORY or X-TAGS
// (a tag's folding is part of the folding of X-TAGS: runes fold one by
// one). Text of ASCII alone folds byte by byte (asciiFold); text with
// other bytes (decoded from encoded-words) may fold to anything, and is
// left to eval.
func mayHoldAll(r *ssd3.Record, words []string) bool {
	name, category, tags, desc := r.Name(), r.Category(), r.Extension(TagsField), r.Description()
	for _, w := range words {
		if !mayHold(name, w, true) && !mayHold(category, w, true) && !mayHold(tags, w, true) && !mayHold(desc, w, false) {
			return false
		}
	}
	return true
}

// mayHold reports whether s, folded, may hold w, folded: as a
// subsequence, or (not spelt) within it; true if s is not all ASCII.
func mayHold(s, w string, spelt bool) bool {
	if spelt {
		j := 0
		for i := 0; i < len(s); i++ {
			c := s[i]
			if c >= utf8.RuneSelf {
				return true
			}
			if asciiFold[c] == w[j] {
				if j++; j == len(w) {
					return true
				}
			}
		}
		return false
	}
	if !printable.ASCIIString(s) {
		return true
	}
	// Where w's first byte is, in either case (the bytes that fold to
	// it: itself, its upper case, and for a space the controls, which
	// a value of ASCII text does not hold but an encoded-word may).
	first := w[0]
	if first == ' ' {
		return true
	}
	return withinFrom(s, w, first) || 'a' <= first && first <= 'z' && withinFrom(s, w, first-'a'+'A')
}

// withinFrom reports whether w, folded, is within s, an ASCII text,
// at a place where s holds c (which folds to w's first byte).
func withinFrom(s, w string, c byte) bool {
	for at := 0; at+len(w) <= len(s); at++ {
		i := strings.IndexByte(s[at:len(s)-len(w)+1], c)
		if i < 0 {
			return false
		}
		at += i
		j := 1
		for j < len(w) && asciiFold[s[at+j]] == w[j] {
			j++
		}
		if j == len(w) {
			return true
		}
	}
	return false
}

// DupSet returns the records of recs (a snapshot) that look like another
// of them: whose URIs share a loose key (catalogue.Duplicates),
// what dup:yes matches. A search with a dup: term needs this fact about
// the whole catalogue: Filter computes it for its one search, an Index
// once for its version, on the first search that asks.
func DupSet(recs []*ssd3.Record) map[*ssd3.Record]bool {
	set := map[*ssd3.Record]bool{}
	for _, g := range dupset.Duplicates(recs) {
		for _, r := range g {
			set[r] = true
		}
	}
	return set
}

// split runs the parts of [0, n), contiguous shares of share, on every CPU
// when there are several (parallel.Each), and returns their results in
// order. Each goroutine makes its part with worker, once, to reuse what
// the part holds (scratch space, remembered scores) from one share to the
// next.
func split[T any](n, share int, worker func() func(lo, hi int) T) []T {
	return splitFrom(n, share, false, worker)
}

// splitFrom is split, taking the shares from the last when back is true
// (their results still in order).
func splitFrom[T any](n, share int, back bool, worker func() func(lo, hi int) T) []T {
	if n <= share || runtime.GOMAXPROCS(0) < 2 {
		return []T{worker()(0, n)}
	}
	out := make([]T, (n+share-1)/share)
	parallel.Each(len(out), func(int) func(i int) {
		part := worker()
		return func(i int) {
			if back {
				i = len(out) - 1 - i
			}
			out[i] = part(i*share, min((i+1)*share, n))
		}
	})
	return out
}

// charMask is the set of bytes of s, hashed into 32 bits (ASCII letters
// one bit each): text can only hold s if its mask holds s's, so most
// records are passed over without looking at their text. 32 bits, not
// 64: an index holds three a record.
func charMask[T string | []byte](s T) uint32 {
	var m uint32
	for i := 0; i < len(s); i++ {
		m |= byteBit[s[i]]
	}
	return m
}

// textMasks returns the charMask of text, and of its first n bytes (the
// fields fuzzy matching looks at) the charMask (fields) and the starts
// mask: the charMask of the bytes that follow no letter or digit, among
// them the first of each word, where fuzzyMatch may start.
func textMasks(text []byte, n int) (all, fields, starts uint32) {
	prevWord := false
	for i := 0; i < n; {
		c := text[i]
		if !prevWord {
			starts |= byteBit[c]
		}
		if c < utf8.RuneSelf {
			fields |= byteBit[c]
			prevWord = asciiWord[c]
			i++
			continue
		}
		r, size := utf8.DecodeRune(text[i:n])
		fields |= charMask(text[i : i+size])
		prevWord = isWordRune(r)
		i += size
	}
	return fields | charMask(text[n:]), fields, starts
}

var byteBit = func() (t [256]uint32) {
	for c := range t {
		switch {
		case 'a' <= c && c <= 'z':
			t[c] = 1 << (c - 'a')
		case '0' <= c && c <= '9':
			t[c] = 1 << (26 + c%3)
		default:
			t[c] = 1 << (29 + c*7%3)
		}
	}
	return t
}()
