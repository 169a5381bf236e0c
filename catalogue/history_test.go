package catalogue

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// undoWriters is a catalogue file, this session's catalogue of it (one,
// with its History) and a clock each for it and for another program, one
// second apart at every tick, so that no two DATE stamps are alike.
type undoWriters struct {
	path  string
	one   *Catalogue
	h     History
	clock time.Time
}

const undoFile = "URI: http://a/\r\nNAME: A\r\nDATE: 01/01/2001 00:00:00\r\nX-TAGS: x\r\n\r\n" +
	"URI: http://b/\r\nNAME: B\r\nDATE: 02/02/2002 00:00:00\r\nCATEGORY: News\r\n\r\n" +
	"URI: http://c/\r\nNAME: C\r\nDATE: 03/03/2003 00:00:00\r\nCATEGORY: News\r\nX-TAGS: x\r\n"

func newUndoWriters(t *testing.T) *undoWriters {
	t.Helper()
	w := &undoWriters{path: filepath.Join(t.TempDir(), "c.uricat"), clock: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	if err := os.WriteFile(w.path, []byte(undoFile), 0o644); err != nil {
		t.Fatal(err)
	}
	one, err := Open(w.path)
	if err != nil {
		t.Fatal(err)
	}
	one.Now = w.now
	w.one = one
	return w
}

func (w *undoWriters) now() time.Time {
	w.clock = w.clock.Add(time.Second)
	return w.clock
}

// do applies e through the History and saves.
func (w *undoWriters) do(t *testing.T, e Edit) {
	t.Helper()
	if err := w.h.apply(w.one, e, "edit"); err != nil {
		t.Fatal(err)
	}
	if err := w.one.Save(); err != nil {
		t.Fatal(err)
	}
}

// other changes the file as another program would (`uricat set`), then
// this session follows it: the save path the TUI takes when its watcher
// sees the file change (Rebase).
func (w *undoWriters) other(t *testing.T, change func(o *Catalogue)) {
	t.Helper()
	o, err := Open(w.path)
	if err != nil {
		t.Fatal(err)
	}
	o.Now = w.now
	change(o)
	if err := o.Save(); err != nil {
		t.Fatal(err)
	}
	if err := w.one.Save(); err != nil {
		t.Fatalf("following the other program's version: %v", err)
	}
}

// named returns c's record named name, or fails t.
func named(t *testing.T, c *Catalogue, name string) *ssd3.Record {
	t.Helper()
	for _, r := range c.Records() {
		if r.Name() == name {
			return r
		}
	}
	t.Fatalf("no record named %q", name)
	return nil
}

func mustApply(t *testing.T, c *Catalogue, e Edit) {
	t.Helper()
	if _, err := c.Apply(e); err != nil {
		t.Fatal(err)
	}
}

// TestUndoKeepsAnotherProgramsEdits: undo takes back this session's edit
// of a record field by field, on the record as another program left it:
// the other program's NAME and tag stay, and a field both changed keeps
// the other program's value, which the step's Note names. Redo puts this
// session's value back the same way.
func TestUndoKeepsAnotherProgramsEdits(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		theirs     []ssd3.Field
		wantRating int
		wantKept   []string // fields kept, as the Step's Kept says
		wantNote   string
		wantDid    bool // the undo changed the record: there is a step to redo
	}{
		{"other fields", []ssd3.Field{{Name: ssd3.FieldName, Value: "renamed elsewhere"}, {Name: ssd3.FieldTags, Value: "x, z"}}, 0, nil, "", true},
		{"the rating too", []ssd3.Field{{Name: ssd3.FieldName, Value: "renamed elsewhere"}, {Name: ssd3.FieldRating, Value: "5"}}, 5, []string{ssd3.FieldRating},
			"kept 1 field changed elsewhere: RATING of “renamed elsewhere”", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := newUndoWriters(t)
			a := named(t, w.one, "A")
			w.do(t, Set{Ref: a.Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldRating, Value: "3"}}})
			w.other(t, func(o *Catalogue) {
				mustApply(t, o, Set{Ref: named(t, o, "A").Ref(), Fields: tt.theirs})
			})
			theirs := w.one.Lookup(a.Ref())
			if theirs == nil || theirs.Name() != "renamed elsewhere" {
				t.Fatalf("after following the file, A is %v", theirs)
			}

			st, err := w.h.Undo(w.one)
			if err != nil {
				t.Fatal(err)
			}
			r := w.one.Lookup(a.Ref())
			if r.Rating() != tt.wantRating || r.Name() != "renamed elsewhere" {
				t.Errorf("after undo: rating %d name %q, want %d and the other program's name", r.Rating(), r.Name(), tt.wantRating)
			}
			if want := ssd3.GetField(theirs, ssd3.FieldTags); ssd3.GetField(r, ssd3.FieldTags) != want {
				t.Errorf("after undo: tags %q, want the other program's %q", ssd3.GetField(r, ssd3.FieldTags), want)
			}
			// The other program amended the record last: its DATE stays,
			// and the time it was added with it.
			if !r.Date().Equal(theirs.Date()) || r.Extension(ssd3.FieldAdded) != "01/01/2001 00:00:00" {
				t.Errorf("after undo: DATE %v X-ADDED %q, want the other program's DATE and the first one", r.Date(), r.Extension(ssd3.FieldAdded))
			}
			var kept []string
			for _, k := range st.kept {
				kept = append(kept, k.Fields...)
			}
			if !slices.Equal(kept, tt.wantKept) || st.Note() != tt.wantNote || st.Did() != tt.wantDid {
				t.Errorf("undo kept %v, note %q (did %v), want %v, %q (%v)", kept, st.Note(), st.Did(), tt.wantKept, tt.wantNote, tt.wantDid)
			}

			_, err = w.h.Redo(w.one)
			if !tt.wantDid {
				if !errors.Is(err, ErrNothing) {
					t.Errorf("redo of an undo that changed nothing: %v, want ErrNothing", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			r = w.one.Lookup(a.Ref())
			if r.Rating() != 3 || r.Name() != "renamed elsewhere" {
				t.Errorf("after redo: rating %d name %q, want 3 and the other program's name", r.Rating(), r.Name())
			}
		})
	}
}

