package importers

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
)

var testNow = time.Date(2025, 6, 1, 9, 30, 0, 0, time.UTC)

// lineFormat is a toy format for testing Run: one bookmark a line,
// "URI|NAME|ID"; a line "!" fails with an I/O error.
var lineFormat = Format{
	Name:   "lines",
	Title:  "test lines",
	Detect: func([]byte) bool { return false },
	NewReader: func(r io.Reader, opts Options) Reader {
		return &lineReader{sc: bufio.NewScanner(r), opts: opts}
	},
}

type lineReader struct {
	sc    *bufio.Scanner
	opts  Options
	line  int
	diags []ssd3.Diagnostic
}

var errBroken = errors.New("broken pipe")

func (l *lineReader) Read() (*ssd3.Record, error) {
	for l.sc.Scan() {
		l.line++
		text := l.sc.Text()
		if text == "!" {
			return nil, errBroken
		}
		f := strings.Split(text, "|")
		rec := ssd3.NewRecord(ssd3.Values{URI: f[0]})
		if len(f) > 1 {
			rec.SetName(f[1])
		}
		if len(f) > 2 {
			rec.SetID(f[2])
		}
		diags, ok := Finish(rec, l.opts, l.line, -1)
		l.diags = append(l.diags, diags...)
		if ok {
			return rec, nil
		}
	}
	return nil, io.EOF
}

func (l *lineReader) Diagnostics() []ssd3.Diagnostic {
	d := l.diags
	l.diags = nil
	return d
}

// RunConfig and run import one file as the CLI does: a plan, then its edit
// applied, unless DryRun.
type RunConfig struct {
	Source          string
	Options         Options
	AllowDuplicates bool
	DryRun          bool
	Progress        func(int64)
}

func run(c *catalogue.Catalogue, f Format, r io.Reader, cfg RunConfig) (Summary, error) {
	p := NewPlan(cfg.AllowDuplicates)
	s, err := p.Read(context.Background(), f, r, ReadConfig{Source: cfg.Source, Options: cfg.Options, Progress: cfg.Progress})
	s.DryRun = cfg.DryRun
	if err != nil {
		return s, err
	}
	var rep catalogue.AddReport
	add := p.Edit()
	add.Report = &rep
	if cfg.DryRun {
		err = c.DryRun(add)
	} else {
		_, err = c.Apply(add)
	}
	if err != nil {
		return s, err
	}
	s = p.Summaries(rep)[0]
	s.DryRun = cfg.DryRun
	return s, nil
}

func catalogueOf(t testing.TB, text string) *catalogue.Catalogue {
	t.Helper()
	c, err := catalogue.Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	c.Now = func() time.Time { return testNow }
	return c
}

const existing = "URI: http://Example.COM:80\r\nNAME: Example\r\nDATE: 01/01/2020 00:00:00\r\nID: 7\r\n\r\n" +
	"URI: https://invalid.example/\r\nDATE: 01/01/2020 00:00:00\r\n"

