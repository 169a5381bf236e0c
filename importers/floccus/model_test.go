package floccus

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers/xbel"
)

// modelRec is the reference's record: what the catalogue must hold, and
// the browser file of it (Name, Category), whatever the sync did.
type modelRec struct {
	uri, name, category, rating, tags string
	id                                string // floccus's id, once known
}

// model is the reference: records by URI (kept unique by the test).
type model struct {
	recs map[string]*modelRec
	n    int
	rng  *rand.Rand
}

var modelFolders = []string{"", "A", "A/B", "C"}

func (m *model) fresh() string {
	m.n++
	return fmt.Sprintf("https://m%d.example/", m.n)
}

// pick is a record not in busy, chosen at random; nil when none is left.
func (m *model) pick(busy map[string]bool) *modelRec {
	var uris []string
	for u := range m.recs {
		if !busy[u] {
			uris = append(uris, u)
		}
	}
	if len(uris) == 0 {
		return nil
	}
	slices.Sort(uris)
	return m.recs[uris[m.rng.IntN(len(uris))]]
}

// folderOf is the folder at category in d, made if need be.
func folderOf(d *xbel.Document, category string) *[]*xbel.Item {
	items := &d.Items
	for _, name := range ssd3.SplitCategory(category) {
		var f *xbel.Item
		for _, it := range *items {
			if it.Kind == xbel.Folder && it.Title == name {
				f = it
				break
			}
		}
		if f == nil {
			d.HighestID++
			f = &xbel.Item{Kind: xbel.Folder, ID: strconv.Itoa(d.HighestID), Title: name}
			*items = append(*items, f)
		}
		items = &f.Items
	}
	return items
}

// browserRound makes floccus edit a few bookmarks at random, as a user
// in the browser would, and returns the URIs it touched (after the edit).
func (m *model) browserRound(t *testing.T, s *setup) map[string]bool {
	busy := map[string]bool{}
	s.floccus.sync(t, func(d *xbel.Document) {
		for range 1 + m.rng.IntN(3) {
			r := m.pick(busy)
			op := m.rng.IntN(5)
			if r == nil {
				op = 0
			}
			var it *xbel.Item
			if r != nil {
				if it, _ = find(d, r.uri); it == nil {
					t.Fatalf("%s is not in the browser file", r.uri)
				}
			}
			switch op {
			case 0: // add
				nr := &modelRec{uri: m.fresh(), name: fmt.Sprintf("B%d", m.n), category: modelFolders[m.rng.IntN(len(modelFolders))]}
				d.HighestID++
				nr.id = strconv.Itoa(d.HighestID)
				f := folderOf(d, nr.category)
				*f = append(*f, &xbel.Item{Kind: xbel.Bookmark, ID: nr.id, Title: nr.name, Href: nr.uri})
				m.recs[nr.uri] = nr
				busy[nr.uri] = true
			case 1: // remove
				remove(d, it)
				delete(m.recs, r.uri)
				busy[r.uri] = true
			case 2: // rename
				m.n++
				r.name = fmt.Sprintf("R%d", m.n)
				it.Title = r.name
				busy[r.uri] = true
			case 3: // move
				r.category = modelFolders[m.rng.IntN(len(modelFolders))]
				remove(d, it)
				f := folderOf(d, r.category)
				*f = append(*f, it)
				busy[r.uri] = true
			case 4: // re-point
				delete(m.recs, r.uri)
				r.uri = m.fresh()
				it.Href = r.uri
				m.recs[r.uri] = r
				busy[r.uri] = true
			}
		}
	})
	return busy
}

// terminalRound edits a few records the browser did not touch, through
// the catalogue's edits, as the TUI or the CLI would.
func (m *model) terminalRound(t *testing.T, s *setup, busy map[string]bool) {
	c, err := catalogue.Open(s.cat)
	if err != nil {
		t.Fatal(err)
	}
	for range 1 + m.rng.IntN(3) {
		r := m.pick(busy)
		op := m.rng.IntN(4)
		if r == nil {
			op = 0
		}
		var e catalogue.Edit
		switch op {
		case 0: // add
			nr := &modelRec{uri: m.fresh(), name: fmt.Sprintf("T%d", m.n), category: modelFolders[m.rng.IntN(len(modelFolders))], rating: "3", tags: "t" + strconv.Itoa(m.n)}
			rec := ssd3.NewRecord(ssd3.Values{URI: nr.uri, Name: nr.name, Category: nr.category, Rating: 3})
			rec.SetExtension(ssd3.FieldTags, nr.tags)
			e = catalogue.Add{Records: []*ssd3.Record{rec}}
			m.recs[nr.uri] = nr
			busy[nr.uri] = true
		case 1: // remove
			e = catalogue.Delete{Refs: []catalogue.Ref{c.FindURI(r.uri)[0].Ref()}}
			delete(m.recs, r.uri)
		case 2: // set fields floccus cannot carry
			r.rating = strconv.Itoa(1 + m.rng.IntN(5))
			r.tags = "x" + strconv.Itoa(m.rng.IntN(100))
			e = catalogue.Set{Ref: c.FindURI(r.uri)[0].Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldRating, Value: r.rating}, {Name: ssd3.FieldTags, Value: r.tags}}}
		case 3: // recategorise
			old := r.category
			for r.category == old {
				r.category = modelFolders[m.rng.IntN(len(modelFolders))]
			}
			e = catalogue.Set{Ref: c.FindURI(r.uri)[0].Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldCategory, Value: r.category}}}
		}
		if r != nil {
			busy[r.uri] = true
		}
		if _, err := c.Apply(e); err != nil && err != catalogue.ErrUnchanged {
			t.Fatalf("terminal edit %v: %v", e, err)
		}
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
}

