package catalogue

import (
	"regexp"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

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
	ps = append(ps, (ssd3.NewRecord(ssd3.Values{Extensions: []ssd3.Field{{Name: "X-A", Value: "v"}, {Name: "X-A", Value: " "}, {Name: "Y-B", Value: "v"}}})).Validate()...)
	for _, f := range ssd3.Fields {
		for _, v := range []string{" ", "no scheme", "9", "english", "text", "0", "31/02/2000 00:00:00"} {
			if err := f.Set(&ssd3.Record{}, v); err != nil {
				ps = append(ps, ssd3.Diagnostic{Offset: -1, Field: f.Name, Msg: err.Error()})
			}
		}
	}
	for _, name := range []string{"X-A", "Y-A", "X-"} {
		if err := ssd3.SetField(&ssd3.Record{}, name, " "); err != nil {
			ps = append(ps, ssd3.Diagnostic{Offset: -1, Field: name, Msg: err.Error()})
		}
	}
	// The edit path: an ID another record has, a bad value.
	recs := c.Valid()
	for _, e := range []Edit{
		Set{Ref: recs[0].Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldID, Value: "5"}, {Name: ssd3.FieldRating, Value: "9"}}},
		Add{Records: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://new/", Name: "n", ID: "5"})}},
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
	for _, f := range ssd3.Fields {
		if !fields[f.Name] {
			t.Errorf("no problem of %s was tried", f.Name)
		}
	}
}

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

// namesOnce reports whether msg names field exactly once, as a word: a
// message is shown after its field's name nowhere ("NAME NAME must not be
// blank" was seen), so it must name the field itself, and only once.
func namesOnce(field, msg string) bool {
	re := regexp.MustCompile(`(^|[^A-Za-z0-9_-])` + regexp.QuoteMeta(field) + `($|[^A-Za-z0-9_-])`)
	return len(re.FindAllStringIndex(msg, -1)) == 1
}
