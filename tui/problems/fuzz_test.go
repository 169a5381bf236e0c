package problems

import (
	"strings"
	"testing"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// FuzzView reads any file as a catalogue and checks that the problems view
// never panics, never lets a control character of the file reach the
// screen, and never draws outside the area it was given: more lines than
// its height, or a line wider than its width.
func FuzzView(f *testing.F) {
	f.Add(sample, 80, 24)
	f.Add("URI: \x1b]52;c;AAAA\x07\r\nNAME: \x9b2J\r\n", 40, 5)
	f.Add("garbage\n\n\nmore garbage\r", 20, 3)
	f.Add("NAME: =?utf-8?B?G1syShtbMzFt?=\r\nDATE: x\r\n", 60, 8)
	f.Fuzz(func(t *testing.T, text string, w, h int) {
		w, h = 1+abs(w)%200, 1+abs(h)%60
		c, err := catalogue.Read(strings.NewReader(text))
		if err != nil {
			return
		}
		m := New(dialog.NewContext(theme.Plain()), c)
		m.SetSize(w, h)
		for _, k := range []tea.KeyType{tea.KeyDown, tea.KeyPgDown, tea.KeyEnd, tea.KeyUp, tea.KeyHome} {
			m.Update(tea.KeyMsg{Type: k})
			v := m.View()
			for _, r := range v {
				if r != '\n' && (r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0) {
					t.Fatalf("control character %U on screen: %q", r, v)
				}
			}
			if !utf8.ValidString(v) {
				t.Fatalf("invalid UTF-8 on screen: %q", v)
			}
			if n := strings.Count(v, "\n") + 1; n > h {
				t.Fatalf("%d lines in a height of %d:\n%s", n, h, v)
			}
			for _, line := range strings.Split(v, "\n") {
				if n := lipgloss.Width(line); n > w {
					t.Fatalf("a line %d cells wide in a width of %d: %q", n, w, line)
				}
			}
		}
	})
}

func abs(n int) int {
	if n < 0 {
		if n == -n { // the smallest int
			return 0
		}
		return -n
	}
	return n
}
