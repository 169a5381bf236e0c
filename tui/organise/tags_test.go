package organise

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
)

// After an edit the tags are counted again in Reload's command, not in
// Update: the view keeps showing them, marked as updating, until the
// command's count comes; of two recounts, the older one's, coming last,
// is dropped.
func TestTagsRecountInACommand(t *testing.T) {
	c, err := catalogue.Read(strings.NewReader("URI: http://x.example/1\nNAME: x\nDATE: 01/01/2020 00:00:00\nX-TAGS: alpha\n\n" +
		"URI: http://x.example/2\nNAME: y\nDATE: 01/01/2020 00:00:00\nX-TAGS: zulu\n\n"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := benchContext(c)
	v := NewTags(ctx, c)
	rename := func(from, to string) {
		t.Helper()
		if _, err := ctx.Store.Apply(catalogue.RenameTag{From: from, To: to}, "renamed"); err != nil {
			t.Fatal(err)
		}
	}
	rename("alpha", "bravo")
	first := v.Reload(c)
	if first == nil {
		t.Fatal("Reload returned no command: the tags were counted in Update")
	}
	if s := v.View(); !strings.Contains(s, "alpha") || strings.Contains(s, "bravo") || !strings.Contains(s, "updating") {
		t.Fatalf("while counting, the view should show the tags as they were, marked as updating:\n%s", s)
	}
	v.Update(keyDown) // the keys work meanwhile, on the tags shown
	if tag := v.Tag(); tag == nil || tag.Name != "zulu" {
		t.Fatalf("cursor on %+v, want zulu", tag)
	}
	rename("bravo", "charlie")
	second := v.Reload(c)
	v.Update(second())
	if s := v.View(); !strings.Contains(s, "charlie") || strings.Contains(s, "updating") {
		t.Fatalf("the newest count is not shown:\n%s", s)
	}
	if tag := v.Tag(); tag == nil || tag.Name != "zulu" {
		t.Errorf("recounted, the cursor is on %+v, want zulu still", tag)
	}
	v.Update(first())
	if s := v.View(); strings.Contains(s, "bravo") || !strings.Contains(s, "charlie") {
		t.Errorf("an older count replaced the newest one:\n%s", s)
	}
}

// A large catalogue's tags are counted by Init's command, as its tree
// is built: the view opens at once, saying so, and shows the tags once
// they come; an edit meanwhile has the newer records counted.
func TestTagsCountLargeInBackground(t *testing.T) {
	var sb strings.Builder
	for i := range buildAbove + 1 {
		fmt.Fprintf(&sb, "URI: http://x.example/%d\nNAME: x\nDATE: 01/01/2020 00:00:00\nX-TAGS: t%d\n\n", i, i%3)
	}
	c, err := catalogue.Read(strings.NewReader(sb.String()))
	if err != nil {
		t.Fatal(err)
	}
	ctx := benchContext(c)
	v := NewTags(ctx, c)
	if s := v.View(); !strings.Contains(s, "counting the tags of 10001 records") {
		t.Fatalf("while counting:\n%s", s)
	}
	first := v.Init()
	if first == nil {
		t.Fatal("no command counts the tags")
	}
	if _, err := ctx.Store.Apply(catalogue.RenameTag{From: "t2", To: "u2"}, "renamed"); err != nil {
		t.Fatal(err)
	}
	second := v.Reload(c)
	v.Update(keyDown)
	v.Update(second())
	v.Update(first()) // older: dropped
	if s := v.View(); !strings.Contains(s, "3 tags") || !strings.Contains(s, "u2") || strings.Contains(s, "t2") || strings.Contains(s, "counting") {
		t.Errorf("counted:\n%s", s)
	}
}

func typeKeys(v interface {
	Update(tea.Msg) (tea.Model, tea.Cmd)
}, s string) {
	for _, r := range s {
		v.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
}

// / filters the tags to those that hold the text, as many tags as a
// collection has; s orders them by how many records have them; esc
// clears the filter before it closes the view.
func TestTagsFilterAndSortByCount(t *testing.T) {
	t.Parallel()
	var text strings.Builder
	for i, tags := range []string{"rust, go", "go", "golang, go", "recipes", "rust"} {
		fmt.Fprintf(&text, "URI: http://x.example/%d\nNAME: x\nDATE: 01/01/2020 00:00:00\nX-TAGS: %s\n\n", i, tags)
	}
	c, err := catalogue.Read(strings.NewReader(text.String()))
	if err != nil {
		t.Fatal(err)
	}
	v := NewTags(benchContext(c), c)
	names := func() string {
		var out []string
		for _, tag := range v.tags {
			out = append(out, fmt.Sprintf("%s:%d", tag.Name, tag.Count))
		}
		return strings.Join(out, " ")
	}
	if got := names(); got != "go:3 golang:1 recipes:1 rust:2" {
		t.Fatalf("tags %q", got)
	}
	v.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("s")})
	if got := names(); got != "go:3 rust:2 golang:1 recipes:1" || !strings.Contains(v.View(), "most used first") {
		t.Errorf("s: %q\n%s", got, v.View())
	}
	v.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("/")})
	typeKeys(v, "GO")
	if got := names(); got != "go:3 golang:1" || !strings.Contains(v.View(), "2 of 4 tags") {
		t.Errorf("/GO: %q\n%s", got, v.View())
	}
	v.Update(tea.KeyMsg{Type: tea.KeyEnter})
	v.Update(keyDown)
	if tag := v.Tag(); tag == nil || tag.Name != "golang" {
		t.Errorf("the keys move among the tags the filter keeps: %+v", tag)
	}
	v.ctx.Take()
	if v.Update(tea.KeyMsg{Type: tea.KeyEsc}); v.ctx.Take().Close || names() != "go:3 rust:2 golang:1 recipes:1" {
		t.Errorf("esc with a filter closed the view, or shows %q", names())
	}
}

// The rename prompt completes the names in use: tab takes the one that
// begins what is typed, so a typo does not make a new tag.
func TestRenamePromptCompletes(t *testing.T) {
	t.Parallel()
	c, err := catalogue.Read(strings.NewReader("URI: http://x.example/1\nNAME: x\nDATE: 01/01/2020 00:00:00\nX-TAGS: golang, recipes\n"))
	if err != nil {
		t.Fatal(err)
	}
	v := NewTags(benchContext(c), c)
	p := v.renamePrompt("golang")
	p.input.SetValue("")
	typeKeys(p, "rec")
	p.Update(tea.KeyMsg{Type: tea.KeyTab})
	if p.input.Value() != "recipes" {
		t.Errorf("tab after rec: %q, want recipes", p.input.Value())
	}
}
