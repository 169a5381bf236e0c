package tui

import (
	"slices"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/later"
)

// toReadNames returns the names of the records marked to read in the
// catalogue file, as another process reads it.
func (h *harness) toReadNames() []string {
	var out []string
	for _, r := range h.reopen().Records() {
		if ssd3.ToRead(r) {
			out = append(out, r.Name())
		}
	}
	return out
}

// TestToggleToRead: l marks the record under the cursor to read, saved at
// once and undoable; on a selection it marks them all unless all are
// marked, which it takes off.
func TestToggleToRead(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		keys []string
		want []string
	}{
		{"one", []string{"l"}, []string{"Google"}},
		{"twice", []string{"l", "l"}, nil},
		{"undone", []string{"l", "u"}, nil},
		{"redone", []string{"l", "u", "ctrl+r"}, []string{"Google"}},
		{"selection", []string{"space", "space", "l"}, []string{"Google", `SSD3 - "Specification of URI-Catalogue format"`}},
		{"selection partly marked", []string{"l", "space", "space", "l"}, []string{"Google", `SSD3 - "Specification of URI-Catalogue format"`}},
		{"selection all marked", []string{"space", "space", "l", "l"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, fixture, 100, 30)
			h.keys(tc.keys...)
			if got := h.toReadNames(); !slices.Equal(got, tc.want) {
				t.Errorf("keys %q: to read %q, want %q (status %q)", tc.keys, got, tc.want, h.m.status.msg)
			}
		})
	}
}

// TestReadingListScreen: Q opens the reading list on the records marked,
// l there takes one off, and the list's u puts it back.
func TestReadingListScreen(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	h.keys("l", "j", "j", "l", "Q")
	scr, ok := h.m.host.dialogs.Top().(*later.Model)
	if !ok {
		t.Fatalf("Q opened %T", h.m.host.dialogs.Top())
	}
	var names []string
	for _, r := range scr.Records() {
		names = append(names, r.Name())
	}
	// Both were marked now: in the order they were added (DATE, 2007).
	if want := []string{"Google", "go.dev"}; !slices.Equal(names, want) {
		t.Fatalf("the reading list shows %q, want %q", names, want)
	}
	h.keys("l")
	if got := h.toReadNames(); !slices.Equal(got, []string{"go.dev"}) || len(scr.Records()) != 1 {
		t.Errorf("after l on the screen: marked %q, shown %d", got, len(scr.Records()))
	}
	h.keys("esc", "u")
	if got := h.toReadNames(); len(got) != 2 {
		t.Errorf("after u: marked %q", got)
	}
}
