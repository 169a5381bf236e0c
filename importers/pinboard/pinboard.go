// Package pinboard reads the JSON export of Pinboard (pinboard.in,
// Settings > Backup > JSON, or the API's posts/all?format=json): an array
// of posts, all their values strings, as Pinboard's API documentation
// describes them:
//
//	[{"href":"https://go.dev/","description":"The Go language",
//	  "extended":"Build simple, secure, scalable systems.",
//	  "meta":"6a5f4d0e...","hash":"a8b3c...","time":"2024-03-01T12:00:00Z",
//	  "shared":"yes","toread":"no","tags":"go programming"}]
//
// # Field mapping
//
// "description" is Pinboard's name for the title, "extended" for the
// description. time is when the post was saved: its DATE, so it gets no
// X-ADDED (importers.SetAdded). (This table is a copy of the one in
// mapping.go, which a test checks it against.)
//
//	key          field        value
//	href         URI          text
//	description  NAME         text
//	extended     DESCRIPTION  text
//	meta         -            left out
//	hash         -            left out
//	time         DATE         RFC 3339 date
//	shared       X-PRIVATE    yes 0, no 1
//	toread       X-TOREAD     yes 1, no 0
//	tags         X-TAGS       space-separated tags
//	category     CATEGORY     uricat's export
//	rating       RATING       uricat's export
//	language     LANGUAGE     uricat's export
//	type         TYPE         uricat's export
//	id           ID           uricat's export
//
// meta and hash are Pinboard's checksums of the post and of its URL: no
// part of the bookmark. Any other key whose value is a string is kept as
// an X- field of its name in capitals, and said once per file.
//
// Pinboard writes the whole array on one line, so diagnostics give byte
// offsets.
//
// # Writing
//
// The Writer writes the same shape from the same table: every post has
// Pinboard's nine keys, in its order, time in UTC, hash the MD5 of the
// URL and meta the MD5 of the post, as Pinboard's are checksums; toread is
// "yes" for a record on the reading list (ssd3.ToRead), "no" for any
// other, and shared "no" for a private one. A record without X-TOREAD or
// X-PRIVATE so reads back with them "0": not to read, not private, as it
// was. The fields Pinboard has no key for (the rows after tags) and the
// other extensions are written as keys of their own, which Pinboard
// ignores and the Reader reads back; what cannot be written so (a second
// extension of one name, one named as a key of Pinboard's, a tag holding
// a space, control characters) is said (importers.Reporter).
package pinboard

import (
	"bufio"
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
)

// Format is Pinboard's JSON export, for the formats registry.
var Format = importers.Format{
	Name:       "pinboard",
	Title:      "Pinboard export (JSON)",
	Extensions: []string{".json"},
	Detect:     Detect,
	NewReader: func(r io.Reader, opts importers.Options) importers.Reader {
		return NewReader(r, opts)
	},
	NewWriter: func(w io.Writer) importers.Writer { return NewWriter(w) },
}

// Detect reports whether head starts a JSON array whose first object has
// Pinboard's keys "href" and "description", and "hash" or "time": no other
// format's JSON has href and description together.
func Detect(head []byte) bool {
	rest, ok := importers.ArrayHead(head)
	if !ok || len(rest) == 0 || rest[0] != '{' {
		return false
	}
	obj, _, _ := bytes.Cut(rest, []byte("}")) // the first object: a post holds no nested object
	has := func(k string) bool {
		return bytes.Contains(obj, []byte(`"`+k+`":`)) || bytes.Contains(obj, []byte(`"`+k+`" :`))
	}
	return has("href") && has("description") && (has("hash") || has("time"))
}

// Reader reads the posts of a Pinboard export, one by one.
type Reader struct {
	opts    importers.Options
	dec     *stdjson.Decoder
	started bool
	done    bool
	err     error // the input's error, which the decoder takes for bad JSON
	kept    map[string]bool
	notes   importers.ReaderNotes
}

// NewReader returns a Reader of r.
func NewReader(r io.Reader, opts importers.Options) *Reader {
	rd := &Reader{opts: opts, kept: map[string]bool{}}
	rd.dec = stdjson.NewDecoder(bufio.NewReaderSize(errReader{r, &rd.err}, 64<<10))
	return rd
}

// errReader passes r through, remembering its first error but io.EOF.
type errReader struct {
	r   io.Reader
	err *error
}

func (e errReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && !errors.Is(err, io.EOF) && *e.err == nil {
		*e.err = err
	}
	return n, err
}

// Diagnostics returns the diagnostics gathered since the last call.
func (r *Reader) Diagnostics() []ssd3.Diagnostic { return r.notes.Diagnostics() }

// noteAt notes at offset: a Pinboard export is one line.
func (r *Reader) noteAt(offset int64, kind ssd3.Kind, format string, a ...any) {
	r.notes.Note(0, offset, kind, format, a...)
}

