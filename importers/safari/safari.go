// Package safari reads Safari's own bookmarks file, Bookmarks.plist
// (~/Library/Safari/Bookmarks.plist on macOS): a property list, binary as
// Safari writes it, or XML as `plutil -convert xml1` makes it, read with
// howett.net/plist. It is a tree of dictionaries, each with a
// WebBookmarkType:
//
//	WebBookmarkTypeList   a folder: Title, Children
//	WebBookmarkTypeLeaf   a bookmark: URLString, URIDictionary.title,
//	                      and in the Reading List, ReadingList
//	                      (DateAdded, DateLastViewed, PreviewText)
//	WebBookmarkTypeProxy  History, Bonjour: no bookmarks, left out
//
// # Field mapping
//
// The path of the folders around a bookmark is its CATEGORY, joined with
// "/" (a "/" in a folder's name becomes "-"), with Safari's own top
// folders named as Safari shows them (in English): BookmarksBar is
// "Favorites", BookmarksMenu "Bookmarks Menu", and com.apple.ReadingList
// "Reading List", a category of its own, as in Safari's HTML export,
// within the bound on a CATEGORY (importers.MaxFolders).
// Bookmarks outside the Reading List have no date in the file: their DATE
// is the file's. (This table is a copy of the one in mapping.go, which a
// test checks it against.)
//
//	key                         field         value
//	URLString                   URI           string
//	URIDictionary.title         NAME          string
//	ReadingList.DateAdded       DATE          date
//	ReadingList.DateLastViewed  X-LAST-VISIT  date
//	ReadingList.PreviewText     DESCRIPTION   string
//
// The other keys are Safari's bookkeeping (WebBookmarkUUID, the Reading
// List's fetch dates and its ReadingListNonSync cache): left out.
//
// A property list has no lines: a diagnostic names the bookmark by its
// folder and its place there ("bookmark 3 of Favorites/Go").
//
// # Files
//
// safari.go is the Reader (the tree of folders and bookmarks); mapping.go
// is the table of keys to fields above; bounds.go checks the shape of
// the property list (its references, depth and size) before it is
// decoded, so that a hostile file cannot exhaust the stack or memory.
package safari

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"

	"howett.net/plist"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
)

// Format is Safari's Bookmarks.plist, for the formats registry.
var Format = importers.Format{
	Name:       "safari",
	Title:      "Safari Bookmarks.plist",
	Extensions: []string{".plist"},
	Detect:     Detect,
	NewReader: func(r io.Reader, opts importers.Options) importers.Reader {
		return NewReader(r, opts)
	},
}

// Detect reports whether head starts a binary property list ("bplist00",
// as Safari writes its file; a binary list has no text to look at for
// more), or is an XML property list of WebBookmarkType dictionaries.
func Detect(head []byte) bool {
	if bytes.HasPrefix(head, []byte("bplist00")) {
		return true
	}
	h := importers.TrimHead(head)
	return bytes.HasPrefix(h, []byte("<?xml")) && bytes.Contains(h, []byte("<plist")) && bytes.Contains(h, []byte("<key>WebBookmarkType</key>"))
}

// topFolders are the names Safari shows for its own folders.
var topFolders = map[string]string{
	"BookmarksBar":          "Favorites",
	"BookmarksMenu":         "Bookmarks Menu",
	"com.apple.ReadingList": "Reading List",
}

// Reader reads the bookmarks of a Bookmarks.plist. The whole file is read
// first: a binary property list is a table of objects with offsets, not a
// stream.
type Reader struct {
	in      io.Reader
	opts    importers.Options
	started bool
	queue   []leaf // the bookmarks, in the file's order
	notes   importers.ReaderNotes
}

// leaf is one bookmark of the tree, with the path of its folders (shared
// by the bookmarks of the folder) and its place in the folder, for
// messages.
type leaf struct {
	d      map[string]any
	folder string
	item   int
}

// where names the bookmark l in a message: "item 3 of Favorites/Go".
func (l leaf) where() string { return itemWhere(l.item, l.folder) }

// itemWhere names the item'th item of the folder whose path is folder.
func itemWhere(item int, folder string) string {
	return fmt.Sprintf("item %d of %s", item, cmpOr(folder, "the top"))
}

// NewReader returns a Reader of r.
func NewReader(r io.Reader, opts importers.Options) *Reader {
	return &Reader{in: r, opts: opts}
}

// Diagnostics returns the diagnostics gathered since the last call.
func (r *Reader) Diagnostics() []ssd3.Diagnostic { return r.notes.Diagnostics() }

func (r *Reader) note(kind ssd3.Kind, format string, a ...any) {
	r.notes.Note(0, -1, kind, format, a...)
}

// Read returns the next record, or io.EOF after the last.
func (r *Reader) Read() (*ssd3.Record, error) {
	if !r.started {
		r.started = true
		if err := r.load(); err != nil {
			return nil, err
		}
	}
	for len(r.queue) > 0 {
		l := r.queue[0]
		r.queue[0] = leaf{}
		r.queue = r.queue[1:]
		if rec := r.record(l); rec != nil {
			return rec, nil
		}
	}
	r.notes.End(r.opts)
	return nil, io.EOF
}

