package importers

import (
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// folderPath is the Folder of names, one Child after another, and the notes of
// those cut.
func folderPath(names ...string) (Folder, []string) {
	var f Folder
	var cuts []string
	for _, n := range names {
		if f = f.Child(n); f.Cut() != "" {
			cuts = append(cuts, f.Cut())
		}
	}
	return f, cuts
}

// levels is n folder names made of name and their number.
func levels(n int, name string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = name + string(rune('a'+i%26))
	}
	return out
}

// Folders within the bound make the path JoinCategory makes; beyond it,
// the outermost levels are kept, each level left out is reported once,
// and a long name is cut at a character boundary.
func TestFolderChild(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", 200) // 400 bytes
	cutLong := strings.Repeat("é", 62) + "..."
	tests := []struct {
		name  string
		names []string
		want  string
		cuts  []string // a part of each note, in order
	}{
		{"plain", []string{"Menu", "News/Politics", "Go"}, `Menu/News\/Politics/Go`, nil},
		{"empty name is no level", []string{"a", "", "b"}, "a/b", nil},
		{"cleaned once", []string{"a\tb", "c\x1b[31m"}, "a b/c", nil},
		{"depth", append(levels(MaxFolders, "f"), "deep", "deeper"), ssd3.JoinCategory(levels(MaxFolders, "f")),
			[]string{`folder "deep" is deeper than 64 folders`}},
		{"long name", []string{"Menu", long, "Go"}, "Menu/" + cutLong + "/Go",
			[]string{`has a name of 400 bytes: CATEGORY keeps its first 124 bytes, marked "..."`}},
		{"length", []string{strings.Repeat("a", 128), strings.Repeat("b", 128), strings.Repeat("c", 128), strings.Repeat("d", 128),
			strings.Repeat("e", 128), strings.Repeat("f", 128), strings.Repeat("g", 128), strings.Repeat("h", 128), "i"},
			strings.Join([]string{strings.Repeat("a", 128), strings.Repeat("b", 128), strings.Repeat("c", 128), strings.Repeat("d", 128),
				strings.Repeat("e", 128), strings.Repeat("f", 128), strings.Repeat("g", 128)}, "/"),
			[]string{`would make CATEGORY longer than 1024 bytes`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, cuts := folderPath(tt.names...)
			if f.Category() != tt.want {
				t.Errorf("category %q, want %q", f.Category(), tt.want)
			}
			if len(f.Category()) > MaxCategory || len(ssd3.SplitCategory(f.Category())) > MaxFolders {
				t.Errorf("category of %d bytes, %d folders: beyond the bound", len(f.Category()), len(ssd3.SplitCategory(f.Category())))
			}
			if len(cuts) != len(tt.cuts) {
				t.Fatalf("notes %q, want %d", cuts, len(tt.cuts))
			}
			for i, c := range cuts {
				if !strings.Contains(c, tt.cuts[i]) {
					t.Errorf("note %q, want it to say %q", c, tt.cuts[i])
				}
			}
		})
	}
}

// Finish bounds a CATEGORY given whole as Child bounds a folder path,
// says so, and leaves one within the bound as it is written.
func TestFinishBoundsCategory(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("f/", 100) + "g"
	tests := []struct {
		category, want, note string
	}{
		{`a\b/c\\\/d`, `a\b/c\\\/d`, ""},
		{strings.Repeat(`\/`, 100), strings.Repeat(`\/`, 100), ""}, // 100 bytes of name, 200 written
		{deep, strings.TrimSuffix(strings.Repeat("f/", MaxFolders), "/"), `CATEGORY "f/f/f/`},
		{strings.Repeat("x", 5000), strings.Repeat("x", 125) + "...", "longer than an import keeps (64 folders of at most 128 bytes, 1024 bytes in all)"},
	}
	for _, tt := range tests {
		rec := ssd3.NewRecord(ssd3.Values{URI: "https://example.org/", Name: "n", Category: tt.category})
		diags, ok := Finish(rec, Options{Now: time.Unix(1e9, 0)}, 3, -1)
		if !ok || rec.Category() != tt.want {
			t.Errorf("%.40q: category %q, want %q", tt.category, rec.Category(), tt.want)
		}
		switch {
		case tt.note == "" && len(diags) > 0:
			t.Errorf("%.40q: notes %v", tt.category, diags)
		case tt.note != "" && (len(diags) != 1 || !strings.Contains(diags[0].Msg, tt.note) || diags[0].Kind != ssd3.Dropped || diags[0].Line != 3):
			t.Errorf("%.40q: notes %v, want one at line 3 saying %q", tt.category, diags, tt.note)
		}
	}
}

// A CATEGORY that a file gives whole on each of its records (a CSV's
// folder column) is cut the same on each, told once, and shared.
func TestReaderNotesCutOnce(t *testing.T) {
	t.Parallel()
	var n ReaderNotes
	long := strings.Repeat("Folder/", 100) + "end"
	var recs []*ssd3.Record
	for i := range 1000 {
		// Each row's text is its own, as a CSV reader's is.
		rec := ssd3.NewRecord(ssd3.Values{URI: "https://example.org/" + strings.Repeat("a", i%10+1), Name: "n", Category: strings.Clone(long)})
		if rec = n.Finish(rec, Options{Now: time.Unix(1e9, 0)}, i+1, -1, nil); rec == nil {
			t.Fatalf("record %d not imported", i)
		}
		recs = append(recs, rec)
	}
	n.End(Options{Now: time.Unix(1e9, 0)})
	diags := n.Diagnostics()
	if len(diags) != 2 || diags[0].Line != 1 || !strings.Contains(diags[0].Msg, "here and wherever it recurs") {
		t.Errorf("diagnostics %v, want one cut, at line 1, and the dates", diags)
	}
	for _, r := range recs {
		if r.Category() != recs[0].Category() || unsafe.StringData(r.Category()) != unsafe.StringData(recs[0].Category()) {
			t.Fatalf("CATEGORY %q, not the first record's %q, shared", r.Category(), recs[0].Category())
		}
	}
}

// Whatever the path, BoundCategory gives one within the bound, in as many
// folders and bytes as it says, that it leaves as it is when given again;
// and a path within the bound comes back as it was.
func FuzzBoundCategory(f *testing.F) {
	f.Add(`a/b\/c/d\\`)
	f.Add(strings.Repeat("é/", 100))
	f.Add(strings.Repeat("x", 3000) + "/y")
	f.Add(strings.Repeat(`\/`, 600))
	f.Fuzz(func(t *testing.T, category string) {
		category = OneLine(category) // as Finish gives it
		b, msg := BoundCategory(category)
		// An empty name ("a//b") is no folder: it costs a byte.
		names := slices.DeleteFunc(ssd3.SplitCategory(b), func(n string) bool { return n == "" })
		if len(b) > MaxCategory || len(names) > MaxFolders {
			t.Fatalf("%q: %d bytes, %d folders", b, len(b), len(names))
		}
		for _, n := range names {
			if len(n) > MaxFolderName {
				t.Fatalf("%q: a name of %d bytes", b, len(n))
			}
		}
		if msg == "" && b != category {
			t.Fatalf("%q changed to %q without a word", category, b)
		}
		if b2, msg2 := BoundCategory(b); b2 != b || msg2 != "" {
			t.Fatalf("%q, bounded again, is %q: %s", b, b2, msg2)
		}
	})
}
