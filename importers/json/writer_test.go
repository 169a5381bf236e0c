package json

import (
	"bytes"
	stdjson "encoding/json"
	"flag"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers/importertest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func sample() []*ssd3.Record {
	return []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "https://example.org/?a=1&b=2", Name: "Café & <Co>", Date: time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC),
			Category: "Food/Paris", Description: "\"quoted\"; 100%\nsecond line", Rating: 5, Language: "fr", Type: "text/html", ID: "1",
			Extensions: []ssd3.Field{{Name: "X-AUTHOR", Value: "Zoë"}, {Name: "X-TAGS", Value: "a,b"}}}),
		ssd3.NewRecord(ssd3.Values{URI: "http://example.com/", Name: "Plain", Date: time.Date(1999, 12, 31, 23, 59, 59, 0, time.UTC)}),
	}
}

// write writes recs with a Writer and returns the output and the report.
func write(t testing.TB, recs ...*ssd3.Record) (string, []ssd3.Diagnostic) {
	t.Helper()
	return importertest.Export(t, newWriter, recs...)
}

// The Writer streams exactly what Encode, which `uricat list --json` uses,
// makes of the []Record.
func TestWriteMatchesEncode(t *testing.T) {
	for _, recs := range [][]*ssd3.Record{nil, sample()[:1], sample()} {
		got, _ := write(t, recs...)
		objs := make([]Record, len(recs))
		for i, r := range recs {
			objs[i] = FromRecord(r)
		}
		var want bytes.Buffer
		if err := Encode(&want, objs); err != nil {
			t.Fatal(err)
		}
		if got != want.String() {
			t.Errorf("%d records:\n got %s\nwant %s", len(recs), got, want.String())
		}
	}
}

// Issue 10, item 7: `list --json` wrote & as \u0026 (encoding/json's HTML
// escaping); the output is data, not HTML.
func TestNoHTMLEscaping(t *testing.T) {
	got, _ := write(t, sample()...)
	for _, want := range []string{`"uri": "https://example.org/?a=1&b=2"`, `"name": "Café & <Co>"`} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, `\u00`) {
		t.Errorf("output escapes text it need not:\n%s", got)
	}
}

// Every field comes back from encoding/json as it went in.
func TestStandardReader(t *testing.T) {
	recs := sample()
	out, _ := write(t, recs...)
	var back []Record
	if err := stdjson.Unmarshal([]byte(out), &back); err != nil {
		t.Fatal(err)
	}
	if len(back) != len(recs) {
		t.Fatalf("%d records back, want %d", len(back), len(recs))
	}
	for i, r := range recs {
		b := back[i]
		date, err := time.Parse(time.RFC3339, b.Date)
		if err != nil || !date.Equal(r.Date()) {
			t.Errorf("record %d: date %q (%v), want %v", i, b.Date, err, r.Date())
		}
		if b.URI != r.URI() || b.Name != r.Name() || b.Category != r.Category() || b.Description != r.Description() ||
			b.Rating != r.Rating() || b.Language != r.Language() || b.Type != r.Type() || b.ID != r.ID() {
			t.Errorf("record %d: got %+v, want %+v", i, b, r)
		}
		if len(b.Extensions) != len(r.Extensions()) {
			t.Errorf("record %d: extensions %v, want %v", i, b.Extensions, r.Extensions())
		}
		for _, f := range r.Extensions() {
			if b.Extensions[f.Name] != f.Value {
				t.Errorf("record %d: %s = %q, want %q", i, f.Name, b.Extensions[f.Name], f.Value)
			}
		}
	}
}

