package importers

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/uricat/uricat/catalogue"
)

// RunConfig says how Run imports one file.
type RunConfig struct {
	// Source names the input in messages (a file name, or "-" for stdin).
	Source string
	// Options are passed to the format's reader.
	Options Options
	// AllowDuplicates imports records whose URI the catalogue (or the same
	// import) already has.
	AllowDuplicates bool
	// Seen, if set, is the set of URIs already imported or in the
	// catalogue, shared between the Runs of one import of several files;
	// Run adds to it. When nil, Run makes one from the catalogue.
	Seen *URISet
	// DryRun reads and checks everything but adds nothing to the catalogue.
	DryRun bool
	// Progress, if set, is called with the number of bytes read so far each
	// time the reader takes more input: for a progress bar.
	Progress func(bytesRead int64)
}

// Summary is what one Run did.
type Summary struct {
	Source, Format string
	DryRun         bool
	// Imported counts the records added (or, in a dry run, that would be).
	Imported int
	// Duplicates counts the records left out because their URI was in the
	// catalogue already, or earlier in the same import.
	Duplicates int
	// Skipped holds the diagnostics of foreign records that were not
	// imported, each with its reason and position.
	Skipped []Diagnostic
	// Dropped counts the Dropped diagnostics: each tells of values left out
	// of records that were imported (one may count many: "favicons of 40
	// bookmarks").
	Dropped int
	// Diagnostics holds every diagnostic, Skipped ones included, in the
	// order the reader gave them.
	Diagnostics []Diagnostic
	// Records are the records imported, as the catalogue holds them (in a
	// dry run, the records that would have been added).
	Records []*catalogue.Record
}

// String is the one-line summary printed for a file.
func (s Summary) String() string {
	var b strings.Builder
	b.WriteString(s.Source)
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

// Run imports every record that f's reader finds in r into c: duplicates
// are left out unless cfg.AllowDuplicates, and nothing is added in a dry
// run. Run never saves: the caller saves once, after all its files, so that
// an import that fails half-way leaves the file as it was. Outside a dry run
// Run adds to c, so nothing else may use c until it returns; a dry run only
// reads c, and its Records can be added later with c.Add.
//
// Bad input is never an error: it is in the Summary's diagnostics. The error
// is for input that could not be read; the records added before it are in
// the Summary, for the caller to keep or take back.
func Run(c *catalogue.Catalogue, f Format, r io.Reader, cfg RunConfig) (Summary, error) {
	s := Summary{Source: cfg.Source, Format: f.Name, DryRun: cfg.DryRun}
	if f.NewReader == nil {
		return s, fmt.Errorf("%s: format %q has no reader", cfg.Source, f.Name)
	}
	if cfg.Progress != nil {
		r = &progressReader{r: r, report: cfg.Progress}
	}
	seen := cfg.Seen
	if seen == nil && !cfg.AllowDuplicates {
		seen = NewURISet(c)
	}
	rd := f.NewReader(r, cfg.Options)
	note := func(ds []Diagnostic) {
		for _, d := range ds {
			s.Diagnostics = append(s.Diagnostics, d)
			switch d.Kind {
			case Skipped:
				s.Skipped = append(s.Skipped, d)
			case Dropped:
				s.Dropped++
			}
		}
	}
	for {
		rec, err := rd.Read()
		note(rd.Diagnostics())
		if errors.Is(err, io.EOF) {
			return s, nil
		}
		if err != nil {
			return s, fmt.Errorf("%s: %w", cfg.Source, err)
		}
		sanitize(rec)
		if seen != nil && !seen.Add(rec.URI) && !cfg.AllowDuplicates {
			s.Duplicates++
			continue
		}
		if cfg.DryRun {
			s.Imported++
			s.Records = append(s.Records, rec)
			continue
		}
		held, err := add(c, rec)
		if err != nil {
			if seen != nil {
				seen.Remove(rec.URI) // not in the catalogue after all
			}
			note([]Diagnostic{{Offset: -1, Kind: Skipped, Msg: fmt.Sprintf("record %s not imported: %v", rec.URI, err)}})
			continue
		}
		if held.ID != rec.ID {
			note([]Diagnostic{{Offset: -1, Kind: Dropped, Msg: fmt.Sprintf("record %s: ID %s dropped: the catalogue has that ID already (SSD3 3.9)", rec.URI, rec.ID)}})
		}
		s.Imported++
		s.Records = append(s.Records, held)
	}
}

// sanitize is the last gate before the catalogue: whatever a reader let
// through, no control character, escape sequence or invalid UTF-8 reaches
// it, and NAME and CATEGORY stay on one line. For a record that has been
// through Finish it changes nothing, at the cost of a scan.
func sanitize(rec *catalogue.Record) {
	line := func(s string) string {
		if catalogue.CleanText(s) == s && !strings.ContainsAny(s, "\n\t") {
			return s
		}
		return oneLine(s)
	}
	rec.Name = line(rec.Name)
	if rec.Name == "" {
		rec.Name = oneLine(NameFromURI(rec.URI))
	}
	rec.Category = line(rec.Category)
	rec.Description = catalogue.CleanText(rec.Description)
	for i := range rec.Extensions {
		rec.Extensions[i].Value = catalogue.CleanText(rec.Extensions[i].Value)
	}
}

// add adds rec to c; if only its ID stands in the way (IDs must be unique,
// SSD3 3.9), it adds the record without the ID.
func add(c *catalogue.Catalogue, rec *catalogue.Record) (*catalogue.Record, error) {
	held, err := c.Add(rec)
	var ve *catalogue.ValidationError
	if err != nil && rec.ID != "" && errors.As(err, &ve) && onlyField(ve.Problems, catalogue.FieldID) {
		again := rec.Clone()
		again.ID = ""
		return c.Add(again)
	}
	return held, err
}

func onlyField(ps []catalogue.Problem, field string) bool {
	for _, p := range ps {
		if p.Field != field {
			return false
		}
	}
	return len(ps) > 0
}

// URISet is a set of URIs compared after normalisation, for finding
// duplicates in constant time per URI.
type URISet struct{ m map[string]struct{} }

// NewURISet returns a set holding the URIs of c's valid records (c may be nil).
func NewURISet(c *catalogue.Catalogue) *URISet {
	s := &URISet{m: make(map[string]struct{})}
	if c != nil {
		for _, r := range c.Records() {
			if r.Valid() {
				s.m[catalogue.URIKey(r.URI)] = struct{}{}
			}
		}
	}
	return s
}

// Add adds uri and reports whether it was new.
func (s *URISet) Add(uri string) bool {
	k := catalogue.URIKey(uri)
	if _, ok := s.m[k]; ok {
		return false
	}
	s.m[k] = struct{}{}
	return true
}

// Has reports whether the set holds uri.
func (s *URISet) Has(uri string) bool {
	_, ok := s.m[catalogue.URIKey(uri)]
	return ok
}

// Remove takes uri out of the set (its import was taken back).
func (s *URISet) Remove(uri string) { delete(s.m, catalogue.URIKey(uri)) }

// Len returns the number of distinct URIs in the set.
func (s *URISet) Len() int { return len(s.m) }

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
