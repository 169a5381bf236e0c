package retag

import (
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/dialog/dialogtest"
	"github.com/uricat/uricat/tui/theme"
)

const text = `URI: http://a.example/
NAME: A
X-TAGS: old, go

URI: http://b.example/
NAME: B
X-TAGS: old

URI: http://c.example/
NAME: C
`

// open returns the dialog for every record of text, and its store.
func open(t *testing.T, all, suggested []string) (*Model, *dialogtest.Store) {
	t.Helper()
	c, err := catalogue.Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	st := &dialogtest.Store{Cat: c}
	ctx := dialog.NewContext(theme.Plain())
	ctx.Store, ctx.Width, ctx.Height = st, 80, 24
	return New(ctx, c.Records(), 0, all, suggested), st
}

// send types keys and returns the stack step the last one asked for.
func send(m *Model, keys ...string) dialog.Step {
	var next dialog.Step
	for _, k := range keys {
		var msg tea.KeyMsg
		switch k {
		case "tab":
			msg = tea.KeyMsg{Type: tea.KeyTab}
		case "down":
			msg = tea.KeyMsg{Type: tea.KeyDown}
		case "enter":
			msg = tea.KeyMsg{Type: tea.KeyEnter}
		default:
			msg = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
		}
		m.Update(msg)
		next = m.ctx.Take()
	}
	return next
}

// tab completes from the suggestions first, then every tag in use; in
// remove, from the tags the records carry, the most carried first.
func TestCompletions(t *testing.T) {
	for _, tc := range []struct {
		name string
		keys []string
		want []string
	}{
		{"add: suggestions first", nil, []string{"web", "go", "gopher", "news"}},
		{"add: by prefix", []string{"g"}, []string{"go", "gopher"}},
		{"add: not those typed already", []string{"g", "o", ",", " "}, []string{"web", "gopher", "news"}},
		{"remove: those carried, most first", []string{"down"}, []string{"old", "go"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, _ := open(t, []string{"go", "gopher", "news", "web"}, []string{"web", "go"})
			send(m, tc.keys...)
			if got := m.Completions(); !slices.Equal(got, tc.want) {
				t.Errorf("completions %q, want %q", got, tc.want)
			}
		})
	}
}

// enter adds and removes in one edit; records that would not change are
// left out of the count.
func TestApply(t *testing.T) {
	m, st := open(t, nil, nil)
	next := send(m, "n", "e", "w", ",", " ", "g", "o", "down", "o", "tab", "enter")
	if !next.Close {
		t.Fatalf("enter did not close: %#v", next)
	}
	if len(st.Edits) != 1 {
		t.Fatalf("%d edits, want 1", len(st.Edits))
	}
	var got []string
	for _, r := range st.Cat.Records() {
		got = append(got, r.Extension(ssd3.FieldTags))
	}
	if want := []string{"go, new", "new, go", "new, go"}; !slices.Equal(got, want) {
		t.Errorf("tags %q, want %q", got, want)
	}
	if st.Status != "added new, go, removed old: 3 records" {
		t.Errorf("status %q", st.Status)
	}
}

// A tag with blanks at its ends cannot be kept by X-TAGS; a blank between
// commas is skipped; nothing typed changes nothing.
func TestRefusals(t *testing.T) {
	m, st := open(t, nil, nil)
	if next := send(m, "enter"); !next.Close || len(st.Edits) != 0 {
		t.Errorf("enter with nothing typed: %#v, %d edits", next, len(st.Edits))
	}
	m, st = open(t, nil, nil)
	if !send(m, "a", ",", ",", "b", "enter").Close || len(st.Edits) != 1 {
		t.Fatalf("a,,b: %d edits", len(st.Edits))
	}
	if got := st.Cat.Records()[2].Extension(ssd3.FieldTags); got != "a, b" {
		t.Errorf("C's tags %q", got)
	}
}

func TestFits(t *testing.T) {
	dialogtest.Fits(t, func(w, h int) string {
		m, _ := open(t, []string{"go", "a-very-long-tag-that-does-not-fit-in-a-narrow-window"}, []string{"go"})
		m.SetSize(w, h)
		return m.View()
	})
}
