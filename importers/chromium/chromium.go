// Package chromium reads the Bookmarks file that Chromium and the
// browsers built on it (Chrome, Brave, Edge, Vivaldi, Opera) keep in each
// profile's folder: one JSON object whose "roots" hold the browser's top
// folders, each a tree of folders and bookmarks.
//
//	{
//	  "checksum": "...",
//	  "roots": {
//	    "bookmark_bar": {"children": [
//	      {"date_added": "13345678901234567", "name": "Go", "type": "url", "url": "https://go.dev/"},
//	      {"children": [...], "name": "News", "type": "folder"}
//	    ], "name": "Bookmarks bar", "type": "folder"},
//	    "other": {...},
//	    "synced": {...}
//	  },
//	  "version": 1
//	}
//
// # Mapping
//
// Each object of type "url" is a bookmark, and the names of the folders
// around it are its CATEGORY, joined with "/" as the Netscape reader joins
// them (netscape.JoinFolders: a "/" in a name is written `\/`), within the
// bound on a CATEGORY (importers.MaxFolders). The roots
// are named as the browser shows them, whatever the file says:
// bookmark_bar is "Bookmarks bar", other "Other bookmarks", synced "Mobile
// bookmarks"; another root (a fork's own) is named by its "name", else its
// key; a root named trash is the fork's trash, and not imported. A
// bookmark in bookmark_bar, other or synced says so in X-BROWSER-ROOT
// (importers.FieldBrowserRoot: toolbar, other, mobile); a folder without a
// name is "(untitled)", as in every reader (importers.FolderName). Dates are
// WebKit time: microseconds since 1601-01-01 UTC, written as decimal
// strings; "0" is no date.
//
//	key                             field            value
//	url                             URI              string
//	name                            NAME             string
//	date_added                      DATE, X-ADDED    WebKit microseconds
//	date_modified                   X-LAST-MODIFIED  WebKit microseconds
//	date_last_used                  X-LAST-VISIT     WebKit microseconds
//	meta_info.Description           DESCRIPTION      string
//	meta_info.Nickname              X-KEYWORD        string
//	meta_info.last_visited_desktop  X-LAST-VISIT     WebKit microseconds
//	meta_info.K                     X-META-K         string
//
// date_added and date_modified go as the Netscape reader's ADD_DATE and
// LAST_MODIFIED: SSD3 3.3 makes DATE "when the record was created or last
// amended", so a date_modified after date_added is the DATE and
// date_added is kept as X-ADDED (catalogue.FieldAdded); otherwise
// date_added is the DATE and date_modified is kept as X-LAST-MODIFIED.
// last_visited_desktop is what Chrome kept before date_last_used: it
// is read when date_last_used is not there. Any other meta_info key K
// becomes X-META-K, in capitals; the bulk data of Vivaldi's Thumbnail and
// Chrome's power_bookmark_meta is counted and left out. The browser's own
// identifiers (id, guid) and the folders' dates are not imported; nor are
// empty folders, as a CATEGORY exists only on a bookmark: each is
// reported. javascript: bookmarklets are imported, as every reader imports
// them: the browser keeps them as bookmarks, and so does the catalogue.
//
// # Reading
//
// Chromium writes each object's keys in order, so a folder's "children"
// come before its "name": the reader reads the whole file (Bookmarks files
// are a few MB; the import plan bounds the size) before it returns its
// first bookmark. A file that is not valid JSON imports nothing, with a
// diagnostic that says where: the browser keeps the previous version
// beside it, as Bookmarks.bak.
//
// # Files
//
// chromium.go is the Reader (the file, its roots, folders and bookmarks);
// mapping.go the table of keys to fields above; scan.go the JSON
// tokenizer the Reader reads with, faster than encoding/json's Token.
package chromium

import (
	"bytes"
	"cmp"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/plural"
)

// Format is the Chromium-family Bookmarks file, for the formats registry.
var Format = importers.Format{
	Name:  "chromium",
	Title: "Chromium Bookmarks file (Chrome, Brave, Edge, Vivaldi, Opera)",
	// The file is "Bookmarks", without one; a copy people make is
	// .json.
	Extensions: []string{".json"},
	Detect:     Detect,
	NewReader: func(r io.Reader, opts importers.Options) importers.Reader {
		return NewReader(r, opts)
	},
}