// TestUndoAfterAnotherProgramTellsWhatItKept: the records another
// program deleted, edited or added again since this session's step.
func TestUndoAfterAnotherProgramTellsWhatItKept(t *testing.T) {
	t.Parallel()
	for _, tt := range undoKeptCases() {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := newUndoWriters(t)
			w.do(t, tt.step(t, w))
			w.other(t, func(o *Catalogue) { tt.other(t, o) })
			st, err := w.h.Undo(w.one)
			if err != nil {
				t.Fatalf("undo: %v", err)
			}
			tt.check(t, w)
			if st.Note() != tt.note || st.Did() != tt.did {
				t.Errorf("note %q (did %v), want %q (%v)", st.Note(), st.Did(), tt.note, tt.did)
			}
			if _, redo := w.h.Len(); redo != map[bool]int{true: 1}[tt.did] {
				t.Errorf("%d steps to redo after an undo that did %v", redo, tt.did)
			}
			// What the undo did saves, onto the file as it is.
			if err := w.one.Save(); err != nil {
				t.Fatal(err)
			}
			got, err := Open(w.path)
			if err != nil {
				t.Fatal(err)
			}
			var a, b strings.Builder
			w.one.WriteTo(&a)
			got.WriteTo(&b)
			if a.String() != b.String() {
				t.Errorf("the file holds\n%s\nthe catalogue\n%s", b.String(), a.String())
			}
		})
	}
}

// undoKeptCase is a step of this session's, another program's change,
// what the undo of the step leaves (check) and what its Note says.
type undoKeptCase struct {
	name  string
	step  func(t *testing.T, w *undoWriters) Edit
	other func(t *testing.T, o *Catalogue)
	check func(t *testing.T, w *undoWriters)
	note  string
	did   bool
}

