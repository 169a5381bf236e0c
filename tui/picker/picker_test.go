package picker

import (
	xgolden "github.com/charmbracelet/x/exp/golden"
	"reflect"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/tui/theme"
)

// golden compares got with testdata/<test>/<name>.golden; go test -update
// rewrites it.
func golden(t *testing.T, name, got string) {
	t.Helper()
	t.Run(name, func(t *testing.T) { xgolden.RequireEqual(t, []byte(got)) })
}

func typeText(m Model, s string) Model {
	for _, r := range s {
		m, _ = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	return m
}

func press(m Model, k tea.KeyType) (Model, tea.Cmd) { return m.Update(tea.KeyMsg{Type: k}) }

func clear(m Model) Model {
	for m.Value() != "" {
		m, _ = press(m, tea.KeyBackspace)
	}
	return m
}

var inUse = []string{"Programming", "news", "Go", "Programming", "", "Podcasts", "Golf", "Music/Pop"}

func TestFilterOrdersPrefixFirst(t *testing.T) {
	cases := []struct {
		typed string
		want  []string
	}{
		{"", []string{"Go", "Golf", "Music/Pop", "news", "Podcasts", "Programming"}},
		{"go", []string{"Go", "Golf"}},
		{"p", []string{"Podcasts", "Programming", "Music/Pop"}},
		{"O", []string{"Go", "Golf", "Music/Pop", "Podcasts", "Programming"}},
		{"zzz", nil},
	}
	for _, c := range cases {
		m := typeText(New(theme.Plain(), inUse, ""), c.typed)
		if got := m.Matches(); !reflect.DeepEqual(got, c.want) {
			t.Errorf("typed %q: matches %q, want %q", c.typed, got, c.want)
		}
	}
}

func chosen(t *testing.T, cmd tea.Cmd) tea.Msg {
	t.Helper()
	if cmd == nil {
		return nil
	}
	return cmd()
}

func TestChooseHighlighted(t *testing.T) {
	m := typeText(New(theme.Plain(), inUse, ""), "pro")
	m, _ = press(m, tea.KeyDown)
	if m.Selected() != "Programming" {
		t.Fatalf("selected %q", m.Selected())
	}
	_, cmd := press(m, tea.KeyEnter)
	if got := chosen(t, cmd); got != (ChosenMsg{Category: "Programming"}) {
		t.Errorf("enter gave %#v", got)
	}
}

func TestTypedTextMatchingExistingCategoryUsesItsSpelling(t *testing.T) {
	m := typeText(New(theme.Plain(), inUse, ""), "NEWS")
	_, cmd := press(m, tea.KeyEnter)
	if got := chosen(t, cmd); got != (ChosenMsg{Category: "news"}) {
		t.Errorf("enter gave %#v, want the category in use, news", got)
	}
}

func TestNewCategory(t *testing.T) {
	m := typeText(New(theme.Plain(), inUse, ""), "  Cooking   recipes ")
	if !strings.Contains(m.View(), "new category Cooking recipes") {
		t.Errorf("view does not say it is new:\n%s", m.View())
	}
	_, cmd := press(m, tea.KeyEnter)
	if got := chosen(t, cmd); got != (ChosenMsg{Category: "Cooking recipes"}) {
		t.Errorf("enter gave %#v", got)
	}
}

func TestTabCompletes(t *testing.T) {
	m := typeText(New(theme.Plain(), inUse, ""), "gol")
	m, _ = press(m, tea.KeyTab)
	if m.Value() != "Golf" {
		t.Errorf("tab completed to %q, want Golf", m.Value())
	}
}

func TestEmptyClears(t *testing.T) {
	m := New(theme.Plain(), inUse, "Go")
	if m.Value() != "Go" || m.Selected() != "Go" {
		t.Fatalf("starts with %q selected %q", m.Value(), m.Selected())
	}
	m = clear(m)
	_, cmd := press(m, tea.KeyEnter)
	if got := chosen(t, cmd); got != (ChosenMsg{Category: ""}) {
		t.Errorf("enter on empty gave %#v", got)
	}
}

func TestUpReturnsToTypedText(t *testing.T) {
	m := typeText(New(theme.Plain(), inUse, ""), "Go")
	// "Go" matches exactly: highlighted. Up leaves the list for the text.
	if m.Selected() != "Go" {
		t.Fatalf("selected %q", m.Selected())
	}
	m, _ = press(m, tea.KeyUp)
	if m.Selected() != "" {
		t.Fatalf("selected %q after up", m.Selected())
	}
	m = typeText(m, "lfing")
	_, cmd := press(m, tea.KeyEnter)
	if got := chosen(t, cmd); got != (ChosenMsg{Category: "Golfing"}) {
		t.Errorf("gave %#v", got)
	}
}

func TestEscCancels(t *testing.T) {
	_, cmd := press(New(theme.Plain(), inUse, ""), tea.KeyEsc)
	if got := chosen(t, cmd); got != (CancelledMsg{}) {
		t.Errorf("esc gave %#v", got)
	}
}

func TestSanitisesCategories(t *testing.T) {
	m := New(theme.Plain(), []string{"evil\x1b[2Jcat\x07"}, "")
	m.SetSize(60, 12)
	v := m.View()
	if strings.ContainsAny(v, "\x1b\x07") {
		t.Fatalf("escape reached the screen: %q", v)
	}
	if !strings.Contains(v, "evilcat") {
		t.Errorf("view:\n%s", v)
	}
	// The value chosen is the category as the catalogue holds it, so the
	// record joins that category.
	m, _ = press(m, tea.KeyDown)
	_, cmd := press(m, tea.KeyEnter)
	if got := chosen(t, cmd); got != (ChosenMsg{Category: "evil\x1b[2Jcat\x07"}) {
		t.Errorf("gave %#v", got)
	}
}

func TestScrollKeepsSelectionVisible(t *testing.T) {
	var many []string
	for i := 0; i < 30; i++ {
		many = append(many, "cat"+string(rune('A'+i)))
	}
	m := New(theme.Plain(), many, "")
	m.SetSize(40, 10)
	for i := 0; i < 20; i++ {
		m, _ = press(m, tea.KeyDown)
	}
	v := m.View()
	if !strings.Contains(v, "› "+m.Selected()) {
		t.Errorf("selected %q not shown:\n%s", m.Selected(), v)
	}
	if n := strings.Count(v, "\n") + 1; n > 10 {
		t.Errorf("%d lines in a height of 10", n)
	}
	golden(t, "scrolled-40x10", v)
}

func TestGolden(t *testing.T) {
	m := New(theme.Plain(), inUse, "")
	m.SetSize(60, 12)
	m = typeText(m, "o")
	m, _ = press(m, tea.KeyDown)
	golden(t, "typed-60x12", m.View())
}

func TestMouseWheel(t *testing.T) {
	m := New(theme.Plain(), inUse, "")
	m, _ = m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	m, _ = m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if m.Selected() != "Golf" {
		t.Errorf("two notches down: %q, want Golf", m.Selected())
	}
	for i := 0; i < 5; i++ {
		m, _ = m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelUp, Action: tea.MouseActionPress})
	}
	if m.Selected() != "" {
		t.Errorf("wheel up past the top: %q, want the typed text", m.Selected())
	}
}
