package pinboard

import (
	"crypto/md5"
	"encoding/hex"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

func md5hex(s string) string {
	h := md5.Sum([]byte(s))
	return hex.EncodeToString(h[:])
}

// A record is written in the shape of Pinboard's documented export: one
// line, its nine keys in Pinboard's order, every value a string, time in
// RFC 3339 UTC, shared and toread "yes" or "no", tags space-separated.
func TestWriteShape(t *testing.T) {
	t.Parallel()
	rec := ssd3.NewRecord(ssd3.Values{URI: "https://go.dev/", Name: "The Go language", Description: "Build simple, secure, scalable systems.",
		Date:       time.Date(2024, 3, 1, 13, 0, 0, 0, time.FixedZone("CET", 3600)),
		Extensions: []ssd3.Field{{Name: "X-TAGS", Value: "go, programming"}, {Name: "X-TOREAD", Value: "1"}}})
	out, diags := importertest.Export(t, Format.NewWriter, rec)
	if len(diags) > 0 {
		t.Errorf("diagnostics: %v", diags)
	}
	head := `[{"href":"https://go.dev/","description":"The Go language","extended":"Build simple, secure, scalable systems.","meta":"`
	tail := `","hash":"` + md5hex("https://go.dev/") + `","time":"2024-03-01T12:00:00Z","shared":"yes","toread":"yes","tags":"go programming"}]` + "\n"
	if !strings.HasPrefix(out, head) || !strings.HasSuffix(out, tail) || len(out) != len(head)+32+len(tail) {
		t.Errorf("export is\n%s\nwant\n%s<32 hex digits>%s", out, head, tail)
	}
	if !Detect([]byte(out)) {
		t.Error("Detect does not recognise the export")
	}
}

// A record on the reading list is written toread "yes", any other "no";
// a private one shared "no"; each reads back as what it was, a record
// without the field as "0", which means the same.
func TestWriteReadState(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, toread, private  string
		wantToread, wantShared string
		backToread, backPriv   string
		note                   string
	}{
		{"on the reading list", "1", "", "yes", "yes", "1", "0", ""},
		{"read", "0", "", "no", "yes", "0", "0", ""},
		{"never on the list", "", "", "no", "yes", "0", "0", ""},
		{"private, to read", "1", "1", "yes", "no", "1", "1", ""},
		{"public", "", "0", "no", "yes", "0", "0", ""},
		{"odd value", "later", "", "no", "yes", "0", "0", `X-TOREAD "later" is neither 1 nor 0`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rec := ssd3.NewRecord(ssd3.Values{URI: "http://a/", Name: "a", Date: now})
			rec.SetExtension(ssd3.FieldToRead, tc.toread)
			rec.SetExtension("X-PRIVATE", tc.private)
			out, diags := importertest.Export(t, Format.NewWriter, rec)
			if !strings.Contains(out, `"shared":"`+tc.wantShared+`","toread":"`+tc.wantToread+`"`) {
				t.Errorf("export is %s, want shared %q, toread %q", out, tc.wantShared, tc.wantToread)
			}
			if tc.note == "" && len(diags) > 0 || tc.note != "" && (len(diags) != 1 || !strings.Contains(diags[0].Msg, tc.note)) {
				t.Errorf("diagnostics %v, want %q", diags, tc.note)
			}
			recs, _ := readAll(t, out)
			if len(recs) != 1 {
				t.Fatalf("%d records read back", len(recs))
			}
			if g, w := recs[0].Extension(ssd3.FieldToRead), tc.backToread; g != w {
				t.Errorf("X-TOREAD reads back %q, want %q", g, w)
			}
			if g, w := recs[0].Extension("X-PRIVATE"), tc.backPriv; g != w {
				t.Errorf("X-PRIVATE reads back %q, want %q", g, w)
			}
			if g := ssd3.ToRead(recs[0]); g != (tc.toread == "1") {
				t.Errorf("on the reading list after the round trip: %v", g)
			}
		})
	}
}

// What a post cannot hold is said, naming the record; the rest is written.
func TestWriteNotes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		ext  []ssd3.Field
		want string // in the one diagnostic
	}{
		{"a key of Pinboard's", []ssd3.Field{{Name: "X-HASH", Value: "x"}}, `X-HASH is left out: a post has only one key "hash"`},
		{"two of one name", []ssd3.Field{{Name: "X-NOTE", Value: "a"}, {Name: "X-NOTE", Value: "b"}}, `X-NOTE is left out`},
		{"small letters", []ssd3.Field{{Name: "X-Author", Value: "Zoë"}}, `X-Author is written as key "author", which reads back as X-AUTHOR`},
		{"a tag with a space", []ssd3.Field{{Name: "X-TAGS", Value: "new york, go"}}, `tag "new york" holds a space`},
		{"control characters", []ssd3.Field{{Name: "X-NOTE", Value: "bell\a"}}, "control characters and escape sequences left out of X-NOTE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rec := ssd3.NewRecord(ssd3.Values{URI: "http://a/", Name: "a", Date: now, Extensions: tc.ext})
			out, diags := importertest.Export(t, Format.NewWriter, rec)
			importertest.CheckOutput(t, "pinboard", []byte(out))
			if len(diags) != 1 || !strings.Contains(diags[0].Msg, tc.want) || !strings.HasPrefix(diags[0].Msg, "record http://a/: ") {
				t.Errorf("diagnostics %v, want one with %q", diags, tc.want)
			}
		})
	}
}

