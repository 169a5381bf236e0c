package picker

import (
	"reflect"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	xgolden "github.com/charmbracelet/x/exp/golden"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/dialog/dialogtest"
	"github.com/uricat/uricat/tui/theme"
)

// golden compares got with testdata/<test>/<name>.golden; go test -update
// rewrites it.
func golden(t *testing.T, name, got string) {
	t.Helper()
	t.Run(name, func(t *testing.T) { xgolden.RequireEqual(t, []byte(got)) })
}

func newPicker(categories []string, current string) *Model {
	ctx := dialog.NewContext(theme.Plain())
	ctx.Store = &dialogtest.Store{}
	return New(ctx, ssd3.NewRecord(ssd3.Values{Category: current}), categories)
}

func typeText(m *Model, s string) *Model {
	for _, r := range s {
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	return m
}

// press returns the picker and the stack step it asked for: none, or
// to close.
func press(m *Model, k tea.KeyType) (*Model, dialog.Step) {
	m.Update(tea.KeyMsg{Type: k})
	return m, m.ctx.Take()
}

func clear(m *Model) *Model {
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
		m := typeText(newPicker(inUse, ""), c.typed)
		if got := m.Matches(); !reflect.DeepEqual(got, c.want) {
			t.Errorf("typed %q: matches %q, want %q", c.typed, got, c.want)
		}
	}
}

// chosen returns the result the picker closed with, its Record left out
// (TestChosenIsForTheRecord checks it); nil when it stayed open.
func chosen(t *testing.T, cl dialog.Step) tea.Msg {
	t.Helper()
	if !cl.Close {
		return nil
	}
	if c, ok := cl.Result.(ChosenMsg); ok {
		c.Record = nil
		return c
	}
	return cl.Result
}

func TestChosenIsForTheRecord(t *testing.T) {
	rec := ssd3.NewRecord(ssd3.Values{Name: "Go", Category: "Programming"})
	m := New(dialog.NewContext(theme.Plain()), rec, inUse)
	if m.Value() != "Programming" {
		t.Fatalf("starts with %q, want the record's category", m.Value())
	}
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	if cl := m.ctx.Take(); !cl.Close || cmd != nil || cl.Result != (ChosenMsg{Record: rec, Category: "Programming"}) {
		t.Errorf("enter gave %#v, %v", cl, cmd)
	}
}

func TestChooseHighlighted(t *testing.T) {
	m := typeText(newPicker(inUse, ""), "pro")
	m, _ = press(m, tea.KeyDown)
	if m.Selected() != "Programming" {
		t.Fatalf("selected %q", m.Selected())
	}
	_, next := press(m, tea.KeyEnter)
	if got := chosen(t, next); got != (ChosenMsg{Category: "Programming"}) {
		t.Errorf("enter gave %#v", got)
	}
}

func TestTypedTextMatchingExistingCategoryUsesItsSpelling(t *testing.T) {
	m := typeText(newPicker(inUse, ""), "NEWS")
	_, next := press(m, tea.KeyEnter)
	if got := chosen(t, next); got != (ChosenMsg{Category: "news"}) {
		t.Errorf("enter gave %#v, want the category in use, news", got)
	}
}

func TestNewCategory(t *testing.T) {
	m := typeText(newPicker(inUse, ""), "  Cooking   recipes ")
	if !strings.Contains(m.View(), "new category Cooking recipes") {
		t.Errorf("view does not say it is new:\n%s", m.View())
	}
	_, next := press(m, tea.KeyEnter)
	if got := chosen(t, next); got != (ChosenMsg{Category: "Cooking recipes"}) {
		t.Errorf("enter gave %#v", got)
	}
}

func TestTabCompletes(t *testing.T) {
	m := typeText(newPicker(inUse, ""), "gol")
	m, _ = press(m, tea.KeyTab)
	if m.Value() != "Golf" {
		t.Errorf("tab completed to %q, want Golf", m.Value())
	}
}

func TestEmptyClears(t *testing.T) {
	m := newPicker(inUse, "Go")
	if m.Value() != "Go" || m.Selected() != "Go" {
		t.Fatalf("starts with %q selected %q", m.Value(), m.Selected())
	}
	m = clear(m)
	_, next := press(m, tea.KeyEnter)
	if got := chosen(t, next); got != (ChosenMsg{Category: ""}) {
		t.Errorf("enter on empty gave %#v", got)
	}
}

