package catalogue

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/catalogue/stats"
	"github.com/uricat/uricat/internal/cputime"
)

// bulkFile has a category tree, tags, an invalid record (no URI) in
// Programming that no bulk edit touches, and one record already edited
// (X-ADDED).
const bulkFile = "URI: http://a/\r\nNAME: A\r\nDATE: 01/01/2020 00:00:00\r\nCATEGORY: Programming\r\nX-TAGS: go, lang\r\n\r\n" +
	"URI: http://b/\r\nNAME: B\r\nDATE: 02/01/2020 00:00:00\r\nCATEGORY: Programming/Go/Tools\r\nX-TAGS: go\r\n\r\n" +
	"URI: http://c/\r\nNAME: C\r\nDATE: 03/01/2020 00:00:00\r\nCATEGORY: Programmingx\r\n\r\n" +
	"URI: http://d/\r\nNAME: D\r\nDATE: 04/01/2020 00:00:00\r\nCATEGORY: Code/Go\r\nX-TAGS: lang,tools\r\nX-ADDED: 01/06/2019 00:00:00\r\n\r\n" +
	"NAME: No URI\r\nDATE: 05/01/2020 00:00:00\r\nCATEGORY: Programming\r\nX-TAGS: go\r\n\r\n" +
	"URI: http://e/\r\nNAME: E\r\nDATE: 06/01/2020 00:00:00\r\n"

var bulkNow = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func openBulk(t *testing.T) *Catalogue {
	t.Helper()
	c, err := Read(strings.NewReader(bulkFile))
	if err != nil {
		t.Fatal(err)
	}
	c.Now = func() time.Time { return bulkNow }
	return c
}

// summary is each valid record as NAME, CATEGORY, X-TAGS, DATE and
// X-ADDED: what a bulk edit changes.
func summary(c *Catalogue) string {
	var b strings.Builder
	for _, r := range c.Records() {
		fmt.Fprintf(&b, "%s|%s|%s|%s|%s\n", r.Name(), r.Category(), r.Extension(ssd3.FieldTags), ssd3.FormatDate(r.Date()), r.Extension(ssd3.FieldAdded))
	}
	return b.String()
}

