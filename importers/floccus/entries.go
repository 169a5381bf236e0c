package floccus

import (
	"strconv"
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/xbel"
)

// entry is one bookmark of a browser file: the item, the folder it is in
// (the document's top is a folder of its own), its CATEGORY made as an
// import makes it, and the record an import would make of it (nil when
// none can be made: a URI the catalogue cannot hold).
type entry struct {
	item     *xbel.Item
	parent   *xbel.Item
	category string
	rec      *ssd3.Record
}

// tree is a browser file's bookmarks in file order, and its folders by
// CATEGORY (the first of each path, where new bookmarks of it go).
type tree struct {
	root    *xbel.Item
	entries []*entry
	folders map[string]*xbel.Item
	maxID   int
}

// flatten reads d's bookmarks and folders.
func flatten(d *xbel.Document, file string) *tree {
	t := &tree{root: &xbel.Item{Kind: xbel.Folder, Items: d.Items}, folders: map[string]*xbel.Item{}}
	t.folders[""] = t.root
	t.walk(t.root, importers.Folder{}, file)
	return t
}

func (t *tree) walk(folder *xbel.Item, at importers.Folder, file string) {
	for _, it := range folder.Items {
		t.maxID = max(t.maxID, idNumber(it.ID))
		switch it.Kind {
		case xbel.Folder:
			sub := at.Child(it.Title)
			if _, ok := t.folders[sub.Category()]; !ok {
				t.folders[sub.Category()] = it
			}
			t.walk(it, sub, file)
		case xbel.Bookmark:
			t.entries = append(t.entries, &entry{item: it, parent: folder, category: at.Category(), rec: imported(it, at.Category(), file)})
		}
	}
}

// idNumber is a floccus id's number, 0 for none.
func idNumber(id string) int {
	for _, c := range []byte(id) {
		if c < '0' || c > '9' {
			return 0 // Atoi would take a sign
		}
	}
	n, err := strconv.Atoi(id)
	if err != nil {
		return 0 // none, or too large for an int here
	}
	return n
}

// imported is the record an import makes of a bookmark, through the rules
// every import follows (importers.Finish); nil when its URI cannot be a
// record's.
func imported(it *xbel.Item, category, file string) *ssd3.Record {
	rec := ssd3.NewRecord(ssd3.Values{URI: strings.TrimSpace(it.Href), Name: it.Title, Category: category})
	if _, ok := importers.Finish(rec, importers.Options{}, it.Line, -1); !ok {
		return nil
	}
	return rec
}

// pairing matches the bookmarks of a browser file with records: first by
// URI key and CATEGORY, in order, then by URI key alone among those left
// (a record re-filed in the terminal keeps its bookmark and id).
type pairing struct {
	recOf   map[*entry]*ssd3.Record
	entryOf map[*ssd3.Record]*entry
}

func pair(entries []*entry, recs []*ssd3.Record) pairing {
	p := pairing{recOf: map[*entry]*ssd3.Record{}, entryOf: map[*ssd3.Record]*entry{}}
	exact := map[string][]*ssd3.Record{}
	for _, r := range recs {
		if ssd3.ConflictSide(r) != "" {
			continue
		}
		k := exactKey(r.URI(), r.Category())
		exact[k] = append(exact[k], r)
	}
	for _, e := range entries {
		if e.rec == nil {
			continue
		}
		k := exactKey(e.rec.URI(), e.category)
		if q := exact[k]; len(q) > 0 {
			p.link(e, q[0])
			exact[k] = q[1:]
		}
	}
	loose := map[string][]*ssd3.Record{}
	for _, r := range recs {
		if _, ok := p.entryOf[r]; !ok && ssd3.ConflictSide(r) == "" {
			k := ssd3.URIKey(r.URI())
			loose[k] = append(loose[k], r)
		}
	}
	for _, e := range entries {
		if _, ok := p.recOf[e]; ok || e.rec == nil {
			continue
		}
		k := ssd3.URIKey(e.rec.URI())
		if q := loose[k]; len(q) > 0 {
			p.link(e, q[0])
			loose[k] = q[1:]
		}
	}
	return p
}

func (p pairing) link(e *entry, r *ssd3.Record) {
	p.recOf[e] = r
	p.entryOf[r] = e
}

func exactKey(uri, category string) string {
	return ssd3.URIKey(uri) + "\x00" + ssd3.CanonicalCategory(category)
}

// browserSchemes are the schemes of the records written to the browser
// file: what a browser opens from a bookmark. Other records (mailto:,
// news:, urn:) stay in the catalogue alone; a bookmark of another scheme
// the browser had is kept in the file as it is.
var browserSchemes = []string{"http:", "https:", "ftp:", "file:", "javascript:"}

// forBrowser says whether a record with uri is written to the browser file.
func forBrowser(uri string) bool {
	for _, s := range browserSchemes {
		if len(uri) >= len(s) && strings.EqualFold(uri[:len(s)], s) {
			return true
		}
	}
	return false
}
