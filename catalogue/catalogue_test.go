package catalogue

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/internal/syntax"
	"github.com/uricat/uricat/catalogue/ssd3"
)

var fixedNow = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

func text(t *testing.T, c *Catalogue) string {
	t.Helper()
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// messy holds everything a lossless writer must keep: an invalid record, an
// unknown field, an X- field, LF lines, extra blank lines, no final CRLF.
const messy = "\r\nURI: http://a/\r\nNAME: A\r\nCOLOUR: red\r\nDATE: 01/01/2001 00:00:00\r\nX-Via: me\r\n\r\n\r\n" +
	"NAME: no uri here\r\nDATE: 02/02/2002 00:00:00\r\n\r\n" +
	"URI: http://c/\nNAME: C\nDATE: 03/03/2003 00:00:00\nRATING: 9\n\r\n" +
	"URI: http://d/\r\nNAME: D\r\nDATE: 04/04/2004 00:00:00"

func TestUnchangedFileWritesIdenticalBytes(t *testing.T) {
	c := mustRead(t, messy)
	if got := text(t, c); got != messy {
		t.Errorf("got\n%q\nwant\n%q", got, messy)
	}
	if len(c.Valid()) != 3 || c.Len() != 4 {
		t.Errorf("%d valid of %d, want 3 of 4", len(c.Valid()), c.Len())
	}
}

func TestAddAppendsLeavingEveryByte(t *testing.T) {
	for _, orig := range []string{messy, "", crlf("URI: http://a/\nNAME: A\nDATE: 01/01/2001 00:00:00\n"), "\r\n\r\n"} {
		c := mustRead(t, orig)
		c.Now = func() time.Time { return fixedNow }
		nr, err := testAdd(c, ssd3.NewRecord(ssd3.Values{URI: "http://new/", Name: "Naïve"}))
		if err != nil {
			t.Fatal(err)
		}
		if !nr.Date().Equal(fixedNow) {
			t.Errorf("DATE %v, want now", nr.Date())
		}
		got := text(t, c)
		if !strings.HasPrefix(got, orig) {
			t.Fatalf("existing bytes changed:\n%q\nstarts not with\n%q", got, orig)
		}
		added := got[len(orig):]
		want := "URI: http://new/\r\nNAME: =?UTF-8?q?Na=C3=AFve?=\r\nDATE: 21/11/2026 12:00:00\r\n"
		if !strings.HasSuffix(added, want) {
			t.Errorf("appended %q, want it to end with %q", added, want)
		}
		again := mustRead(t, got)
		last := again.Records()[again.Len()-1]
		if last.Name() != "Naïve" || !last.Valid() {
			t.Errorf("re-read %q valid=%v", last.Name(), last.Valid())
		}
	}
}

func TestEditRewritesOnlyThatRecord(t *testing.T) {
	c := mustRead(t, messy)
	c.Now = func() time.Time { return fixedNow }
	a := c.Records()[0]
	edit := a.Clone()
	edit.SetName("A renamed")
	edit.SetRating(4)
	edit.SetExtension("X-Via", "")
	edit.SetExtension("X-New", "yes")
	nr, err := testUpdate(c, a, edit)
	if err != nil {
		t.Fatal(err)
	}
	if !nr.Date().Equal(fixedNow) {
		t.Errorf("3.3: DATE %v, want the time of the edit", nr.Date())
	}
	got := text(t, c)
	// The DATE the record had is the time it was added: the first edit
	// keeps it as X-ADDED, at the record's end.
	wantA := "URI: http://a/\r\nNAME: A renamed\r\nCOLOUR: red\r\nDATE: 21/11/2026 12:00:00\r\nRATING: 4\r\nX-New: yes\r\nX-ADDED: 01/01/2001 00:00:00\r\n"
	if !strings.HasPrefix(got, "\r\n"+wantA+"\r\n\r\n") {
		t.Errorf("edited record:\n%q", got)
	}
	rest := messy[strings.Index(messy, "NAME: no uri"):]
	if !strings.HasSuffix(got, rest) {
		t.Errorf("other records changed:\n%q", got)
	}
}

func TestEditKeepsInvalidFieldLines(t *testing.T) {
	c := mustRead(t, messy)
	r := c.Records()[2] // RATING: 9 is invalid
	edit := r.Clone()
	edit.SetCategory("Letters")
	if _, err := testUpdate(c, r, edit); err != nil {
		t.Fatal(err)
	}
	got := text(t, c)
	if !strings.Contains(got, "RATING: 9\r\nCATEGORY: Letters\r\n") {
		t.Errorf("the invalid RATING line must stay as it was:\n%q", got)
	}
	// Setting a rating replaces the invalid line in place: one RATING field.
	edit2 := c.Records()[2].Clone()
	edit2.SetRating(3)
	nr, err := testUpdate(c, c.Records()[2], edit2)
	if err != nil {
		t.Fatal(err)
	}
	if nr.Rating() != 3 || len(nr.Problems()) != 0 || strings.Count(nr.Raw(), "RATING") != 1 {
		t.Errorf("rating not fixed in place: %q %v", nr.Raw(), nr.Problems())
	}
}

func TestFixingAnInvalidRecord(t *testing.T) {
	c := mustRead(t, messy)
	bad := c.Records()[1]
	fix := bad.Clone()
	fix.SetURI("http://b/")
	nr, err := testUpdate(c, bad, fix)
	if err != nil {
		t.Fatal(err)
	}
	if !nr.Valid() || len(c.Valid()) != 4 {
		t.Errorf("record still invalid: %v", nr.Problems())
	}
}

func TestAddRefusesInvalid(t *testing.T) {
	c := mustRead(t, messy)
	before := text(t, c)
	tests := []struct {
		rec  ssd3.Values
		want string
	}{
		{ssd3.Values{URI: "not a uri", Name: "x"}, "no scheme"},
		{ssd3.Values{URI: "http://x/", Name: ""}, "NAME is required"},
		{ssd3.Values{URI: "http://x/", Name: "x", Rating: 7}, "1 to 5"},
		{ssd3.Values{URI: "http://x/", Name: "x", Language: "klingon"}, "LANGUAGE"},
		{ssd3.Values{URI: "http://x/", Name: "x", Type: "html"}, "TYPE"},
		{ssd3.Values{URI: "http://x/", Name: "x", ID: "-1"}, "ID"},
		{ssd3.Values{URI: "http://x/", Name: "x", Extensions: []ssd3.Field{{Name: "Tags", Value: "a"}}}, `start with "X-"`},
		{ssd3.Values{URI: "http://x/", Name: "x", Date: time.Date(12000, 1, 1, 0, 0, 0, 0, time.UTC)}, "four digits"},
	}
	for _, tt := range tests {
		_, err := testAdd(c, ssd3.NewRecord(tt.rec))
		var ve *ValidationError
		if !errors.As(err, &ve) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Add(%+v) = %v, want a ValidationError with %q", tt.rec, err, tt.want)
		}
	}
	c2 := mustRead(t, crlf("URI: http://a/\nNAME: A\nID: 5\nDATE: 01/01/2001 00:00:00\n"))
	if _, err := testAdd(c2, ssd3.NewRecord(ssd3.Values{URI: "http://b/", Name: "b", ID: "0005"})); err == nil || !strings.Contains(err.Error(), "unique") {
		t.Errorf("3.9: duplicate ID 0005 accepted: %v", err)
	}
	if text(t, c) != before {
		t.Errorf("a refused Add changed the catalogue")
	}
}