func TestRun(t *testing.T) {
	input := strings.Join([]string{
		"http://example.com/|Same page as the catalogue's, other spelling", // duplicate of the catalogue
		"https://new.example/a%7eb|New",
		"https://NEW.example:443/a~b|New again", // duplicate within the import
		"https://invalid.example/|Its catalogue record is invalid, so not a duplicate",
		"no scheme|Bad",                     // skipped by Finish
		"https://id.example/|Clashing ID|7", // ID 7 taken: imported without it
		"https://id2.example/|Bad ID|x1",    // invalid ID: dropped by Finish
	}, "\n")
	tests := []struct {
		name        string
		cfg         RunConfig
		imported    []string
		duplicates  int
		skipped     []string
		dropped     int
		summary     string
		catalogueN  int
		wantIDClash bool
	}{
		{
			name:       "dedup",
			cfg:        RunConfig{Source: "in.txt", Options: Options{Now: testNow}},
			imported:   []string{"https://new.example/a%7eb", "https://invalid.example/", "https://id.example/", "https://id2.example/"},
			duplicates: 2,
			skipped:    []string{`in.txt:5: skipped: record not imported: "no%20scheme" is a relative URI; give the URL it is relative to with --base`},
			dropped:    2,
			summary:    "in.txt: imported 4 records, 2 records skipped as duplicates, 1 record skipped, 2 messages about values dropped (lines)",
			catalogueN: 6,
		},
		{
			name:       "allow duplicates",
			cfg:        RunConfig{Source: "in.txt", Options: Options{Now: testNow}, AllowDuplicates: true},
			imported:   []string{"http://example.com/", "https://new.example/a%7eb", "https://NEW.example:443/a~b", "https://invalid.example/", "https://id.example/", "https://id2.example/"},
			skipped:    []string{`in.txt:5: skipped`},
			dropped:    2,
			summary:    "in.txt: imported 6 records, 0 records skipped as duplicates, 1 record skipped, 2 messages about values dropped (lines)",
			catalogueN: 8,
		},
		{
			name:       "dry run",
			cfg:        RunConfig{Source: "-", Options: Options{Now: testNow}, DryRun: true},
			imported:   []string{"https://new.example/a%7eb", "https://invalid.example/", "https://id.example/", "https://id2.example/"},
			duplicates: 2,
			skipped:    []string{`-:5: skipped`},
			dropped:    2,
			summary:    "-: would import 4 records, 2 records skipped as duplicates, 1 record skipped, 2 messages about values dropped (lines)",
			catalogueN: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := catalogueOf(t, existing)
			s, err := run(c, lineFormat, strings.NewReader(input), tt.cfg)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range s.Records {
				got = append(got, r.URI())
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.imported) || s.Imported != len(tt.imported) {
				t.Errorf("imported %d %v, want %v", s.Imported, got, tt.imported)
			}
			if s.Duplicates != tt.duplicates {
				t.Errorf("duplicates = %d, want %d", s.Duplicates, tt.duplicates)
			}
			if len(s.Skipped) != len(tt.skipped) {
				t.Fatalf("skipped %v, want %v", s.Skipped, tt.skipped)
			}
			for i, d := range s.Skipped {
				if line := d.String(); !strings.HasPrefix(line, tt.skipped[i]) {
					t.Errorf("skipped[%d] = %q, want prefix %q", i, line, tt.skipped[i])
				}
			}
			if s.Dropped != tt.dropped {
				t.Errorf("dropped = %d, want %d (%v)", s.Dropped, tt.dropped, s.Diagnostics)
			}
			if got := s.String(); got != tt.summary {
				t.Errorf("summary\n got %q\nwant %q", got, tt.summary)
			}
			if c.Len() != tt.catalogueN {
				t.Errorf("catalogue has %d records, want %d", c.Len(), tt.catalogueN)
			}
			if tt.cfg.DryRun && c.Modified() {
				t.Error("a dry run modified the catalogue")
			}
			for _, r := range s.Records {
				if r.URI() == "https://id.example/" && !tt.cfg.DryRun && r.ID() != "" {
					t.Errorf("record with clashing ID kept ID %s", r.ID())
				}
			}
		})
	}
}

// TestRunTwice: importing the same file twice adds nothing the second time.
func TestRunTwice(t *testing.T) {
	c := catalogueOf(t, "")
	in := "https://a.example/|A\nhttps://b.example/|B\n"
	first, err := run(c, lineFormat, strings.NewReader(in), RunConfig{Source: "f"})
	if err != nil || first.Imported != 2 {
		t.Fatalf("first run: %v, %v", first, err)
	}
	second, err := run(c, lineFormat, strings.NewReader(in), RunConfig{Source: "f"})
	if err != nil || second.Imported != 0 || second.Duplicates != 2 {
		t.Fatalf("second run: %v, %v", second, err)
	}
	if c.Len() != 2 {
		t.Fatalf("catalogue has %d records, want 2", c.Len())
	}
}

func TestRunReadError(t *testing.T) {
	c := catalogueOf(t, "")
	s, err := run(c, lineFormat, strings.NewReader("https://a.example/|A\n!\nhttps://b.example/|B\n"), RunConfig{Source: "f.txt"})
	if !errors.Is(err, errBroken) || !strings.HasPrefix(err.Error(), "f.txt: ") {
		t.Fatalf("err = %v, want f.txt: %v", err, errBroken)
	}
	if s.Imported != 0 || c.Len() != 0 {
		t.Fatalf("a file that cannot be read to its end imported %d records (catalogue: %d), want none", s.Imported, c.Len())
	}
}

func TestRunProgress(t *testing.T) {
	in := strings.Repeat("https://a.example/x|A\n", 10000)
	var last int64
	calls := 0
	_, err := run(catalogueOf(t, ""), lineFormat, strings.NewReader(in), RunConfig{DryRun: true, Progress: func(n int64) {
		if n < last {
			t.Errorf("progress went back from %d to %d", last, n)
		}
		last = n
		calls++
	}})
	if err != nil {
		t.Fatal(err)
	}
	if last != int64(len(in)) || calls < 2 {
		t.Fatalf("progress ended at %d after %d calls, want %d", last, calls, len(in))
	}
}

