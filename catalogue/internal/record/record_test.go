package record

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

// readOne reads a file of one record, lines joined with CRLF.
func readOne(t *testing.T, lines ...string) *Record {
	t.Helper()
	data := []byte(strings.Join(lines, "\r\n") + "\r\n")
	var w Worker
	p := Piece{End: len(data)}
	w.Read(data, &p, false)
	if len(p.Recs) != 1 {
		t.Fatalf("read %d records, want 1", len(p.Recs))
	}
	return p.Recs[0]
}

// A record read from a file holds its values as spans of its text, and
// gives the same values as a record built from them.
func TestRecordReadValues(t *testing.T) {
	r := readOne(t,
		"URI: https://example.org/a",
		"NAME: =?UTF-8?Q?K=C3=B6ln?= guide",
		"DATE: 31/10/2007 19:28:00",
		"CATEGORY: Travel/Germany",
		"DESCRIPTION: A city  with two spaces",
		"RATING: 4",
		"LANGUAGE: de",
		"TYPE: text/html",
		"ID: 0042",
		"X-TAGS: city, river",
		"X-NOTE: =?UTF-8?Q?caf=C3=A9?=",
	)
	want := Values{URI: "https://example.org/a", Name: "Köln guide", Date: time.Date(2007, 10, 31, 19, 28, 0, 0, time.UTC),
		Category: "Travel/Germany", Description: "A city  with two spaces", Rating: 4, Language: "de", Type: "text/html", ID: "0042",
		Extensions: []Field{{Name: "X-TAGS", Value: "city, river"}, {Name: "X-NOTE", Value: "café"}}}
	if got := r.Values(); !reflect.DeepEqual(got, want) {
		t.Fatalf("read\n%+v\nwant\n%+v", got, want)
	}
	if got := NewRecord(want).Values(); !reflect.DeepEqual(got, want) {
		t.Fatalf("built\n%+v\nwant\n%+v", got, want)
	}
	if r.Date() != want.Date {
		t.Errorf("Date() = %v, not == %v", r.Date(), want.Date)
	}
	// The undecoded fields are spans of the record's own (packed) text, not copies.
	if !within(r.URI(), r.raw) || !within(r.Description(), r.raw) {
		t.Error("URI and DESCRIPTION are copies, not spans of the record's text")
	}
}

// Extensions read back from the record's text are those of the file, in
// order; a record whose X- lines are not all verbatim (a duplicate, an
// encoded-word) keeps them apart, with the first of a duplicate.
func TestRecordExtensions(t *testing.T) {
	for _, tt := range []struct {
		name  string
		lines []string
		want  []Field
	}{
		{"none", nil, nil},
		{"verbatim", []string{"X-A: 1", "X-B: two words"}, []Field{{Name: "X-A", Value: "1"}, {Name: "X-B", Value: "two words"}}},
		{"duplicate (2.2: a field name must not occur twice)", []string{"X-A: 1", "X-A: 2", "X-B: 3"}, []Field{{Name: "X-A", Value: "1"}, {Name: "X-B", Value: "3"}}},
		{"encoded", []string{"X-A: =?UTF-8?Q?=C3=A9?=", "X-B: b"}, []Field{{Name: "X-A", Value: "é"}, {Name: "X-B", Value: "b"}}},
		{"bad line among them", []string{"X-A: a", "X-B:b", "X-C: c"}, []Field{{Name: "X-A", Value: "a"}, {Name: "X-C", Value: "c"}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := readOne(t, append([]string{"URI: http://e.org/", "NAME: n", "DATE: 01/01/2000 00:00:00"}, tt.lines...)...)
			if got := r.Extensions(); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("Extensions() = %q, want %q", got, tt.want)
			}
			for _, f := range tt.want {
				if got := r.Extension(f.Name); got != f.Value {
					t.Errorf("Extension(%s) = %q, want %q", f.Name, got, f.Value)
				}
			}
		})
	}
}

// Validate finds a field name given twice among many in linear time:
// looking back over the earlier fields for each took minutes for the
// 500,000 attributes of a bomb of a bookmark file.
func TestValidateManyExtensions(t *testing.T) {
	const n = 200_000
	fs := make([]Field, n, n+1)
	for i := range fs {
		fs[i] = Field{Name: "X-F" + strconv.Itoa(i), Value: "v"}
	}
	fs = append(fs, Field{Name: "X-F7", Value: "again"})
	r := NewRecord(Values{URI: "http://e.org/", Name: "n", Date: time.Unix(1, 0).UTC(), Extensions: fs})
	start := time.Now()
	ps := r.Validate()
	if len(ps) != 1 || ps[0].Field != "X-F7" || !strings.Contains(ps[0].Msg, "appears twice") {
		t.Errorf("Validate() = %v, want X-F7 appears twice", ps)
	}
	if d := time.Since(start); d > 30*time.Second { // 0.4 s; 147 s before (generous for -race on a loaded machine)
		t.Errorf("took %v", d)
	}
}

