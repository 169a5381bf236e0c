// Package importertest checks what every reader promises of the records it
// emits, and every writer of what it writes, for the formats' tests and
// fuzz targets; and it makes the records their benchmarks write, and the
// streams their readers' benchmarks and memory tests read (Stream,
// CheckMemoryBounded).
package importertest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/display"
)

// CheckRecord fails t if the catalogue would reject rec, or if any of its
// text holds what must never reach a catalogue or a terminal: control
// characters, escape sequences, invalid UTF-8. Only DESCRIPTION, and X-
// values when multiLineExtensions, may hold line breaks and tabs. Its
// CATEGORY must be within the bound an import keeps (importers.MaxFolders).
func CheckRecord(t testing.TB, rec *ssd3.Record, multiLineExtensions bool) {
	t.Helper()
	if ps := rec.Validate(); len(ps) > 0 {
		t.Fatalf("record %q does not validate: %v", rec.URI(), ps)
	}
	if _, msg := importers.BoundCategory(rec.Category()); msg != "" {
		t.Fatalf("record %q: %s", rec.URI(), msg)
	}
	CheckText(t, "URI", rec.URI(), false)
	CheckText(t, "NAME", rec.Name(), false)
	CheckText(t, "CATEGORY", rec.Category(), false)
	CheckText(t, "DESCRIPTION", rec.Description(), true)
	CheckText(t, "LANGUAGE", rec.Language(), false)
	CheckText(t, "TYPE", rec.Type(), false)
	CheckText(t, "ID", rec.ID(), false)
	for _, e := range rec.Extensions() {
		CheckText(t, "field name", e.Name, false)
		CheckText(t, e.Name, e.Value, multiLineExtensions)
	}
}

// CheckText fails t if s holds a control character, an escape sequence or
// invalid UTF-8, or, unless multiLine, a line break or a tab.
func CheckText(t testing.TB, what, s string, multiLine bool) {
	t.Helper()
	if display.Clean(s) != s {
		t.Fatalf("%s %q holds control characters, escape sequences or invalid UTF-8", what, s)
	}
	if !multiLine && strings.ContainsAny(s, "\n\t") {
		t.Fatalf("%s %q holds a line break or a tab", what, s)
	}
}

// CheckCategoriesShared fails t unless recs hold at most folders CATEGORY
// strings between them, and no more than MaxCategory bytes of CATEGORY
// each: a reader makes a folder's path once, and its bookmarks share it,
// so that an import's memory does not grow with depth times bookmarks.
func CheckCategoriesShared(t testing.TB, recs []*ssd3.Record, folders int) {
	t.Helper()
	texts := map[*byte]bool{}
	total := 0
	for _, r := range recs {
		if c := r.Category(); c != "" {
			texts[unsafe.StringData(c)] = true
			total += len(c)
		}
	}
	if len(texts) > folders {
		t.Errorf("%d records hold %d CATEGORY strings, want at most %d: one per folder", len(recs), len(texts), folders)
	}
	if total > len(recs)*importers.MaxCategory {
		t.Errorf("%d records hold %d bytes of CATEGORY, more than %d each", len(recs), total, importers.MaxCategory)
	}
}

// Diff lists how got differs from want, field by field, for a test's
// message; nil when they hold the same values.
func Diff(got, want *ssd3.Record) []string {
	var d []string
	cmp := func(field, g, w string) {
		if g != w {
			d = append(d, fmt.Sprintf("%s = %q, want %q", field, g, w))
		}
	}
	for _, f := range ssd3.Fields {
		if f.Name == ssd3.FieldDate {
			// To the nanosecond: DATE's text is to the second.
			if !got.Date().Equal(want.Date()) {
				d = append(d, fmt.Sprintf("DATE = %v, want %v", got.Date(), want.Date()))
			}
			continue
		}
		cmp(f.Name, f.Get(got), f.Get(want))
	}
	cmp("extensions", fmt.Sprintf("%q", got.Extensions()), fmt.Sprintf("%q", want.Extensions()))
	return d
}

// Drain reads r to the end, discarding records and diagnostics, calls each
// (when not nil) with the count after every record, and returns the count.
// An error other than io.EOF fails tb.
func Drain(tb testing.TB, r importers.Reader, each func(n int)) int {
	tb.Helper()
	n := 0
	for {
		_, err := r.Read()
		r.Diagnostics()
		if err == io.EOF {
			return n
		}
		if err != nil {
			tb.Fatal(err)
		}
		n++
		if each != nil {
			each(n)
		}
	}
}