func TestSummaryString(t *testing.T) {
	s := Summary{Source: "a.html", Format: "netscape", Imported: 1, Duplicates: 0}
	if got, want := s.String(), "a.html: imported 1 record, 0 records skipped as duplicates, 0 records skipped (netscape)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// BenchmarkRunDedup imports 100k records into a catalogue of 100k, half of
// them already there: duplicates must be found through a map, not a scan.
func BenchmarkRunDedup(b *testing.B) {
	const n = 100_000
	var cat strings.Builder
	for i := range n {
		fmt.Fprintf(&cat, "URI: https://site%d.example/page/%d\r\nNAME: Page %d\r\nDATE: 01/01/2020 00:00:00\r\n\r\n", i%977, i, i)
	}
	var in strings.Builder
	for i := n / 2; i < n+n/2; i++ {
		fmt.Fprintf(&in, "https://site%d.example/page/%d|Page %d\n", i%977, i, i)
	}
	catText, input := cat.String(), in.String()
	for _, dry := range []bool{true, false} {
		b.Run(fmt.Sprintf("dry=%v", dry), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				c := catalogueOf(b, catText)
				b.StartTimer()
				s, err := run(c, lineFormat, strings.NewReader(input), RunConfig{DryRun: dry, Options: Options{Now: testNow}})
				if err != nil || s.Imported != n/2 || s.Duplicates != n/2 {
					b.Fatalf("imported %d, duplicates %d, err %v", s.Imported, s.Duplicates, err)
				}
			}
		})
	}
}

// TestRunSanitizes: whatever a reader lets through, Run keeps control
// characters, escape sequences and invalid UTF-8 out of the catalogue.
func TestRunSanitizes(t *testing.T) {
	dirty := Format{Name: "dirty", NewReader: func(io.Reader, Options) Reader {
		return &sliceReader{recs: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{
			URI: "https://d.example/", Name: "a\x1b[2Jb\x80\nc", Category: "x\ty", Description: "ok\x07\nline",
			Date: testNow, Extensions: []ssd3.Field{{Name: "X-NOTE", Value: "n\x1b]0;t\x07"}},
		}), ssd3.NewRecord(ssd3.Values{
			URI: "https://e.example/host", Name: "\x1b[0m", Date: testNow, // nothing left: named from the URI
		})}}
	}}
	c := catalogueOf(t, "")
	s, err := run(c, dirty, strings.NewReader(""), RunConfig{Source: "d"})
	if err != nil || s.Imported != 2 {
		t.Fatalf("Run: %v, %v", s, err)
	}
	r := c.Records()[0]
	if r.Name() != "ab c" || r.Category() != "x y" || r.Description() != "ok\nline" || r.Extension("X-NOTE") != "n" {
		t.Errorf("got name %q, category %q, description %q, X-NOTE %q", r.Name(), r.Category(), r.Description(), r.Extension("X-NOTE"))
	}
	if n := c.Records()[1].Name(); n != "host" {
		t.Errorf("empty name became %q, want host", n)
	}
}

type sliceReader struct{ recs []*ssd3.Record }

func (s *sliceReader) Read() (*ssd3.Record, error) {
	if len(s.recs) == 0 {
		return nil, io.EOF
	}
	r := s.recs[0]
	s.recs = s.recs[1:]
	return r, nil
}

func (s *sliceReader) Diagnostics() []ssd3.Diagnostic { return nil }

