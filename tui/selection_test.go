package tui

import (
	"slices"
	"testing"

	"github.com/uricat/uricat/catalogue"
)

// The list's room for a selection of many records: marks are kept across
// passes (a sort, a search), given in file order, and dropped with the
// record they name.
func TestMarksOutliveAPassButNotTheirRecord(t *testing.T) {
	h := newHarness(t, fixture, 100, 30)
	goDev, duck := find2(h.m.allRows(), "go.dev"), find2(h.m.allRows(), "DuckDuckGo")
	h.m.list.marked.toggle(duck.Ref())
	h.m.list.marked.toggle(goDev.Ref())
	h.m.list.marked.toggle(goDev.Ref())
	h.m.list.marked.toggle(goDev.Ref())
	h.keys("s") // sort by name: a pass
	want := []catalogue.Ref{goDev.Ref(), duck.Ref()}
	if got := h.m.list.marked.refs(h.m.store.cat.Records()); !slices.Equal(got, want) {
		t.Fatalf("marked %v after a sort, want go.dev and DuckDuckGo %v", got, want)
	}
	h.selectName("go.dev")
	h.keys("d", "y")
	if h.m.list.marked.has(goDev.Ref()) || !h.m.list.marked.has(duck.Ref()) || len(h.m.list.marked) != 1 {
		t.Errorf("after deleting go.dev: marked %v", h.m.list.marked)
	}
}
