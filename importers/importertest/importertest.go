// Package importertest checks what every importer promises of the records
// it emits, for the importers' tests and fuzz targets.
package importertest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
)

// CheckRecord fails t if the catalogue would reject rec, or if any of its
// text holds what must never reach a catalogue or a terminal: control
// characters, escape sequences, invalid UTF-8. Only DESCRIPTION, and X-
// values when multiLineExtensions, may hold line breaks and tabs.
func CheckRecord(t testing.TB, rec *catalogue.Record, multiLineExtensions bool) {
	t.Helper()
	if ps := rec.Validate(); len(ps) > 0 {
		t.Fatalf("record %q does not validate: %v", rec.URI, ps)
	}
	CheckText(t, "URI", rec.URI, false)
	CheckText(t, "NAME", rec.Name, false)
	CheckText(t, "CATEGORY", rec.Category, false)
	CheckText(t, "DESCRIPTION", rec.Description, true)
	CheckText(t, "LANGUAGE", rec.Language, false)
	CheckText(t, "TYPE", rec.Type, false)
	CheckText(t, "ID", rec.ID, false)
	for _, e := range rec.Extensions {
		CheckText(t, "field name", e.Name, false)
		CheckText(t, e.Name, e.Value, multiLineExtensions)
	}
}

// CheckText fails t if s holds a control character, an escape sequence or
// invalid UTF-8, or, unless multiLine, a line break or a tab.
func CheckText(t testing.TB, what, s string, multiLine bool) {
	t.Helper()
	if catalogue.CleanText(s) != s {
		t.Fatalf("%s %q holds control characters, escape sequences or invalid UTF-8", what, s)
	}
	if !multiLine && strings.ContainsAny(s, "\n\t") {
		t.Fatalf("%s %q holds a line break or a tab", what, s)
	}
}

// Diff lists how got differs from want, field by field, for a test's
// message; nil when they hold the same values.
func Diff(got, want *catalogue.Record) []string {
	var d []string
	cmp := func(field, g, w string) {
		if g != w {
			d = append(d, fmt.Sprintf("%s = %q, want %q", field, g, w))
		}
	}
	for _, f := range catalogue.Fields {
		if f.Name == catalogue.FieldDate {
			// To the nanosecond: DATE's text is to the second.
			if !got.Date.Equal(want.Date) {
				d = append(d, fmt.Sprintf("DATE = %v, want %v", got.Date, want.Date))
			}
			continue
		}
		cmp(f.Name, f.Get(got), f.Get(want))
	}
	cmp("extensions", fmt.Sprintf("%q", got.Extensions), fmt.Sprintf("%q", want.Extensions))
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
func CheckDiagnostics(t testing.TB, diags []importers.Diagnostic, want []string, exact bool) {
	t.Helper()
	var all []string
	for _, d := range diags {
		all = append(all, fmt.Sprintf("%d %s", d.Line, d))
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

// ReadAll reads r to the end and returns its records and diagnostics. It
// fails tb on an error (bad input must be a diagnostic) and on a record
// that breaks CheckRecord.
func ReadAll(tb testing.TB, r importers.Reader) ([]*catalogue.Record, []importers.Diagnostic) {
	tb.Helper()
	var recs []*catalogue.Record
	var diags []importers.Diagnostic
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
func Export(tb testing.TB, newWriter func(io.Writer) importers.Writer, recs ...*catalogue.Record) (string, []importers.Diagnostic) {
	tb.Helper()
	var buf bytes.Buffer
	w := newWriter(&buf)
	var diags []importers.Diagnostic
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
