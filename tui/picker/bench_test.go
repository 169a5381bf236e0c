package picker

import (
	"fmt"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// BenchmarkKeystroke5k is one typed character and a frame, over 5,000
// categories in use (far more than real catalogues have).
func BenchmarkKeystroke5k(b *testing.B) {
	cats := make([]string, 5000)
	for i := range cats {
		cats[i] = fmt.Sprintf("Category %d/Topic %d", i, i%37)
	}
	m := New(dialog.NewContext(theme.Plain()), &ssd3.Record{}, cats)
	m.SetSize(80, 24)
	keys := []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune{'4'}}, {Type: tea.KeyBackspace}}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		m.Update(keys[i%2])
		_ = m.View()
	}
}