// load reads the file and lists its bookmarks; an error is the input's.
func (r *Reader) load() error {
	data, err := io.ReadAll(r.in)
	if err != nil {
		return fmt.Errorf("safari: %w", err)
	}
	if len(data) == 0 {
		r.note(ssd3.Skipped, "the file is empty: not a Safari Bookmarks.plist")
		return nil
	}
	if err := checkShape(data); err != nil {
		r.note(ssd3.Skipped, "not a property list that can be read (%v): nothing imported", err)
		return nil
	}
	root, err := decode(data)
	if err != nil {
		r.note(ssd3.Skipped, "not a property list that can be read (%v): nothing imported", err)
		return nil
	}
	top, ok := root.(map[string]any)
	if !ok || top["WebBookmarkType"] == nil {
		r.note(ssd3.Skipped, "a property list, but not Safari's bookmarks (no WebBookmarkType at its top): nothing imported")
		return nil
	}
	r.walk(top, importers.Folder{}, "the top", 0)
	return nil
}

// decode decodes a property list. The parser turns bad input into errors,
// but for its own mistakes, which it panics with: those are bad input too.
func decode(data []byte) (v any, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%v", p)
		}
	}()
	_, err = plist.Unmarshal(data, &v)
	return v, err
}

// maxDepth is how deep folders are followed: a file of a million nested
// folders is a bomb, not bookmarks.
const maxDepth = 1000

// walk lists the bookmarks of the folder d, whose path is folder, at
// depth.
func (r *Reader) walk(d map[string]any, folder importers.Folder, where string, depth int) {
	children, ok := d["Children"].([]any)
	if !ok {
		if d["Children"] != nil {
			r.note(ssd3.Skipped, "%s: its Children is not a list: what it holds is not imported", where)
		}
		return
	}
	if depth >= maxDepth {
		r.note(ssd3.Skipped, "%s: folders nested more than %d deep are not imported", where, maxDepth)
		return
	}
	path := folder.Category() // made once, shared by its bookmarks
	for i, c := range children {
		cd, ok := c.(map[string]any)
		if !ok {
			r.note(ssd3.Skipped, "%s is not a dictionary: not a bookmark", itemWhere(i+1, path))
			continue
		}
		typ, _ := cd["WebBookmarkType"].(string)
		switch typ {
		case "WebBookmarkTypeLeaf":
			r.queue = append(r.queue, leaf{d: cd, folder: path, item: i + 1})
		case "WebBookmarkTypeList":
			title, _ := cd["Title"].(string)
			if t, ok := topFolders[title]; ok && depth == 0 {
				title = t
			}
			title = strings.ReplaceAll(importers.OneLine(strings.TrimSpace(title)), "/", "-")
			if title == "" {
				title = "Untitled"
			}
			fw := fmt.Sprintf("folder %q", importers.Excerpt(title))
			if path != "" {
				fw = fmt.Sprintf("folder %q", importers.Excerpt(path+"/"+title))
			}
			sub := folder.Child(title)
			if sub.Cut() != "" {
				r.note(ssd3.Dropped, "%s: %s", fw, sub.Cut())
			}
			r.walk(cd, sub, fw, depth+1)
		case "WebBookmarkTypeProxy":
			// History and Bonjour: places in Safari's sidebar, no bookmarks.
		default:
			r.note(ssd3.Skipped, "%s has WebBookmarkType %q, which uricat does not know: not imported", itemWhere(i+1, path), importers.Excerpt(typ))
		}
	}
}

func cmpOr(s, or string) string {
	if s == "" {
		return or
	}
	return s
}

// record makes a record of the bookmark l, or reports why it cannot.
func (r *Reader) record(l leaf) *ssd3.Record {
	rec := ssd3.NewRecord(ssd3.Values{Category: l.folder})
	var notes []string
	for i := range keys {
		k := &keys[i]
		v, ok := lookup(l.d, k.path)
		if !ok {
			continue
		}
		switch k.kind {
		case valueString:
			s, ok := v.(string)
			if !ok {
				notes = append(notes, fmt.Sprintf("%s is not a string: left out", k.name()))
				continue
			}
			k.set(rec, s)
		case valueDate:
			t, ok := v.(time.Time)
			if !ok {
				notes = append(notes, fmt.Sprintf("%s is not a date: left out", k.name()))
				continue
			}
			if k.field == ssd3.FieldDate {
				rec.SetDate(t)
			} else {
				rec.SetExtension(k.field, ssd3.FormatDate(t.UTC()))
			}
		}
	}
	// What was left out comes after Finish's messages, as it always has
	// here (FinishNamed's notes would come before).
	if rec = r.notes.FinishNamed(rec, r.opts, 0, -1, l.where()+": ", nil); rec != nil {
		for _, n := range notes {
			r.note(ssd3.Dropped, "%s: %s", l.where(), n)
		}
	}
	return rec
}

// lookup returns the value at path in d: a key, or a key of a dictionary
// in d ("URIDictionary", "title").
func lookup(d map[string]any, path []string) (any, bool) {
	var v any = d
	for _, k := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[k]; !ok {
			return nil, false
		}
	}
	return v, true
}