// Issue 22: a 1 GB line ran an import out of memory, into a Go stack
// trace. A line longer than MaxLine, or an input larger than MaxSize, is
// an error that says where, read in pieces of any size, whatever the format
// reader makes of it (lineFormat's scanner takes a read error for the end),
// and nothing of the file is imported.
func TestReadLimits(t *testing.T) {
	// slurp reads its input whole, as a JSON decoder does, and finds no
	// record in it; lineFormat stops reading at its first line over 64 KiB.
	slurp := Format{Name: "slurp", NewReader: func(r io.Reader, _ Options) Reader { return &slurpReader{r: r} }}
	long := strings.Repeat("x", 100)
	tests := []struct {
		name  string
		input string
		cfg   ReadConfig
		want  string // the error; "" for none
	}{
		{"lines at the limit", "https://a.example/|" + long[:81] + "\nhttps://b.example/|B\n", ReadConfig{MaxLine: 100}, ""},
		{"a long line", "https://a.example/|A\nhttps://b.example/|B\nhttps://c.example/|" + long + "\n", ReadConfig{MaxLine: 100},
			"f.txt: line 3: a line longer than 100 B; nothing was imported from f.txt"},
		{"CR line ends", "https://a.example/|A\rhttps://b.example/|" + long + "\r", ReadConfig{MaxLine: 100},
			"f.txt: line 2: a line longer than 100 B; nothing was imported from f.txt"},
		{"the last line, no line end", "https://a.example/|A\r\n" + long + long, ReadConfig{MaxLine: 100},
			"f.txt: line 2: a line longer than 100 B; nothing was imported from f.txt"},
		{"the default", "https://a.example/|" + strings.Repeat("x", DefaultMaxLine) + "\n", ReadConfig{},
			"f.txt: line 1: a line longer than 16 MiB; nothing was imported from f.txt"},
		{"too large", strings.Repeat("https://a.example/|A\n", 100), ReadConfig{MaxSize: 1 << 10},
			"f.txt: more than 1 KiB: uricat imports at most that from one file; split it; nothing was imported from f.txt"},
		{"known to be too large", "https://a.example/|A\n", ReadConfig{MaxSize: 1 << 10, Size: 5 << 30},
			"f.txt: 5 GiB, more than 1 KiB: uricat imports at most that from one file; split it; nothing was imported from f.txt"},
	}
	for _, tt := range tests {
		for _, f := range []Format{lineFormat, slurp} {
			for _, pieces := range []struct {
				name string
				wrap func(io.Reader) io.Reader
			}{{"whole", func(r io.Reader) io.Reader { return r }}, {"a byte at a time", iotest.OneByteReader}, {"halves", iotest.HalfReader}} {
				if tt.name == "the default" && pieces.name == "a byte at a time" {
					continue // 16 MiB a byte at a time: slow, and nothing more to see
				}
				if tt.name == "the default" && f.Name == lineFormat.Name {
					continue
				}
				t.Run(tt.name+"/"+f.Name+"/"+pieces.name, func(t *testing.T) {
					p := NewPlan(false)
					tt.cfg.Source = "f.txt"
					s, err := p.Read(context.Background(), f, pieces.wrap(strings.NewReader(tt.input)), tt.cfg)
					switch {
					case tt.want == "" && err != nil:
						t.Fatalf("err = %v", err)
					case tt.want != "" && (err == nil || err.Error() != tt.want):
						t.Fatalf("err = %v, want %s", err, tt.want)
					case tt.want != "" && (s.Imported != 0 || p.Len() != 0):
						t.Errorf("imported %d records of a file refused", p.Len())
					}
				})
			}
		}
	}
}

// TestReadMaxRecords: an input of more records than MaxRecords (a
// compressed backup of millions, which a plan would hold in gigabytes)
// is refused, naming the bound, and nothing of it is imported.
func TestReadMaxRecords(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lines, max int
		want       string
	}{
		{3, 3, ""},
		{4, 3, "f.txt: more than 3 records: uricat imports at most that many from one file; split it; nothing was imported from f.txt"},
	} {
		t.Run(fmt.Sprint(tc.lines), func(t *testing.T) {
			t.Parallel()
			var in strings.Builder
			for i := range tc.lines {
				fmt.Fprintf(&in, "https://%d.example/|N\n", i)
			}
			p := NewPlan(false)
			s, err := p.Read(context.Background(), lineFormat, strings.NewReader(in.String()), ReadConfig{Source: "f.txt", MaxRecords: tc.max})
			switch {
			case tc.want == "" && (err != nil || s.Imported != tc.lines):
				t.Errorf("imported %d, %v; want %d", s.Imported, err, tc.lines)
			case tc.want != "" && (err == nil || err.Error() != tc.want || p.Len() != 0):
				t.Errorf("imported %d, %v; want nothing and %s", p.Len(), err, tc.want)
			}
		})
	}
}

type slurpReader struct{ r io.Reader }

func (s *slurpReader) Read() (*ssd3.Record, error) {
	if _, err := io.ReadAll(s.r); err != nil {
		return nil, err
	}
	return nil, io.EOF
}

func (s *slurpReader) Diagnostics() []ssd3.Diagnostic { return nil }