// Pinboard's own export, read and written, reads back as the same records.
func TestWriteExportBack(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("testdata/export.json")
	if err != nil {
		t.Fatal(err)
	}
	recs, _ := readAll(t, string(b))
	out, diags := importertest.Export(t, Format.NewWriter, recs...)
	if len(diags) > 0 {
		t.Errorf("diagnostics: %v", diags)
	}
	back, _ := readAll(t, out)
	if len(back) != len(recs) {
		t.Fatalf("%d records read back, want %d", len(back), len(recs))
	}
	for i := range recs {
		if d := importertest.Diff(back[i], recs[i]); d != nil {
			t.Errorf("record %d: %v", i, d)
		}
	}
}

// FuzzWriterRoundTrip checks that any record an import can make is
// written as a post that reads back as the same record, or that the
// writer says what it changed.
func FuzzWriterRoundTrip(f *testing.F) {
	f.Add("Café & <b>", "line\ntwo \"q\"", `A/B\/C`, "X-TAGS", "x, y z", int64(5), "1")
	f.Add("n", "", "", "X-HREF", "http://b/", int64(-86400), "0")
	f.Add("\u202e", "\x1b[2J", "c", "X-Author", "Zoë", int64(1e10), "later")
	f.Fuzz(func(t *testing.T, name, desc, cat, extName, extValue string, date int64, toread string) {
		rec := ssd3.NewRecord(ssd3.Values{URI: "http://example.org/?a=1&b=2", Name: name, Description: desc, Category: cat,
			Date: time.Unix(date%1e11, 0).UTC(), Extensions: []ssd3.Field{{Name: "X-PRIVATE", Value: "0"}}})
		if ssd3.ValidateExtensionName(extName) == nil {
			rec.AddExtension(extName, extValue)
		}
		rec.SetExtension(ssd3.FieldToRead, cmpOr(toread, "0"))
		if _, ok := importers.Finish(rec, importers.Options{Now: now}, 0, -1); !ok {
			return
		}
		if rec.Extension(ssd3.FieldToRead) == "" { // Finish dropped a blank one: it reads back "0", as TestWriteReadState says
			rec.SetExtension(ssd3.FieldToRead, "0")
		}
		out, losses := importertest.Export(t, Format.NewWriter, rec)
		importertest.CheckOutput(t, "pinboard", []byte(out))
		recs, _ := readAll(t, out)
		if len(recs) != 1 {
			t.Fatalf("%d records read back:\n%s", len(recs), out)
		}
		if d := importertest.Diff(sorted(recs[0]), sorted(rec)); d != nil && len(losses) == 0 {
			t.Errorf("came back changed, and the writer did not say so: %v\n%s", d, out)
		}
	})
}

// sorted returns a copy of r with its extensions sorted by name: a post's
// keys come in the table's order, not the record's.
func sorted(r *ssd3.Record) *ssd3.Record {
	c := r.Clone()
	ext := append([]ssd3.Field(nil), c.Extensions()...)
	slices.SortStableFunc(ext, func(a, b ssd3.Field) int { return strings.Compare(a.Name, b.Name) })
	c.SetExtensions(ext)
	return c
}

// The keys uricat's export adds read back as their fields; a value the
// field refuses is said and left out, and the post still read.
func TestReadFieldKeys(t *testing.T) {
	t.Parallel()
	recs, diags := readAll(t, `[{"href":"http://a/","description":"a","time":"2024-03-01T12:00:00Z","category":"Food/Paris","rating":"nine","language":"fr","id":"7"}]`)
	if len(recs) != 1 {
		t.Fatalf("%d records", len(recs))
	}
	if r := recs[0]; r.Category() != "Food/Paris" || r.Language() != "fr" || r.ID() != "7" || r.Rating() != 0 || r.Extension("X-CATEGORY") != "" {
		t.Errorf("read %q %q %q %d, extensions %v", r.Category(), r.Language(), r.ID(), r.Rating(), r.Extensions())
	}
	if len(diags) != 1 || !strings.Contains(diags[0].Msg, `rating "nine"`) {
		t.Errorf("diagnostics %v, want one about the rating", diags)
	}
}
