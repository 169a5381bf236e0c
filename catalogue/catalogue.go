package catalogue

import (
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"
)

// Catalogue is a URI-Catalogue held in memory: its records in file order,
// valid or not, and what lay between them, so that it writes back exactly
// what it read plus the edits applied to it (Apply).
//
// A Catalogue is not safe for concurrent use: one goroutine owns it and
// applies every edit. Records and Snapshot hand out values that never
// change, for other goroutines to search, draw and save.
type Catalogue struct {
	path    string
	records []*Record    // copy-on-write: Apply makes a new slice
	head    string       // blank lines before the first record
	tail    string       // blank lines after the last record
	probs   []Diagnostic // problems of the file as a whole
	version uint64       // edits applied since read (see Version)
	saved   saved        // what the file holds, as far as this catalogue knows
	keys    *keys        // URIs and IDs, built on first use
	pos     map[Ref]int

	// Now is the clock used to stamp DATE on records added or edited (3.3).
	Now func() time.Time
}

// saved is the state of the file when the catalogue last read or wrote it:
// what a save compares with to tell this process's changes from another
// program's.
type saved struct {
	version    uint64    // the Version it was
	records    []*Record // the file's records, a snapshot
	head, tail string
	disk       diskState
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
// text is a Diagnostic.
func (c *Catalogue) readFrom(data []byte) {
	rd := newMemoryReader(data)
	if len(data) < 256<<10 {
		// Small: parsing takes less than starting workers.
		cache := newValueCache()
		for {
			rr, err := rd.next()
			if err != nil {
				break
			}
			rec := parseRecord(rr.raw, rr.first, cache)
			rec.sep = rr.sep
			c.records = append(c.records, rec)
		}
		c.finishRead(rd)
		return
	}
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
	c.finishRead(rd)
}

// finishRead takes what follows the records from rd and checks the IDs.
func (c *Catalogue) finishRead(rd *reader) {
	c.tail = rd.Trailer()
	if len(c.records) > 0 {
		c.head, c.records[0].sep = c.records[0].sep, ""
	}
	c.probs = rd.Problems()
	c.checkIDs()
	first := newRefs(len(c.records))
	for i, r := range c.records {
		r.ref = first + Ref(i)
	}
	c.saved = saved{version: c.version, records: c.records, head: c.head, tail: c.tail}
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
			r.problems = append(r.problems, Diagnostic{Line: r.fieldLine(FieldID), Offset: -1, Field: FieldID, Kind: Error,
				Msg: fmt.Sprintf("ID %s is already that of the record at line %d; IDs must be unique (3.9)", r.ID, other.line)})
			r.ID = ""
			r.accepted &^= bitOf(FieldID)
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
func (c *Catalogue) Problems() []Diagnostic {
	n := len(c.probs)
	for _, r := range c.records {
		n += len(r.problems)
	}
	ps := append(make([]Diagnostic, 0, n), c.probs...)
	for _, r := range c.records {
		ps = append(ps, r.problems...)
	}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Line < ps[j].Line })
	return ps
}

// Modified reports whether the catalogue has edits not yet saved.
func (c *Catalogue) Modified() bool { return c.version != c.saved.version }

func (c *Catalogue) now() time.Time {
	if c.Now != nil {
		return c.Now().UTC().Truncate(time.Second)
	}
	return time.Now().UTC().Truncate(time.Second)
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
		f := parseField(content, nil, 0, nil)
		if s := f.spec; s != nil && done&s.bit == 0 {
			done |= s.bit
			if s.Get(rec) != "" {
				writeField(&b, rec, s)
				continue
			}
			if f.problem == nil && rec.accepted&s.bit != 0 {
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
	for i := range Fields {
		if f := &Fields[i]; done&f.bit == 0 {
			writeField(&b, rec, f)
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

// writeField writes rec's value of the standard field f, if it has one.
func writeField(b *strings.Builder, rec *Record, f *FieldSpec) {
	v := f.Get(rec)
	if f.Text {
		v = EncodeText(v)
	}
	if v != "" {
		writeLine(b, f.Name, v)
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
	return c.Snapshot().WriteTo(w)
}
