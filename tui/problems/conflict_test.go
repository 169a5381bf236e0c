package problems

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/dialog/dialogtest"
	"github.com/uricat/uricat/tui/theme"
)

// conflicted returns a catalogue a merge left with a conflict: the record
// Go rated 4 here (ours) and 5 there (theirs, marked X-CONFLICT), and a
// record no one touched.
func conflicted(t *testing.T) string {
	t.Helper()
	const base = "URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\nRATING: 3\r\n\r\n" +
		"URI: https://other.example/\r\nNAME: Other\r\nDATE: 01/02/2024 10:00:00\r\n"
	ours := strings.Replace(base, "RATING: 3", "RATING: 4\r\nCATEGORY: Go", 1)
	theirs := strings.Replace(base, "RATING: 3", "RATING: 5", 1)
	merged, cs := catalogue.MergeFile(load(t, base).Snapshot(), load(t, ours).Snapshot(), load(t, theirs).Snapshot())
	if len(cs) == 0 {
		t.Fatal("the fixture has no conflict")
	}
	var b bytes.Buffer
	if _, err := merged.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// On the marked version, o, t and b settle the conflict through the
// store, one edit each: the version kept loses its mark, the other goes.
func TestSettleKeepsOursTheirsOrBoth(t *testing.T) {
	for _, tc := range []struct {
		key     string
		ratings []int // of the records named Go, in order
		what    string
	}{
		{"o", []int{4}, "kept ours of “Go” (u undoes it)"},
		{"t", []int{5}, "kept theirs of “Go” (u undoes it)"},
		{"b", []int{4, 5}, "kept both versions of “Go” (u undoes it)"},
	} {
		t.Run(tc.key, func(t *testing.T) {
			c := load(t, conflicted(t))
			store := &dialogtest.Store{Cat: c}
			ctx := dialog.NewContext(theme.Plain())
			ctx.Store = store
			m := New(ctx, c)
			if len(m.Items()) != 1 || ssd3.ConflictSide(m.Items()[0].Record) != ssd3.SideTheirs {
				t.Fatalf("entries %+v, want the marked version", m.Items())
			}
			press(m, tc.key)
			if len(store.Edits) != 1 || store.Status != tc.what {
				t.Fatalf("%d edits, status %q", len(store.Edits), store.Status)
			}
			var got []int
			for _, r := range c.Records() {
				if ssd3.ConflictSide(r) != "" {
					t.Errorf("%q still marked", r.Name())
				}
				if r.Name() == "Go" {
					got = append(got, r.Rating())
				}
			}
			if !slices.Equal(got, tc.ratings) || find(c, "Other") == nil {
				t.Errorf("ratings of Go %v, want %v", got, tc.ratings)
			}
		})
	}
}

func find(c *catalogue.Catalogue, name string) *ssd3.Record {
	for _, r := range c.Records() {
		if r.Name() == name {
			return r
		}
	}
	return nil
}

// The preview shows both versions, the fields that differ first and
// marked, and the keys that settle; on another entry the keys say so.
func TestConflictPreviewShowsBothVersions(t *testing.T) {
	c := load(t, conflicted(t))
	ctx := dialog.NewContext(theme.Plain())
	ctx.Store = &dialogtest.Store{Cat: c}
	m := New(ctx, c)
	m.SetSize(90, 30)
	v := ansi.Strip(m.View())
	for _, want := range []string{"o keeps ours, t theirs, b both", "ours (line 1)", "theirs (line 7)"} {
		if !strings.Contains(v, want) {
			t.Errorf("preview lacks %q:\n%s", want, v)
		}
	}
	lines := strings.Split(v, "\n")
	var rating, category, uri int
	for i, l := range lines {
		f := strings.Fields(l)
		switch {
		case len(f) >= 4 && f[0] == "≠" && f[1] == "RATING" && f[2] == "4" && f[3] == "5":
			rating = i
		case len(f) >= 3 && f[0] == "≠" && f[1] == "CATEGORY" && f[2] == "Go":
			category = i
		case len(f) >= 2 && f[0] == "URI" && strings.Count(l, "https://go.dev/") == 2:
			uri = i
		}
	}
	if rating == 0 || category == 0 || uri == 0 || uri < rating || uri < category {
		t.Errorf("RATING ≠ at %d, CATEGORY ≠ at %d, URI the same at %d:\n%s", rating, category, uri, v)
	}
	dialogtest.Fits(t, func(w, h int) string { m.SetSize(w, h); return m.View() })
}

// o on a problem that is no conflict changes nothing and says why.
func TestSettleOnlyAConflict(t *testing.T) {
	c := load(t, sample)
	store := &dialogtest.Store{Cat: c}
	ctx := dialog.NewContext(theme.Plain())
	ctx.Store = store
	m := New(ctx, c)
	press(m, "o")
	if len(store.Edits) != 0 || !strings.Contains(m.View(), "not a merge conflict") {
		t.Errorf("%d edits; view:\n%s", len(store.Edits), m.View())
	}
}

// TestConflictPreviewSharedID: the two versions of a record with an ID
// show that ID on both sides, the same, and the pair is no "IDs must be
// unique" problem.
func TestConflictPreviewSharedID(t *testing.T) {
	t.Parallel()
	const base = "URI: https://go.dev/\r\nNAME: Go\r\nID: 7\r\nDATE: 01/02/2024 10:00:00\r\nRATING: 3\r\n"
	merged, cs := catalogue.MergeFile(load(t, base).Snapshot(),
		load(t, strings.Replace(base, "RATING: 3", "RATING: 4", 1)).Snapshot(),
		load(t, strings.Replace(base, "RATING: 3", "RATING: 5", 1)).Snapshot())
	if len(cs) == 0 {
		t.Fatal("no conflict")
	}
	var b bytes.Buffer
	if _, err := merged.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	c := load(t, b.String())
	ctx := dialog.NewContext(theme.Plain())
	ctx.Store = &dialogtest.Store{Cat: c}
	m := New(ctx, c)
	m.SetSize(90, 30)
	v := ansi.Strip(m.View())
	found := false
	for _, l := range strings.Split(v, "\n") {
		if f := strings.Fields(l); len(f) >= 1 && (f[0] == "ID" || f[0] == "≠" && len(f) > 1 && f[1] == "ID") {
			found = true
			if !slices.Equal(f, []string{"ID", "7", "7"}) {
				t.Errorf("ID row %q, want 7 on both sides", l)
			}
		}
	}
	if !found {
		t.Errorf("no ID row:\n%s", v)
	}
	if strings.Contains(v, "must be unique") {
		t.Errorf("the pair's shared ID is listed as a problem:\n%s", v)
	}
}
