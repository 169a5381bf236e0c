package importers

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/lines"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/internal/size"
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
	// MaxRecords bounds the records read from the input; 0 is
	// DefaultMaxRecords. An input with more is an error, and nothing of
	// it is imported.
	MaxRecords int
}

// What one input may make an import hold, whatever its format: a bomb (a
// 1 GB line, a file larger than memory) ends in a message that says where,
// rather than out of memory. No bookmark file comes near them: a
// browser's export has lines of a few KiB (an icon), and a million
// bookmarks make a file well under DefaultMaxSize.
const (
	DefaultMaxLine = 16 << 20
	DefaultMaxSize = 1 << 30
)

// DefaultMaxRecords is how many records an import reads from one input at
// most: a plan holds each record read, and a few MB of a compressed
// backup can hold tens of millions of bookmarks, which would take
// gigabytes. No one's bookmarks come near it.
const DefaultMaxRecords = 1 << 20

// Summary is what importing one file did: as Plan.Read returns it, what
// reading found; as Plan.Summaries returns it, what the import's edit did.
type Summary struct {
	Source, Format string
	DryRun         bool
	// Imported counts the records added (Plan.Summaries); as Plan.Read
	// returns it, the records read, duplicates not yet left out.
	Imported int
	// Duplicates counts the records left out because their URI was in the
	// catalogue already, or earlier in the same import (Plan.Summaries);
	// each of the latter is also named in a Skipped diagnostic, which
	// Skipped does not hold (it is counted here).
	Duplicates int
	// Skipped holds the diagnostics of foreign records that were not
	// imported, each with its reason and position.
	Skipped []ssd3.Diagnostic
	// Dropped counts the Dropped diagnostics: each tells of values left out
	// of records that were imported (one may count many: "favicons of 40
	// bookmarks").
	Dropped int
	// Diagnostics holds the diagnostics, Skipped ones included, in the
	// order the reader gave them, then those of the edit (IDs dropped), a
	// flood of one kind summarised: after the first FloodKeep of a kind,
	// one line says "and N more like this".
	Diagnostics []ssd3.Diagnostic
	// Records are the records added from this file, as added
	// (Plan.Summaries); as Plan.Read returns it, the records read.
	Records []*ssd3.Record
}

// String is the one-line summary printed for a file, its name shown as
// display.Text shows it (a file name may hold escape sequences).
func (s Summary) String() string {
	var b strings.Builder
	b.WriteString(display.Text(s.Source))
	b.WriteString(": ")
	verb := "imported"
	if s.DryRun {
		verb = "would import"
	}
	fmt.Fprintf(&b, "%s %s, %s skipped as duplicates, %s skipped",
		verb, plural.Of(s.Imported, "record"), plural.Of(s.Duplicates, "record"), plural.Of(len(s.Skipped), "record"))
	if s.Dropped > 0 {
		fmt.Fprintf(&b, ", %s about values dropped", plural.Of(s.Dropped, "message"))
	}
	if s.Format != "" {
		fmt.Fprintf(&b, " (%s)", s.Format)
	}
	return b.String()
}

// Plan is an import worked out before anything changes: the records read
// from one or more files, each finished by its reader (Finish), and for
// each file what was left out and why (records that could not be read,
// values dropped). Reading files into a plan touches no catalogue, so it
// may run on any goroutine; Edit then makes it one Add, whose policy
// leaves out duplicates and drops IDs already taken, in the catalogue as
// it is by then: the one place those are decided. Summaries says, from
// what applying that Add did, what each file imported. The CLI and the
// TUI import through it alike.
type Plan struct {
	allowDup bool
	files    []Summary
	starts   []int // for each file, the index of its first record in records
	records  []*ssd3.Record
	// pos are where each record was in its file, when its reader says
	// (Positioner): beside records, or nil if no reader said.
	pos []Position
}

// NewPlan starts a plan. Records whose URI the catalogue, or the plan
// before them, has will be left out as duplicates, unless
// allowDuplicates.
func NewPlan(allowDuplicates bool) *Plan {
	return &Plan{allowDup: allowDuplicates}
}

// Files returns the summary of each file read, in order, as Read
// returned it.
func (p *Plan) Files() []Summary { return p.files }

// Records returns the records read, in order.
func (p *Plan) Records() []*ssd3.Record { return p.records }

// Len returns how many records were read.
func (p *Plan) Len() int { return len(p.records) }

