package catalogue

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Catalogue is a URI-Catalogue held in memory: its records in file order,
// valid or not, and what lay between them, so that it writes back exactly
// what it read plus the changes made through Add, Update and Delete.
type Catalogue struct {
	path     string
	records  []*Record
	head     string    // blank lines before the first record
	tail     string    // blank lines after the last record
	probs    []Problem // problems of the file as a whole
	removed  []*Record // records the file holds that were deleted since
	disk     diskState // what the file was when read or last saved
	modified bool      // Add, Update or Delete since the last save

	// Now is the clock used to stamp DATE on records added or edited (3.3).
	Now func() time.Time
}

// Read reads a whole catalogue from r.
func Read(r io.Reader) (*Catalogue, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	c := &Catalogue{}
	c.readFrom(data)
	return c, nil
}

// readFrom reads the catalogue from data, which it keeps: the records'
// text is data's. Reading from memory cannot fail: every problem in the
// text is a Problem.
func (c *Catalogue) readFrom(data []byte) {
	rd := newMemoryReader(data)
	// One goroutine splits records off the input; workers parse chunks of
	// them, each with its own cache, into their places in file order.
	type chunk struct {
		raws []rawRecord
		recs []*Record
	}
	const chunkSize = 1024
	work := make(chan *chunk, 2*runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cache := newValueCache()
			for ch := range work {
				ch.recs = make([]*Record, len(ch.raws))
				for i, rr := range ch.raws {
					rec := parseRecord(rr.raw, rr.first, cache)
					rec.sep = rr.sep
					ch.recs[i] = rec
				}
			}
		}()
	}
	var chunks []*chunk
	cur := &chunk{}
	// From memory, next fails only with io.EOF, at the end.
	for {
		rr, err := rd.next()
		if err != nil {
			break
		}
		cur.raws = append(cur.raws, rr)
		if len(cur.raws) == chunkSize {
			chunks = append(chunks, cur)
			work <- cur
			cur = &chunk{raws: make([]rawRecord, 0, chunkSize)}
		}
	}
	if len(cur.raws) > 0 {
		chunks = append(chunks, cur)
		work <- cur
	}
	close(work)
	wg.Wait()
	n := 0
	for _, ch := range chunks {
		n += len(ch.recs)
	}
	c.records = make([]*Record, 0, n)
	for _, ch := range chunks {
		c.records = append(c.records, ch.recs...)
	}
	c.tail = rd.Trailer()
	if len(c.records) > 0 {
		c.head, c.records[0].sep = c.records[0].sep, ""
	}
	c.probs = rd.Problems()
	c.checkIDs()
}

// checkIDs enforces 3.9: an ID must not be the ID of another record. The
// first record keeps it; in later ones the field is invalid and not used,
// but stays in the file.
func (c *Catalogue) checkIDs() {
	n, prev, increasing := 0, "", true
	for _, r := range c.records {
		if r.ID != "" && !r.invalid {
			n++
			increasing = increasing && (prev == "" || CompareIDs(prev, r.ID) < 0)
			prev = r.ID
		}
	}
	if n == 0 || increasing {
		return // IDs that only ever increase cannot repeat
	}
	ids := make(map[string]*Record, n)
	for _, r := range c.records {
		if r.ID == "" || r.invalid {
			continue
		}
		key := canonicalID(r.ID)
		if other, ok := ids[key]; ok {
			r.problems = append(r.problems, Problem{Line: r.fieldLine(FieldID), Field: FieldID, Severity: Error,
				Msg: fmt.Sprintf("ID %s is already the ID of the record at line %d; IDs must be unique (3.9)", r.ID, other.line)})
			r.ID = ""
			r.accepted &^= stdBit(FieldID)
			continue
		}
		ids[key] = r
	}
}

// fieldLine returns the file line of the record's field name, or its first line.
func (r *Record) fieldLine(name string) int {
	n := r.line
	for line := range strings.SplitAfterSeq(r.raw, "\n") {
		if strings.HasPrefix(line, name+":") {
			return n
		}
		n++
	}
	return r.line
}

// Path returns the file the catalogue was opened from ("" if read from a stream).
func (c *Catalogue) Path() string { return c.path }

// Len returns the number of records, valid or not.
func (c *Catalogue) Len() int { return len(c.records) }

// Records returns every record in file order, including invalid ones. The
// slice is a snapshot: later changes to the catalogue make a new slice and
// leave it alone, so another goroutine may read it while the catalogue
// changes. Do not modify it.
func (c *Catalogue) Records() []*Record { return c.records }

