// Package json reads and writes uricat's JSON: an array of the objects
// `uricat list --json` prints (Record, made by FromRecord), one per record,
// with decoded text, RFC 3339 dates, and only the fields a record has:
//
//	[
//	  {
//	    "uri": "https://go.dev/",
//	    "name": "The Go language",
//	    "date": "2024-03-01T12:00:00Z",
//	    "rating": 5,
//	    "extensions": {"X-TAGS": "go"}
//	  }
//	]
//
// Every field and extension is carried, so an export reads back whole.
//
// # Field mapping
//
// The keys of a record's object, in the order the Writer writes them, are
// the fields of SSD3 in lower case, "added", when the record was added
// (catalogue.Record.Added: its X-ADDED when that is a date, else its
// DATE), and "extensions", the X- fields. Dates are RFC 3339 in UTC; the
// Reader takes DATE's form (SSD3 3.3) too. (This table is a copy of the
// one in mapping.go, which a test checks it against.)
//
//	key          field        value
//	uri          URI          string
//	name         NAME         string
//	date         DATE         date
//	added        X-ADDED      added date
//	category     CATEGORY     string
//	description  DESCRIPTION  string
//	rating       RATING       1 to 5
//	language     LANGUAGE     string
//	type         TYPE         string
//	id           ID           string
//	extensions   X-...        object of X- fields
//
// The Reader also reads `list --group F --json`, an array of {"group",
// "records"} objects.
//
// No control character reaches the output raw: encoding/json writes the
// C0 controls as \u001b and the like, and the Writer writes DEL and the C1
// controls (U+0080 to U+009F), which encoding/json leaves raw, as \u007f
// and \u0080 to \u009f; the text reads back the same. & < > are written as
// they are, not as \u0026 and the like.
//
// Browsers' own JSON files are other formats: Firefox's backups are
// importers/firefox's, Chrome's Bookmarks importers/chromium's; Browser
// tells them apart, so that a JSON import of one can say which to use.
package json

import (
	"bufio"
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
)

// Format is uricat's JSON, for the formats registry.
var Format = importers.Format{
	Name:       "json",
	Title:      "JSON, as uricat list --json prints",
	Extensions: []string{".json"},
	Detect:     Detect,
	NewReader: func(r io.Reader, opts importers.Options) importers.Reader {
		return NewReader(r, opts)
	},
	NewWriter: func(w io.Writer) importers.Writer { return NewWriter(w) },
}

// Detect reports whether head starts a JSON array that is empty or whose
// first object has a "uri" key or is a group of `list --group --json`.
func Detect(head []byte) bool {
	rest, ok := importers.ArrayHead(head)
	if ok && len(rest) > 0 && rest[0] == ']' {
		return true
	}
	if !ok || len(rest) == 0 || rest[0] != '{' {
		return false
	}
	obj := bytes.TrimLeft(rest[1:], " \t\r\n")
	return bytes.HasPrefix(obj, []byte(`"uri"`)) || bytes.HasPrefix(obj, []byte(`"group"`)) ||
		bytes.Contains(rest, []byte(`"uri":`)) && bytes.Contains(rest, []byte(`"name":`))
}

// Browser names the browser bookmark file that head starts, "" for none:
// a Firefox bookmarks backup or a Chrome Bookmarks file, with the
// format that reads it.
func Browser(head []byte) string {
	h := importers.TrimHead(head)
	if len(h) == 0 || h[0] != '{' {
		return ""
	}
	switch {
	case bytes.Contains(h, []byte(`"text/x-moz-place`)):
		return "a Firefox bookmarks backup (format firefox-json)"
	case bytes.Contains(h, []byte(`"roots"`)) && bytes.Contains(h, []byte(`"bookmark_bar"`)):
		return "a Chrome (or Edge, Brave, Vivaldi) Bookmarks file (format chromium)"
	}
	return ""
}

// Reader reads the records of a JSON file, one by one.
type Reader struct {
	opts    importers.Options
	lines   *lineCounter
	br      *bufio.Reader
	dec     *stdjson.Decoder
	started bool
	done    bool
	queue   []element // records of a group, waiting
	notes   importers.ReaderNotes
}

// element is one array element, with where it starts.
type element struct {
	raw    stdjson.RawMessage
	line   int
	offset int64
}

// NewReader returns a Reader of r.
func NewReader(r io.Reader, opts importers.Options) *Reader {
	lc := &lineCounter{r: r, line: 1}
	br := bufio.NewReaderSize(lc, 64<<10)
	return &Reader{opts: opts, lines: lc, br: br, dec: stdjson.NewDecoder(br)}
}