// check compares the catalogue and the browser file with the model:
// nothing lost, nothing duplicated, what floccus cannot carry kept, and
// every bookmark that had an id keeping it.
func (m *model) check(t *testing.T, s *setup, round int) {
	t.Helper()
	recs := s.records(t)
	seen := map[string]bool{}
	for _, r := range recs {
		want, ok := m.recs[r.URI()]
		switch {
		case !ok:
			t.Fatalf("round %d: the catalogue has %s, which the model does not:\n%s", round, r.URI(), r.Raw())
		case seen[r.URI()]:
			t.Fatalf("round %d: %s is in the catalogue twice", round, r.URI())
		}
		seen[r.URI()] = true
		rating := ""
		if r.Rating() > 0 {
			rating = strconv.Itoa(r.Rating())
		}
		if r.Name() != want.name || r.Category() != want.category || rating != want.rating || r.Extension(ssd3.FieldTags) != want.tags {
			t.Fatalf("round %d: %s is\n%s\nwant name %q category %q rating %q tags %q", round, r.URI(), r.Raw(), want.name, want.category, want.rating, want.tags)
		}
	}
	if len(seen) != len(m.recs) {
		t.Fatalf("round %d: the catalogue has %d records, the model %d", round, len(seen), len(m.recs))
	}
	d := s.remoteFile(t)
	inFile := flatten(d, "bookmarks.xbel")
	if len(inFile.entries) != len(m.recs) {
		t.Fatalf("round %d: the browser file has %d bookmarks, the model %d", round, len(inFile.entries), len(m.recs))
	}
	for _, e := range inFile.entries {
		want := m.recs[e.item.Href]
		switch {
		case want == nil:
			t.Fatalf("round %d: the browser file has %s, which the model does not", round, e.item.Href)
		case e.item.Title != want.name || e.category != want.category:
			t.Fatalf("round %d: in the browser file %s is %q in %q, want %q in %q", round, e.item.Href, e.item.Title, e.category, want.name, want.category)
		case want.id != "" && e.item.ID != want.id:
			t.Fatalf("round %d: %s had id %s, now %s", round, e.item.Href, want.id, e.item.ID)
		case idNumber(e.item.ID) > d.HighestID:
			t.Fatalf("round %d: id %s above highestId %d", round, e.item.ID, d.HighestID)
		}
		want.id = e.item.ID
	}
}

// TestModel: random edits on both sides, a sync after each round,
// checked against a plain reference model.
func TestModel(t *testing.T) {
	t.Parallel()
	seed := uint64(os.Getpid())
	if v, err := strconv.ParseUint(os.Getenv("FLOCCUS_MODEL_SEED"), 10, 64); err == nil {
		seed = v
	}
	rounds := 8
	if testing.Short() {
		rounds = 3
	}
	m := &model{recs: map[string]*modelRec{}, rng: rand.New(rand.NewPCG(seed, seed))}
	var text []string
	for i := range 6 {
		r := &modelRec{uri: m.fresh(), name: fmt.Sprintf("S%d", i), category: modelFolders[i%len(modelFolders)], rating: "4", tags: "s"}
		m.recs[r.uri] = r
		text = append(text, fmt.Sprintf("URI: %s\r\nNAME: %s\r\nDATE: 01/02/2024 10:00:00\r\nCATEGORY: %s\r\nRATING: 4\r\nX-TAGS: s\r\n", r.uri, r.name, r.category))
	}
	s := newSetup(t, strings.ReplaceAll(strings.Join(text, "\r\n"), "CATEGORY: \r\n", ""))
	s.mustSync(t)
	m.check(t, s, 0)
	for round := 1; round <= rounds; round++ {
		busy := m.browserRound(t, s)
		m.terminalRound(t, s, busy)
		if lines, err := s.sync(t); err != nil {
			t.Fatalf("round %d (seed %d, FLOCCUS_MODEL_SEED replays it): sync: %v\n%s\ncatalogue:\n%s", round, seed, err, strings.Join(lines, "\n"), read(t, s.cat))
		}
		m.check(t, s, round)
	}
}