// HeapBound is what the heap in use may reach while a streaming importer
// reads, whatever the size of the stream: its buffer, one record, and
// garbage not yet collected.
const HeapBound = 24 << 20

// SampleHeap returns a Drain callback that records in peak the highest heap
// in use, sampled every 256 records (ReadMemStats stops the world).
func SampleHeap(peak *uint64) func(int) {
	var ms runtime.MemStats
	return func(n int) {
		if n%256 == 0 {
			runtime.ReadMemStats(&ms)
			*peak = max(*peak, ms.HeapInuse)
		}
	}
}

// CheckDiagnostics fails t unless each of want, a prefix of "LINE kind:
// message", matches a diagnostic, in order; with exact, there must be no
// other diagnostics.
func CheckDiagnostics(t testing.TB, diags []ssd3.Diagnostic, want []string, exact bool) {
	t.Helper()
	var all []string
	for _, d := range diags {
		all = append(all, fmt.Sprintf("%d %s", d.Line, d.Message()))
	}
	i := 0
	for _, s := range all {
		if i < len(want) && strings.HasPrefix(s, want[i]) {
			i++
		}
	}
	if i < len(want) || exact && len(all) != len(want) {
		t.Errorf("diagnostics:\n%s\nwant (prefixes, in order%s):\n%s", strings.Join(all, "\n"),
			map[bool]string{true: ", and no others", false: ""}[exact], strings.Join(want, "\n"))
	}
}

// RoundTrip writes recs with f's writer, reads the output back with f's
// reader and fails t unless each record comes back as it was, or the writer
// reported (importers.Reporter) what it could not hold of it: what a
// format cannot carry may change, but never silently. recs should be as
// an import leaves them (through importers.Finish): what a reader gives
// back is. The output must be safe to show (CheckOutput). It returns the
// output.
func RoundTrip(t testing.TB, f importers.Format, recs []*ssd3.Record) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := f.NewWriter(&buf)
	reported := map[int][]string{} // by record index
	for i, r := range recs {
		if err := w.Write(r); err != nil {
			t.Fatalf("%s: writing %s: %v", f.Name, r.URI(), err)
		}
		if rep, ok := w.(importers.Reporter); ok {
			for _, d := range rep.Diagnostics() {
				reported[i] = append(reported[i], d.String())
				t.Logf("%s writer: %s", f.Name, d)
			}
		}
	}
	if err := w.Close(); err != nil {
		t.Fatalf("%s: %v", f.Name, err)
	}
	out := buf.Bytes()
	CheckOutput(t, f.Name, out)
	rd := f.NewReader(bytes.NewReader(out), importers.Options{Now: time.Date(2099, 1, 1, 0, 0, 0, 0, time.UTC)})
	var got []*ssd3.Record
	var diags []string
	for {
		rec, err := rd.Read()
		for _, d := range rd.Diagnostics() {
			if d.Kind == ssd3.Skipped || d.Kind == ssd3.Dropped {
				diags = append(diags, d.In(f.Name).String())
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: reading our own output: %v", f.Name, err)
		}
		got = append(got, rec)
	}
	if len(reported) == 0 && len(diags) > 0 {
		t.Errorf("%s: reading our own output back:\n%s", f.Name, strings.Join(diags, "\n"))
	}
	if len(got) != len(recs) {
		t.Fatalf("%s: %d records written, %d read back; writer said %v\n%s", f.Name, len(recs), len(got), reported, clipOutput(out))
	}
	failed := 0
	for i, want := range recs {
		if d := Diff(sortedExtensions(got[i]), sortedExtensions(want)); len(d) > 0 && len(reported[i]) == 0 {
			if failed++; failed > 5 {
				t.Fatalf("%s: and more; the output:\n%s", f.Name, clipOutput(out))
			}
			t.Errorf("%s: record %d (%s) came back changed, and the writer said nothing:\n  %s", f.Name, i, want.URI(), strings.Join(d, "\n  "))
		}
	}
	if failed > 0 {
		t.Logf("%s: the output:\n%s", f.Name, clipOutput(out))
	}
	return out
}

