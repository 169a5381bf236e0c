package organise

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/cputime"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/dialog/dialogtest"
	"github.com/uricat/uricat/tui/theme"
)

// benchCatalogue returns a catalogue of 100,000 records over 50,000
// distinct categories eight names deep (as catalogue/categorytree's
// benchmark makes them), a tenth without a category.
func benchCatalogue(b *testing.B) *catalogue.Catalogue {
	rng := rand.New(rand.NewPCG(8, 50))
	fan := []int{12, 8, 6, 6, 6, 6, 8, 10}
	seen := map[string]bool{}
	var cats []string
	for len(cats) < 50_000 {
		names := make([]string, len(fan))
		for d, f := range fan {
			names[d] = fmt.Sprintf("Folder %d.%d", d, rng.IntN(f))
		}
		if c := ssd3.JoinCategory(names); !seen[c] {
			seen[c] = true
			cats = append(cats, c)
		}
	}
	var sb strings.Builder
	for i := range 100_000 {
		fmt.Fprintf(&sb, "URI: http://x.example/%d\nNAME: x%d\nDATE: 01/01/2020 00:00:00\n", i, i)
		if i%10 != 0 {
			fmt.Fprintf(&sb, "CATEGORY: %s\n", cats[i%len(cats)])
		}
		sb.WriteString("\n")
	}
	c, err := catalogue.Read(strings.NewReader(sb.String()))
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// keyDown is the down key.
var keyDown = tea.KeyMsg{Type: tea.KeyDown}

func benchContext(c *catalogue.Catalogue) dialog.Context {
	ctx := dialog.NewContext(theme.Plain())
	ctx.SetSize(120, 40)
	ctx.Store = &dialogtest.Store{Cat: c}
	return ctx
}

// BenchmarkTreeOpen opens the tree of 50,000 categories eight deep (for
// 100,000 records) and draws it: what C costs. The issue asks for under
// 100 ms. "keys" is what Update's goroutine pays (NewTree and the first
// View, "counting…"; then the built tree's Update and View); "build" is
// Init's command, which runs beside it.
func BenchmarkTreeOpen(b *testing.B) {
	c := benchCatalogue(b)
	ctx := benchContext(c)
	var keys, build int64
	b.ResetTimer()
	start := cputime.Used()
	for b.Loop() {
		t0 := cputime.Used()
		t := NewTree(ctx, c)
		_ = t.View()
		t1 := cputime.Used()
		msg := t.Init()()
		t2 := cputime.Used()
		t.Update(msg)
		if t.View() == "" || t.Node() == nil {
			b.Fatal("no tree")
		}
		t3 := cputime.Used()
		keys += int64(t1-t0) + int64(t3-t2)
		build += int64(t2 - t1)
	}
	cputime.Report(b, start)
	b.ReportMetric(float64(keys)/float64(b.N)/1e6, "update-cpu-ms/op")
	b.ReportMetric(float64(build)/float64(b.N)/1e6, "build-cpu-ms/op")
}

// BenchmarkTreeFold folds and unfolds through the view's Update and
// draws it after each: a node (space), then every node (Z, all 60,000
// rows unfolded, then folded again). No fold rebuilds the tree.
func BenchmarkTreeFold(b *testing.B) {
	c := benchCatalogue(b)
	t := NewTree(benchContext(c), c)
	t.Update(t.Init()())
	for _, k := range []string{"space", "Z"} {
		msg := tea.KeyMsg{Type: tea.KeySpace}
		if k == "Z" {
			msg = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("Z")}
		}
		b.Run(k, func(b *testing.B) {
			start := cputime.Used()
			for b.Loop() {
				t.Update(msg)
				if t.View() == "" {
					b.Fatal("no view")
				}
			}
			cputime.Report(b, start)
		})
	}
}

