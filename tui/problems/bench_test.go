package problems

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/internal/cputime"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// bigCatalogue is n records, one in ten with a URI the catalogue rejects
// and one in ten with a bad RATING: a badly damaged file at realistic size.
func bigCatalogue(b *testing.B, n int) *catalogue.Catalogue {
	b.Helper()
	var sb strings.Builder
	for i := 0; i < n; i++ {
		uri := fmt.Sprintf("https://example.org/page/%d", i)
		if i%10 == 3 {
			uri = fmt.Sprintf("page %d", i)
		}
		fmt.Fprintf(&sb, "URI: %s\r\nNAME: Page %d\r\nDATE: 01/02/2024 10:00:00\r\n", uri, i)
		if i%10 == 7 {
			sb.WriteString("RATING: 9\r\n")
		}
		sb.WriteString("\r\n")
	}
	c, err := catalogue.Read(strings.NewReader(sb.String()))
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// BenchmarkOpen100k is opening the view on 100,000 records, 20,000 of
// them with problems.
func BenchmarkOpen100k(b *testing.B) {
	c := bigCatalogue(b, 100_000)
	th := theme.Plain()
	b.ResetTimer()
	start := cputime.Used()
	for b.Loop() {
		m := New(dialog.NewContext(th), c)
		m.SetSize(80, 24)
		_ = m.View()
	}
	cputime.Report(b, start)
}

// BenchmarkMoveAndRender100k is one cursor move and a frame.
func BenchmarkMoveAndRender100k(b *testing.B) {
	m := New(dialog.NewContext(theme.Plain()), bigCatalogue(b, 100_000))
	m.SetSize(80, 24)
	down := tea.KeyMsg{Type: tea.KeyDown}
	b.ResetTimer()
	start := cputime.Used()
	for b.Loop() {
		m.Update(down)
		_ = m.View()
	}
	cputime.Report(b, start)
}
