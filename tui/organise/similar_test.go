package organise

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
)

// ~ shows only the groups of similar tags, each whole when the filter
// holds one of its tags; without groups it says none look alike; the
// cursor's group is what m would merge.
func TestTagsSimilarGroups(t *testing.T) {
	t.Parallel()
	read := func(tagsOf ...string) *Tags {
		t.Helper()
		var text strings.Builder
		for i, tags := range tagsOf {
			fmt.Fprintf(&text, "URI: http://x.example/%d\nNAME: x\nDATE: 01/01/2020 00:00:00\nX-TAGS: %s\n\n", i, tags)
		}
		c, err := catalogue.Read(strings.NewReader(text.String()))
		if err != nil {
			t.Fatal(err)
		}
		return NewTags(benchContext(c), c)
	}
	names := func(v *Tags) string {
		var out []string
		for _, tag := range v.tags {
			out = append(out, tag.Name)
		}
		return strings.Join(out, " ")
	}
	v := read("Go, golang", "go", "box, boxes", "zed", "Boxes")
	if g := v.Group(); g == nil || (*g)[0].Name != "box" || len(*g) != 3 {
		t.Errorf("the cursor's group (box) is %v, want box, Boxes, boxes", g)
	}
	typeKeys(v, "~")
	if got := names(v); got != "box Boxes boxes Go go" {
		t.Errorf("~ shows %q", got)
	}
	typeKeys(v, "/GO")
	v.Update(tea.KeyMsg{Type: tea.KeyEnter})
	if got := names(v); got != "Go go" {
		t.Errorf("~ /GO shows %q, want the group of go whole", got)
	}
	typeKeys(v, "~")
	if got := names(v); got != "Go go golang" {
		t.Errorf("~ again shows %q, want every tag the filter holds", got)
	}
	if g := v.Group(); g == nil || len(*g) != 2 {
		t.Errorf("the cursor's group is %v", g)
	}
	v.Update(keyDown)
	v.Update(keyDown)
	if g := v.Group(); g != nil {
		t.Errorf("golang is in the group %v, want none", g)
	}

	v = read("go", "golang")
	typeKeys(v, "~")
	if s := v.View(); !strings.Contains(s, "No tags look alike") {
		t.Errorf("without groups, ~ shows:\n%s", s)
	}
	if _, cmd := v.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("m")}); cmd != nil || v.ctx.Take().Open != nil {
		t.Error("m without a group did something")
	}
}
