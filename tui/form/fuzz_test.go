package form

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// FuzzTyping types any text into every input of the form and saves: the
// form must not panic, must not put a control character on screen, and
// must submit only records the catalogue accepts.
func FuzzTyping(f *testing.F) {
	f.Add("https://example.org/", "Example", "X-Foo", "bar", 3)
	f.Add("http://bücher.example/\x1b[2J", "\x00name\t", "X-\x9b", "\u2028", 7)
	f.Add("", "   ", "Colour", "", 0)
	f.Fuzz(func(t *testing.T, uri, name, extName, extValue string, rating int) {
		m := New(dialog.NewContext(theme.Plain()), sample(), []string{"Programming"})
		m.SetSize(60, 12)
		inputs := map[string]string{"URI": uri, "NAME": name, "RATING": string(rune('0' + abs(rating)%10))}
		for i := 0; i < len(m.slots()); i++ {
			field := m.Focused()
			if v, ok := inputs[field]; ok {
				m.current().SetValue("")
				m = typeText(m, v)
			}
			if field == "" {
				m = typeText(m, extName)
				m.Update(tea.KeyMsg{Type: tea.KeyTab})
				m = typeText(m, extValue)
				break
			}
			m.Update(tea.KeyMsg{Type: tea.KeyTab})
		}
		v := m.View()
		for _, r := range v {
			if r != '\n' && (r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0) {
				t.Fatalf("control character %U on screen: %q", r, v)
			}
		}
		if _, ps := m.Record(); len(ps) > 0 {
			return // ctrl+s would only focus the first field in error
		}
		_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyCtrlS})
		if cmd == nil {
			return // nothing changed: the form closed
		}
		if sm, ok := cmd().(SubmittedMsg); ok {
			rec := sm.Record.Clone()
			rec.Date = time.Now()
			if ps := rec.Validate(); len(ps) > 0 {
				t.Fatalf("submitted a record the catalogue refuses: %v", ps)
			}
		}
	})
}

func abs(n int) int {
	if n < 0 {
		return -(n + 1)
	}
	return n
}
