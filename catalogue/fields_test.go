package catalogue

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// The table holds the nine fields of SSD3 section 3 ("an exhaustive list of
// all Standard Fields"), in the order of the full example of 4.1, and says
// which are REQUIRED (3.1 URI, 3.2 NAME, 3.3 DATE).
func TestFieldsTable(t *testing.T) {
	var names, required []string
	seen := uint16(0)
	for i, f := range Fields {
		names = append(names, f.Name)
		if f.Required {
			required = append(required, f.Name)
		}
		if got := spec(f.Name); got != &Fields[i] {
			t.Errorf("spec(%q) = %v, want Fields[%d]", f.Name, got, i)
		}
		if f.Label == "" || f.Section == "" || f.Get == nil || f.Set == nil || f.read == nil || f.validate == nil {
			t.Errorf("%s is incomplete: %+v", f.Name, f)
		}
		if f.bit == 0 || seen&f.bit != 0 {
			t.Errorf("%s: bit %b is not its own", f.Name, f.bit)
		}
		seen |= f.bit
	}
	want := []string{"URI", "NAME", "ID", "DATE", "CATEGORY", "DESCRIPTION", "RATING", "LANGUAGE", "TYPE"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("Fields = %q, want %q (4.1)", names, want)
	}
	if !reflect.DeepEqual(required, []string{"URI", "NAME", "DATE"}) {
		t.Errorf("required fields %q, want URI, NAME, DATE", required)
	}
	// Names are case-sensitive (2.1.3); anything else is an extension or
	// unknown.
	for _, name := range []string{"", "uri", "Name", "X-NAME", "NAMES", "NAM", "IDX", "D", "DATE ", "X-", "CATEGORY-"} {
		if f := spec(name); f != nil {
			t.Errorf("spec(%q) = %s, want none", name, f.Name)
		}
	}
}

// The reader and Set agree, for every field, on which values are valid and
// what they mean: a value read from a file is the value Set stores from
// the same text (decoded, for a Text field).
func TestReadAgreesWithSet(t *testing.T) {
	values := []string{"https://example.org/a?b#c", "http://exa mple/", "mailto:x@example.org", "no scheme",
		"Example", "   ", "café", "a=?b?=c", "31/10/2007 19:03:34", "29/02/2007 00:00:00", "31/10/07 19:03:34",
		"1", "5", "0", "6", "2.5", "en-gb", "x-klingon", "english", "en-JJ", "text/html", "text/html; charset=utf-8",
		"text", "foo/bar", "7", "007", "000", "12a", "123456789012345678901234567890"}
	for _, f := range Fields {
		for _, v := range values {
			line := v
			if f.Text {
				line = ssd3.EncodeText(v)
			}
			if f.Name == ssd3.FieldURI && ssd3.NormalizeURI(v) != v {
				continue // Set turns the IRI a user types into a URI; a file holds URIs
			}
			var read Record
			got := f.read(&read, line, newValueCache())
			var set Record
			want := f.Set(&set, v)
			if (got == nil) != (want == nil) && !(f.Text && strings.TrimSpace(v) == "") {
				t.Errorf("%s: %q: read says %v, Set says %v", f.Name, v, got, want)
				continue
			}
			if got == nil && want == nil {
				read.accepted |= f.bit // as parseRecord marks it
				if g, w := f.Get(&read), f.Get(&set); g != w {
					t.Errorf("%s: %q reads as %q, Set stores %q", f.Name, v, g, w)
				}
			}
			if got != nil && !reflect.DeepEqual(recordStateOf(&read), recordStateOf(&Record{})) {
				t.Errorf("%s: %q: read refused it but changed the record: %+v", f.Name, v, recordStateOf(&read))
			}
		}
	}
}

// The value cache gives the verdicts the field's own check gives, and
// remembers only as many as it may.
func TestValueCache(t *testing.T) {
	lang := spec(ssd3.FieldLanguage)
	c := newValueCache()
	for i := 0; i < 2*valueCacheSize; i++ {
		v := fmt.Sprintf("x-v%d", i)
		if i%3 == 0 {
			v = fmt.Sprintf("english%d", i)
		}
		for range 2 {
			if got, want := c.check(lang.index, lang.valid, v), ssd3.ValidateLanguage(v); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%q: cached %v, want %v", v, got, want)
			}
		}
	}
	if n := len(c.verdicts[lang.index]); n != valueCacheSize {
		t.Errorf("the cache holds %d verdicts, want at most %d", n, valueCacheSize)
	}
}

// Validate checks every standard field through the table: each problem of a
// record with every field wrong names its field.
func TestValidateEveryField(t *testing.T) {
	r := NewRecord(Values{URI: "no scheme", Name: " ", Category: "\t", Description: " ", Rating: 9, Language: "english",
		Type: "text", ID: "0", Extensions: []ssd3.Field{{Name: "Y-A", Value: "v"}, {Name: "X-B", Value: " "}}})
	var got []string
	for _, p := range r.Validate() {
		got = append(got, p.Field)
	}
	want := []string{"URI", "NAME", "ID", "DATE", "CATEGORY", "DESCRIPTION", "RATING", "LANGUAGE", "TYPE", "Y-A", "X-B"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems of the fields %q, want %q", got, want)
	}
}

