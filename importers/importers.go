// Package importers defines what every importer of a foreign bookmark format
// provides, and the rules every imported record follows before it reaches a
// catalogue: it gets a NAME and a DATE, its text is cleaned of control
// characters and escape sequences, and a value the catalogue would reject is
// dropped from the record and reported. A CATEGORY is bounded, in
// folders and in bytes, by one rule for every reader (MaxFolders says
// it): a reader of a format with folders makes each folder's path once,
// with Folder, and Finish bounds a CATEGORY that a file gives whole.
//
// Each format lives in its own sub-package (importers/soif, importers/hinadi,
// ...) as a streaming Reader over an io.Reader, or, for a source that needs
// random access, one it opens by path (Format.Open).
//
// # Files
//
// importers.go holds the interfaces (Reader, Writer, Format), Options and
// the rules a record follows (Finish, SafeText); run.go the Plan that
// reads inputs into one import and its limits; readernotes.go, ready.go
// and csvrows.go what readers share (ReaderNotes, Ready, CSVRows);
// folders.go the bound on a CATEGORY (Folder); flood.go the summary of repeated
// diagnostics; exportdate.go, nodate.go the dates of exports and of
// records without one; head.go, database.go the detection of a file and
// the opening of a browser's database; page.go a fetched page as a record
// (FromPage).
package importers

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/internal/textclip"
)

// Reader streams the bookmarks of one foreign file.
type Reader interface {
	// Read returns the next bookmark, or io.EOF after the last. A record it
	// returns has passed Finish: catalogue.Record.Validate finds nothing.
	// Other errors are I/O errors; bad input is never an error, but a
	// Diagnostic, and the reader goes on.
	Read() (*ssd3.Record, error)
	// Diagnostics returns the diagnostics gathered since the last call.
	Diagnostics() []ssd3.Diagnostic
}

// Options are what a reader may need beyond its input.
type Options struct {
	// Base resolves relative URLs: an http-index-format listing's file
	// names when it has no 300 line, and any other format's relative links.
	Base *url.URL
	// Now is the DATE of records that have no date of their own, and the
	// reference for dates without a year.
	Now time.Time
	// FileDate is the file's own date (its modification time, or a date its
	// header gives), the DATE of records without one, before Now.
	FileDate time.Time
	// Context, if set, ends what a source read by path (Format.Open) does
	// before its first record, such as copying a database: Plan.ReadFile
	// sets it to its own. Nil is context.Background().
	Context context.Context
}

// Format is one foreign format: what reads it, what writes it, and how to
// recognise it. Each format package exports one, and one registry lists them.
type Format struct {
	Name  string // as --format takes it: soif, hinadi, httpindex, urc, netscape
	Title string // for people
	// Extensions are the usual file name extensions, with their dots; the
	// first is what an export proposes.
	Extensions []string
	// Detect reports whether the first bytes of a file look like this format.
	Detect func(head []byte) bool
	// DetectPath, if set, is what tells the format from others whose files
	// start alike (two kinds of SQLite database, whose first bytes are
	// "SQLite format 3\x00"): whether the file at path, whose head Detect
	// recognised, is of this format. It may open the file, read-only and
	// leaving nothing behind, but not read it whole. A format that has it
	// is recognised only when a path is known (formats.SniffFile), never
	// in a stream.
	DetectPath func(path string) bool
	// NewReader returns a reader of the format over r; nil for a format
	// uricat only writes.
	NewReader func(r io.Reader, opts Options) Reader
	// Open, if set, opens the source at path for a format that needs more
	// than a stream: random access to a copy of a database, a directory,
	// or a file longer than a stream's line limit (ReadConfig.MaxLine).
	// Plan.ReadFile reads through it rather than streaming the file; the
	// Closer releases what the Reader holds, once it is done. Most
	// formats leave it nil; a format with Open and no NewReader is read
	// from a file only.
	Open func(path string, opts Options) (Reader, io.Closer, error)
	// NewWriter returns a writer of the format over w; nil for a format
	// uricat only reads (http-index-format).
	NewWriter func(w io.Writer) Writer
}