// BenchmarkTreeReload rebuilds the tree of BenchmarkTreeOpen after an
// edit (dialog.Reloader), as the root does while the tree is open.
// "update-cpu-ms/op" is what Update's goroutine pays: Reload, which only
// starts the build, and the View meanwhile (the rows as they were), then
// taking in the tree built and its View; "build-cpu-ms/op" is Reload's
// command, which runs beside it.
func BenchmarkTreeReload(b *testing.B) {
	c := benchCatalogue(b)
	t := NewTree(benchContext(c), c)
	t.Update(t.Init()())
	var keys, build int64
	b.ResetTimer()
	start := cputime.Used()
	for b.Loop() {
		t0 := cputime.Used()
		cmd := t.Reload(c)
		_ = t.View()
		t1 := cputime.Used()
		msg := cmd()
		t2 := cputime.Used()
		t.Update(msg)
		if t.View() == "" || t.Node() == nil || t.build.Updating {
			b.Fatal("not rebuilt")
		}
		t3 := cputime.Used()
		keys += int64(t1-t0) + int64(t3-t2)
		build += int64(t2 - t1)
	}
	cputime.Report(b, start)
	b.ReportMetric(float64(keys)/float64(b.N)/1e6, "update-cpu-ms/op")
	b.ReportMetric(float64(build)/float64(b.N)/1e6, "build-cpu-ms/op")
}

// benchTagged returns a catalogue of 100,000 records with two to four
// tags each of 5,000 distinct ones, a tenth without tags.
func benchTagged(b *testing.B) *catalogue.Catalogue {
	rng := rand.New(rand.NewPCG(8, 51))
	var sb strings.Builder
	for i := range 100_000 {
		fmt.Fprintf(&sb, "URI: http://x.example/%d\nNAME: x%d\nDATE: 01/01/2020 00:00:00\n", i, i)
		if i%10 != 0 {
			tags := make([]string, 2+rng.IntN(3))
			for j := range tags {
				tags[j] = fmt.Sprintf("tag%d", rng.IntN(5_000))
			}
			fmt.Fprintf(&sb, "%s: %s\n", ssd3.FieldTags, strings.Join(tags, ", "))
		}
		sb.WriteString("\n")
	}
	c, err := catalogue.Read(strings.NewReader(sb.String()))
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// BenchmarkTagsReload counts the tags of 100,000 records again after an
// edit (dialog.Reloader), as the root does while the tags view is open.
// "update-cpu-ms/op" is what Update's goroutine pays: Reload and the
// View meanwhile, then taking in the count (Update) and its View;
// "build-cpu-ms/op" is Reload's command, which runs beside it.
func BenchmarkTagsReload(b *testing.B) {
	c := benchTagged(b)
	v := NewTags(benchContext(c), c)
	if cmd := v.Init(); cmd != nil {
		v.Update(cmd())
	}
	var keys, build int64
	b.ResetTimer()
	start := cputime.Used()
	for b.Loop() {
		t0 := cputime.Used()
		cmd := v.Reload(c)
		_ = v.View()
		t1 := cputime.Used()
		var msg tea.Msg
		if cmd != nil {
			msg = cmd()
		}
		t2 := cputime.Used()
		if msg != nil {
			v.Update(msg)
		}
		if v.View() == "" || v.Tag() == nil {
			b.Fatal("no tags")
		}
		t3 := cputime.Used()
		keys += int64(t1-t0) + int64(t3-t2)
		build += int64(t2 - t1)
	}
	cputime.Report(b, start)
	b.ReportMetric(float64(keys)/float64(b.N)/1e6, "update-cpu-ms/op")
	b.ReportMetric(float64(build)/float64(b.N)/1e6, "build-cpu-ms/op")
}

// BenchmarkTagsOpen opens the tags view of 100,000 records (T) and draws
// it. "update-cpu-ms/op" is what Update's goroutine pays: NewTags and
// the first View, then taking in Init's count and its View;
// "build-cpu-ms/op" is Init's command, which runs beside it.
func BenchmarkTagsOpen(b *testing.B) {
	c := benchTagged(b)
	ctx := benchContext(c)
	var keys, build int64
	b.ResetTimer()
	start := cputime.Used()
	for b.Loop() {
		t0 := cputime.Used()
		v := NewTags(ctx, c)
		_ = v.View()
		t1 := cputime.Used()
		var msg tea.Msg
		if cmd := v.Init(); cmd != nil {
			msg = cmd()
		}
		t2 := cputime.Used()
		if msg != nil {
			v.Update(msg)
		}
		if v.View() == "" || v.Tag() == nil {
			b.Fatal("no tags")
		}
		t3 := cputime.Used()
		keys += int64(t1-t0) + int64(t3-t2)
		build += int64(t2 - t1)
	}
	cputime.Report(b, start)
	b.ReportMetric(float64(keys)/float64(b.N)/1e6, "update-cpu-ms/op")
	b.ReportMetric(float64(build)/float64(b.N)/1e6, "build-cpu-ms/op")
}
