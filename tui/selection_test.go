package tui

import (
	"slices"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
)

// The list's room for a selection of many records: marks are kept across
// passes (a sort, a search), given in file order, and dropped with the
// record they name.
func TestMarksOutliveAPassButNotTheirRecord(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	goDev, duck := find2(h.m.allRows(), "go.dev"), find2(h.m.allRows(), "DuckDuckGo")
	h.m.list.ToggleMark(duck.Ref())
	h.m.list.ToggleMark(goDev.Ref())
	h.m.list.ToggleMark(goDev.Ref())
	h.m.list.ToggleMark(goDev.Ref())
	h.keys("s") // sort by name: a pass
	want := []catalogue.Ref{goDev.Ref(), duck.Ref()}
	if got := h.m.list.Marked().Refs(h.m.store.Catalogue().Records()); !slices.Equal(got, want) {
		t.Fatalf("marked %v after a sort, want go.dev and DuckDuckGo %v", got, want)
	}
	// Deleted by another way than d, which would delete both.
	cmd, err := h.m.store.Apply(catalogue.Delete{Refs: []catalogue.Ref{goDev.Ref()}}, "deleted go.dev")
	if err != nil {
		t.Fatal(err)
	}
	h.run(cmd)
	if h.m.list.Marked().Has(goDev.Ref()) || !h.m.list.Marked().Has(duck.Ref()) || len(h.m.list.Marked()) != 1 {
		t.Errorf("after deleting go.dev: marked %v", h.m.list.Marked())
	}
}

// marked returns the names of the marked records, in file order.
func (h *harness) marked() []string {
	var out []string
	for _, ref := range h.m.list.Marked().Refs(h.m.store.Catalogue().Records()) {
		out = append(out, h.m.store.Catalogue().Lookup(ref).Name())
	}
	return out
}

// The selection keys, as a file manager's and lazygit's: space marks and
// moves down, v selects a range as the cursor moves, * all shown, esc
// clears; the status line counts them, those the search hides too.
func TestSelectionKeys(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		keys   []string
		want   []string
		status string
	}{
		{"space marks and moves down", []string{"space", "space"}, []string{"Google", `SSD3 - "Specification of URI-Catalogue format"`}, "2 selected"},
		{"space again unmarks", []string{"space", "k", "space"}, nil, ""},
		{"a range with v", []string{"j", "v", "j", "j", "v", "j"}, []string{`SSD3 - "Specification of URI-Catalogue format"`, "go.dev", "Lost bookmark"}, "3 selected"},
		{"a range shrinks as the cursor comes back", []string{"v", "j", "j", "k"}, []string{"Google", `SSD3 - "Specification of URI-Catalogue format"`}, "2 selected"},
		{"a range adds to the marks before it", []string{"G", "space", "g", "v", "j"}, []string{"Google", `SSD3 - "Specification of URI-Catalogue format"`, "The Go Programming Language (git)"}, "3 selected"},
		{"* marks all shown", []string{"/", "g", "o", "enter", "*"}, []string{"Google", "go.dev", "DuckDuckGo", "The Go Programming Language (git)"}, "4 selected"},
		{"hidden by a search, still selected", []string{"space", "space", "/", "g", "o", "enter"}, []string{"Google", `SSD3 - "Specification of URI-Catalogue format"`}, "2 selected, 1 hidden"},
		{"esc clears", []string{"*", "esc"}, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, fixture, 120, 30)
			h.keys(tc.keys...)
			if got := h.marked(); !slices.Equal(got, tc.want) {
				t.Errorf("marked %q, want %q", got, tc.want)
			}
			bar := h.m.statusBar()
			if tc.status == "" && strings.Contains(bar, "selected") || tc.status != "" && !strings.Contains(bar, tc.status) {
				t.Errorf("status bar %q, want %q", bar, tc.status)
			}
		})
	}
}

// esc clears the selection first, the search the second time.
func TestEscClearsSelectionThenSearch(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 120, 30)
	h.keys("/", "g", "o", "enter", "space", "esc")
	if len(h.m.list.Marked()) != 0 || h.m.input.Value() != "go" {
		t.Fatalf("after esc: marked %q, search %q; want none marked, the search kept", h.marked(), h.m.input.Value())
	}
	h.keys("esc")
	if h.m.input.Value() != "" {
		t.Errorf("the second esc left the search %q", h.m.input.Value())
	}
}

// Space on a group heading still folds it.
func TestSpaceOnHeadingFolds(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 120, 30)
	h.keys("b", "home", "space")
	if len(h.m.list.Marked()) != 0 || !h.m.list.Folded(h.m.list.RowAt(0).Label) {
		t.Errorf("space on a heading: marked %q, folded %v", h.marked(), h.m.list.Folded(h.m.list.RowAt(0).Label))
	}
}

// The selection outlives a save (every edit saves) and its undo.
func TestSelectionSurvivesSaveAndUndo(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 120, 30)
	h.keys("space", "space", "G", "4", "ctrl+s", "u")
	want := []string{"Google", `SSD3 - "Specification of URI-Catalogue format"`}
	if got := h.marked(); !slices.Equal(got, want) {
		t.Errorf("marked %q after an edit, a save and undo, want %q", got, want)
	}
}

// e with records selected edits the record under the cursor alone, and
// says so, naming the keys that change them all.
func TestEditWithASelectionSaysItEditsOne(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	h.keys("home", " ", " ", "k")
	h.keys("e")
	if msg := h.m.status.msg; !strings.Contains(msg, "only, not the 2 selected records") {
		t.Errorf("status %q does not say e edits one record", msg)
	}
}
