package store

import (
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// TestEditsTellTheRoot: what the store posts for the root (Notices) after
// an edit, an edit that changes nothing, an undo and a selection.
func TestEditsTellTheRoot(t *testing.T) {
	t.Parallel()
	rate := func(s *Store, v string) catalogue.Edit {
		return catalogue.Set{Ref: s.Catalogue().Records()[0].Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldRating, Value: v}}}
	}
	for _, tc := range []struct {
		name          string
		do            func(t *testing.T, s *Store)
		changed, busy bool
		selected      catalogue.Ref
		state         State
		said          string
	}{
		{"an edit shows and saves", func(t *testing.T, s *Store) {
			if cmd, err := s.Apply(rate(s, "4"), "rated it"); cmd == nil || err != nil {
				t.Fatalf("Apply: %v, %v", cmd, err)
			}
		}, true, true, 0, Saving, "rated it"},
		{"an edit that changes nothing is no step", func(t *testing.T, s *Store) {
			if cmd, err := s.Apply(rate(s, "1"), "rated it"); cmd != nil || err != nil {
				t.Fatalf("Apply: %v, %v", cmd, err)
			}
		}, false, false, 0, Saved, "nothing changed"},
		{"nothing to undo", func(t *testing.T, s *Store) {
			if cmd, sel := s.UndoRedo(true); cmd != nil || sel != 0 {
				t.Fatalf("UndoRedo: %v, %v", cmd, sel)
			}
		}, false, false, 0, Saved, "nothing to undo"},
		{"a selection", func(t *testing.T, s *Store) { s.Select(7) }, false, false, 7, Saved, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, b, _ := testStore(t, Saved)
			tc.do(t, s)
			var selected catalogue.Ref
			notices := s.Notices()
			for _, n := range notices {
				if sel, ok := n.(SelectMsg); ok {
					selected = sel.Ref
				}
			}
			if posted[ChangedMsg](notices) != tc.changed || posted[BusyMsg](notices) != tc.busy || selected != tc.selected {
				t.Errorf("posted %#v", notices)
			}
			if s.State() != tc.state || b.msg != tc.said {
				t.Errorf("now %v saying %q, want %v saying %q", s.State(), b.msg, tc.state, tc.said)
			}
			if len(s.Notices()) != 0 {
				t.Error("the notices were not cleared once taken")
			}
		})
	}
}