// Writer writes records in one format, in the order given. Write may buffer
// (a Netscape file groups records into folders); Close writes what remains
// and reports the first error, and must be called once at the end. A writer
// never fails on any text a record can hold, and never writes a control
// character that came from the data.
type Writer interface {
	Write(rec *ssd3.Record) error
	Close() error
}

// Reporter is what a Writer also is when its format cannot hold every
// value as it is: Diagnostics returns what it left out or changed since the
// last call, each naming its record by URI (a writer has no input position:
// Line is 0 and Offset -1).
type Reporter interface {
	Diagnostics() []ssd3.Diagnostic
}

// SafeText is v as a writer may write it (display.Clean: no control
// character but line feed and tab, no escape sequence, valid UTF-8), and
// whether that left out anything more than the CR of a line break, which a
// writer must report.
func SafeText(v string) (safe string, dropped bool) {
	safe = display.Clean(v) // v itself, not a copy, when it is clean
	if safe == v {
		return v, false
	}
	breaks := strings.ReplaceAll(strings.ReplaceAll(v, "\r\n", "\n"), "\r", "\n")
	return safe, safe != breaks
}

// WriterNotes gathers what a writer says about the records it writes: a
// Writer embeds it to be a Reporter. Record names the record being written;
// Note adds a diagnostic about it; Controls notes a field that lost control
// characters, which are reported once per record, naming every such field
// (a diagnostic per record and kind), for the reason ControlsWhy gives.
type WriterNotes struct {
	// ControlsWhy says why a format leaves control characters out.
	ControlsWhy string
	uri         string
	diags       []ssd3.Diagnostic
	controls    []string // fields of the current record that lost some
}

// Record says which record the next notes are about.
func (n *WriterNotes) Record(uri string) {
	n.flush()
	n.uri = uri
}

// Note adds a diagnostic about the current record, which its message names
// by URI (a writer has no input position: Line is 0 and Offset -1).
func (n *WriterNotes) Note(kind ssd3.Kind, format string, a ...any) {
	n.diags = append(n.diags, WriterNote(kind, n.uri, format, a...))
}

// Controls notes that field, of the current record, had control characters
// or escape sequences left out.
func (n *WriterNotes) Controls(field string) {
	if !slices.Contains(n.controls, field) {
		n.controls = append(n.controls, field)
	}
}

// SafeText is v as a writer may write it (SafeText), noting field as one
// that lost control characters when it did.
func (n *WriterNotes) SafeText(field, v string) string {
	safe, dropped := SafeText(v)
	if dropped {
		n.Controls(field)
	}
	return safe
}

func (n *WriterNotes) flush() {
	if len(n.controls) > 0 {
		n.Note(ssd3.Dropped, "control characters and escape sequences left out of %s: %s", strings.Join(n.controls, ", "), n.ControlsWhy)
		n.controls = n.controls[:0]
	}
}

// Diagnostics returns the notes since the last call.
func (n *WriterNotes) Diagnostics() []ssd3.Diagnostic {
	n.flush()
	d := n.diags
	n.diags = nil
	return d
}

// WriterNote makes the diagnostic a writer gives about the record with uri.
func WriterNote(kind ssd3.Kind, uri, format string, a ...any) ssd3.Diagnostic {
	return ssd3.Diagnostic{Offset: -1, Kind: kind, Msg: "record " + display.Text(uri) + ": " + fmt.Sprintf(format, a...)}
}