// sortedExtensions returns a copy of r with its extensions in name order:
// a writer may put them in another order, which changes nothing.
func sortedExtensions(r *ssd3.Record) *ssd3.Record {
	c := r.Clone()
	fs := slices.Clone(c.Extensions()) // the record's own may be shared, or made afresh on each call
	slices.SortFunc(fs, func(a, b ssd3.Field) int { return strings.Compare(a.Name, b.Name) })
	c.SetExtensions(fs)
	return c
}

func clipOutput(b []byte) string {
	if len(b) > 2000 {
		return fmt.Sprintf("%q...", b[:2000])
	}
	return fmt.Sprintf("%q", b)
}

// CheckOutput fails t if a writer's output holds what must never reach a
// terminal: a control character other than tab, line feed and the carriage
// return of a CR LF, a C1 control (U+0080 to U+009F), or invalid UTF-8.
func CheckOutput(t testing.TB, what string, out []byte) {
	t.Helper()
	if !utf8.Valid(out) {
		t.Fatalf("%s: the output is not valid UTF-8", what)
	}
	for i, r := range string(out) {
		switch {
		case r == '\t' || r == '\n':
		case r == '\r' && i+1 < len(out) && out[i+1] == '\n':
		case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f:
			t.Fatalf("%s: the output holds the control character %U at byte %d: %q", what, r, i, out[max(0, i-20):min(len(out), i+20)])
		}
	}
}

// Imported returns recs as an import leaves them: each a clone passed
// through importers.Finish. Records Finish refuses are left out.
func Imported(recs []*ssd3.Record) []*ssd3.Record {
	opts := importers.Options{Now: time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)}
	var out []*ssd3.Record
	for _, r := range recs {
		c := r.Clone()
		if _, ok := importers.Finish(c, opts, 0, -1); ok {
			out = append(out, c)
		}
	}
	return out
}

// Tricky are records whose text a writer must take care of: the characters
// its format gives a meaning to, non-ASCII text, line breaks, blanks at the
// ends of a NAME, every field set.
func Tricky() []*ssd3.Record {
	d := time.Date(2001, 12, 2, 3, 4, 5, 0, time.UTC)
	return []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "http://example.org/a;b?c=%20&d=%25#f", Name: "100% sure; \"quoted\" <tag> & {braces}", Date: d,
			Category: "Food/Paris", Description: "line one\nline two }\n@FILE { http://x/\n<a;b>\tend", Rating: 5,
			Language: "en-gb", Type: "text/html; charset=utf-8", ID: "42",
			Extensions: []ssd3.Field{{Name: "X-AUTHOR", Value: "Alan O. Freier; Paul C. Kocher"},
				{Name: "X-KEYWORDS", Value: "ssl; tls"}, {Name: "X-FILE-SIZE", Value: "5870"}}}),
		ssd3.NewRecord(ssd3.Values{URI: "https://bücher.example/straße", Name: "Bücher — 日本語の本", Date: d.Add(time.Hour),
			Category: "Books: Reference", Description: "Ünïcödé %%; >< \"", Extensions: []ssd3.Field{{Name: "X-TAGS", Value: "a,b"}}}),
		ssd3.NewRecord(ssd3.Values{URI: "ftp://ftp.example.org/pub/a%20b%2Fc", Name: "  a  b  ", Date: d.Add(2 * time.Hour), Category: "x"}),
		ssd3.NewRecord(ssd3.Values{URI: "gopher://gopher.example:70/0/about.txt", Name: "=?UTF-8?Q?not_encoded?= HINA/2.2beta", Date: d.Add(3 * time.Hour),
			Description: "URL: http://not.a.field/\r\nTitle: no"}),
	}
}

// CheckWriterNotes writes rec with f's writer and fails t unless the output
// is safe to show (CheckOutput) and the writer's diagnostics are, in order,
// one for each of want (words its message holds), each naming rec's URI.
// It returns the output.
func CheckWriterNotes(t testing.TB, f importers.Format, rec *ssd3.Record, want []string) []byte {
	t.Helper()
	out, notes := Export(t, f.NewWriter, rec)
	CheckOutput(t, f.Name, []byte(out))
	var got []string
	for _, d := range notes {
		got = append(got, d.String())
	}
	if len(got) != len(want) {
		t.Fatalf("%s writer: diagnostics %q, want %d", f.Name, got, len(want))
	}
	for i, w := range want {
		if !strings.Contains(got[i], w) || !strings.Contains(got[i], rec.URI()) {
			t.Errorf("%s writer: diagnostic %q lacks %q or the record's URI", f.Name, got[i], w)
		}
	}
	return []byte(out)
}

