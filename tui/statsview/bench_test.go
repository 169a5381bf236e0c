package statsview

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/internal/cputime"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/dialog/dialogtest"
	"github.com/uricat/uricat/tui/theme"
)

// benchCatalogue returns a catalogue of 100,000 records over 500
// categories, rated 0 to 5, added over 20 years, one in 50 invalid.
func benchCatalogue(b *testing.B) *catalogue.Catalogue {
	var sb strings.Builder
	for i := range 100_000 {
		if i%50 != 0 {
			fmt.Fprintf(&sb, "URI: http://x.example/%d\n", i)
		}
		fmt.Fprintf(&sb, "NAME: x%d\nDATE: 01/01/%d 00:00:00\nCATEGORY: Folder %d/Sub %d\n", i, 2005+i%20, i%100, i%5)
		if r := i % 6; r > 0 {
			fmt.Fprintf(&sb, "RATING: %d\n", r)
		}
		sb.WriteString("\n")
	}
	c, err := catalogue.Read(strings.NewReader(sb.String()))
	if err != nil {
		b.Fatal(err)
	}
	return c
}

func benchContext(c *catalogue.Catalogue) dialog.Context {
	ctx := dialog.NewContext(theme.Plain())
	ctx.SetSize(120, 40)
	ctx.Store = &dialogtest.Store{Cat: c}
	return ctx
}

// BenchmarkStatsReload counts 100,000 records again after an edit
// (dialog.Reloader), as the root does while the stats view is open.
// "update-cpu-ms/op" is what Update's goroutine pays: Reload and the
// View meanwhile, then taking in the counts (Update) and their View;
// "build-cpu-ms/op" is Reload's command, which runs beside it.
func BenchmarkStatsReload(b *testing.B) {
	c := benchCatalogue(b)
	m := New(benchContext(c), c)
	if cmd := m.Init(); cmd != nil {
		m.Update(cmd())
	}
	var keys, build int64
	b.ResetTimer()
	start := cputime.Used()
	for b.Loop() {
		t0 := cputime.Used()
		cmd := m.Reload(c)
		_ = m.View()
		t1 := cputime.Used()
		var msg tea.Msg
		if cmd != nil {
			msg = cmd()
		}
		t2 := cputime.Used()
		if msg != nil {
			m.Update(msg)
		}
		if m.View() == "" || m.Stats().Records != 100_000 {
			b.Fatal("not counted")
		}
		t3 := cputime.Used()
		keys += int64(t1-t0) + int64(t3-t2)
		build += int64(t2 - t1)
	}
	cputime.Report(b, start)
	b.ReportMetric(float64(keys)/float64(b.N)/1e6, "update-cpu-ms/op")
	b.ReportMetric(float64(build)/float64(b.N)/1e6, "build-cpu-ms/op")
}

// BenchmarkStatsOpen opens the stats view of 100,000 records (#) and
// draws it. "update-cpu-ms/op" is what Update's goroutine pays: New and
// the first View, then taking in Init's counts and their View;
// "build-cpu-ms/op" is Init's command, which runs beside it.
func BenchmarkStatsOpen(b *testing.B) {
	c := benchCatalogue(b)
	ctx := benchContext(c)
	var keys, build int64
	b.ResetTimer()
	start := cputime.Used()
	for b.Loop() {
		t0 := cputime.Used()
		m := New(ctx, c)
		_ = m.View()
		t1 := cputime.Used()
		var msg tea.Msg
		if cmd := m.Init(); cmd != nil {
			msg = cmd()
		}
		t2 := cputime.Used()
		if msg != nil {
			m.Update(msg)
		}
		if m.View() == "" || m.Stats().Records != 100_000 {
			b.Fatal("not counted")
		}
		t3 := cputime.Used()
		keys += int64(t1-t0) + int64(t3-t2)
		build += int64(t2 - t1)
	}
	cputime.Report(b, start)
	b.ReportMetric(float64(keys)/float64(b.N)/1e6, "update-cpu-ms/op")
	b.ReportMetric(float64(build)/float64(b.N)/1e6, "build-cpu-ms/op")
}
