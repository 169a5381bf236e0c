package floccus

import (
	"fmt"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/plural"
)

// Counts are what came from the browser in one sync: how many bookmarks
// changed (Bookmarks), and how, a bookmark counted once in each way it
// changed.
type Counts struct {
	Bookmarks                                 int
	Added, Removed, Renamed, Repointed, Moved int
	Filed                                     int // of those added, how many the rules filed
}

// String is "3 bookmarks from the browser: 2 added, 1 moved", or
// "nothing new from the browser".
func (c Counts) String() string {
	if c.Bookmarks == 0 {
		return "nothing new from the browser"
	}
	var parts []string
	for _, p := range []struct {
		n    int
		what string
	}{{c.Added, "added"}, {c.Removed, "removed"}, {c.Renamed, "renamed"}, {c.Repointed, "re-pointed"}, {c.Moved, "moved"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", p.n, p.what))
		}
	}
	said := plural.Of(c.Bookmarks, "bookmark") + " from the browser: " + strings.Join(parts, ", ")
	if c.Filed > 0 {
		said += "; rules filed " + plural.Of(c.Filed, "record")
	}
	return said
}

// fromBrowser is what the browser file's changes since uricat last wrote
// it (base) make of the catalogue: the edits on the catalogue as it was
// then (baseCat), what they are, and notes for the user (a bookmark
// deleted in the browser but edited here is kept, and said). ours is the
// catalogue now, to tell an edited record from one left alone. Without
// a base (the first sync), every bookmark of cur whose URI the catalogue
// lacks is added. fileRec (nil: none) files each bookmark added as the
// user's rules say.
func fromBrowser(base, cur *tree, baseCat, ours []*ssd3.Record, now time.Time, fileRec func(*ssd3.Record) bool) (edits []catalogue.Edit, c Counts, notes []string) {
	var baseBy map[string]*entry
	var bp pairing
	if base != nil {
		baseBy = byID(base.entries)
		bp = pair(base.entries, baseCat)
	}
	curBy := byID(cur.entries)
	oursText := map[string][]string{}
	for _, r := range ours {
		k := ssd3.URIKey(r.URI())
		oursText[k] = append(oursText[k], strings.TrimSpace(r.Raw()))
	}
	if base != nil {
		for _, e := range base.entries {
			r := bp.recOf[e]
			if r == nil {
				continue
			}
			is, ok := curBy[e.item.ID]
			if !ok || e.item.ID == "" {
				ed, note := removal(e, r, oursText)
				if ed != nil {
					edits = append(edits, ed)
					c.Bookmarks++
					c.Removed++
				}
				if note != "" {
					notes = append(notes, note)
				}
				continue
			}
			if ed := change(e, is, r, &c); ed != nil {
				edits = append(edits, ed)
			}
		}
	}
	add, addNotes := additions(base, baseBy, cur, baseCat, now)
	notes = append(notes, addNotes...)
	for _, r := range add {
		if fileRec != nil && fileRec(r) {
			c.Filed++
		}
	}
	if len(add) > 0 {
		edits = append(edits, catalogue.Add{Records: add, OnDuplicate: catalogue.DupAllow, OnTakenID: catalogue.IDDrop})
		c.Bookmarks += len(add)
		c.Added += len(add)
	}
	return edits, c, notes
}

func byID(es []*entry) map[string]*entry {
	m := make(map[string]*entry, len(es))
	for _, e := range es {
		if e.item.ID != "" {
			if _, ok := m[e.item.ID]; !ok {
				m[e.item.ID] = e
			}
		}
	}
	return m
}

// removal is the edit for a bookmark the browser deleted: the record's
// deletion when the terminal left it as it was, nothing (and a note) when
// it edited it, nothing when it deleted it too.
func removal(e *entry, r *ssd3.Record, oursText map[string][]string) (catalogue.Edit, string) {
	texts := oursText[ssd3.URIKey(r.URI())]
	raw := strings.TrimSpace(r.Raw())
	for _, t := range texts {
		if t == raw {
			return catalogue.Delete{Refs: []catalogue.Ref{r.Ref()}}, ""
		}
	}
	if len(texts) == 0 {
		return nil, ""
	}
	return nil, fmt.Sprintf("kept %q (%s): deleted in the browser, but edited here since", importers.Excerpt(r.Name()), importers.Excerpt(r.URI()))
}

// change is the Set for a bookmark the browser kept (was, now): renamed,
// re-pointed, moved; nil when it did none of these.
func change(was, now *entry, r *ssd3.Record, c *Counts) catalogue.Edit {
	if now.rec == nil || was.rec == nil {
		return nil // a URI no record holds: nothing of the catalogue's
	}
	var fields []ssd3.Field
	if ssd3.URIKey(was.rec.URI()) != ssd3.URIKey(now.rec.URI()) {
		fields = append(fields, ssd3.Field{Name: ssd3.FieldURI, Value: now.rec.URI()})
		c.Repointed++
	}
	if was.rec.Name() != now.rec.Name() {
		fields = append(fields, ssd3.Field{Name: ssd3.FieldName, Value: now.rec.Name()})
		c.Renamed++
	}
	if was.category != now.category {
		fields = append(fields, ssd3.Field{Name: ssd3.FieldCategory, Value: now.category})
		c.Moved++
	}
	if len(fields) == 0 {
		return nil
	}
	c.Bookmarks++
	return catalogue.Set{Ref: r.Ref(), Fields: fields}
}

// additions are the records of the bookmarks the browser added: those of
// cur whose id base lacks, unless the catalogue (as base's) holds their
// URI in their folder already (anywhere, without a base). DATE is now.
func additions(base *tree, baseBy map[string]*entry, cur *tree, baseCat []*ssd3.Record, now time.Time) ([]*ssd3.Record, []string) {
	known := map[string]bool{}
	for _, r := range baseCat {
		if base == nil {
			known[ssd3.URIKey(r.URI())] = true
		} else {
			known[exactKey(r.URI(), r.Category())] = true
		}
	}
	var add []*ssd3.Record
	var notes []string
	for _, e := range cur.entries {
		if _, ok := baseBy[e.item.ID]; ok && e.item.ID != "" {
			continue
		}
		if e.rec == nil {
			notes = append(notes, fmt.Sprintf("line %d: bookmark %q not taken: its URL %q cannot be a record's (it stays in the browser)", e.item.Line, importers.Excerpt(e.item.Title), importers.Excerpt(e.item.Href)))
			continue
		}
		k := exactKey(e.rec.URI(), e.category)
		if base == nil {
			k = ssd3.URIKey(e.rec.URI())
		}
		if known[k] {
			continue
		}
		known[k] = true
		r := e.rec.Clone()
		r.SetCategory(e.category)
		r.SetDate(now.UTC().Truncate(time.Second))
		add = append(add, r)
	}
	return add, notes
}