// Detect reports whether head, the first bytes of a file, start a
// Chromium Bookmarks file: a JSON object with "roots" and "bookmark_bar",
// which Chromium writes near the top.
func Detect(head []byte) bool {
	h := importers.TrimHead(head)
	return len(h) > 0 && h[0] == '{' &&
		bytes.Contains(h, []byte(`"roots"`)) && bytes.Contains(h, []byte(`"bookmark_bar"`))
}

// rootNames are the names the browsers show for their roots.
var rootNames = map[string]string{
	"bookmark_bar": "Bookmarks bar",
	"other":        "Other bookmarks",
	"synced":       "Mobile bookmarks",
}

// MaxDepth is how many levels of folders make the CATEGORY path; the
// deeper ones are left out of it, as every reader does (importers.MaxFolders).
const MaxDepth = importers.MaxFolders

// maxNesting bounds how deep the reader follows folders in folders: a
// deeper tree (a file of nothing but nested "children") is skipped with
// a diagnostic, so that no input costs unbounded stack.
const maxNesting = 1000

// webkitEpoch is 1601-01-01 in Unix microseconds.
const webkitEpoch = -11644473600 * 1e6

// Reader reads the bookmarks of a Bookmarks file.
type Reader struct {
	opts    importers.Options
	in      io.Reader
	started bool
	ended   bool
	data    []byte
	dec     *tokens
	folders []folder
	nodes   []node // the bookmarks, in the file's order
	next    int
	notes   importers.ReaderNotes
	pending []ssd3.Diagnostic // the parse's, not yet returned

	// The line of an offset, counted on from the last one asked.
	lineOff int64
	line    int

	bulk int
}

// folder is a folder of the file: the roots and those in them. A
// folder comes after its parent in Reader.folders, made when its
// "children" start.
type folder struct {
	name   string
	root   string // the root it is or is in (importers.FieldBrowserRoot)
	parent int    // -1 for a root
	off    int64  // of its object
	path   importers.Folder
}

// node is a bookmark of the file, with where its object starts.
type node struct {
	folder int
	off    int64
	name   string
	url    string
	added  string // date_added, as written
	mod    string
	used   string
	meta   []kv
}

type kv struct{ k, v string }

// NewReader returns a Reader of r.
func NewReader(r io.Reader, opts importers.Options) *Reader {
	return &Reader{opts: opts, in: r, line: 1}
}

// Diagnostics returns the diagnostics gathered since the last call.
func (r *Reader) Diagnostics() []ssd3.Diagnostic { return r.notes.Diagnostics() }

func (r *Reader) noteAt(off int64, kind ssd3.Kind, format string, a ...any) {
	line := 0
	if off >= 0 {
		line = r.lineAt(off)
	}
	r.notes.Note(line, off, kind, format, a...)
}

// lineAt returns the line of the byte at off. Offsets are asked for
// mostly in increasing order: it counts on from the last one.
func (r *Reader) lineAt(off int64) int {
	off = min(max(off, 0), int64(len(r.data)))
	if off < r.lineOff {
		r.lineOff, r.line = 0, 1
	}
	r.line += bytes.Count(r.data[r.lineOff:off], []byte{'\n'})
	r.lineOff = off
	return r.line
}

// Read returns the next bookmark, or io.EOF after the last.
func (r *Reader) Read() (*ssd3.Record, error) {
	if !r.started {
		r.started = true
		data, err := readAll(r.in)
		if err != nil {
			return nil, err
		}
		r.data = data
		r.parse()
		r.dec = nil
		// What the parse found is told in the file's order, among the
		// bookmarks' own diagnostics: a folder's come after its children.
		r.pending = r.notes.Diagnostics()
		slices.SortStableFunc(r.pending, func(a, b ssd3.Diagnostic) int { return cmp.Compare(a.Offset, b.Offset) })
	}
	for r.next < len(r.nodes) {
		n := &r.nodes[r.next]
		r.next++
		r.flush(n.off)
		if rec := r.record(n); rec != nil {
			*n = node{} // its strings are the record's now
			return rec, nil
		}
	}
	if !r.ended {
		r.ended = true
		r.flush(math.MaxInt64)
		r.nodes, r.data = nil, nil
		r.notes.End(r.opts)
		if r.bulk > 0 {
			r.notes.Note(0, -1, ssd3.Dropped, "thumbnails and other bulk data (meta_info Thumbnail, power_bookmark_meta) of %s not imported", plural.Of(r.bulk, "bookmark"))
		}
	}
	return nil, io.EOF
}