// TestInversesGiveBackTheBytes: the inverse Apply returns puts back
// exactly what was there, DATE and every byte of the file included.
func TestInversesGiveBackTheBytes(t *testing.T) {
	c := mustRead(t, messy)
	a := c.Records()[0]
	inv, err := c.Apply(Delete{Refs: []Ref{a.Ref()}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(text(t, c), "http://a/") {
		t.Errorf("deleted record still written")
	}
	if _, err := c.Apply(inv); err != nil {
		t.Fatal(err)
	}
	if got := text(t, c); got != messy {
		t.Errorf("delete + undo changed the file:\n%q", got)
	}
	if c.Records()[0] != a {
		t.Errorf("undo of a delete did not put back the same record")
	}
	inv, err = c.Apply(Set{Ref: a.Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldName, Value: "changed"}}})
	if err != nil {
		t.Fatal(err)
	}
	if nr := c.Lookup(a.Ref()); nr.Name() != "changed" || nr.Date().Equal(a.Date()) {
		t.Fatalf("Set: name %q, date %v", nr.Name(), nr.Date())
	}
	if _, err := c.Apply(inv); err != nil {
		t.Fatal(err)
	}
	if got := text(t, c); got != messy || !c.Lookup(a.Ref()).Date().Equal(a.Date()) {
		t.Errorf("undo of an edit did not restore the bytes and date:\n%q", got)
	}
}

