package tui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// The actions on a selection of many records (issue 26): each is one
// edit, undone by one u, and stamps the records it changes with DATE now
// (SSD3 3.3).

const (
	specName = `SSD3 - "Specification of URI-Catalogue format"`
	goGit    = "The Go Programming Language (git)"
)

// field returns the value of field f of the record named name in the file
// as another process reads it.
func (h *harness) field(name, f string) string {
	h.t.Helper()
	r := find(h.reopen(), name)
	if r == nil {
		h.t.Fatalf("no record %q in the file", name)
	}
	switch f {
	case ssd3.FieldRating:
		return strings.Repeat("*", r.Rating())
	case ssd3.FieldCategory:
		return r.Category()
	case ssd3.FieldDate:
		return r.Date().Format("2006-01-02")
	}
	return r.Extension(f)
}

// fields returns field f of each record named, in the file.
func (h *harness) fields(f string, names ...string) []string {
	h.t.Helper()
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = h.field(n, f)
	}
	return out
}

// v, j, j, v selects three records; 4 rates them all, one edit: each
// record changed gets DATE now, the one rated 4 already keeps its own;
// u undoes all three at once.
func TestSelectRangeRateUndo(t *testing.T) {
	t.Parallel()
	text := strings.Replace(fixture, "RATING: 2\n", "RATING: 4\n", 1) // SSD3: rated 4 already
	h := newHarness(t, text, 120, 30)
	names := []string{"Google", specName, "go.dev"}
	h.keys("v", "j", "j", "v", "4")
	if got := h.fields(ssd3.FieldRating, names...); !slices.Equal(got, []string{"****", "****", "****"}) {
		t.Fatalf("ratings after 4: %q", got)
	}
	if !strings.Contains(h.m.status.msg, "rated 2 records ★★★★") || !strings.Contains(h.m.status.msg, "DATE now") {
		t.Errorf("message %q: want the count changed and the DATE note", h.m.status.msg)
	}
	if got := h.fields(ssd3.FieldDate, names...); !slices.Equal(got, []string{"2024-05-06", "2007-10-31", "2024-05-06"}) {
		t.Errorf("DATEs %q: want now for those changed, SSD3's own kept", got)
	}
	h.keys("u")
	if got := h.fields(ssd3.FieldRating, names...); !slices.Equal(got, []string{"*", "****", "*****"}) {
		t.Errorf("ratings after one u: %q, want them as they were", got)
	}
	if got := h.marked(); !slices.Equal(got, names) {
		t.Errorf("marked %q after undo, want %q", got, names)
	}
}

// * selects what the search shows; c puts them all in a category, typed
// new; SSD3, not shown nor selected, keeps its own. One u undoes it.
func TestSelectAllShownCategorise(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 120, 30)
	h.keys("/", "g", "o", "enter", "*", "c")
	if v := h.m.View(); !strings.Contains(v, "Category of 4 selected records") || !strings.Contains(v, "gets DATE now") {
		t.Errorf("the picker does not say how many, nor DATE:\n%s", v)
	}
	for range 30 {
		h.keys("backspace")
	}
	h.typeText("Web")
	h.keys("enter")
	shown := []string{"Google", "go.dev", "DuckDuckGo", goGit}
	if got := h.fields(ssd3.FieldCategory, shown...); !slices.Equal(got, []string{"Web", "Web", "Web", "Web"}) {
		t.Fatalf("categories %q, want Web", got)
	}
	if got := h.field(specName, ssd3.FieldCategory); got != "Official Documents" {
		t.Errorf("SSD3, not selected, is in %q", got)
	}
	if !strings.Contains(h.m.status.msg, "put 4 records in Web") {
		t.Errorf("message %q", h.m.status.msg)
	}
	h.keys("u")
	if got := h.fields(ssd3.FieldCategory, shown...); !slices.Equal(got, []string{"Search Engines", "Programming", "Search Engines", "Programming"}) {
		t.Errorf("after one u: %q", got)
	}
}

// The picker offers first the categories of the records most like the
// one being categorised: go.dev's neighbour by "go" is in Programming.
func TestPickerSuggestsFirst(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture+"\nURI: http://golang.org/doc\nNAME: Go docs\nDATE: 01/01/2020 00:00:00\n", 120, 30)
	h.selectName("Go docs")
	h.keys("c")
	v := h.m.View()
	i, j := strings.Index(v, "Programming"), strings.Index(v, "Official Documents")
	if i < 0 || j < 0 || i > j || !strings.Contains(v, "Programming  suggested") {
		t.Errorf("Programming is not suggested first:\n%s", v)
	}
}

