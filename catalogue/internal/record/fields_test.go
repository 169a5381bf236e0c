package record

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
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
				line = EncodeText(v)
			}
			if f.Name == FieldURI && NormalizeURI(v) != v {
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
			if got != nil && !reflect.DeepEqual(StateOf(&read), StateOf(&Record{})) {
				t.Errorf("%s: %q: read refused it but changed the record: %+v", f.Name, v, StateOf(&read))
			}
		}
	}
}

// The value cache gives the verdicts the field's own check gives, and
// remembers only as many as it may.
func TestValueCache(t *testing.T) {
	lang := spec(FieldLanguage)
	c := newValueCache()
	for i := 0; i < 2*valueCacheSize; i++ {
		v := fmt.Sprintf("x-v%d", i)
		if i%3 == 0 {
			v = fmt.Sprintf("english%d", i)
		}
		for range 2 {
			if got, want := c.check(lang.index, lang.valid, v), ValidateLanguage(v); fmt.Sprint(got) != fmt.Sprint(want) {
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
		Type: "text", ID: "0", Extensions: []Field{{Name: "Y-A", Value: "v"}, {Name: "X-B", Value: " "}}})
	var got []string
	for _, p := range r.Validate() {
		got = append(got, p.Field)
	}
	want := []string{"URI", "NAME", "ID", "DATE", "CATEGORY", "DESCRIPTION", "RATING", "LANGUAGE", "TYPE", "Y-A", "X-B"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems of the fields %q, want %q", got, want)
	}
}

// Every problem the catalogue reports about a field names that field once:
// those of the reader, of Validate, of SetField and of the edits.
// FileValue gives a refused value back as the file has it, decoded where
// the field holds text, so that a user can fix it rather than type it again.
