package form

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// BenchmarkKeystroke is one character typed into the URI field: every
// field revalidated by the catalogue's validators, and a frame.
func BenchmarkKeystroke(b *testing.B) {
	m := New(dialog.NewContext(theme.Plain()), sample(), []string{"Programming", "News"})
	m.SetSize(80, 24)
	keys := []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune{'x'}}, {Type: tea.KeyBackspace}}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		m.Update(keys[i%2])
		_ = m.View()
	}
}