// Finish makes rec fit the catalogue, in place, and returns what it dropped
// or had to invent, as diagnostics at (line, offset):
//   - text is cleaned (display.Clean) and the URI normalised (IRI to URI);
//     control characters and escape sequences in the URI are not cleaned
//     out but kept percent-encoded, with a note, or the record is skipped;
//   - a tag (X-TAGS) made only of escape sequences is dropped, with a note,
//     and the tags are joined as ssd3.JoinTags joins them ("a, b");
//   - a relative URI is resolved against opts.Base; without a base, or
//     without a valid URI, the record cannot be imported: ok is false;
//   - a missing NAME falls back to the URI's last path segment, then its host;
//   - a missing DATE falls back to opts.FileDate, then opts.Now (FallbackDate:
//     the reader says so once per file, ReaderNotes.End);
//   - a CATEGORY beyond the bound on one (BoundCategory) is cut, and
//     reported;
//   - any other value the catalogue rejects is dropped and reported.
func Finish(rec *ssd3.Record, opts Options, line int, offset int64) (diags []ssd3.Diagnostic, ok bool) {
	report := func(kind ssd3.Kind, format string, a ...any) {
		diags = append(diags, ssd3.Diagnostic{Line: line, Offset: offset, Kind: kind, Msg: fmt.Sprintf(format, a...)})
	}
	if !finishURI(rec, opts, report) {
		return diags, false
	}
	rec.SetName(OneLine(rec.Name()))
	rec.SetCategory(strings.TrimSpace(OneLine(rec.Category()))) // a path: blanks at its ends are noise
	if c, msg := BoundCategory(rec.Category()); msg != "" {
		rec.SetCategory(c)
		report(ssd3.Dropped, "%s", msg)
		diags[len(diags)-1].Field = ssd3.FieldCategory
	}
	rec.SetDescription(strings.TrimSpace(display.Clean(rec.Description())))
	rec.SetLanguage(strings.TrimSpace(rec.Language()))
	rec.SetType(strings.TrimSpace(rec.Type()))
	rec.SetID(strings.TrimSpace(rec.ID()))
	if strings.TrimSpace(rec.Name()) == "" {
		rec.SetName(NameFromURI(rec.URI()))
	}
	if rec.Date().IsZero() || ssd3.ValidateDate(rec.Date()) != nil {
		if !rec.Date().IsZero() {
			report(ssd3.Dropped, "date %s is out of DATE's range; using the file's date or now", rec.Date().Format(time.RFC3339))
		}
		d, _ := FallbackDate(opts)
		rec.SetDate(d)
	}
	rec.SetDate(rec.Date().UTC().Truncate(time.Second))
	var ext []ssd3.Field
	for _, f := range rec.Extensions() {
		if f.Name == ssd3.FieldTags {
			var gone int
			f.Value, gone = cleanTags(f.Value)
			if gone > 0 {
				report(ssd3.Dropped, "%s of %s made only of control characters or escape sequences left out", plural.Of(gone, "tag"), ssd3.FieldTags)
			}
			// One form whatever the file wrote ("a,b", "a, b"): the
			// catalogue's, which its tag edits write.
			f.Value = ssd3.JoinTags(ssd3.SplitTags(f.Value))
		}
		f.Value = strings.TrimSpace(display.Clean(f.Value))
		if f.Value != "" {
			ext = append(ext, f)
		}
	}
	rec.SetExtensions(ext)
	for _, p := range rec.Validate() {
		if f, ok := ssd3.LookupField(p.Field); !ok {
			rec.SetExtension(p.Field, "") // whatever its name
		} else if f.Required {
			report(ssd3.Skipped, "record not imported: %s", p.Msg)
			diags[len(diags)-1].Field = p.Field
			return diags, false
		} else {
			_ = f.Set(rec, "") // clearing cannot fail
		}
		report(ssd3.Dropped, "%s", p.Msg)
		diags[len(diags)-1].Field = p.Field
	}
	return diags, true
}

// finishURI normalises rec's URI for Finish, resolving a relative one
// against opts.Base, and reports whether the record can be imported;
// report says what was done or why not.
func finishURI(rec *ssd3.Record, opts Options, report func(kind ssd3.Kind, format string, a ...any)) bool {
	// A control character or an escape sequence in a URI is part of what
	// the user had: it is kept percent-encoded (RFC 3986 2.1), as
	// NormalizeURI encodes it, or the record is skipped; cleaning it out
	// would silently make another URI.
	raw := rec.URI()
	escaped := display.Clean(raw) != raw
	rec.SetURI(ssd3.NormalizeURI(raw)) // which encodes the "[" of a CSI too
	if err := ssd3.ValidateURI(rec.URI()); err != nil {
		ref, perr := url.Parse(rec.URI())
		switch {
		case escaped:
			report(ssd3.Skipped, "record not imported: its URI %s holds control characters or an escape sequence, and percent-encoded it is still not a URI: %v", Excerpt(strconv.Quote(raw)), err)
			return false
		case rec.URI() == "" || perr != nil || ref.IsAbs():
			report(ssd3.Skipped, "record not imported: %v", err)
			return false
		case opts.Base == nil || !opts.Base.IsAbs():
			report(ssd3.Skipped, "record not imported: %q is a relative URI; give the URL it is relative to with --base", Excerpt(rec.URI()))
			return false
		}
		rec.SetURI(ssd3.NormalizeURI(opts.Base.ResolveReference(ref).String()))
		if err := ssd3.ValidateURI(rec.URI()); err != nil {
			report(ssd3.Skipped, "record not imported: %v", err)
			return false
		}
		report(ssd3.Info, "the relative URI %q is read against the base %s: %s", Excerpt(ref.String()), opts.Base, rec.URI())
	}
	if escaped {
		report(ssd3.Info, "the URI %s holds control characters or an escape sequence: kept percent-encoded, %s", Excerpt(strconv.Quote(raw)), rec.URI())
	}
	return true
}

