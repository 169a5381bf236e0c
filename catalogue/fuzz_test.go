package catalogue

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/uricat/uricat/catalogue/internal/record"
	"github.com/uricat/uricat/catalogue/ssd3"
)

func addSeeds(f *testing.F) {
	for _, name := range []string{"testdata/ex41.uricat", "testdata/ex42.uricat"} {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(messy))
	f.Add([]byte("URI: http://e/\nNAME: =?UTF-8?Q?a?= =?UTF-8?B?w6k=?=\nDATE: 29/02/2008 00:00:00\nID: 1\n\n\nURI: x\n"))
	f.Add([]byte("\r\n\r\nNAME:x\rDATE: 1\x00\xff\r\n  \r\nX-: v\r\nX-a: =?bogus?Q?x?=\r\n"))
}

// FuzzRead: any input is read without panicking, written back byte for
// byte, and every record it calls valid passes Validate.
func FuzzRead(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Read(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		c.WriteTo(&out)
		if !bytes.Equal(out.Bytes(), data) {
			t.Fatalf("not written back verbatim:\n%q\n%q", data, out.Bytes())
		}
		for _, r := range c.Valid() {
			if ps := r.Validate(); len(ps) > 0 {
				t.Fatalf("record at line %d read as valid, but Validate says %v", r.Line(), ps)
			}
		}
		// Values held as spans of the text read as the same values held
		// apart; every extension is the file's line of its name.
		for _, r := range c.Records() {
			// Packed as it was parsed, it is packed as the text alone
			// packs: merges compare packed texts.
			if record.Packed(r) != record.PackText(r.Raw()) {
				t.Fatalf("record at line %d packed as %q, its text alone as %q", r.Line(), record.Packed(r), record.PackText(r.Raw()))
			}
			v := r.Values()
			if got := ssd3.NewRecord(v).Values(); !reflect.DeepEqual(got, v) {
				t.Fatalf("record at line %d: built from its values it reads\n%+v\nnot\n%+v", r.Line(), got, v)
			}
			for _, x := range v.Extensions {
				if strings.Count("\n"+r.Raw(), "\n"+x.Name+":") > 1 {
					continue // FileValue gives the first, which may be a bad line
				}
				// Both trimmed: an encoded-word may decode to spaces
				// at either end (the seed "X-0: =?us?Q? 0?=").
				if fv := r.FileValue(x.Name); strings.TrimSpace(fv) != strings.TrimSpace(x.Value) {
					t.Fatalf("record at line %d: extension %s = %q, but the file's line says %q", r.Line(), x.Name, x.Value, fv)
				}
			}
		}
		for _, p := range c.Problems() {
			if p.Line < 0 || p.Msg == "" {
				t.Fatalf("problem without place or message: %+v", p)
			}
		}
	})
}

// FuzzEdit: editing a record of any file keeps every other record's bytes,
// and the edited record reads back with the new values.
func FuzzEdit(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Read(bytes.NewReader(data))
		if err != nil || len(c.Records()) == 0 {
			return
		}
		before := make([]string, c.Len())
		for i, r := range c.Records() {
			before[i] = r.Raw()
		}
		target := c.Records()[0]
		edit := target.Clone()
		edit.SetURI("http://edited.example/")
		edit.SetName("edited\tname é")
		edit.SetRating(4)
		nr, err := testUpdate(c, target, edit)
		if err != nil {
			return // the record had other invalid typed values
		}
		var out bytes.Buffer
		c.WriteTo(&out)
		again, err := Read(&out)
		if err != nil {
			t.Fatal(err)
		}
		if again.Len() != c.Len() {
			t.Fatalf("%d records after the edit, want %d:\n%q", again.Len(), c.Len(), out.String())
		}
		got := again.Records()[0]
		if got.Name() != "edited\tname é" || got.URI() != "http://edited.example/" || (nr.Rating() == 4) != (got.Rating() == 4) {
			t.Fatalf("edited record read back as %+v", got)
		}
		for i := 1; i < c.Len(); i++ {
			if again.Records()[i].Raw() != before[i] {
				t.Fatalf("record %d changed:\n%q\n%q", i, before[i], again.Records()[i].Raw())
			}
		}
	})
}

// FuzzTextRoundTrip: every Unicode string survives a write and a read.
func FuzzTextRoundTrip(f *testing.F) {
	for _, s := range []string{"", "plain", "Café", "a\tb", "line\r\nbreak", "=?UTF-8?Q?x?=", "東京", " x ", "?=", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		enc := ssd3.EncodeText(s)
		for i := 0; i < len(enc); i++ {
			if enc[i] < 0x20 || enc[i] >= 0x7f {
				t.Fatalf("EncodeText(%q) = %q has byte 0x%02x", s, enc, enc[i])
			}
		}
		if dec, err := ssd3.DecodeText(enc); err != nil || dec != s {
			t.Fatalf("round trip of %q: %q, %v (encoded %q)", s, dec, err, enc)
		}
		if strings.TrimSpace(s) == "" {
			return
		}
		c := &Catalogue{}
		if _, err := testAdd(c, ssd3.NewRecord(ssd3.Values{URI: "http://e/", Name: s, Description: s, Extensions: []ssd3.Field{{Name: "X-T", Value: s}}})); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		c.WriteTo(&out)
		r := mustRead(t, out.String()).Records()[0]
		if r.Name() != s || r.Description() != s || r.Extension("X-T") != s || !r.Valid() {
			t.Fatalf("record round trip of %q: %q %q %q %v", s, r.Name(), r.Description(), r.Extension("X-T"), r.Problems())
		}
	})
}