// Diagnostics returns the diagnostics gathered since the last call.
func (r *Reader) Diagnostics() []ssd3.Diagnostic { return r.notes.Diagnostics() }

func (r *Reader) noteAt(line int, offset int64, kind ssd3.Kind, format string, a ...any) {
	r.notes.Note(line, offset, kind, format, a...)
}

// Read returns the next record, or io.EOF after the last.
func (r *Reader) Read() (*ssd3.Record, error) {
	for {
		if len(r.queue) > 0 {
			e := r.queue[0]
			r.queue = r.queue[1:]
			if rec := r.record(e); rec != nil {
				return rec, nil
			}
			continue
		}
		if r.done {
			return nil, io.EOF
		}
		e, err := r.next()
		if err != nil {
			r.done = true
			return nil, err
		}
		if e.raw == nil {
			continue
		}
		if rec := r.element(e); rec != nil {
			return rec, nil
		}
	}
}

// next returns the next element of the top-level array; none (nil raw) at
// the end or after input that is not JSON, which it reports.
func (r *Reader) next() (element, error) {
	if !r.started {
		r.started = true
		if !r.open() {
			r.end()
			return element{}, r.lines.err
		}
	}
	if !r.dec.More() {
		if _, err := r.dec.Token(); err != nil { // the closing ]
			r.syntax(err)
		} else if off := r.dec.InputOffset(); r.dec.More() || !errors.Is(r.trailing(), io.EOF) {
			r.noteAt(r.lines.lineAt(off), off, ssd3.Skipped, "there is more after the end of the array: it is not read")
		}
		r.end()
		return element{}, r.lines.err
	}
	var raw stdjson.RawMessage
	if err := r.dec.Decode(&raw); err != nil {
		r.syntax(err)
		r.end()
		return element{}, r.lines.err
	}
	off := r.dec.InputOffset() - int64(len(raw))
	return element{raw: raw, line: r.lines.lineAt(off), offset: off}, nil
}

// trailing reads what follows the array: io.EOF if nothing but white space.
func (r *Reader) trailing() error {
	_, err := r.dec.Token()
	return err
}

// open reads the [ that starts the file; a file that starts otherwise is
// reported, and read no further.
func (r *Reader) open() bool {
	peek := r.peek()
	tok, err := r.dec.Token()
	if err != nil {
		if errors.Is(err, io.EOF) && r.lines.err == nil {
			r.noteAt(1, 0, ssd3.Skipped, "the file is empty: not a JSON array of records")
			return false
		}
		r.syntax(err)
		return false
	}
	if d, ok := tok.(stdjson.Delim); ok && d == '[' {
		return true
	}
	if b := Browser(peek); b != "" {
		r.noteAt(1, 0, ssd3.Skipped, "the file is %s, not the array of records that uricat exports: nothing imported; import it without --format, or with that format", b)
		return false
	}
	r.noteAt(1, 0, ssd3.Skipped, "the file is a JSON %s, not the array of records that uricat exports: nothing imported", importers.JSONKind(tok))
	return false
}

// peek returns the head of the input without consuming it.
func (r *Reader) peek() []byte {
	head, _ := r.br.Peek(4096)
	return append([]byte(nil), head...)
}

// syntax reports input that is not JSON; the records after it cannot be
// found.
func (r *Reader) syntax(err error) {
	if r.lines.err != nil {
		return // an I/O error: Read returns it
	}
	off, msg, cut := importers.JSONError(r.dec, err)
	if cut {
		off = max(off, r.lines.end()-1) // its last byte
	}
	r.noteAt(r.lines.lineAt(off), off, ssd3.Skipped, "not valid JSON here (%s): the records after this point are not imported", msg)
}

// end ends the file.
func (r *Reader) end() {
	r.done = true
	r.notes.End(r.opts)
}

// object is a record as the Writer writes it, and a group as `list
// --group --json` does.
type object struct {
	Record
	Group   *string              `json:"group"`
	Records []stdjson.RawMessage `json:"records"`
}

// element reads one element of the top-level array: a record, or a group
// of them.
func (r *Reader) element(e element) *ssd3.Record {
	var o object
	d := stdjson.NewDecoder(bytes.NewReader(e.raw))
	d.DisallowUnknownFields()
	if err := d.Decode(&o); err != nil {
		return r.slow(e)
	}
	if o.Group != nil || o.Records != nil {
		for _, raw := range o.Records {
			r.queue = append(r.queue, element{raw: raw, line: e.line, offset: e.offset})
		}
		return nil
	}
	return r.finish(e, &o.Record, nil)
}

