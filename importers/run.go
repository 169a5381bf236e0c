package importers

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/internal/lines"
)

// ReadConfig says how Plan.Read reads one file.
type ReadConfig struct {
	// Source names the input in messages (a file name, or "-" for stdin).
	Source string
	// Options are passed to the format's reader.
	Options Options
	// Progress, if set, is called with the number of bytes read so far each
	// time the reader takes more input: for a progress bar.
	Progress func(bytesRead int64)
	// MaxLine and MaxSize bound, in bytes, a line of the input and the
	// whole input; 0 is DefaultMaxLine, DefaultMaxSize. Input beyond them
	// is an error that says where, and nothing of it is imported.
	MaxLine, MaxSize int64
	// Size is the input's size when known (a regular file's), 0 if not:
	// an input larger than MaxSize is refused before it is read.
	Size int64
}

// What one input may make an import hold, whatever its format: a bomb (a
// 1 GB line, a file larger than memory) ends in a message that says where,
// rather than out of memory. No bookmark file comes near them: a
// browser's export has lines of a few KiB (an icon), a million bookmarks
// take about 250 MB.
const (
	DefaultMaxLine = 16 << 20
	DefaultMaxSize = 1 << 30
)

// Summary is what reading one file into a Plan found.
type Summary struct {
	Source, Format string
	DryRun         bool
	// Imported counts the records the plan adds (or, once applied, added).
	Imported int
	// Duplicates counts the records left out because their URI was in the
	// catalogue already, or earlier in the same import.
	Duplicates int
	// Skipped holds the diagnostics of foreign records that were not
	// imported, each with its reason and position.
	Skipped []catalogue.Diagnostic
	// Dropped counts the Dropped diagnostics: each tells of values left out
	// of records that were imported (one may count many: "favicons of 40
	// bookmarks").
	Dropped int
	// Diagnostics holds the diagnostics, Skipped ones included, in the
	// order the reader gave them, a flood of one kind summarised: after the
	// first FloodKeep of a kind, one line says "and N more like this".
	Diagnostics []catalogue.Diagnostic
	// Records are the records the plan adds from this file.
	Records []*catalogue.Record
}