// A clone is a record of its own: setting a field of one never shows in
// the other, whichever way round, though they start out sharing what
// their text does not hold.
func TestRecordClonesAreIndependent(t *testing.T) {
	r := readOne(t, "URI: http://e.org/", "NAME: =?UTF-8?Q?=C3=A9?=", "DATE: 01/01/2000 00:00:00", "X-A: =?UTF-8?Q?=C3=A9?=")
	c := r.Clone()
	c.SetName("copy")
	c.SetExtension("X-A", "changed")
	c.SetURI("http://copy.example/")
	if r.Name() != "é" || r.Extension("X-A") != "é" || r.URI() != "http://e.org/" {
		t.Fatalf("the original changed with its copy: %+v", r.Values())
	}
	d := r.Clone()
	r.SetName("original")
	r.SetRating(3)
	if d.Name() != "é" || d.Rating() != 0 {
		t.Fatalf("the copy changed with its original: %+v", d.Values())
	}
	cl := r.Clone()
	cl.SetDescription("clone")
	if r.Description() != "" {
		t.Fatalf("the original changed with its clone: %q", r.Description())
	}
}

// Values the compact form cannot hold in place are kept as they were given.
func TestRecordKeepsWhatItIsGiven(t *testing.T) {
	paris := time.FixedZone("CET", 3600)
	for _, v := range []Values{
		{Date: time.Date(2020, 1, 2, 3, 4, 5, 6, time.UTC)},
		{Date: time.Date(2020, 1, 2, 3, 4, 5, 0, paris)},
		{Date: time.Date(1, 1, 1, 0, 0, 1, 0, time.UTC)},
		{Rating: 9},
		{Rating: -1},
		{Rating: 1000},
		{Name: strings.Repeat("n", 70000)},
	} {
		r := NewRecord(v)
		if got := r.Values(); !reflect.DeepEqual(got, v) {
			t.Errorf("NewRecord(%+v).Values() = %+v", v, got)
		}
		var s Record
		s.SetDate(v.Date)
		s.SetRating(v.Rating)
		if s.Date() != v.Date || s.Rating() != v.Rating {
			t.Errorf("set %v, %d: got %v, %d", v.Date, v.Rating, s.Date(), s.Rating())
		}
	}
	// A field set back to nothing leaves nothing held apart: two records
	// of the same values are equal.
	r := NewRecord(Values{Name: "n", Rating: 9})
	r.SetName("")
	r.SetRating(0)
	if !reflect.DeepEqual(StateOf(r), StateOf(&Record{})) {
		t.Errorf("a record set back to no values is %+v, not the zero Record", StateOf(r))
	}
}

// A value set from a piece of the record's own text that is not the rest
// of one of its lines is kept whole, not taken for a field's place in it.
func TestRecordSetFromItsOwnText(t *testing.T) {
	r := readOne(t, "URI: http://e.org/", "NAME: a name", "DATE: 01/01/2000 00:00:00", "CATEGORY: a/b")
	raw := r.Raw()
	for _, v := range []string{
		r.Name()[:3],                       // a line's start, not its end
		raw[strings.Index(raw, "name"):],   // over several lines
		raw[:strings.Index(raw, "\r\n")+1], // up to the CR of CRLF
		raw[:strings.Index(raw, "\r\n")],   // a whole line, from the record's first byte
		r.Category(),                       // the rest of another field's line
	} {
		c := r.Clone()
		c.SetName(v)
		c.SetDescription(v)
		if c.Name() != v || c.Description() != v {
			t.Errorf("set %q: got NAME %q, DESCRIPTION %q", v, c.Name(), c.Description())
		}
	}
}

// setLineRest takes a value the reader gives as the rest of its line for
// a place in the text, and keeps anything else whole: a piece of a line
// that does not run to its end, or a string of its own (decoded).
func TestSetLineRest(t *testing.T) {
	text := "URI: http://e.org/\r\nNAME: a name\r\nCATEGORY: a/b"
	name := text[strings.Index(text, "a name"):strings.Index(text, "\r\nCATEGORY")]
	for _, tc := range []struct {
		what string
		v    string
		span bool
	}{
		{"the rest of a CRLF line", name, true},
		{"the rest of the last line, which has no line break", text[strings.Index(text, "a/b"):], true},
		{"a line's middle", name[:3], false},
		{"a string of its own", strings.Clone(name), false},
	} {
		r := &Record{raw: text}
		r.setLineRest(strName, tc.v)
		if got := r.Name(); got != tc.v {
			t.Errorf("%s: NAME %q, want %q", tc.what, got, tc.v)
		}
		if span := r.spans[strName] != 0; span != tc.span || span == (r.more != nil) {
			t.Errorf("%s: span %d, more %v; want a span: %v", tc.what, r.spans[strName], r.more != nil, tc.span)
		}
	}
}