// Valid returns the valid records in file order: those SSD3 says to use (2.2).
func (c *Catalogue) Valid() []*Record {
	out := make([]*Record, 0, len(c.records))
	for _, r := range c.records {
		if !r.invalid {
			out = append(out, r)
		}
	}
	return out
}

// Problems returns every problem of the file and its records, by line.
func (c *Catalogue) Problems() []Problem {
	ps := append([]Problem(nil), c.probs...)
	for _, r := range c.records {
		ps = append(ps, r.problems...)
	}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Line < ps[j].Line })
	return ps
}

// Modified reports whether the catalogue has changes not yet saved.
func (c *Catalogue) Modified() bool { return c.modified }

func (c *Catalogue) now() time.Time {
	if c.Now != nil {
		return c.Now().UTC().Truncate(time.Second)
	}
	return time.Now().UTC().Truncate(time.Second)
}

// Add validates rec and appends it to the catalogue. A zero Date is set to
// now. Nothing already in the file changes: the record goes after the last.
// It returns the record as the catalogue holds it.
func (c *Catalogue) Add(rec *Record) (*Record, error) {
	in := rec.Clone()
	in.raw, in.sep, in.accepted, in.problems = "", "", 0, nil
	if in.Date.IsZero() {
		in.Date = c.now()
	}
	if err := c.check(in, nil); err != nil {
		return nil, err
	}
	nr := reparse(render(in), 0)
	nr.dirty = true
	// The blank lines that ended the file separate the new record, so every
	// byte already there stays as it was.
	if len(c.records) == 0 {
		c.head += c.tail
	} else {
		nr.sep = c.tail
	}
	c.tail = ""
	c.records = append(c.records, nr)
	c.modified = true
	return nr, nil
}

// Update replaces old, a record of the catalogue, with rec (usually
// old.Clone() with some fields changed), stamps DATE with now (3.3), and
// returns the record as the catalogue now holds it. Only that record's text
// changes; its lines that uricat could not use are kept as they were.
func (c *Catalogue) Update(old, rec *Record) (*Record, error) {
	i := c.index(old)
	if i < 0 {
		return nil, errors.New("update: the record is not in the catalogue")
	}
	in := rec.Clone()
	in.raw, in.accepted = old.raw, old.accepted
	in.Date = c.now()
	if err := c.check(in, old); err != nil {
		return nil, err
	}
	nr := reparse(render(in), old.line)
	nr.sep, nr.dirty, nr.base = old.sep, true, old.base
	if !old.dirty {
		nr.base = old.raw
	}
	c.records = slices.Clone(c.records)
	c.records[i] = nr
	c.modified = true
	return nr, nil
}

// Delete removes rec from the catalogue.
func (c *Catalogue) Delete(rec *Record) error {
	i := c.index(rec)
	if i < 0 {
		return errors.New("delete: the record is not in the catalogue")
	}
	if !rec.dirty || rec.base != "" {
		c.removed = append(c.removed, rec)
	}
	c.records = slices.Delete(slices.Clone(c.records), i, i+1)
	c.modified = true
	return nil
}

// Restore puts rec, which Delete removed, back at position at (clamped to
// the list), as it was: for undo.
func (c *Catalogue) Restore(rec *Record, at int) error {
	if c.index(rec) >= 0 {
		return errors.New("restore: the record is in the catalogue already")
	}
	pending := false
	for i, r := range c.removed {
		if r == rec {
			c.removed = append(c.removed[:i], c.removed[i+1:]...)
			pending = true
			break
		}
	}
	if !pending && (!rec.dirty || rec.base != "") {
		// Saved since it was deleted: the file no longer has it, so it
		// goes back as a new record.
		rec = rec.Clone()
		rec.dirty, rec.base = true, ""
	}
	at = max(0, min(at, len(c.records)))
	c.records = slices.Insert(slices.Clone(c.records), at, rec)
	c.modified = true
	return nil
}

// Replace puts prev, an earlier version of cur, back in cur's place exactly
// as it was, DATE included: for undo and redo. It returns the record as the
// catalogue now holds it.
func (c *Catalogue) Replace(cur, prev *Record) (*Record, error) {
	i := c.index(cur)
	if i < 0 {
		return nil, errors.New("replace: the record is not in the catalogue")
	}
	nr := prev.Clone()
	nr.sep = cur.sep
	nr.dirty = true
	nr.base = cur.base
	if !cur.dirty {
		nr.base = cur.raw
	}
	if cur.dirty && cur.base == "" {
		nr.base = "" // cur was never saved: prev is new too
	}
	c.records = slices.Clone(c.records)
	c.records[i] = nr
	c.modified = true
	return nr, nil
}

func (c *Catalogue) index(rec *Record) int {
	for i, r := range c.records {
		if r == rec {
			return i
		}
	}
	return -1
}