// FieldBrowserRoot is the X- field that says which of a browser's root
// folders a bookmark came from, when it is not the Bookmarks Menu (or
// Chromium's top level), which is the top level of a CATEGORY: the first
// folder of its CATEGORY is that root, under the name the browser gave
// it. Its values are RootToolbar, RootOther and RootMobile. The
// Netscape writer writes the root back as the browsers mark it
// (PERSONAL_TOOLBAR_FOLDER, UNFILED_BOOKMARKS_FOLDER), so that a menu
// folder merely titled "Bookmarks Toolbar" stays a menu folder.
const FieldBrowserRoot = "X-BROWSER-ROOT"

// The values of FieldBrowserRoot: the bookmarks toolbar (Chromium's
// bookmarks bar), Other Bookmarks (Firefox's unfiled bookmarks,
// Chromium's other bookmarks), and the bookmarks of the browser on a phone.
const (
	RootToolbar = "toolbar"
	RootOther   = "other"
	RootMobile  = "mobile"
)

// Untitled is the name of a browser's folder that has none, in every
// reader, so that its bookmarks keep the folder's level in CATEGORY.
const Untitled = "(untitled)"

// FolderName is the name a reader of a browser's bookmarks gives a
// folder titled title: the title made one line (OneLine, without blanks
// at its ends), or Untitled for a blank one, and what the reader is to
// say of it at the folder ("" when the title is kept as it is).
func FolderName(title string) (name, note string) {
	name = strings.TrimSpace(OneLine(title))
	switch {
	case name == "":
		return Untitled, "a folder without a title: its bookmarks are filed under " + Untitled
	case strings.ContainsAny(title, "\n\r") && name != strings.TrimSpace(title):
		return name, fmt.Sprintf("folder %q: the line breaks of its title are spaces in CATEGORY", Excerpt(name))
	}
	return name, ""
}

// TitleNote is what a reader of a browser's bookmarks says of the record
// rec, which Finish made of a bookmark titled title: that it was named
// after its URI, having no title, or that the line breaks of its title
// became spaces; "" when the title is its NAME.
func TitleNote(title string, rec *ssd3.Record) string {
	switch {
	case strings.TrimSpace(OneLine(title)) == "":
		return fmt.Sprintf("bookmark %s has no title: named %q after its URI", Excerpt(rec.URI()), Excerpt(rec.Name()))
	case strings.ContainsAny(strings.TrimSpace(title), "\n\r"):
		return fmt.Sprintf("bookmark %s: the line breaks of its title are spaces in NAME %q", Excerpt(rec.URI()), Excerpt(rec.Name()))
	}
	return ""
}

// FieldLastModified is the X- field that keeps a browser's lastModified
// (LAST_MODIFIED, date_modified) when it is not the record's DATE.
const FieldLastModified = "X-LAST-MODIFIED"

