package form

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
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
			rec.SetDate(time.Now())
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

// FuzzDateInput types any text into the DATE input of a record that has
// no DATE: a DATE the form submits is one the catalogue's Set keeps as
// typed, and an empty one becomes now.
func FuzzDateInput(f *testing.F) {
	f.Add("28/02/2007 10:00:00")
	f.Add("31/02/2007 10:00:00")
	f.Add("")
	f.Add("29/02/2000 23:59:59\x1b[2J")
	f.Fuzz(func(t *testing.T, date string) {
		c, err := catalogue.Read(strings.NewReader("URI: http://a.example/\r\nNAME: A\r\n"))
		if err != nil {
			t.Fatal(err)
		}
		orig := c.Records()[0]
		m := New(dialog.NewContext(theme.Plain()), orig, nil)
		for i := 0; m.Focused() != ssd3.FieldDate; i++ {
			if i > 20 {
				t.Fatal("the form of a record without DATE has no DATE input")
			}
			m.Update(tea.KeyMsg{Type: tea.KeyTab})
		}
		m = typeText(m, date)
		if _, ps := m.Record(); len(ps) > 0 {
			// ctrl+s would focus the DATE input: the DATE typed must be
			// one ParseDate refuses.
			if _, err := ssd3.ParseDate(strings.TrimSpace(m.current().Value())); err == nil {
				t.Fatalf("DATE %q refused: %v", m.current().Value(), ps)
			}
			return
		}
		_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyCtrlS})
		sm, ok := cmd().(SubmittedMsg)
		if !ok {
			t.Fatalf("a form without problems did not submit: %T", cmd())
		}
		fields := ssd3.Diff(sm.Original, sm.Record) // with the DATE typed, if any
		c.Now = func() time.Time { return time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC) }
		if _, err := c.Apply(catalogue.Set{Ref: orig.Ref(), Fields: fields}); err != nil {
			t.Fatalf("the catalogue refuses the DATE %q typed: %v", date, err)
		}
		got := c.Records()[0]
		want := sm.Record.Date()
		if want.IsZero() {
			want = c.Now()
		}
		if !got.Valid() || !got.Date().Equal(want) {
			t.Fatalf("typed %q: stored %v, want %v", date, got.Date(), want)
		}
	})
}