// ReadAll reads r to the end and returns its records and diagnostics. It
// fails tb on an error (bad input must be a diagnostic) and on a record
// that breaks CheckRecord.
func ReadAll(tb testing.TB, r importers.Reader) ([]*ssd3.Record, []ssd3.Diagnostic) {
	tb.Helper()
	var recs []*ssd3.Record
	var diags []ssd3.Diagnostic
	for {
		rec, err := r.Read()
		diags = append(diags, r.Diagnostics()...)
		if errors.Is(err, io.EOF) {
			return recs, diags
		}
		if err != nil {
			tb.Fatalf("Read: %v (bad input must be a diagnostic)", err)
		}
		CheckRecord(tb, rec, true)
		recs = append(recs, rec)
	}
}

// FuzzRead is the body of a reader's fuzz target: r, over size bytes of
// any input, must not fail (bad input is a diagnostic), loop, give an empty
// diagnostic or a record that breaks CheckRecord.
func FuzzRead(t *testing.T, r importers.Reader, size int) {
	t.Helper()
	for n := 0; ; n++ {
		if n > size+1 {
			t.Fatalf("more records (%d) than input bytes", n)
		}
		rec, err := r.Read()
		for _, d := range r.Diagnostics() {
			if d.Msg == "" {
				t.Errorf("empty diagnostic at line %d", d.Line)
			}
		}
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("Read: %v (bad input must not be an error)", err)
		}
		CheckRecord(t, rec, true)
	}
}

// Export writes recs with a writer newWriter makes, and returns the output
// and what the writer reported (importers.Reporter).
func Export(tb testing.TB, newWriter func(io.Writer) importers.Writer, recs ...*ssd3.Record) (string, []ssd3.Diagnostic) {
	tb.Helper()
	var buf bytes.Buffer
	w := newWriter(&buf)
	var diags []ssd3.Diagnostic
	rep, _ := w.(importers.Reporter)
	for _, r := range recs {
		if err := w.Write(r); err != nil {
			tb.Fatal(err)
		}
		if rep != nil {
			diags = append(diags, rep.Diagnostics()...)
		}
	}
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	if rep != nil {
		diags = append(diags, rep.Diagnostics()...)
	}
	return buf.String(), diags
}

// CheckReadsBack writes recs with f's writer, which must report nothing,
// reads the output back with f's reader, which must report nothing either,
// and fails t unless every record comes back whole, field for field: what
// our own JSON and CSV exports promise. With anyOrder, extensions may come
// back in another order (a JSON object has none).
func CheckReadsBack(t *testing.T, f importers.Format, recs []*ssd3.Record, anyOrder bool) {
	t.Helper()
	out, notes := Export(t, f.NewWriter, recs...)
	if len(notes) > 0 {
		t.Errorf("the writer reports losses: %v", notes)
	}
	got, diags := ReadAll(t, f.NewReader(strings.NewReader(out), importers.Options{Now: time.Date(2099, 1, 1, 0, 0, 0, 0, time.UTC)}))
	if len(diags) > 0 {
		t.Errorf("reading our own output back: %v", diags)
	}
	if len(got) != len(recs) {
		t.Fatalf("%d records read back, want %d", len(got), len(recs))
	}
	for i, want := range recs {
		g := got[i]
		if anyOrder {
			g, want = sortedExtensions(g), sortedExtensions(want)
		}
		if d := Diff(g, want); d != nil {
			t.Errorf("record %s: %v", want.URI(), d)
		}
	}
}

// CompareGolden fails t unless got is the content of the golden file path;
// with update, it writes got there first (go test -update, after review).
func CompareGolden(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test -update rewrites it after review):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// CheckGolden writes the sample catalogue (Sample), which has non-ASCII
// text, quotes, ";", "%", "<", "&", multi-line descriptions and
// extensions, with a writer newWriter makes, and fails t unless the writer
// reports no loss and the output is testdata/sample.golden (with update,
// go test -update, it rewrites the file first, for review).
func CheckGolden(t *testing.T, newWriter func(io.Writer) importers.Writer, update bool) {
	t.Helper()
	out, notes := Export(t, newWriter, Sample(t)...)
	if len(notes) > 0 {
		t.Errorf("the writer reports losses: %v", notes)
	}
	CompareGolden(t, filepath.Join("testdata", "sample.golden"), []byte(out), update)
}