// Each bulk edit changes exactly the records it should, stamps those and
// only those with one DATE (keeping X-ADDED), previews the count it then
// changes, undoes to the same bytes, and redoes.
func TestBulkEdits(t *testing.T) {
	refs := func(c *Catalogue, names ...string) []Ref {
		var out []Ref
		for _, r := range c.Records() {
			for _, n := range names {
				if r.Name() == n {
					out = append(out, r.Ref())
				}
			}
		}
		return out
	}
	const stamped = "01/03/2026 12:00:00"
	tests := []struct {
		name string
		edit func(c *Catalogue) Edit
		want string // the records after
		err  error
	}{
		{"rename a subtree", func(*Catalogue) Edit { return Recategorise{From: "Programming", To: "Code"} },
			"A|Code|go, lang|" + stamped + "|01/01/2020 00:00:00\n" +
				"B|Code/Go/Tools|go|" + stamped + "|02/01/2020 00:00:00\n", nil},
		{"move a node under another", func(*Catalogue) Edit { return Recategorise{From: "Programming/Go", To: "Code/Go"} },
			"B|Code/Go/Tools|go|" + stamped + "|02/01/2020 00:00:00\n", nil},
		{"merge onto an existing node", func(*Catalogue) Edit { return Recategorise{From: "Code/Go", To: "Programming/Go"} },
			"D|Programming/Go|lang,tools|" + stamped + "|01/06/2019 00:00:00\n", nil},
		{"a category nobody has", func(*Catalogue) Edit { return Recategorise{From: "Nothing", To: "Code"} }, "", errNoCategory},
		{"a name only begun", func(*Catalogue) Edit { return Recategorise{From: "Program", To: "Code"} }, "", errNoCategory},
		{"onto itself", func(*Catalogue) Edit { return Recategorise{From: "Programming", To: "Programming"} }, "", ErrUnchanged},
		{"set many", func(c *Catalogue) Edit {
			return SetMany{Refs: refs(c, "A", "C"), Fields: []ssd3.Field{{Name: ssd3.FieldCategory, Value: "Programmingx"}}}
		}, "A|Programmingx|go, lang|" + stamped + "|01/01/2020 00:00:00\n", nil}, // C has it: not stamped
		{"set many, none changes", func(c *Catalogue) Edit {
			return SetMany{Refs: refs(c, "C"), Fields: []ssd3.Field{{Name: ssd3.FieldCategory, Value: "Programmingx"}}}
		}, "", ErrUnchanged},
		{"add a tag", func(c *Catalogue) Edit { return Retag{Refs: refs(c, "A", "B", "E"), Add: []string{"go"}} },
			"E||go|" + stamped + "|06/01/2020 00:00:00\n", nil},
		{"remove a tag", func(c *Catalogue) Edit { return Retag{Refs: refs(c, "A", "D", "E"), Remove: []string{"lang"}} },
			"A|Programming|go|" + stamped + "|01/01/2020 00:00:00\n" +
				"D|Code/Go|tools|" + stamped + "|01/06/2019 00:00:00\n", nil},
		{"a tag with a comma", func(c *Catalogue) Edit { return Retag{Refs: refs(c, "A"), Add: []string{"a,b"}} }, "", errComma},
		{"rename a tag", func(*Catalogue) Edit { return RenameTag{From: "go", To: "golang"} },
			"A|Programming|golang, lang|" + stamped + "|01/01/2020 00:00:00\n" +
				"B|Programming/Go/Tools|golang|" + stamped + "|02/01/2020 00:00:00\n", nil},
		{"merge tags", func(*Catalogue) Edit { return RenameTag{From: "lang", To: "go"} },
			"A|Programming|go|" + stamped + "|01/01/2020 00:00:00\n" +
				"D|Code/Go|go, tools|" + stamped + "|01/06/2019 00:00:00\n", nil},
		{"remove a tag everywhere", func(*Catalogue) Edit { return RenameTag{From: "go"} },
			"A|Programming|lang|" + stamped + "|01/01/2020 00:00:00\n" +
				"B|Programming/Go/Tools||" + stamped + "|02/01/2020 00:00:00\n", nil},
		{"a tag nobody has", func(*Catalogue) Edit { return RenameTag{From: "nope", To: "x"} }, "", errNoTag},
		{"rename to a tag with a comma", func(*Catalogue) Edit { return RenameTag{From: "go", To: "go,lang"} }, "", errComma},
		{"merge tags into one of them", func(*Catalogue) Edit { return MergeTags{From: []string{"lang", "go", "tools"}, To: "go"} },
			"A|Programming|go|" + stamped + "|01/01/2020 00:00:00\n" +
				"D|Code/Go|go|" + stamped + "|01/06/2019 00:00:00\n", nil},
		{"merge tags into a new one", func(*Catalogue) Edit { return MergeTags{From: []string{"go", "lang"}, To: "code"} },
			"A|Programming|code|" + stamped + "|01/01/2020 00:00:00\n" +
				"B|Programming/Go/Tools|code|" + stamped + "|02/01/2020 00:00:00\n" +
				"D|Code/Go|code, tools|" + stamped + "|01/06/2019 00:00:00\n", nil},
		{"merge tags nobody has", func(*Catalogue) Edit { return MergeTags{From: []string{"nope", "nah"}, To: "go"} }, "", errNoTag},
		{"merge a tag into itself", func(*Catalogue) Edit { return MergeTags{From: []string{"go"}, To: "go"} }, "", ErrUnchanged},
		{"merge tags into one with a comma", func(*Catalogue) Edit { return MergeTags{From: []string{"go", "lang"}, To: "a,b"} }, "", errComma},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := openBulk(t)
			before, file := summary(c), written(t, c)
			e := tt.edit(c)
			n, perr := c.Preview(e)
			var h History
			err := h.apply(c, e, tt.name)
			if tt.err != nil {
				if tt.err == errComma {
					if err == nil || !strings.Contains(err.Error(), "comma") {
						t.Fatalf("err = %v, want one about the comma", err)
					}
				} else if !errors.Is(err, tt.err) {
					t.Fatalf("err = %v, want %v", err, tt.err)
				}
				if summary(c) != before || c.Version() != 0 {
					t.Fatal("a refused edit changed the catalogue")
				}
				return
			}
			if err != nil || perr != nil {
				t.Fatalf("apply: %v, preview: %v", err, perr)
			}
			// Only the records changed differ from before.
			var got []string
			after := strings.Split(summary(c), "\n")
			for i, line := range strings.Split(before, "\n") {
				if after[i] != line {
					got = append(got, after[i]+"\n")
				}
			}
			if g := strings.Join(got, ""); g != tt.want {
				t.Errorf("changed:\n%s\nwant:\n%s", g, tt.want)
			}
			if want := strings.Count(tt.want, "\n"); n != want {
				t.Errorf("Preview = %d, want %d", n, want)
			}
			if u, _ := h.Len(); u != 1 {
				t.Errorf("%d undo steps, want 1", u)
			}
			st, err := h.Undo(c)
			if err != nil {
				t.Fatal(err)
			}
			if written(t, c) != file {
				t.Error("undo did not give back the file as it was")
			}
			if len(st.Refs) != n {
				t.Errorf("undo names %d records, want %d", len(st.Refs), n)
			}
			if _, err := h.Redo(c); err != nil {
				t.Fatal(err)
			}
			if g := summary(c); g != after[0]+"\n"+strings.Join(after[1:], "\n") {
				t.Error("redo did not give back the edit")
			}
		})
	}
}