// Bidirectional and zero-width characters are kept, as \u escapes, so that
// the output shows them visibly on a terminal (issue 10: "BIDIMARK\u202Etxt.exe"
// displayed as "...exe.txt"); the text reads back the same.
func TestInvisibleEscaped(t *testing.T) {
	rec := ssd3.NewRecord(ssd3.Values{URI: "http://a/", Name: "BIDI\u202Etxt.exe", Date: time.Unix(1, 0).UTC(),
		Description: "zero\u200bwidth\u2060joiner\ufeff, arabic mark\u061c, isolate\u2066x\u2069 — kept: é 日本"})
	out, _ := write(t, rec)
	for _, want := range []string{`BIDI\u202etxt.exe`, `zero\u200bwidth\u2060joiner\ufeff, arabic mark\u061c, isolate\u2066x\u2069 — kept: é 日本`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
	var back []Record
	if err := stdjson.Unmarshal([]byte(out), &back); err != nil || back[0].Name != rec.Name() || back[0].Description != rec.Description() {
		t.Errorf("read back %+v, %v", back, err)
	}
}

// Invisible characters above U+FFFF (a tag character, a variation
// selector of the supplement, a musical format control) are escaped as
// JSON writes them, a UTF-16 surrogate pair, and read back the same.
func TestInvisibleAboveBMPEscaped(t *testing.T) {
	rec := ssd3.NewRecord(ssd3.Values{URI: "http://a/", Name: "flag\U000e0067\U000e007f 葛\U000e0100 \U0001d173x", Date: time.Unix(1, 0).UTC()})
	out, _ := write(t, rec)
	if want := `flag\udb40\udc67\udb40\udc7f 葛\udb40\udd00 \ud834\udd73x`; !strings.Contains(out, want) {
		t.Errorf("output lacks %s:\n%s", want, out)
	}
	var back []Record
	if err := stdjson.Unmarshal([]byte(out), &back); err != nil || back[0].Name != rec.Name() {
		t.Errorf("read back %+v, %v", back, err)
	}
}

// Safety: a NAME of another catalogue, =?UTF-8?Q?=1B]52;c;...=07?=, is an
// OSC 52 clipboard write once decoded; encoding/json escapes ESC and BEL,
// and the Writer the C1 controls and DEL that encoding/json writes raw. The
// text reads back the same.
func TestControlsEscaped(t *testing.T) {
	rec := ssd3.NewRecord(ssd3.Values{URI: "http://a/", Name: "\x1b]52;c;cHduZWQ=\x07x", Date: time.Unix(1, 0).UTC(),
		Description: "csi\u009b31m del\x7f nel\u0085 ok\u00a0é"})
	out, losses := write(t, rec)
	for _, want := range []string{`\u001b]52;c;cHduZWQ=\u0007x`, `csi\u009b31m del\u007f nel\u0085 ok` + "\u00a0é"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
	for _, r := range out {
		if r < 0x20 && r != '\n' || r >= 0x7f && r <= 0x9f {
			t.Errorf("raw control %U in\n%q", r, out)
		}
	}
	var back []Record
	if err := stdjson.Unmarshal([]byte(out), &back); err != nil || back[0].Name != rec.Name() || back[0].Description != rec.Description() {
		t.Errorf("read back %+v, %v", back, err)
	}
	if len(losses) > 0 {
		t.Errorf("losses: %v", losses)
	}
	// Text that is not UTF-8 cannot be JSON: it becomes U+FFFD, and the
	// writer says so.
	_, losses = write(t, ssd3.NewRecord(ssd3.Values{URI: "http://b/", Name: "a\xffb", Date: time.Unix(1, 0)}))
	if len(losses) != 1 || !strings.Contains(losses[0].Msg, "U+FFFD") {
		t.Errorf("losses %v, want one about U+FFFD", losses)
	}
}

// TestExportGolden checks the output for the sample catalogue against
// testdata/sample.golden (go test -update rewrites it).
func TestExportGolden(t *testing.T) { importertest.CheckGolden(t, newWriter, *update) }

func TestWriteAfterClose(t *testing.T) {
	w := NewWriter(&bytes.Buffer{})
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if w.Write(sample()[0]) == nil || w.Close() == nil {
		t.Error("Write or Close after Close succeeded")
	}
}

// EncodeArray writes what Encode writes of the same slice, byte for byte,
// whatever its items hold (escapes, invisible characters, text that is
// not UTF-8, groups of records), with a small part of Encode's memory.
func TestEncodeArrayMatchesEncode(t *testing.T) {
	bad := ssd3.NewRecord(ssd3.Values{URI: "http://e/\u202e", Name: "a\x7f\u0085b\xff", Date: time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC),
		Extensions: []ssd3.Field{{Name: "X-A", Value: "\U000e0041<&>"}, {Name: "X-B", Value: "\x1b[31m"}}})
	recs := append(sample(), bad)
	objs := make([]Record, len(recs))
	for i, r := range recs {
		objs[i] = FromRecord(r)
	}
	type linked struct {
		Record
		Link string `json:"link,omitempty"`
	}
	embedded := []linked{{objs[0], "ok"}, {objs[2], ""}}
	groups := []Group{{Group: "a", Records: objs}, {Group: "b"}}
	tests := []struct {
		name  string
		items any // what Encode writes
		enc   func(w *bytes.Buffer) error
	}{
		{"nil", []Record(nil), func(w *bytes.Buffer) error { return EncodeArray[Record](w, nil) }},
		{"empty", []Record{}, func(w *bytes.Buffer) error { return EncodeArray(w, []Record{}) }},
		{"one", objs[:1], func(w *bytes.Buffer) error { return EncodeArray(w, objs[:1]) }},
		{"records", objs, func(w *bytes.Buffer) error { return EncodeArray(w, objs) }},
		{"embedded", embedded, func(w *bytes.Buffer) error { return EncodeArray(w, embedded) }},
		{"groups", groups, func(w *bytes.Buffer) error { return EncodeArray(w, groups) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got, want bytes.Buffer
			if err := tt.enc(&got); err != nil {
				t.Fatal(err)
			}
			if err := Encode(&want, tt.items); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("got\n%s\nwant\n%s", got.String(), want.String())
			}
		})
	}
}

// EncodeArray does not build the document in memory: it allocates about
// as much as it writes for a thousand records (Encode, eight times as
// much).
func TestEncodeArrayMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's own allocations leave nothing to measure")
	}
	objs := make([]Record, 1000)
	for i := range objs {
		objs[i] = FromRecord(sample()[i%2])
	}
	var out countWriter
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := EncodeArray(&out, objs); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 2*uint64(out) {
		t.Errorf("EncodeArray allocated %d bytes to write %d", got, out)
	}
}

// countWriter counts the bytes written to it.
type countWriter int

func (c *countWriter) Write(b []byte) (int, error) {
	*c += countWriter(len(b))
	return len(b), nil
}