func TestUpReturnsToTypedText(t *testing.T) {
	m := typeText(newPicker(inUse, ""), "Go")
	// "Go" matches exactly: highlighted. Up leaves the list for the text.
	if m.Selected() != "Go" {
		t.Fatalf("selected %q", m.Selected())
	}
	m, _ = press(m, tea.KeyUp)
	if m.Selected() != "" {
		t.Fatalf("selected %q after up", m.Selected())
	}
	m = typeText(m, "lfing")
	_, next := press(m, tea.KeyEnter)
	if got := chosen(t, next); got != (ChosenMsg{Category: "Golfing"}) {
		t.Errorf("gave %#v", got)
	}
}

func TestEscCancels(t *testing.T) {
	_, next := press(newPicker(inUse, ""), tea.KeyEsc)
	if cl := next; !cl.Close || cl.Result != nil {
		t.Errorf("esc gave %#v, want Close with no result", next)
	}
}

func TestSanitisesCategories(t *testing.T) {
	m := newPicker([]string{"evil\x1b[2Jcat\x07"}, "")
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
	_, next := press(m, tea.KeyEnter)
	if got := chosen(t, next); got != (ChosenMsg{Category: "evil\x1b[2Jcat\x07"}) {
		t.Errorf("gave %#v", got)
	}
}

func TestScrollKeepsSelectionVisible(t *testing.T) {
	var many []string
	for i := 0; i < 30; i++ {
		many = append(many, "cat"+string(rune('A'+i)))
	}
	m := newPicker(many, "")
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
	m := newPicker(inUse, "")
	m.SetSize(60, 12)
	m = typeText(m, "o")
	m, _ = press(m, tea.KeyDown)
	golden(t, "typed-60x12", m.View())
}

func TestMouseWheel(t *testing.T) {
	m := newPicker(inUse, "")
	m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if m.Selected() != "Golf" {
		t.Errorf("two notches down: %q, want Golf", m.Selected())
	}
	for i := 0; i < 5; i++ {
		m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelUp, Action: tea.MouseActionPress})
	}
	if m.Selected() != "" {
		t.Errorf("wheel up past the top: %q, want the typed text", m.Selected())
	}
}

// The picker draws inside the area it is given, however small.
func TestFitsAnySize(t *testing.T) {
	for _, typed := range []string{"", "Go", "a category no record has\x07"} {
		m := typeText(newPicker(inUse, "Programming"), typed)
		m.Update(tea.KeyMsg{Type: tea.KeyEnter})
		dialogtest.Fits(t, func(w, h int) string {
			m.SetSize(w, h)
			return m.View()
		})
	}
}

// The picker applies the category itself, through the store, as it
// closes: one Set, the record selected; the category it has already is
// no edit.
func TestChoiceIsApplied(t *testing.T) {
	cat, err := catalogue.Read(strings.NewReader("URI: https://go.dev/\nNAME: Go\nDATE: 01/02/2024 10:00:00\nCATEGORY: Programming\n"))
	if err != nil {
		t.Fatal(err)
	}
	rec := cat.Records()[0]
	store := &dialogtest.Store{Cat: cat}
	ctx := dialog.NewContext(theme.Plain())
	ctx.Store = store
	if New(ctx, rec, inUse).Update(tea.KeyMsg{Type: tea.KeyEnter}); len(store.Edits) != 0 {
		t.Fatalf("the same category made an edit: %v", store.What)
	}
	m := typeText(clear(New(ctx, rec, inUse)), "Music")
	m.Update(tea.KeyMsg{Type: tea.KeyUp}) // from Music/Pop, highlighted, to the text typed
	m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	if next := m.ctx.Take(); !next.Close || cat.Records()[0].Category() != "Music" {
		t.Fatalf("enter gave %#v, category %q", next, cat.Records()[0].Category())
	}
	if store.Status != "put “Go” in Music" || store.Selected != rec.Ref() {
		t.Errorf("status %q, selected %v", store.Status, store.Selected)
	}
}

// Suggested categories come first, best first, marked, as long as they
// match what is typed; the rest follow as before.
func TestSuggestedFirst(t *testing.T) {
	m := newPicker(inUse, "")
	m.Suggest([]string{"Podcasts", "news"}, nil)
	if got, want := m.Matches(), []string{"Podcasts", "news", "Go", "Golf", "Music/Pop", "Programming"}; !reflect.DeepEqual(got, want) {
		t.Errorf("matches %q, want %q", got, want)
	}
	if v := m.View(); !strings.Contains(v, "Podcasts  suggested") || strings.Contains(v, "Go  suggested") {
		t.Errorf("the suggestions are not marked:\n%s", v)
	}
	typeText(m, "p")
	if got, want := m.Matches(), []string{"Podcasts", "Programming", "Music/Pop"}; !reflect.DeepEqual(got, want) {
		t.Errorf("after p: matches %q, want %q", got, want)
	}
}