func TestRecordValidateUnicode(t *testing.T) {
	r := ssd3.NewRecord(ssd3.Values{URI: "http://e/", Name: "東京\ttower\nnight", Date: fixedNow, Description: "x"})
	if ps := r.Validate(); len(ps) != 0 {
		t.Errorf("Unicode text must be storable: %v", ps)
	}
	c := mustRead(t, "")
	nr, err := testAdd(c, r)
	if err != nil {
		t.Fatal(err)
	}
	if nr.Name() != r.Name() {
		t.Errorf("stored %q", nr.Name())
	}
	if got := text(t, c); !syntax.IsASCII(got) {
		t.Errorf("file is not ASCII: %q", got)
	}
}

func TestNormalizeURI(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://bücher.de/straße", "http://xn--bcher-kva.de/stra%C3%9Fe"},
		{"https://example.com/a b?q=ü#frag", "https://example.com/a%20b?q=%C3%BC#frag"},
		{"http://example.com/100%", "http://example.com/100%25"},
		{"http://example.com/%41", "http://example.com/%41"},
		{"http://user@münchen.de:8080/x", "http://user@xn--mnchen-3ya.de:8080/x"},
		{"mailto:jürgen@example.com", "mailto:j%C3%BCrgen@example.com"},
		{"http://e/a#b#c", "http://e/a#b%23c"},
		{"  http://e/  ", "http://e/"},
	}
	for _, tt := range tests {
		got := ssd3.NormalizeURI(tt.in)
		if got != tt.want {
			t.Errorf("NormalizeURI(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if err := ssd3.ValidateURI(got); err != nil {
			t.Errorf("NormalizeURI(%q) = %q is not valid: %v", tt.in, got, err)
		}
	}
}

// An add never joins the new record to what ends the file, and deleting it
// again gives back the file byte for byte, whatever the file ended with.
func TestAddThenDeleteGivesBackEveryByte(t *testing.T) {
	const rec = "URI: http://a/\r\nNAME: A\r\nDATE: 01/01/2001 00:00:00"
	for _, tail := range []string{"", "\r\n", "\r\n\r\n", "\r\n\r\n\r\n", "\r\n\r\n  ", "\r\n  ", "\r\n \r\n\t", "\n\n", "\r\n\r\n  \r\n"} {
		for _, empty := range []bool{false, true} {
			orig := rec + tail
			if empty {
				orig = strings.TrimPrefix(tail, "\r\n")
			}
			c := mustRead(t, orig)
			n := len(c.Valid())
			if _, err := c.Apply(Add{Records: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://new/", Name: "New"})}}); err != nil {
				t.Fatal(err)
			}
			written := text(t, c)
			if !strings.HasPrefix(written, orig) {
				t.Errorf("tail %q: the add changed bytes already there:\n%q", tail, written)
			}
			again := mustRead(t, written)
			if got := len(again.Valid()); got != n+1 {
				t.Errorf("tail %q (empty %v): %d valid records after the add, want %d:\n%q", tail, empty, got, n+1, written)
			}
			last := c.Records()[len(c.Records())-1]
			if _, err := c.Apply(Delete{Refs: []Ref{last.Ref()}}); err != nil {
				t.Fatal(err)
			}
			if got := text(t, c); got != orig {
				t.Errorf("tail %q (empty %v): add then delete gave\n%q, want\n%q", tail, empty, got, orig)
			}
		}
	}
}

// Undo and redo of a large batch take time in proportion to the batch,
// and a batch that fails half-way changes nothing.
func TestBatchIsAllOrNothing(t *testing.T) {
	c := mustRead(t, messy)
	before := text(t, c)
	v := c.Version()
	a := c.Records()[0]
	_, err := c.Apply(Batch{Edits: []Edit{
		Set{Ref: a.Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldRating, Value: "5"}}},
		Add{Records: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://fresh/", Name: "Fresh"})}},
		Delete{Refs: []Ref{12345678}},
	}})
	if !errors.Is(err, errNoRecord) {
		t.Fatalf("batch with a missing record: %v", err)
	}
	if got := text(t, c); got != before || c.Version() != v || c.Lookup(a.Ref()) != a {
		t.Errorf("a failed batch changed the catalogue (version %d→%d):\n%q", v, c.Version(), got)
	}
}