// Read reads every record that f's reader finds in r into the plan. Bad
// input is never an error: it is in the Summary's diagnostics. The error is
// for input that could not be read to its end (or ctx ending): then nothing
// of this file is in the plan, as if it had not been read, and the summary
// says what was read before.
func (p *Plan) Read(ctx context.Context, f Format, r io.Reader, cfg ReadConfig) (Summary, error) {
	s := Summary{Source: cfg.Source, Format: f.Name}
	if f.NewReader == nil {
		if f.Open != nil {
			return s, fmt.Errorf("%s: uricat reads the %s format from a file only, not from a stream", cfg.Source, f.Name)
		}
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
	return p.readAll(ctx, rd, func() error { return lim.err }, s, cfg.MaxRecords)
}

// ReadFile reads the file at path into the plan, as Read: by f.Open when
// the format has it (a source that needs more than a stream), else as a
// stream of the file, which must be a regular file (catalogue.OpenInput: a
// FIFO with no writer would block for ever). The file's modification time
// is the records' FileDate unless cfg gives one; cfg.Source defaults to
// path.
func (p *Plan) ReadFile(ctx context.Context, f Format, path string, cfg ReadConfig) (Summary, error) {
	cfg.Source = cmp.Or(cfg.Source, path)
	s := Summary{Source: cfg.Source, Format: f.Name}
	if f.Open == nil {
		in, info, err := catalogue.OpenInput(path)
		if err != nil {
			return s, err
		}
		defer in.Close()
		if cfg.Options.FileDate.IsZero() {
			cfg.Options.FileDate = info.ModTime()
		}
		cfg.Size = info.Size()
		return p.Read(ctx, f, in, cfg)
	}
	if cfg.Options.Context == nil {
		cfg.Options.Context = ctx
	}
	if info, err := os.Stat(path); err == nil && cfg.Options.FileDate.IsZero() {
		cfg.Options.FileDate = info.ModTime()
	}
	rd, closer, err := f.Open(path, cfg.Options)
	if err != nil {
		return s, fmt.Errorf("%s: %w", cfg.Source, err)
	}
	defer closer.Close()
	return p.readAll(ctx, rd, func() error { return nil }, s, cfg.MaxRecords)
}

// readAll reads every record of rd into the plan, at most maxRecords (0
// is DefaultMaxRecords); inputErr is an error of the input that the
// reader may have taken for its end.
func (p *Plan) readAll(ctx context.Context, rd Reader, inputErr func() error, s Summary, maxRecords int) (Summary, error) {
	maxRecords = cmp.Or(maxRecords, DefaultMaxRecords)
	var fl flood
	note := func(ds []ssd3.Diagnostic) {
		for _, d := range ds {
			d.File = s.Source
			fl.add(d)
			switch d.Kind {
			case ssd3.Skipped:
				s.Skipped = append(s.Skipped, d)
			case ssd3.Dropped:
				s.Dropped++
			}
		}
	}
	fail := func(err error) (Summary, error) {
		s.Imported, s.Records = 0, nil
		s.Diagnostics = fl.done()
		return s, fmt.Errorf("%s: %w; nothing was imported from %s", s.Source, err, s.Source)
	}
	var pos []Position
	positioner, _ := rd.(Positioner)
	for {
		rec, err := rd.Read()
		note(rd.Diagnostics())
		if err == nil && ctx.Err() != nil {
			err = ctx.Err()
		}
		if ierr := inputErr(); ierr != nil {
			// Whatever the reader made of it (some take a read error
			// for the end).
			return fail(ierr)
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fail(err)
		}
		// The reader has finished the record (Finish): the Add that
		// Edit makes validates it, as every record the catalogue takes,
		// and decides duplicates and IDs.
		if s.Imported == maxRecords {
			return fail(fmt.Errorf("more than %d records: uricat imports at most that many from one file; split it", maxRecords))
		}
		sanitize(rec)
		s.Imported++
		s.Records = append(s.Records, rec)
		if positioner != nil {
			at, ok := positioner.Position(rec)
			if !ok {
				at = Position{Offset: -1}
			}
			pos = append(pos, at)
		}
	}
	s.Diagnostics = fl.done()
	p.addPositions(pos, len(s.Records))
	p.starts = append(p.starts, len(p.records))
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

// Edit returns the plan as one Add of every record read, for the
// catalogue as it is when the Add is applied, which may have changed since
// the plan was read: a record whose URI the catalogue or an earlier record
// has is left out (unless the plan allows duplicates), and an ID taken is
// dropped. Set the Add's Report to learn what it did, for Summaries.
// Applying it adds what is left of the records, or nothing.
func (p *Plan) Edit() catalogue.Add {
	add := catalogue.Add{Records: p.records, OnDuplicate: catalogue.DupSkip, OnTakenID: catalogue.IDDrop}
	if p.allowDup {
		add.OnDuplicate = catalogue.DupAllow
	}
	return add
}

// Summaries returns what the plan's Add did with each file, from rep,
// the Add's Report (with the save's MergeReport counted in: Merged):
// Imported and Records are what was added, Duplicates what was left out,
// and each ID dropped is a Dropped diagnostic, each record that looks
// like another (AddReport.LookAlikes) a Warning. The CLI and the TUI print
// this, and nothing else.
func (p *Plan) Summaries(rep catalogue.AddReport) []Summary {
	out := make([]Summary, len(p.files))
	dup := make(map[int]bool, len(rep.Duplicates))
	for _, i := range rep.Duplicates {
		dup[i] = true
	}
	noID := make(map[int]bool, len(rep.IDsDropped))
	for _, i := range rep.IDsDropped {
		noID[i] = true
	}
	var first map[string]int // the first record of each URI key, made once needed (repeat)
	like := make(map[int]*ssd3.Record, len(rep.LookAlikes))
	for _, l := range rep.LookAlikes {
		like[l.Index] = l.Like
	}
	for n, s := range p.files {
		s.Imported, s.Records = 0, nil
		s.Diagnostics = slices.Clone(s.Diagnostics)
		end := len(p.records)
		if n+1 < len(p.starts) {
			end = p.starts[n+1]
		}
		var fl flood
		for i := p.starts[n]; i < end; i++ {
			r := p.records[i]
			switch {
			case dup[i]:
				s.Duplicates++
				if d, ok := p.repeat(i, n, &first); ok {
					fl.add(d)
				}
				continue
			case i < len(rep.Refs) && rep.Refs[i] == 0:
				continue // not applied (a dry run that failed, say)
			case noID[i]:
				fl.add(ssd3.Diagnostic{File: s.Source, Offset: -1, Kind: ssd3.Dropped,
					Msg: fmt.Sprintf("record %s: ID %s dropped: the catalogue has that ID already (SSD3 3.9)", r.URI(), r.ID())})
				s.Dropped++
				r = r.Clone()
				r.SetID("")
			}
			if l := like[i]; l != nil {
				fl.add(ssd3.Diagnostic{File: s.Source, Offset: -1, Kind: ssd3.Warning,
					Msg: fmt.Sprintf("record %s looks like %s; imported all the same (uricat dups lists such records)", r.URI(), LooksLike(l))})
			}
			s.Imported++
			s.Records = append(s.Records, r)
		}
		s.Diagnostics = append(s.Diagnostics, fl.done()...)
		out[n] = s
	}
	return out
}

// addPositions adds the positions of the n records of a file to the
// plan's, which hold none until a reader gives some.
func (p *Plan) addPositions(pos []Position, n int) {
	if pos == nil && p.pos == nil {
		return
	}
	none := func(n int) []Position {
		s := make([]Position, n)
		for i := range s {
			s[i].Offset = -1
		}
		return s
	}
	if p.pos == nil {
		p.pos = none(len(p.records))
	}
	if pos == nil {
		pos = none(n)
	}
	p.pos = append(p.pos, pos...)
}

// repeat is the diagnostic of record i, of file n, left out as a
// duplicate of one earlier in the same file: it names the record by its
// position, folder and title, and the one it repeats, so that the user
// can tell what was not imported. ok is false for a duplicate of what the
// catalogue or an earlier file had, which the summary counts. *first indexes the plan's
// records by URI key, made on the first call.
func (p *Plan) repeat(i, n int, first *map[string]int) (d ssd3.Diagnostic, ok bool) {
	if *first == nil {
		*first = make(map[string]int, len(p.records))
		for j, r := range p.records {
			if _, seen := (*first)[ssd3.URIKey(r.URI())]; !seen {
				(*first)[ssd3.URIKey(r.URI())] = j
			}
		}
	}
	j, seen := (*first)[ssd3.URIKey(p.records[i].URI())]
	if !seen || j >= i || j < p.starts[n] {
		// The catalogue's, or another file's: the same bookmark in two
		// profiles of one browser is no news, and the summary counts it.
		return d, false
	}
	at, was := p.position(i), p.position(j)
	where := "earlier in this file"
	if was.Line > 0 {
		where = fmt.Sprintf("at line %d %s", was.Line, where)
	} else if w := strings.TrimSuffix(was.Where, ": "); w != "" {
		where = w + ", " + where
	}
	r, o := p.records[i], p.records[j]
	return ssd3.Diagnostic{File: p.files[n].Source, Line: at.Line, Offset: at.Offset, Kind: ssd3.Skipped,
		Msg: fmt.Sprintf("%srecord %s, %q in %s, not imported: the same URI as %q in %s, %s",
			at.Where, Excerpt(r.URI()), Excerpt(r.Name()), placeText(r.Category()), Excerpt(o.Name()), placeText(o.Category()), where)}, true
}

// position is where record i of the plan was, or no position.
func (p *Plan) position(i int) Position {
	if i < len(p.pos) {
		return p.pos[i]
	}
	return Position{Offset: -1}
}

// LooksLike names the record that an added one looks like (an
// AddReport's LookAlike): `"NAME" (line N)`, or, for one added by the same
// edit and not yet saved, `"NAME", added just before`.
func LooksLike(r *ssd3.Record) string {
	if r.Line() > 0 {
		return fmt.Sprintf("%q (line %d)", r.Name(), r.Line())
	}
	return fmt.Sprintf("%q, added just before", r.Name())
}

// Import reads one file into a plan and applies the plan's edit to c
// (without saving): the whole import transaction in one call, for tests
// and tools that own c. Duplicates are left out; the summary is what the
// edit did.
func Import(c *catalogue.Catalogue, f Format, r io.Reader, cfg ReadConfig) (Summary, error) {
	p := NewPlan(false)
	s, err := p.Read(context.Background(), f, r, cfg)
	if err != nil {
		return s, err
	}
	var rep catalogue.AddReport
	add := p.Edit()
	add.Report = &rep
	if _, err := c.Apply(add); err != nil {
		return s, err
	}
	return p.Summaries(rep)[0], nil
}

// sanitize guards the catalogue against a reader that breaks its
// contract: whatever it let through, no control character, escape sequence
// or invalid UTF-8 reaches the catalogue, and NAME and CATEGORY stay on
// one line. It is not a second Finish: for a record that has been through
// Finish it changes nothing, at the cost of a scan, and it neither
// validates (the Add does) nor reports.
func sanitize(rec *ssd3.Record) {
	rec.SetName(OneLine(rec.Name()))
	if strings.TrimSpace(rec.Name()) == "" {
		rec.SetName(OneLine(NameFromURI(rec.URI())))
	}
	rec.SetCategory(strings.TrimSpace(OneLine(rec.Category()))) // a path: blanks at its ends are noise
	rec.SetDescription(display.Clean(rec.Description()))
	if fs := rec.Extensions(); len(fs) > 0 {
		fs = slices.Clone(fs)
		for i := range fs {
			fs[i].Value = display.Clean(fs[i].Value)
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

// sizeText says n bytes as uricat says sizes (internal/size): "16 MiB".
func sizeText(n int64) string { return size.Bytes(n) }

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

// Label files every record of the plan read so far under category (its
// own CATEGORY, a browser's folders, going below it) and adds tags to
// its X-TAGS: `import --category C --tags a,b`, to tell a batch apart.
// Call it after the files are read, before Edit.
func (p *Plan) Label(category string, tags []string) {
	// Each CATEGORY is made once and shared by the records of a folder,
	// as the readers share their folders' paths.
	labelled := map[string]string{}
	for _, r := range p.records {
		if category != "" {
			own := r.Category()
			c, ok := labelled[own]
			if !ok {
				names := ssd3.SplitCategory(category)
				if own != "" {
					names = append(names, ssd3.SplitCategory(own)...)
				}
				c, _ = BoundCategory(ssd3.JoinCategory(names)) // the file's own was bounded and noted
				labelled[own] = c
			}
			r.SetCategory(c)
		}
		if len(tags) > 0 {
			have := ssd3.SplitTags(r.Extension(ssd3.FieldTags))
			for _, t := range tags {
				if !slices.ContainsFunc(have, func(h string) bool { return strings.EqualFold(h, t) }) {
					have = append(have, t)
				}
			}
			r.SetExtension(ssd3.FieldTags, ssd3.JoinTags(have))
		}
	}
}