// String is the one-line summary printed for a file, its name shown as
// catalogue.DisplayText shows it (a file name may hold escape sequences).
func (s Summary) String() string {
	var b strings.Builder
	b.WriteString(catalogue.DisplayText(s.Source))
	b.WriteString(": ")
	verb := "imported"
	if s.DryRun {
		verb = "would import"
	}
	fmt.Fprintf(&b, "%s %s, %s skipped as duplicates, %s skipped",
		verb, plural(s.Imported, "record"), plural(s.Duplicates, "record"), plural(len(s.Skipped), "record"))
	if s.Dropped > 0 {
		fmt.Fprintf(&b, ", %s about values dropped", plural(s.Dropped, "message"))
	}
	if s.Format != "" {
		fmt.Fprintf(&b, " (%s)", s.Format)
	}
	return b.String()
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// Plan is an import worked out before anything changes: the records to
// add from one or more files, and for each file what was left out and why
// (duplicates, records that could not be read, values dropped). Reading
// files into a plan only reads the catalogue's snapshot it was made from,
// so it may run on any goroutine; Edit then turns it into one Add edit for
// the catalogue as it is by then, which applies whole or not at all. The
// CLI and the TUI import through it alike.
type Plan struct {
	allowDup bool
	files    []Summary
	records  []*catalogue.Record
	seen     map[string]bool // URIKeys of the snapshot's valid records and the plan's
	ids      map[string]bool // IDs of the snapshot's valid records and the plan's
}

// NewPlan starts a plan against recs, a snapshot of the catalogue's records
// (Catalogue.Records). Records whose URI the catalogue or the plan has
// already are left out as duplicates, unless allowDuplicates.
func NewPlan(recs []*catalogue.Record, allowDuplicates bool) *Plan {
	p := &Plan{allowDup: allowDuplicates, seen: make(map[string]bool, len(recs)), ids: map[string]bool{}}
	for _, r := range recs {
		if !r.Valid() {
			continue
		}
		if !allowDuplicates {
			p.seen[catalogue.URIKey(r.URI())] = true
		}
		if r.ID() != "" {
			p.ids[idKey(r.ID())] = true
		}
	}
	return p
}

func idKey(id string) string {
	if t := strings.TrimLeft(id, "0"); t != "" {
		return t
	}
	return "0"
}

// Files returns the summary of each file read, in order.
func (p *Plan) Files() []Summary { return p.files }

// Records returns the records the plan adds, in order.
func (p *Plan) Records() []*catalogue.Record { return p.records }

// Len returns how many records the plan adds.
func (p *Plan) Len() int { return len(p.records) }

// Read reads every record that f's reader finds in r into the plan. Bad
// input is never an error: it is in the Summary's diagnostics. The error is
// for input that could not be read to its end (or ctx ending): then nothing
// of this file is in the plan, as if it had not been read, and the summary
// says what was read before.
func (p *Plan) Read(ctx context.Context, f Format, r io.Reader, cfg ReadConfig) (Summary, error) {
	s := Summary{Source: cfg.Source, Format: f.Name}
	if f.NewReader == nil {
		return s, fmt.Errorf("%s: uricat cannot read the %s format", cfg.Source, f.Name)
	}
	if cfg.Progress != nil {
		r = &progressReader{r: r, report: cfg.Progress}
	}
	lim := &limitReader{r: r, maxLine: cmp.Or(cfg.MaxLine, DefaultMaxLine), maxSize: cmp.Or(cfg.MaxSize, DefaultMaxSize)}
	if cfg.Size > lim.maxSize {
		return s, fmt.Errorf("%s: %s, more than %s: uricat imports at most that from one file; split it; nothing was imported from %s",
			cfg.Source, sizeText(cfg.Size), sizeText(lim.maxSize), cfg.Source)
	}
	rd := f.NewReader(contextReader{ctx, lim}, cfg.Options)
	var fl flood
	note := func(ds []catalogue.Diagnostic) {
		for _, d := range ds {
			d.File = cfg.Source
			fl.add(d)
			switch d.Kind {
			case catalogue.Skipped:
				s.Skipped = append(s.Skipped, d)
			case catalogue.Dropped:
				s.Dropped++
			}
		}
	}
	var keys, ids []string // this file's, to take back on error
	fail := func(err error) (Summary, error) {
		for _, k := range keys {
			delete(p.seen, k)
		}
		for _, id := range ids {
			delete(p.ids, id)
		}
		s.Imported, s.Records = 0, nil
		s.Diagnostics = fl.done()
		return s, fmt.Errorf("%s: %w; nothing was imported from %s", cfg.Source, err, cfg.Source)
	}
	for {
		rec, err := rd.Read()
		note(rd.Diagnostics())
		if err == nil && ctx.Err() != nil {
			err = ctx.Err()
		}
		if lim.err != nil {
			// Whatever the reader made of it (some take a read error
			// for the end).
			return fail(lim.err)
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fail(err)
		}
		sanitize(rec)
		if ps := rec.Validate(); len(ps) > 0 {
			note([]catalogue.Diagnostic{{Offset: -1, Kind: catalogue.Skipped, Msg: fmt.Sprintf("record %s not imported: %v", rec.URI(), &catalogue.ValidationError{Problems: ps})}})
			continue
		}
		if !p.allowDup {
			k := catalogue.URIKey(rec.URI())
			if p.seen[k] {
				s.Duplicates++
				continue
			}
			p.seen[k] = true
			keys = append(keys, k)
		}
		if rec.ID() != "" {
			if id := idKey(rec.ID()); p.ids[id] {
				note([]catalogue.Diagnostic{{Offset: -1, Kind: catalogue.Dropped, Msg: fmt.Sprintf("record %s: ID %s dropped: the catalogue has that ID already (SSD3 3.9)", rec.URI(), rec.ID())}})
				rec.SetID("")
			} else {
				p.ids[id] = true
				ids = append(ids, id)
			}
		}
		s.Imported++
		s.Records = append(s.Records, rec)
	}
	s.Diagnostics = fl.done()
	p.records = append(p.records, s.Records...)
	p.files = append(p.files, s)
	return s, nil
}

// contextReader fails once its context is done, so that cancelling stops
// an import at its next read.
type contextReader struct {
	ctx context.Context
	r   io.Reader
}

func (c contextReader) Read(b []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(b)
}

// Outcome is what applying a plan did beyond what it planned.
type Outcome struct {
	// Added counts the records the edit adds.
	Added int
	// Duplicates are planned records whose URI the catalogue got since
	// the plan was made, left out.
	Duplicates []*catalogue.Record
	// IDsDropped counts the planned records whose ID the catalogue got
	// since, added without it (SSD3 3.9).
	IDsDropped int
}

// Edit returns the plan as one Add edit for c as it is now, which may have
// changed since the plan's snapshot: records whose URI c has got meanwhile
// are left out (unless the plan allows duplicates), and IDs c has got
// meanwhile are dropped. Applying the edit adds every record or none.
func (p *Plan) Edit(c *catalogue.Catalogue) (catalogue.Add, Outcome) {
	var out Outcome
	recs := make([]*catalogue.Record, 0, len(p.records))
	for _, r := range p.records {
		if !p.allowDup && c.HasURI(r.URI()) {
			out.Duplicates = append(out.Duplicates, r)
			continue
		}
		if r.ID() != "" && c.HasID(r.ID()) {
			r = r.Clone()
			r.SetID("")
			out.IDsDropped++
		}
		recs = append(recs, r)
	}
	out.Added = len(recs)
	return catalogue.Add{Records: recs, AllowDuplicates: p.allowDup}, out
}

// Import reads one file into a plan against c and applies the plan's edit
// to c (without saving): the whole import transaction in one call, for
// tests and tools that own c. Duplicates are left out.
func Import(c *catalogue.Catalogue, f Format, r io.Reader, cfg ReadConfig) (Summary, error) {
	p := NewPlan(c.Records(), false)
	s, err := p.Read(context.Background(), f, r, cfg)
	if err != nil {
		return s, err
	}
	add, _ := p.Edit(c)
	if _, err := c.Apply(add); err != nil {
		return s, err
	}
	return s, nil
}

// sanitize is the last gate before the catalogue: whatever a reader let
// through, no control character, escape sequence or invalid UTF-8 reaches
// it, and NAME and CATEGORY stay on one line. For a record that has been
// through Finish it changes nothing, at the cost of a scan.
func sanitize(rec *catalogue.Record) {
	rec.SetName(OneLine(rec.Name()))
	if strings.TrimSpace(rec.Name()) == "" {
		rec.SetName(OneLine(NameFromURI(rec.URI())))
	}
	rec.SetCategory(strings.TrimSpace(OneLine(rec.Category()))) // a path: blanks at its ends are noise
	rec.SetDescription(catalogue.CleanText(rec.Description()))
	if fs := rec.Extensions(); len(fs) > 0 {
		fs = slices.Clone(fs)
		for i := range fs {
			fs[i].Value = catalogue.CleanText(fs[i].Value)
		}
		rec.SetExtensions(fs)
	}
}

// limitReader fails once its input has a line longer than maxLine bytes
// (a line ends as internal/lines has it: CR LF, LF or CR), or more than
// maxSize bytes in all. Its error says where.
type limitReader struct {
	r                io.Reader
	maxLine, maxSize int64
	n                int64 // bytes read
	cur              int64 // bytes of the line being read
	lines            lines.Counter
	err              error // sticky
}

func (l *limitReader) Read(b []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	n, err := l.r.Read(b)
	b = b[:n]
	if l.n+int64(n) > l.maxSize {
		l.err = fmt.Errorf("more than %s: uricat imports at most that from one file; split it", sizeText(l.maxSize))
		return 0, l.err
	}
	if l.cur+int64(n) <= l.maxLine {
		// No line in b can be too long: only where the last one starts
		// matters, found from the end.
		if i := bytes.LastIndexAny(b, "\r\n"); i >= 0 {
			l.cur = int64(n - 1 - i)
		} else {
			l.cur += int64(n)
		}
	} else {
		for off := 0; ; {
			i := bytes.IndexAny(b[off:], "\r\n")
			seg := len(b) - off
			if i >= 0 {
				seg = i
			}
			if l.cur+int64(seg) > l.maxLine {
				l.lines.Write(b[:off])
				l.err = fmt.Errorf("line %d: a line longer than %s", l.lines.Line(), sizeText(l.maxLine))
				return 0, l.err
			}
			if i < 0 {
				l.cur += int64(seg)
				break
			}
			l.cur, off = 0, off+i+1
		}
	}
	l.lines.Write(b)
	l.n += int64(n)
	return n, err
}

// sizeText says n bytes in the largest unit that divides it: "16 MiB".
func sizeText(n int64) string {
	for _, u := range []struct {
		size int64
		name string
	}{{1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}} {
		if n >= u.size && n%u.size == 0 {
			return fmt.Sprintf("%d %s", n/u.size, u.name)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}

// progressReader reports the bytes read so far after each Read.
type progressReader struct {
	r      io.Reader
	n      int64
	report func(int64)
}

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	if n > 0 {
		p.n += int64(n)
		p.report(p.n)
	}
	return n, err
}