// BrowserDates makes a bookmark's DATE of the dates a browser gives it,
// when it was added and last modified (the zero time for none), and the
// field that keeps the other: SSD3 3.3 makes DATE "when the record was
// created or last amended", so a lastModified after dateAdded is the DATE
// and dateAdded is kept as X-ADDED (ssd3.FieldAdded); an earlier one is
// kept as X-LAST-MODIFIED. A lastModified equal to dateAdded, to the
// second, says nothing more (browsers set both when a bookmark is made):
// no field is made of it. extra.Name is "" when there is no other.
func BrowserDates(added, modified time.Time) (date time.Time, extra ssd3.Field) {
	a, m := added.Truncate(time.Second), modified.Truncate(time.Second)
	switch {
	case m.IsZero() || m.Equal(a):
		return added, extra
	case a.IsZero():
		return modified, extra
	case m.After(a):
		return modified, ssd3.Field{Name: ssd3.FieldAdded, Value: ssd3.FormatDate(added)}
	}
	return added, ssd3.Field{Name: FieldLastModified, Value: ssd3.FormatDate(modified)}
}

// cleanTags cleans the tags of an X-TAGS value one by one, so that a tag
// made only of escape sequences goes with its comma rather than leaving an
// empty tag ("t,"); it returns how many such tags went. A clean value is
// returned as it is.
func cleanTags(v string) (string, int) {
	if display.Clean(v) == v {
		return v, 0
	}
	var tags []string
	gone := 0
	for t := range strings.SplitSeq(v, ",") {
		c := strings.TrimSpace(OneLine(t))
		switch {
		case c != "":
			tags = append(tags, c)
		case strings.TrimSpace(t) != "":
			gone++
		}
	}
	return ssd3.JoinTags(tags), gone
}

// OneLine makes s one line of clean text, for NAME, CATEGORY and X-
// values: escape sequences and control characters go (display.Clean),
// each line break with the blanks around it becomes one space (none at
// either end), and a tab one space. Other spaces are kept as they are, runs
// of them and at the ends: they are part of the text (a file named "a  b "
// is not "a b", and its URI says so).
func OneLine(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return oneLine(s)
		}
	}
	return s // printable ASCII: nothing to do
}

func oneLine(s string) string {
	s = display.Clean(s) // s itself when it is plain
	if strings.IndexByte(s, '\n') < 0 {
		if strings.IndexByte(s, '\t') < 0 {
			return s
		}
		return strings.ReplaceAll(s, "\t", " ")
	}
	pieces := strings.Split(s, "\n")
	kept := pieces[:0]
	for i, p := range pieces {
		if i > 0 {
			p = strings.TrimLeft(p, " \t")
		}
		if i < len(pieces)-1 {
			p = strings.TrimRight(p, " \t")
		}
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.ReplaceAll(strings.Join(kept, " "), "\t", " ")
}

// NameFromURI makes a NAME for a record that has none: the URI's last path
// segment, unescaped, else its host, else the URI itself.
func NameFromURI(uri string) string {
	u, err := url.Parse(uri)
	if err != nil {
		return uri
	}
	if seg := path.Base(strings.TrimRight(u.Path, "/")); seg != "." && seg != "/" && seg != "" {
		if s, err := url.PathUnescape(seg); err == nil {
			seg = s
		}
		if n := OneLine(seg); strings.TrimSpace(n) != "" {
			return n
		}
	}
	if u.Host != "" {
		if h, err := url.PathUnescape(u.Hostname()); err == nil {
			if n := OneLine(h); strings.TrimSpace(n) != "" {
				return n
			}
		}
	}
	if u.Opaque != "" {
		return OneLine(u.Opaque)
	}
	return uri
}

// Excerpt is s as a diagnostic quotes it: made safe for a terminal, on one
// line (display.Text), and clipped to 60 characters.
func Excerpt(s string) string { return textclip.Clip(display.Text(s), 60) }

// NameMemo remembers what a reader or writer makes of a field's name (its
// lower-case key, the attribute or label it is written as, what that reads
// back as): files repeat the same few names. It forgets them all at
// maxMemo names, so that a file whose every record has names of its own
// holds no more than that. The zero NameMemo is ready to use.
type NameMemo[V any] struct{ m map[string]V }

const maxMemo = 1024

// Get returns what of makes of name, made once while remembered.
func (c *NameMemo[V]) Get(name string, of func(name string) V) V {
	v, ok := c.m[name]
	if !ok {
		v = of(name)
		if c.m == nil || len(c.m) >= maxMemo {
			c.m = map[string]V{}
		}
		c.m[name] = v
	}
	return v
}