// Read returns the next record, or io.EOF after the last.
func (r *Reader) Read() (*ssd3.Record, error) {
	for !r.done {
		if !r.started {
			r.started = true
			if !r.open() {
				return r.end()
			}
		}
		if !r.dec.More() {
			if _, err := r.dec.Token(); err != nil { // the closing ]
				r.syntax(err)
			} else if _, err := r.dec.Token(); !errors.Is(err, io.EOF) {
				r.noteAt(r.dec.InputOffset(), ssd3.Skipped, "there is more after the end of the array: it is not read")
			}
			return r.end()
		}
		var raw stdjson.RawMessage
		if err := r.dec.Decode(&raw); err != nil {
			r.syntax(err)
			return r.end()
		}
		if rec := r.post(raw, r.dec.InputOffset()-int64(len(raw))); rec != nil {
			return rec, nil
		}
	}
	return nil, io.EOF
}

// open reads the [ that starts the file; a file that starts otherwise is
// reported, and read no further.
func (r *Reader) open() bool {
	tok, err := r.dec.Token()
	switch {
	case errors.Is(err, io.EOF) && r.err == nil:
		r.noteAt(0, ssd3.Skipped, "the file is empty: not a Pinboard export")
		return false
	case err != nil:
		r.syntax(err)
		return false
	}
	if d, ok := tok.(stdjson.Delim); !ok || d != '[' {
		r.noteAt(0, ssd3.Skipped, "the file is not a JSON array: not a Pinboard export, nothing imported")
		return false
	}
	return true
}

// syntax reports input that is not JSON; the posts after it cannot be
// found.
func (r *Reader) syntax(err error) {
	if r.err != nil {
		return // an I/O error: Read returns it
	}
	off, msg, _ := importers.JSONError(r.dec, err)
	r.noteAt(off, ssd3.Skipped, "not valid JSON here (%s): the posts after this point are not imported", msg)
}

// end ends the file: io.EOF, or the input's error.
func (r *Reader) end() (*ssd3.Record, error) {
	r.done = true
	r.notes.End(r.opts)
	if r.err != nil {
		return nil, fmt.Errorf("pinboard: %w", r.err)
	}
	return nil, io.EOF
}

// post makes a record of one element of the array, at offset, or reports
// why it cannot.
func (r *Reader) post(raw stdjson.RawMessage, offset int64) *ssd3.Record {
	var m map[string]stdjson.RawMessage
	if err := stdjson.Unmarshal(raw, &m); err != nil || m == nil {
		r.noteAt(offset, ssd3.Skipped, "%s is not an object: not a post", importers.Excerpt(string(raw)))
		return nil
	}
	rec := ssd3.NewRecord(ssd3.Values{})
	var notes []string
	str := func(name string) (string, bool) {
		var s string
		if err := stdjson.Unmarshal(m[name], &s); err != nil {
			notes = append(notes, fmt.Sprintf("%q is %s, not a string: left out", importers.Excerpt(name), importers.Excerpt(string(m[name]))))
			return "", false
		}
		return s, true
	}
	for i := range keys {
		k := &keys[i]
		if _, ok := m[k.name]; !ok || k.kind == valueLeftOut {
			continue
		}
		v, ok := str(k.name)
		if !ok || strings.TrimSpace(v) == "" {
			continue
		}
		switch k.kind {
		case valueText:
			k.set(rec, v)
		case valueDate:
			t, err := importers.ParseExportDate(v)
			if err != nil {
				notes = append(notes, fmt.Sprintf("time %q is not an RFC 3339 date: left out", importers.Excerpt(v)))
			}
			rec.SetDate(t)
		case valueField:
			if spec, ok := ssd3.LookupField(k.field); ok {
				if err := spec.Set(rec, v); err != nil {
					notes = append(notes, fmt.Sprintf("%s %q: %v: left out", k.name, importers.Excerpt(v), err))
				}
			}
		case valueTags:
			rec.SetExtension(k.field, ssd3.JoinTags(strings.Fields(v)))
		case valueFlag, valueNotFlag:
			yes, no := "1", "0"
			if k.kind == valueNotFlag {
				yes, no = no, yes
			}
			switch strings.ToLower(strings.TrimSpace(v)) {
			case "yes":
				rec.SetExtension(k.field, yes)
			case "no":
				rec.SetExtension(k.field, no)
			default:
				notes = append(notes, fmt.Sprintf("%s %q is neither yes nor no: left out", k.name, importers.Excerpt(v)))
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(m)) {
		if keyByName[name] != nil {
			continue
		}
		field := "X-" + strings.ToUpper(name)
		if ssd3.ValidateExtensionName(field) != nil {
			notes = append(notes, fmt.Sprintf("key %q cannot be a field's name (SSD3 2.1.3): left out", importers.Excerpt(name)))
			continue
		}
		if v, ok := str(name); ok {
			rec.AddExtension(field, v)
			if !r.kept[field] {
				r.kept[field] = true
				r.noteAt(offset, ssd3.Info, "key %q is not one of Pinboard's: kept as %s", importers.Excerpt(name), field)
			}
		}
	}
	return r.notes.Finish(rec, r.opts, 0, offset, notes)
}