// + adds tags to the selection and removes others, one edit; completion
// offers the tags the records carry for removal.
func TestSelectionTagsAddRemove(t *testing.T) {
	t.Parallel()
	text := strings.Replace(fixture, "RATING: 1\n", "RATING: 1\nX-TAGS: old, search\n", 1)
	h := newHarness(t, text, 120, 30)
	h.keys("space", "j", "space", "+") // Google and go.dev
	if v := h.m.View(); !strings.Contains(v, "Tags of 2 selected records") || !strings.Contains(v, "gets DATE now") {
		t.Fatalf("the tags dialog:\n%s", v)
	}
	h.typeText("dev, web")
	h.keys("down")
	h.typeText("o")
	h.keys("tab") // completes "old", carried by Google
	h.keys("enter")
	if got := h.fields(ssd3.FieldTags, "Google", "go.dev"); !slices.Equal(got, []string{"search, dev, web", "dev, web"}) {
		t.Fatalf("tags %q", got)
	}
	if !strings.Contains(h.m.status.msg, "added dev, web, removed old: 2 records") {
		t.Errorf("message %q", h.m.status.msg)
	}
	h.keys("u")
	if got := h.fields(ssd3.FieldTags, "Google", "go.dev"); !slices.Equal(got, []string{"old, search", ""}) {
		t.Errorf("after one u: %q", got)
	}
	// A tag with a comma cannot be typed as one: blanks are refused.
	h.keys("+")
	h.typeText(" , ")
	h.keys("enter")
	if h.m.host.dialogs.Len() != 0 {
		t.Errorf("blank tags kept the dialog open:\n%s", h.m.View())
	}
}

// d on a selection asks, naming the count and those hidden; n keeps them,
// y deletes them all in one edit that one u undoes.
func TestSelectionDeleteConfirms(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 120, 30)
	h.keys("space", "space", "/", "g", "o", "enter", "d")
	if v := h.m.View(); !strings.Contains(v, "Delete the 2 selected records (1 of them hidden by the search)?") {
		t.Fatalf("the question:\n%s", v)
	}
	h.keys("n")
	if n := len(h.reopen().Records()); n != 6 {
		t.Fatalf("n deleted: %d records left", n)
	}
	h.keys("d", "y")
	c := h.reopen()
	if len(c.Records()) != 4 || find(c, "Google") != nil || find(c, specName) != nil {
		t.Fatalf("after y: %d records", len(c.Records()))
	}
	if len(h.m.list.Marked()) != 0 || strings.Contains(h.m.statusBar(), "selected") {
		t.Errorf("the deleted records are still selected: %v", h.m.list.Marked())
	}
	h.keys("u")
	if c := h.reopen(); len(c.Records()) != 6 {
		t.Errorf("after one u: %d records", len(c.Records()))
	}
}

// y copies the selection's URIs, one a line; o opens them, asking first
// when they are more than five.
func TestSelectionCopyOpen(t *testing.T) {
	opened, clip := fakeDesktop(t)
	h := newHarness(t, fixture+"\nURI: http://example.org/\nNAME: Example\nDATE: 01/01/2020 00:00:00\n", 120, 30)
	h.keys("*", "y") // seven records, one without a URI
	if !strings.Contains(h.m.status.msg, "copied 6 URIs") {
		t.Errorf("message %q", h.m.status.msg)
	}
	if clip.Len() == 0 {
		t.Error("nothing copied")
	}
	h.keys("o")
	if len(*opened) != 0 || !strings.Contains(h.m.View(), "Open 6 links with the system opener?") {
		t.Fatalf("o opened %q without asking:\n%s", *opened, h.m.View())
	}
	h.keys("y")
	if len(*opened) != 6 {
		t.Errorf("opened %q", *opened)
	}
	*opened = nil
	h.keys("esc", "space", "space", "o") // two: no question
	if len(*opened) != 2 {
		t.Errorf("opened %q", *opened)
	}
}

// x with a selection exports just the selection.
func TestSelectionExport(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	target := filepath.Join(t.TempDir(), "out.html")
	h.keys("space", "j", "space", "x")
	if v := h.m.View(); !strings.Contains(v, "the 2 selected records") {
		t.Errorf("the export screen does not say what:\n%s", v)
	}
	h.keys("tab")
	for range 300 {
		h.keys("backspace")
	}
	h.typeText(target)
	h.keys("enter")
	b, err := os.ReadFile(target)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(string(b), "<DT><A "); got != 2 || !strings.Contains(string(b), "go.dev") || !strings.Contains(string(b), "google") {
		t.Errorf("exported %d records:\n%s", got, b)
	}
}

// Without a selection the keys act on the record under the cursor, as
// before.
func TestNoSelectionActsOnCursor(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 120, 30)
	h.keys("j", "3")
	if got := h.fields(ssd3.FieldRating, "Google", specName); !slices.Equal(got, []string{"*", "***"}) {
		t.Errorf("ratings %q", got)
	}
}

// A record that is not valid would refuse the whole edit: the valid ones
// of a selection are changed, and the message says which were left.
func TestSelectionLeavesInvalidRecords(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 120, 30)
	h.keys("*", "3")
	if got := h.fields(ssd3.FieldRating, "Google", "DuckDuckGo", goGit); !slices.Equal(got, []string{"***", "***", "***"}) {
		t.Errorf("ratings %q (message %q)", got, h.m.status.msg)
	}
	if !strings.Contains(h.m.status.msg, "1 record not valid left as it is") {
		t.Errorf("message %q", h.m.status.msg)
	}
	h.keys("c")
	if v := h.m.View(); !strings.Contains(v, "Category of 5 selected records") || !strings.Contains(v, "1 record not valid left as it is") {
		t.Errorf("the picker:\n%s", v)
	}
}