// readAll reads r to its end, in chunks joined once at the end: the
// chunks and the one copy are all it allocates, where io.ReadAll grows
// its slice by a quarter at a time, copying the file over and over.
func readAll(r io.Reader) ([]byte, error) {
	var chunks [][]byte
	total := 0
	for size := 64 << 10; ; size = min(2*size, 4<<20) {
		buf := make([]byte, size)
		n, err := io.ReadFull(r, buf)
		chunks = append(chunks, buf[:n])
		total += n
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if len(chunks) == 1 {
		return chunks[0], nil
	}
	data := make([]byte, 0, total)
	for _, c := range chunks {
		data = append(data, c...)
	}
	return data, nil
}

// flush moves the parse's diagnostics up to offset off to those Read
// returns next.
func (r *Reader) flush(off int64) {
	i := 0
	for i < len(r.pending) && r.pending[i].Offset <= off {
		i++
	}
	r.notes.Add(r.pending[:i]...)
	r.pending = r.pending[i:]
}

// errSyntax ends the parse: the file is not valid JSON, which parse has
// reported.
var errSyntax = errors.New("not valid JSON")

// parse reads the whole file into folders and nodes. Bad JSON anywhere
// imports nothing: the names of folders come after their bookmarks.
func (r *Reader) parse() {
	r.dec = &tokens{data: r.data}
	if err := r.file(); err != nil {
		r.folders, r.nodes = nil, nil
		if !errors.Is(err, errSyntax) {
			r.noteAt(0, ssd3.Skipped, "%v: nothing imported", err)
		}
	}
	r.paths()
}

// paths makes the CATEGORY of each folder, once, from its parent's (which
// comes before it), now that every name is known; what the bound on one
// cuts is reported at the folder.
func (r *Reader) paths() {
	for i := range r.folders {
		g := &r.folders[i]
		var in importers.Folder
		if g.parent >= 0 {
			in = r.folders[g.parent].path
			g.root = r.folders[g.parent].root
		}
		// No name (a bookmark with children): its bookmarks are its
		// folder's.
		if g.path = in.Child(g.name); g.path.Cut() != "" {
			r.noteAt(g.off, ssd3.Dropped, "%s", g.path.Cut())
		}
	}
}

// file reads the top-level object.
func (r *Reader) file() error {
	tok, err := r.token()
	if err != nil {
		return err
	}
	if d, ok := tok.(stdjson.Delim); !ok || d != '{' {
		return fmt.Errorf("the file is a JSON %s, not a Chromium Bookmarks file (an object with \"roots\")", importers.JSONKind(tok))
	}
	roots := false
	for r.dec.More() {
		k, err := r.key()
		if err != nil {
			return err
		}
		if k != "roots" {
			if err := r.skip(); err != nil {
				return err
			}
			continue
		}
		roots = true
		if err := r.roots(); err != nil {
			return err
		}
	}
	if _, err := r.token(); err != nil { // the closing }
		return err
	}
	if !roots {
		return errors.New(`the file is a JSON object without "roots": not a Chromium Bookmarks file`)
	}
	return nil
}

// roots reads the object of the roots.
func (r *Reader) roots() error {
	off := r.dec.InputOffset()
	tok, err := r.token()
	if err != nil {
		return err
	}
	if skipped, err := r.notObject(tok, off, ssd3.Skipped, `"roots" is a JSON %s, not an object of folders: nothing imported`); skipped || err != nil {
		return err
	}
	for r.dec.More() {
		k, err := r.key()
		if err != nil {
			return err
		}
		off := r.dec.InputOffset()
		if strings.EqualFold(k, "trash") {
			r.noteAt(off, ssd3.Info, "the bookmarks in the trash (root %q) are not imported", importers.Excerpt(k))
			if err := r.skip(); err != nil {
				return err
			}
			continue
		}
		if err := r.object(-1, k, 0); err != nil {
			return err
		}
	}
	_, err = r.token()
	return err
}

// object reads a folder or a bookmark in the folder parent (-1 for a
// root, whose key is root), depth folders deep.
func (r *Reader) object(parent int, root string, depth int) error {
	off := r.dec.InputOffset()
	tok, err := r.token()
	if err != nil {
		return err
	}
	off = r.valueStart(off)
	if skipped, err := r.notObject(tok, off, ssd3.Skipped, "a JSON %s, not a bookmark or a folder: not imported"); skipped || err != nil {
		return err
	}
	if depth > maxNesting {
		r.noteAt(off, ssd3.Skipped, "folders nested more than %d deep: what is deeper is not imported", maxNesting)
		return r.skipRest(1)
	}
	e := entry{node: node{folder: parent, off: off}, fi: -1}
	if err := r.members(&e, root, depth); err != nil {
		return err
	}
	if _, err := r.token(); err != nil {
		return err
	}
	r.place(&e, root)
	return nil
}

// entry is an object of the file as its members are read: a bookmark, a
// folder, or neither.
type entry struct {
	node
	// typ is the object's "type"; fi its folder's index, -1 until it has
	// one; children counts the entries of its "children".
	typ          string
	fi, children int
	hasChildren  bool
}

// members reads the members of the object e, depth folders deep under
// the root root, up to its closing brace.
func (r *Reader) members(e *entry, root string, depth int) error {
	n := &e.node
	for r.dec.More() {
		k, err := r.key()
		if err != nil {
			return err
		}
		switch k {
		case "children":
			if e.fi < 0 {
				e.fi = len(r.folders)
				r.folders = append(r.folders, folder{parent: n.folder, off: n.off})
			}
			e.hasChildren = true
			if e.children, err = r.children(e.fi, root, depth+1); err != nil {
				return err
			}
		case "type":
			e.typ, err = r.text(k)
		case "name":
			n.name, err = r.text(k)
		case "url":
			n.url, err = r.text(k)
		case "date_added":
			n.added, err = r.text(k)
		case "date_modified":
			n.mod, err = r.text(k)
		case "date_last_used":
			n.used, err = r.text(k)
		case "meta_info":
			err = r.metaInfo(n)
		default:
			err = r.skip()
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// place keeps e, read whole, as a bookmark or a folder, or says why not.
func (r *Reader) place(e *entry, root string) {
	n, parent, off := e.node, e.folder, e.off
	typ := e.typ
	if typ == "" {
		switch {
		case n.url != "":
			typ = "url"
		case e.hasChildren:
			typ = "folder"
		}
	}
	switch {
	case parent < 0 && typ == "":
		// Not a folder: a fork's own root of other things (Opera's
		// custom_root of speed dials), which this reader does not know.
		r.noteAt(off, ssd3.Skipped, "root %q is not a folder of bookmarks: not imported", importers.Excerpt(root))
	case parent < 0 || typ == "folder":
		if e.fi < 0 {
			e.fi = len(r.folders)
			r.folders = append(r.folders, folder{parent: parent, off: off})
		}
		name := n.name
		if parent < 0 {
			name = rootName(root, n.name)
			r.folders[e.fi].root = browserRoots[root]
		} else if typ == "folder" {
			var msg string
			if name, msg = importers.FolderName(name); msg != "" {
				r.noteAt(off, ssd3.Info, "%s", msg)
			}
		}
		r.folders[e.fi].name = name
		if e.children == 0 && parent >= 0 {
			r.noteAt(off, ssd3.Dropped, "empty folder %q not imported: a catalogue holds bookmarks, and a CATEGORY only exists on one", importers.Excerpt(name))
		}
	case typ == "url":
		r.nodes = append(r.nodes, n)
	default:
		r.noteAt(off, ssd3.Skipped, "%q is of type %q, neither a bookmark (url) nor a folder: not imported", importers.Excerpt(n.name), importers.Excerpt(typ))
	}
}

// browserRoots are the roots that importers.FieldBrowserRoot names, by
// their keys: the top level (Chromium's has none) has none.
var browserRoots = map[string]string{
	"bookmark_bar": importers.RootToolbar,
	"other":        importers.RootOther,
	"synced":       importers.RootMobile,
}

// rootName is the folder name of the root whose key is root and whose
// "name" is name: uricat's name for a root it knows, else its own.
func rootName(root, name string) string {
	if n := rootNames[root]; n != "" {
		return n
	}
	if n := strings.TrimSpace(importers.OneLine(name)); n != "" {
		return n
	}
	return root
}

// children reads a folder's "children" array into the folder fi, and
// returns how many entries it has.
func (r *Reader) children(fi int, root string, depth int) (int, error) {
	off := r.valueStart(r.dec.InputOffset())
	tok, err := r.token()
	if err != nil {
		return 0, err
	}
	if d, ok := tok.(stdjson.Delim); !ok || d != '[' {
		if err := r.skipValue(tok); err != nil {
			return 0, err
		}
		r.noteAt(off, ssd3.Skipped, `"children" is a JSON %s, not an array: not imported`, importers.JSONKind(tok))
		return 0, nil
	}
	n := 0
	for r.dec.More() {
		n++
		if err := r.object(fi, root, depth); err != nil {
			return n, err
		}
	}
	_, err = r.token()
	return n, err
}

// notObject reports whether tok, the first token of a value at off,
// starts anything but an object; such a value it skips, and says why at
// off, as kind, with what (given the value's JSON kind).
func (r *Reader) notObject(tok stdjson.Token, off int64, kind ssd3.Kind, what string) (bool, error) {
	if d, ok := tok.(stdjson.Delim); ok && d == '{' {
		return false, nil
	}
	if err := r.skipValue(tok); err != nil {
		return true, err
	}
	r.noteAt(off, kind, what, importers.JSONKind(tok))
	return true, nil
}

// metaInfo reads a bookmark's meta_info object into n.meta.
func (r *Reader) metaInfo(n *node) error {
	off := r.valueStart(r.dec.InputOffset())
	tok, err := r.token()
	if err != nil {
		return err
	}
	if skipped, err := r.notObject(tok, off, ssd3.Dropped, `"meta_info" is a JSON %s, not an object: not imported`); skipped || err != nil {
		return err
	}
	for r.dec.More() {
		k, err := r.key()
		if err != nil {
			return err
		}
		v, err := r.text("meta_info " + k)
		if err != nil {
			return err
		}
		n.meta = append(n.meta, kv{k, v})
	}
	_, err = r.token()
	return err
}

// text reads a value that should be a string (or a number, as a date may
// be written); anything else is reported and read as "".
func (r *Reader) text(key string) (string, error) {
	off := r.valueStart(r.dec.InputOffset())
	tok, err := r.token()
	if err != nil {
		return "", err
	}
	switch v := tok.(type) {
	case string:
		return v, nil
	case stdjson.Number:
		return v.String(), nil
	case nil:
		return "", nil
	}
	if err := r.skipValue(tok); err != nil {
		return "", err
	}
	r.noteAt(off, ssd3.Dropped, "%q is a JSON %s, not a string: not imported", importers.Excerpt(key), importers.JSONKind(tok))
	return "", nil
}

// valueStart returns where the value after off starts: past the blanks
// and the ':' or ',' before it.
func (r *Reader) valueStart(off int64) int64 {
	for off < int64(len(r.data)) {
		switch r.data[off] {
		case ' ', '\t', '\r', '\n', ':', ',':
			off++
			continue
		}
		break
	}
	return off
}

// key reads an object's key.
func (r *Reader) key() (string, error) {
	tok, err := r.token()
	if err != nil {
		return "", err
	}
	k, _ := tok.(string) // the decoder gives keys as strings
	return k, nil
}

// token reads the next token; a syntax error, or the end of the input
// where more is due, is reported and ends the parse.
func (r *Reader) token() (stdjson.Token, error) {
	tok, err := r.dec.Token()
	if err == nil {
		return tok, nil
	}
	off := r.dec.InputOffset()
	msg := err.Error()
	var se *syntaxError
	switch {
	case errors.As(err, &se):
		off = se.off
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		msg = "the file ends in the middle: it may have been cut short"
		off = max(0, int64(len(r.data))-1)
	}
	if len(r.data) == 0 {
		r.noteAt(0, ssd3.Skipped, "the file is empty: not a Chromium Bookmarks file")
		return nil, errSyntax
	}
	r.noteAt(off, ssd3.Skipped, "not valid JSON here (%s): nothing imported (the browser keeps the previous version beside the file, as Bookmarks.bak)", msg)
	return nil, errSyntax
}

// skip reads the next value and leaves it.
func (r *Reader) skip() error {
	tok, err := r.token()
	if err != nil {
		return err
	}
	return r.skipValue(tok)
}

// skipValue leaves the rest of the value that tok starts.
func (r *Reader) skipValue(tok stdjson.Token) error {
	if _, ok := tok.(stdjson.Delim); ok {
		return r.skipRest(1)
	}
	return nil
}

// skipRest reads on to the end of the depth objects and arrays open.
func (r *Reader) skipRest(depth int) error {
	for depth > 0 {
		tok, err := r.token()
		if err != nil {
			return err
		}
		if d, ok := tok.(stdjson.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
	}
	return nil
}

// record makes the record of bookmark n, or reports why it cannot.
func (r *Reader) record(n *node) *ssd3.Record {
	url := strings.TrimSpace(n.url)
	cat, root := "", ""
	if n.folder >= 0 {
		cat, root = r.folders[n.folder].path.Category(), r.folders[n.folder].root
	}
	rec := ssd3.NewRecord(ssd3.Values{URI: url, Name: n.name, Category: cat})
	var ext []ssd3.Field
	set := func(field, v string) {
		for _, f := range ext {
			if f.Name == field {
				return // an earlier key gave it (last_visited_desktop after date_last_used)
			}
		}
		ext = append(ext, ssd3.Field{Name: field, Value: v})
	}
	added := r.date(n, "date_added", n.added)
	mod := r.date(n, "date_modified", n.mod)
	date, extra := importers.BrowserDates(added, mod)
	rec.SetDate(date)
	if extra.Name != "" {
		set(extra.Name, extra.Value)
	}
	if t := r.date(n, "date_last_used", n.used); !t.IsZero() {
		set(fieldLastVisit, ssd3.FormatDate(t))
	}
	bulk := false
	for _, m := range n.meta {
		mp := byKey["meta_info."+m.k]
		switch {
		case bulkMeta[m.k]:
			bulk = bulk || m.v != ""
		case mp == nil:
			if f := metaField(m.k); f != "" {
				set(f, m.v)
			} else if m.v != "" {
				r.noteAt(n.off, ssd3.Dropped, "meta_info %q is not imported: its name cannot be a field's (SSD3 2.1.3)", importers.Excerpt(m.k))
			}
		case mp.field == ssd3.FieldDescription:
			rec.SetDescription(m.v)
		case mp.date:
			if t := r.date(n, "meta_info "+m.k, m.v); !t.IsZero() {
				set(mp.field, ssd3.FormatDate(t))
			}
		default:
			set(mp.field, m.v)
		}
	}
	if bulk {
		r.bulk++
	}
	if root != "" {
		set(importers.FieldBrowserRoot, root)
	}
	if ext != nil {
		rec.SetExtensions(ext)
	}
	rec = r.notes.Finish(rec, r.opts, r.lineAt(n.off), n.off, nil)
	if rec != nil {
		if msg := importers.TitleNote(n.name, rec); msg != "" {
			r.noteAt(n.off, ssd3.Info, "%s", msg)
		}
	}
	return rec
}

// date reads a WebKit date, key's value v of bookmark n: the zero time
// for none ("" or "0"), and for a value that is not a date DATE can hold,
// which it reports.
func (r *Reader) date(n *node, key, v string) time.Time {
	v = strings.TrimSpace(v)
	if v == "" || v == "0" {
		return time.Time{}
	}
	us, err := strconv.ParseInt(v, 10, 64)
	var t time.Time
	if err == nil && us > 0 && us <= maxWebKit {
		t = time.UnixMicro(us + webkitEpoch).UTC()
	}
	if t.IsZero() || ssd3.ValidateDate(t) != nil {
		r.noteAt(n.off, ssd3.Dropped, "%s %q is not a date (microseconds since 1601-01-01) that DATE can hold: not imported", importers.Excerpt(key), importers.Excerpt(v))
		return time.Time{}
	}
	return t
}

// maxWebKit is the year 9999's end in WebKit microseconds, the last date
// DATE holds.
const maxWebKit = 253402300799*1e6 - webkitEpoch

// Position says where the record rec, which Read returned last, was
// (importers.Positioner).
func (r *Reader) Position(rec *ssd3.Record) (importers.Position, bool) {
	return r.notes.Position(rec)
}
