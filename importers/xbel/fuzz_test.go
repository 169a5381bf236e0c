package xbel

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// FuzzReader checks that no input makes the reader panic or loop, or emit
// a record the catalogue would reject or text holding control characters
// or escape sequences; and that Decode, on the same input, gives a
// document that Encode writes and Decode reads back the same.
func FuzzReader(f *testing.F) {
	for _, name := range []string{"floccus.xbel", "buku.xbel", "kde-bookmarks.xml", "gtk-recently-used.xbel", "sample.golden", "buku-4.7.xbel"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("<xbel><folder><title>a/b</title><bookmark href=\"https://a/\x1b[31m\" added=\"99999-01-01\"><title>x\x1b]0;t\x07</title></bookmark></folder></xbel>"))
	f.Add([]byte("<!DOCTYPE xbel><xbel><bookmark href=\"h\"><info><metadata owner=\"https://github.com/uricat/uricat\"><field name=\"DATE\">x</field><field>y</field></metadata></info></bookmark><alias ref=\"\"/><separator><title/></separator></xbel>"))
	f.Add([]byte("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><xbel><bookmark href=\"https://\xe9/\"><title>\xe9t\xe9</title></bookmark></xbel>"))
	f.Fuzz(func(t *testing.T, data []byte) {
		importertest.FuzzRead(t, NewReader(bytes.NewReader(data), importers.Options{Now: now}), len(data))
		doc, err := Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		var once, twice bytes.Buffer
		if err := Encode(&once, doc); err != nil {
			t.Fatal(err)
		}
		again, err := Decode(bytes.NewReader(once.Bytes()))
		if err != nil {
			t.Fatalf("Encode wrote what Decode cannot read: %v\n%s", err, once.Bytes())
		}
		if err := Encode(&twice, again); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(once.Bytes(), twice.Bytes()) {
			t.Fatalf("Encode(Decode(Encode(d))) differs from Encode(d):\n%s\n---\n%s", once.Bytes(), twice.Bytes())
		}
	})
}

// FuzzWriterRoundTrip checks that any record an import can make is
// written as XML that reads back as the same record, or that the writer
// says what it changed.
func FuzzWriterRoundTrip(f *testing.F) {
	f.Add("Café & <b>", "line\n<desc>two</desc>", `A/B\/C`, "X-TAGS", "x,y", int64(5), "")
	f.Add("n", "", strings.Repeat("é", 1006), "X-LAST-VISIT", "29/03/2019 18:40:52", int64(-86400), "<metadata owner=\"o\"><a/></metadata>")
	f.Add("]]>", "&#10;\r\n", `C:\dir`, "X-ADDED", "01/01/2000 00:00:00", int64(1e10), "<a>")
	f.Fuzz(func(t *testing.T, name, desc, cat, extName, extValue string, date int64, info string) {
		rec := ssd3.NewRecord(ssd3.Values{URI: "http://example.org/?a=1&b=2", Name: name, Description: desc, Category: cat,
			Date: time.Unix(date%1e11, 0).UTC()})
		if ssd3.ValidateExtensionName(extName) == nil {
			rec.SetExtension(extName, extValue)
		}
		if info != "" {
			rec.SetExtension(FieldInfo, info)
		}
		if _, ok := importers.Finish(rec, importers.Options{Now: now}, 0, -1); !ok {
			return
		}
		out, losses := importertest.Export(t, Format.NewWriter, rec)
		importertest.CheckOutput(t, "xbel", []byte(out))
		recs, _ := importertest.ReadAll(t, NewReader(strings.NewReader(out), importers.Options{Now: now.Add(time.Hour)}))
		if len(recs) != 1 {
			t.Fatalf("%d records read back:\n%s", len(recs), out)
		}
		if d := importertest.Diff(sorted(recs[0]), sorted(rec)); d != nil && len(losses) == 0 {
			t.Errorf("came back changed, and the writer did not say so: %v\n%s", d, out)
		}
	})
}