// errComma stands for "an error about a comma" in TestBulkEdits.
var errComma = errors.New("comma")

func written(t *testing.T, c *Catalogue) string {
	t.Helper()
	var b strings.Builder
	if _, err := c.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// A tag written twice in a record is one tag: renamed, it goes, both times.
func TestRenameTagWrittenTwice(t *testing.T) {
	for _, tt := range []struct{ tags, from, to, want string }{
		{"x, go, x", "x", "y", "y, go"},
		{"x, go, x", "x", "go", "go"},
		{"x, go, x", "x", "", "go"},
	} {
		c, err := Read(strings.NewReader("URI: http://a/\r\nNAME: A\r\nDATE: 01/01/2020 00:00:00\r\nX-TAGS: " + tt.tags + "\r\n"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Apply(RenameTag{From: tt.from, To: tt.to}); err != nil {
			t.Fatal(err)
		}
		if got := c.Records()[0].Extension(ssd3.FieldTags); got != tt.want {
			t.Errorf("%q, %s to %q: %q, want %q", tt.tags, tt.from, tt.to, got, tt.want)
		}
	}
}

// Merging a group, a record with several of its tags keeps one, in the
// place of the first (or of the name merged into, when it has it).
func TestMergeTagsOfOneRecord(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		tags string
		from []string
		to   string
		want string
	}{
		{"AdTech, go, ad tech", []string{"ad tech", "AdTech"}, "ad-tech", "ad-tech, go"},
		{"AdTech, go, ad-tech", []string{"ad-tech", "AdTech"}, "ad-tech", "go, ad-tech"},
		{"recipe, x, recipes, recipe", []string{"recipe", "recipes"}, "recipes", "x, recipes"},
		{"a, b", []string{"b", "c"}, "c", "a, c"},
	} {
		c, err := Read(strings.NewReader("URI: http://a/\r\nNAME: A\r\nDATE: 01/01/2020 00:00:00\r\nX-TAGS: " + tt.tags + "\r\n"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Apply(MergeTags{From: tt.from, To: tt.to}); err != nil {
			t.Fatal(err)
		}
		if got := c.Records()[0].Extension(ssd3.FieldTags); got != tt.want {
			t.Errorf("%q, %q into %q: %q, want %q", tt.tags, tt.from, tt.to, got, tt.want)
		}
	}
}

// A bulk edit that names a record another program deleted changes nothing.
func TestBulkEditMissingRecord(t *testing.T) {
	c := openBulk(t)
	before := summary(c)
	_, err := c.Apply(Retag{Refs: []Ref{c.Records()[0].Ref(), 1 << 60}, Add: []string{"x"}})
	if !errors.Is(err, errNoRecord) || summary(c) != before {
		t.Fatalf("err = %v, want ErrNoRecord and nothing changed", err)
	}
}

func TestCountUnder(t *testing.T) {
	c := openBulk(t)
	for path, want := range map[string]int{"Programming": 2, "Programming/Go": 1, "Code": 1, "Program": 0, "Nothing": 0} {
		if got := stats.CountUnder(c.Records(), path); got != want {
			t.Errorf("CountUnder(%q) = %d, want %d", path, got, want)
		}
	}
	if got := stats.CountTag(c.Records(), "go"); got != 2 {
		t.Errorf("CountTag(go) = %d, want 2 (the invalid record does not count)", got)
	}
}

// BenchmarkBulkUndo: a tag added to every record of 100k, undone (and
// redone); the issue asks the undo under 200 ms.
func BenchmarkBulkUndo(b *testing.B) {
	c, err := Read(strings.NewReader(generate(100_000)))
	if err != nil {
		b.Fatal(err)
	}
	refs := make([]Ref, 0, len(c.Records()))
	for _, r := range c.Valid() {
		refs = append(refs, r.Ref())
	}
	var h History
	if err := h.apply(c, Retag{Refs: refs, Add: []string{"bulk"}}, "tag"); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	start := cputime.Used()
	for b.Loop() {
		if _, err := h.Undo(c); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		redo := cputime.Used()
		if _, err := h.Redo(c); err != nil {
			b.Fatal(err)
		}
		start += cputime.Used() - redo
		b.StartTimer()
	}
	cputime.Report(b, start)
}

// BenchmarkBulkApply: the same tag added, for the record.
func BenchmarkBulkApply(b *testing.B) {
	c, err := Read(strings.NewReader(generate(100_000)))
	if err != nil {
		b.Fatal(err)
	}
	var refs []Ref
	for _, r := range c.Valid() {
		refs = append(refs, r.Ref())
	}
	b.ResetTimer()
	start := cputime.Used()
	for b.Loop() {
		inv, err := c.Apply(Retag{Refs: refs, Add: []string{"bulk"}})
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		undo := cputime.Used()
		if _, err := c.Apply(inv); err != nil {
			b.Fatal(err)
		}
		start += cputime.Used() - undo
		b.StartTimer()
	}
	cputime.Report(b, start)
}

// BenchmarkBatchUndo: a Batch of 10,000 Sets on a catalogue of 100,000
// records, undone: each of its inverses names one record, which must be
// found by position, not by a pass over the catalogue each.
func BenchmarkBatchUndo(b *testing.B) {
	c, err := Read(strings.NewReader(generate(100_000)))
	if err != nil {
		b.Fatal(err)
	}
	var batch Batch
	for i, r := range c.Valid() {
		if i%10 == 0 {
			batch.Edits = append(batch.Edits, Set{Ref: r.Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldCategory, Value: "Batch"}}})
		}
	}
	var h History
	if err := h.apply(c, batch, "batch"); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	start := cputime.Used()
	for b.Loop() {
		if _, err := h.Undo(c); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		redo := cputime.Used()
		if _, err := h.Redo(c); err != nil {
			b.Fatal(err)
		}
		start += cputime.Used() - redo
		b.StartTimer()
	}
	cputime.Report(b, start)
}
