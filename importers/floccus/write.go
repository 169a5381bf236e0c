package floccus

import (
	"strconv"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers/xbel"
)

// Written is what writing the browser file changed in it, for the line
// that says so.
type Written struct{ Added, Removed, Changed int }

// toBrowser makes the browser file's tree (t, as floccus left it, which
// it edits in place) say what recs say, in one pass over each: a bookmark
// paired with a record keeps its id and its place (its folder changed
// when the record's CATEGORY did); a record without one is appended to
// its folder (made if need be) with a new id above the file's highestId;
// a bookmark without a record is removed, unless it is one no record can
// hold, which stays as the browser had it. Folders that this empties are
// removed; folders empty already stay. A bookmark whose record says what
// it says is not touched, so that a catalogue that did not change gives
// the file back byte for byte.
func toBrowser(d *xbel.Document, t *tree, recs []*ssd3.Record) Written {
	var w Written
	p := pair(t.entries, recs)
	next := max(d.HighestID, t.maxID)
	drop := map[*xbel.Item]*xbel.Item{}
	emptied := map[*xbel.Item]bool{}
	for _, e := range t.entries {
		r := p.recOf[e]
		switch {
		case r == nil && e.rec == nil:
			continue // not the catalogue's
		case r == nil:
			drop[e.item] = e.parent
			emptied[e.parent] = true
			w.Removed++
			continue
		}
		changed := false
		if ssd3.URIKey(r.URI()) != ssd3.URIKey(e.rec.URI()) {
			e.item.Href, changed = r.URI(), true
		}
		if r.Name() != e.rec.Name() {
			e.item.Title, changed = r.Name(), true
		}
		if cat := ssd3.CanonicalCategory(r.Category()); cat != e.category {
			drop[e.item] = e.parent
			emptied[e.parent] = true
			f := folderFor(t, cat, &next)
			f.Items = append(f.Items, e.item)
			changed = true
		}
		if changed {
			w.Changed++
		}
	}
	for _, r := range recs {
		if _, ok := p.entryOf[r]; ok || ssd3.ConflictSide(r) != "" || !forBrowser(r.URI()) {
			continue
		}
		f := folderFor(t, ssd3.CanonicalCategory(r.Category()), &next)
		next++
		f.Items = append(f.Items, &xbel.Item{Kind: xbel.Bookmark, ID: strconv.Itoa(next), Href: r.URI(), Title: r.Name()})
		w.Added++
	}
	if len(drop) > 0 {
		prune(t.root, drop, emptied)
	}
	d.Items = t.root.Items
	d.HighestID = max(d.HighestID, next)
	return w
}

// folderFor is the folder of category in t, made (with its parents, each
// appended to its parent, with new ids) when t has none.
func folderFor(t *tree, category string, next *int) *xbel.Item {
	if f, ok := t.folders[category]; ok {
		return f
	}
	parent := t.root
	for path, name := range ssd3.CategoryNames(category) {
		f, ok := t.folders[path]
		if !ok {
			*next++
			f = &xbel.Item{Kind: xbel.Folder, ID: strconv.Itoa(*next), Title: name}
			parent.Items = append(parent.Items, f)
			t.folders[path] = f
		}
		parent = f
	}
	t.folders[category] = parent
	return parent
}

// prune removes from the folders under f the items drop names with the
// folder they leave (a bookmark moved elsewhere is in its new folder
// too), and the folders that this empties; it says whether f is one.
func prune(f *xbel.Item, drop map[*xbel.Item]*xbel.Item, emptied map[*xbel.Item]bool) bool {
	kept := make([]*xbel.Item, 0, len(f.Items))
	for _, it := range f.Items {
		if drop[it] == f {
			continue
		}
		if it.Kind == xbel.Folder && prune(it, drop, emptied) {
			continue
		}
		kept = append(kept, it)
	}
	if len(kept) < len(f.Items) {
		f.Items = kept
	}
	return emptied[f] && len(f.Items) == 0
}