// namesOnce reports whether msg names field exactly once, as a word: a
// message is shown after its field's name nowhere ("NAME NAME must not be
// blank" was seen), so it must name the field itself, and only once.
func namesOnce(field, msg string) bool {
	re := regexp.MustCompile(`(^|[^A-Za-z0-9_-])` + regexp.QuoteMeta(field) + `($|[^A-Za-z0-9_-])`)
	return len(re.FindAllStringIndex(msg, -1)) == 1
}

// Every problem the catalogue reports about a field names that field once:
// those of the reader, of Validate, of SetField and of the edits.
func TestProblemsNameTheirFieldOnce(t *testing.T) {
	lines := []string{"URI: no scheme", "URI: http://a b/", "URI:", "URI:x", "URI: ", "NAME: =?UTF-8?Q?=20?=",
		"NAME: =?bogus?Q?x?=", "DATE: 32/01/2007 00:00:00", "DATE: soon", "CATEGORY: a\tb", "DESCRIPTION: caf\xc3\xa9",
		"RATING: 6", "RATING: 1", "RATING: 2", "LANGUAGE: english", "LANGUAGE: en-JJ", "TYPE: text", "TYPE: foo/bar",
		"ID: 0", "ID: 12a", "rating: 3", "Colour: red", "X-A: =?UTF-8?Q?=20?=", "X-A: v", "X-A: w", "X-B:", "X-: v"}
	text := strings.Join(lines, "\r\n") + "\r\n\r\nURI: http://x/\r\nID: 5\r\nNAME: n\r\nDATE: 01/01/2000 00:00:00\r\n\r\n" +
		"URI: http://y/\r\nID: 5\r\nNAME: n\r\nDATE: 01/01/2000 00:00:00\r\n\r\nURI: http://z/\r\n"
	c := mustRead(t, text)
	var ps []ssd3.Diagnostic
	ps = append(ps, c.Problems()...)
	ps = append(ps, (NewRecord(Values{Extensions: []ssd3.Field{{Name: "X-A", Value: "v"}, {Name: "X-A", Value: " "}, {Name: "Y-B", Value: "v"}}})).Validate()...)
	for _, f := range Fields {
		for _, v := range []string{" ", "no scheme", "9", "english", "text", "0", "31/02/2000 00:00:00"} {
			if err := f.Set(&Record{}, v); err != nil {
				ps = append(ps, ssd3.Diagnostic{Offset: -1, Field: f.Name, Msg: err.Error()})
			}
		}
	}
	for _, name := range []string{"X-A", "Y-A", "X-"} {
		if err := SetField(&Record{}, name, " "); err != nil {
			ps = append(ps, ssd3.Diagnostic{Offset: -1, Field: name, Msg: err.Error()})
		}
	}
	// The edit path: an ID another record has, a bad value.
	recs := c.Valid()
	for _, e := range []Edit{
		Set{Ref: recs[0].Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldID, Value: "5"}, {Name: ssd3.FieldRating, Value: "9"}}},
		Add{Records: []*Record{NewRecord(Values{URI: "http://new/", Name: "n", ID: "5"})}},
	} {
		_, err := c.Apply(e)
		ve, ok := err.(*ValidationError)
		if !ok {
			t.Fatalf("%v: %v, want a ValidationError", e, err)
		}
		ps = append(ps, ve.Problems...)
	}
	fields := map[string]bool{}
	for _, p := range ps {
		if p.Field == "" {
			continue
		}
		fields[p.Field] = true
		if !namesOnce(p.Field, p.Msg) {
			t.Errorf("%s: %q does not name its field once", p.Field, p.Msg)
		}
	}
	for _, f := range Fields {
		if !fields[f.Name] {
			t.Errorf("no problem of %s was tried", f.Name)
		}
	}
}

// FileValue gives a refused value back as the file has it, decoded where
// the field holds text, so that a user can fix it rather than type it again.
func TestFileValue(t *testing.T) {
	c := mustRead(t, "URI: http://a b/\r\nNAME: =?UTF-8?Q?Caf=C3=A9?=\r\nDATE: 31/02/2024 10:00:00\r\nRATING: 9\r\n"+
		"LANGUAGE: =?UTF-8?Q?en?=\r\nX-NOTE: =?UTF-8?Q?d=C3=A9j=C3=A0?=\r\nCATEGORY:  spaced \r\n")
	r := c.Records()[0]
	for name, want := range map[string]string{
		ssd3.FieldURI: "http://a b/", ssd3.FieldName: "Café", ssd3.FieldDate: "31/02/2024 10:00:00", ssd3.FieldRating: "9",
		ssd3.FieldLanguage: "=?UTF-8?Q?en?=", "X-NOTE": "déjà", ssd3.FieldCategory: "spaced", ssd3.FieldType: "", "X-NONE": "",
	} {
		if got := r.FileValue(name); got != want {
			t.Errorf("FileValue(%s) = %q, want %q", name, got, want)
		}
	}
}