func undoKeptCases() []undoKeptCase {
	return []undoKeptCase{{
		name: "rated, then deleted elsewhere",
		step: func(t *testing.T, w *undoWriters) Edit {
			return Set{Ref: named(t, w.one, "A").Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldRating, Value: "3"}}}
		},
		other: func(t *testing.T, o *Catalogue) { mustApply(t, o, Delete{Refs: []Ref{named(t, o, "A").Ref()}}) },
		check: func(t *testing.T, w *undoWriters) {
			if w.one.HasURI("http://a/") {
				t.Error("undo brought back a record another program deleted")
			}
		},
		note: "1 record deleted elsewhere stayed deleted: “A”",
	}, {
		name: "added, then edited elsewhere",
		step: func(t *testing.T, w *undoWriters) Edit {
			return Add{Records: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://d/", Name: "D"})}}
		},
		other: func(t *testing.T, o *Catalogue) {
			mustApply(t, o, Set{Ref: named(t, o, "D").Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldDescription, Value: "their note"}}})
		},
		check: func(t *testing.T, w *undoWriters) {
			if r := named(t, w.one, "D"); r.Description() != "their note" {
				t.Errorf("D is %v", r)
			}
		},
		note: "kept 1 record edited elsewhere since added: “D”",
	}, {
		name: "deleted, then added again elsewhere",
		step: func(t *testing.T, w *undoWriters) Edit {
			return Delete{Refs: []Ref{named(t, w.one, "B").Ref()}}
		},
		other: func(t *testing.T, o *Catalogue) {
			mustApply(t, o, Add{Records: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://b/", Name: "B again"})}})
		},
		check: func(t *testing.T, w *undoWriters) {
			if len(w.one.FindURI("http://b/")) != 2 {
				t.Errorf("http://b/ is %d times in the catalogue, want the one put back and the other program's", len(w.one.FindURI("http://b/")))
			}
		},
		note: "1 record back beside another with the same URI, added elsewhere: “B”",
		did:  true,
	}, {
		name: "retagged many, categories renamed elsewhere",
		step: func(t *testing.T, w *undoWriters) Edit { return RenameTag{From: "x"} },
		other: func(t *testing.T, o *Catalogue) {
			mustApply(t, o, Recategorise{From: "News", To: "Press"})
			mustApply(t, o, Set{Ref: named(t, o, "A").Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldTags, Value: "y"}}})
		},
		check: func(t *testing.T, w *undoWriters) {
			a, c := named(t, w.one, "A"), named(t, w.one, "C")
			if ssd3.GetField(a, ssd3.FieldTags) != "y" || ssd3.GetField(c, ssd3.FieldTags) != "x" || c.Category() != "Press" {
				t.Errorf("A's tags %q, C's %q in %q: want y, x in Press", ssd3.GetField(a, ssd3.FieldTags), ssd3.GetField(c, ssd3.FieldTags), c.Category())
			}
		},
		note: "kept 1 field changed elsewhere: X-TAGS of “A”",
		did:  true,
	}}
}

// TestUndoWithoutAnotherProgramIsExact: with no other program's version
// taken in since, undo gives back every byte, DATE and X-ADDED as they were.
func TestUndoWithoutAnotherProgramIsExact(t *testing.T) {
	t.Parallel()
	w := newUndoWriters(t)
	w.do(t, Set{Ref: named(t, w.one, "A").Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldRating, Value: "3"}}})
	st, err := w.h.Undo(w.one)
	if err != nil || len(st.kept) != 0 || !st.Did() {
		t.Fatalf("undo: %v, kept %v", err, st.kept)
	}
	var b strings.Builder
	w.one.WriteTo(&b)
	if b.String() != undoFile {
		t.Errorf("after undo the catalogue writes\n%q\nwant\n%q", b.String(), undoFile)
	}
}