// NewMany sets the category of every record in one SetMany, counting
// only those it changes; it starts with their category when they share it.
func TestNewManyOneEdit(t *testing.T) {
	c, err := catalogue.Read(strings.NewReader("URI: http://a/\nNAME: A\nCATEGORY: Go\n\nURI: http://b/\nNAME: B\nCATEGORY: Go\n\nURI: http://c/\nNAME: C\nCATEGORY: News\n"))
	if err != nil {
		t.Fatal(err)
	}
	st := &dialogtest.Store{Cat: c}
	ctx := dialog.NewContext(theme.Plain())
	ctx.Store, ctx.Width, ctx.Height = st, 80, 24
	cats := []string{"Go", "News"}
	if m := NewMany(ctx, c.Records()[:2], 0, cats); m.Value() != "Go" {
		t.Errorf("two records in Go start with %q", m.Value())
	}
	m := NewMany(ctx, c.Records(), 1, cats)
	if m.Value() != "" || !strings.Contains(m.View(), "Category of 3 selected records") || !strings.Contains(m.View(), "1 of them hidden by the search") {
		t.Errorf("the picker of 3:\n%s", m.View())
	}
	typeText(m, "News")
	if _, next := press(m, tea.KeyEnter); next == (dialog.Step{}) {
		t.Fatal("enter did nothing")
	}
	if len(st.Edits) != 1 || st.What[0] != "put 2 records in News" {
		t.Fatalf("edits %v, said %q", st.Edits, st.What)
	}
	for _, r := range st.Cat.Records() {
		if r.Category() != "News" {
			t.Errorf("%s is in %q", r.Name(), r.Category())
		}
	}
}

// The category the picker starts with is replaced by what is typed, not
// added to: c on a record in Archive/2019, then "Archi", looks for Archi.
func TestTypingReplacesTheCategoryItStartsWith(t *testing.T) {
	t.Parallel()
	m := newPicker([]string{"Archive/2019", "Archive"}, "Archive/2019")
	typeText(m, "Archi")
	if m.Value() != "Archi" {
		t.Errorf("typed Archi over Archive/2019: %q", m.Value())
	}
	m = newPicker([]string{"Archive/2019"}, "Archive/2019")
	press(m, tea.KeyBackspace)
	if m.Value() != "Archive/201" {
		t.Errorf("backspace edits the category it starts with: %q", m.Value())
	}
}

// Enter takes the highlighted category, the first match: a few letters
// typed do not make a new category while one in use matches them; up
// from the first match goes to the text, for a new category.
func TestEnterTakesTheFirstMatch(t *testing.T) {
	t.Parallel()
	m := typeText(newPicker([]string{"Travel", "Music"}, ""), "Tr")
	if !strings.Contains(m.View(), "enter: choose Travel") {
		t.Errorf("the hint does not say enter chooses Travel:\n%s", m.View())
	}
	if _, next := press(m, tea.KeyEnter); chosen(t, next) != (ChosenMsg{Category: "Travel"}) {
		t.Errorf("Tr, enter: %#v, want Travel", chosen(t, next))
	}
	m = typeText(newPicker([]string{"Travel", "Music"}, ""), "Tr")
	press(m, tea.KeyUp)
	if _, next := press(m, tea.KeyEnter); chosen(t, next) != (ChosenMsg{Category: "Tr"}) {
		t.Errorf("Tr, up, enter: %#v, want the new category Tr", chosen(t, next))
	}
}

// Clearing the category of many records asks first; yes clears them, in
// one edit.
func TestClearingManyAsks(t *testing.T) {
	t.Parallel()
	c, err := catalogue.Read(strings.NewReader("URI: http://a/\nNAME: A\nCATEGORY: Go\n\nURI: http://b/\nNAME: B\nCATEGORY: News\n"))
	if err != nil {
		t.Fatal(err)
	}
	st := &dialogtest.Store{Cat: c}
	ctx := dialog.NewContext(theme.Plain())
	ctx.Store, ctx.Width, ctx.Height = st, 80, 24
	m := NewMany(ctx, c.Records(), 0, []string{"Go", "News"})
	m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	next := m.ctx.Take()
	open, ok := next, next.Open != nil
	if !ok || len(st.Edits) != 0 {
		t.Fatalf("enter on an empty input for 2 records gave %#v and %d edits, want a question and none", next, len(st.Edits))
	}
	if v := open.Open.View(); !strings.Contains(v, "Clear the category of 2 selected records?") {
		t.Errorf("the question:\n%s", v)
	}
	if next, _ := m.Update(clearManyMsg{}); len(st.Edits) != 1 || st.What[0] != "removed the category of 2 records" {
		t.Errorf("yes gave %#v, edits %q", next, st.What)
	}
}