// record reads one record of a group.
func (r *Reader) record(e element) *ssd3.Record {
	var j Record
	d := stdjson.NewDecoder(bytes.NewReader(e.raw))
	d.DisallowUnknownFields()
	if err := d.Decode(&j); err != nil {
		return r.slow(e)
	}
	return r.finish(e, &j, nil)
}

// slow reads an element that is not exactly what the Writer writes, key by
// key, to say what is wrong with each.
func (r *Reader) slow(e element) *ssd3.Record {
	var m map[string]stdjson.RawMessage
	if err := stdjson.Unmarshal(e.raw, &m); err != nil || m == nil {
		var v any
		stdjson.Unmarshal(e.raw, &v)
		r.noteAt(e.line, e.offset, ssd3.Skipped, "a JSON %s, not an object: not a record", importers.JSONKind(v))
		return nil
	}
	if _, ok := m["records"]; ok {
		var recs []stdjson.RawMessage
		if err := stdjson.Unmarshal(m["records"], &recs); err != nil {
			r.noteAt(e.line, e.offset, ssd3.Skipped, "a group whose \"records\" is not an array: nothing of it imported")
			return nil
		}
		for _, raw := range recs {
			r.queue = append(r.queue, element{raw: raw, line: e.line, offset: e.offset})
		}
		return nil
	}
	var j Record
	var notes []string
	for _, name := range slices.Sorted(maps.Keys(m)) {
		v := m[name]
		k := keyByName[name]
		switch {
		case k == nil:
			notes = append(notes, fmt.Sprintf("key %q is not a field of a record: %s not imported", importers.Excerpt(name), importers.Excerpt(string(v))))
		case k.kind == valueExtensions:
			var ext map[string]stdjson.RawMessage
			if err := stdjson.Unmarshal(v, &ext); err != nil {
				notes = append(notes, fmt.Sprintf(`"extensions" is %s, not an object: not imported`, importers.Excerpt(string(v))))
				break
			}
			j.Extensions = make(map[string]string, len(ext))
			for name, raw := range ext {
				var s string
				if err := stdjson.Unmarshal(raw, &s); err != nil {
					notes = append(notes, fmt.Sprintf("extension %q is %s, not a string: not imported", importers.Excerpt(name), importers.Excerpt(string(raw))))
					continue
				}
				j.Extensions[name] = s
			}
		case !setKey(&j, name, v):
			what := "a string"
			if k.kind == valueRating {
				what = "a number from 1 to 5"
			}
			notes = append(notes, fmt.Sprintf("%q is %s, not %s: not imported", name, importers.Excerpt(string(v)), what))
		}
	}
	return r.finish(e, &j, notes)
}

// setKey stores v, the value of the key name, in j, whose JSON name for
// the member is name; false when v is not of the member's type, which it
// leaves alone.
func setKey(j *Record, name string, v stdjson.RawMessage) bool {
	obj := make([]byte, 0, len(name)+len(v)+4)
	obj = append(append(append(append(obj, '{', '"'), name...), '"', ':'), v...)
	return stdjson.Unmarshal(append(obj, '}'), j) == nil
}

// finish makes a record of j: notes are what was left out of it, to report
// if the record is imported.
func (r *Reader) finish(e element, j *Record, notes []string) *ssd3.Record {
	rec := ssd3.NewRecord(ssd3.Values{URI: j.URI, Name: j.Name, Category: j.Category, Description: j.Description,
		Rating: j.Rating, Language: j.Language, Type: j.Type, ID: j.ID})
	if j.Date != "" {
		t, err := importers.ParseExportDate(j.Date)
		if err != nil {
			notes = append(notes, fmt.Sprintf("date %q is neither RFC 3339 nor DD/MM/YYYY hh:mm:ss: not imported", importers.Excerpt(j.Date)))
		}
		rec.SetDate(t)
	}
	if len(j.Extensions) > 0 {
		rec.SetExtensions(make([]ssd3.Field, 0, len(j.Extensions)))
		for _, name := range slices.Sorted(maps.Keys(j.Extensions)) { // the order the Writer writes them in
			rec.AddExtension(name, j.Extensions[name])
		}
	}
	if j.Added != "" {
		t, err := importers.ParseExportDate(j.Added)
		if err != nil {
			notes = append(notes, fmt.Sprintf("added %q is neither RFC 3339 nor DD/MM/YYYY hh:mm:ss: not imported", importers.Excerpt(j.Added)))
		}
		importers.SetAdded(rec, t)
	}
	return r.notes.Finish(rec, r.opts, e.line, e.offset, notes)
}