// check validates rec for Add or Update (old is the record it replaces).
func (c *Catalogue) check(rec, old *Record) error {
	ps := rec.Validate()
	if rec.ID != "" && ValidateID(rec.ID) == nil {
		key := canonicalID(rec.ID)
		for _, r := range c.records {
			if r != old && r.ID != "" && canonicalID(r.ID) == key {
				ps = append(ps, Problem{Field: FieldID, Msg: fmt.Sprintf("ID %s is already the ID of %q; IDs must be unique (3.9)", rec.ID, r.Name)})
				break
			}
		}
	}
	if len(ps) > 0 {
		return &ValidationError{Problems: ps}
	}
	return nil
}

// reparse reads a rendered record back, so that what the catalogue holds
// is exactly what the file will hold.
func reparse(text string, line int) *Record {
	if line == 0 {
		line = 1
	}
	r := parseRecord(text, line, nil)
	r.line = 0
	return r
}

// render writes rec as record text. Lines of the original text that uricat
// did not use are kept where they were; used fields get their new values in
// their old places, and new fields follow in the order of the spec's example.
func render(rec *Record) string {
	var b strings.Builder
	var done uint16
	var doneX []string
	for line := range strings.SplitAfterSeq(rec.raw, "\n") {
		content := trimEOLString(line)
		if content == "" {
			continue
		}
		// The first line of each field takes the record's value; a line
		// uricat could not use stays as it was unless the value replaces it.
		f := parseField(content, nil)
		if bit := stdBit(f.name); bit != 0 && done&bit == 0 {
			done |= bit
			if hasValue(rec, f.name) {
				writeField(&b, rec, f.name)
				continue
			}
			if f.problem == nil && rec.accepted&bit != 0 {
				continue // cleared
			}
		} else if strings.HasPrefix(f.name, "X-") && !contains(doneX, f.name) {
			doneX = append(doneX, f.name)
			if v := rec.Extension(f.name); v != "" {
				writeLine(&b, f.name, EncodeText(v))
				continue
			}
			if f.problem == nil {
				continue // removed
			}
		}
		writeLine(&b, "", content)
	}
	for _, name := range standardOrder {
		if done&stdBit(name) == 0 {
			writeField(&b, rec, name)
		}
	}
	for _, x := range rec.Extensions {
		if !contains(doneX, x.Name) {
			writeLine(&b, x.Name, EncodeText(x.Value))
		}
	}
	return b.String()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// hasValue reports whether rec has a value for the standard field name.
func hasValue(rec *Record, name string) bool {
	var b strings.Builder
	writeField(&b, rec, name)
	return b.Len() > 0
}

// writeField writes rec's value of a standard field, if it has one.
func writeField(b *strings.Builder, rec *Record, name string) {
	var v string
	switch name {
	case FieldURI:
		v = rec.URI
	case FieldName:
		v = EncodeText(rec.Name)
	case FieldDate:
		if rec.hasDate() {
			v = FormatDate(rec.Date)
		}
	case FieldCategory:
		v = EncodeText(rec.Category)
	case FieldDescription:
		v = EncodeText(rec.Description)
	case FieldRating:
		if rec.Rating != 0 {
			v = strconv.Itoa(rec.Rating)
		}
	case FieldLanguage:
		v = rec.Language
	case FieldType:
		v = rec.Type
	case FieldID:
		v = rec.ID
	}
	if v != "" {
		writeLine(b, name, v)
	}
}

func writeLine(b *strings.Builder, name, value string) {
	if name != "" {
		b.WriteString(name)
		b.WriteString(": ")
	}
	b.WriteString(value)
	b.WriteString("\r\n")
}

// WriteTo writes the catalogue in URI-Catalogue format. Records nobody
// changed are written byte for byte as they were read.
func (c *Catalogue) WriteTo(w io.Writer) (int64, error) {
	var n int64
	var last byte = '\n'
	write := func(s string) error {
		if s == "" {
			return nil
		}
		m, err := io.WriteString(w, s)
		n += int64(m)
		last = s[len(s)-1]
		return err
	}
	if err := write(c.head); err != nil {
		return n, err
	}
	for i, r := range c.records {
		sep := r.sep
		if i > 0 && sep == "" {
			sep = "\r\n"
		}
		if last != '\n' {
			sep = "\r\n" + sep // the record before ends without a line break
		}
		if i == 0 {
			sep = ""
			if last != '\n' {
				sep = "\r\n"
			}
		}
		if err := write(sep); err != nil {
			return n, err
		}
		if err := write(r.raw); err != nil {
			return n, err
		}
	}
	return n, write(c.tail)
}
