package tui

import (
	"context"
	"fmt"
	"github.com/uricat/uricat/internal/cputime"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/list"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/tui/theme"
)

// Benchmarks on a generated 100,000-record catalogue (issue 4's targets:
// first frame within 300 ms, a search keystroke re-filtered and drawn
// within 16 ms, a cursor move drawn under 2 ms, memory under 200 MB).
// Run: go test -run XXX -bench . -benchmem ./tui

const benchN = 100000

var benchFile struct {
	once sync.Once
	path string
}

// benchCatalogue writes the generated catalogue once per run.
func benchCatalogue(b *testing.B) string {
	b.Helper()
	benchFile.once.Do(func() {
		dir, err := os.MkdirTemp("", "uricat-bench-")
		if err != nil {
			b.Fatal(err)
		}
		benchFile.path = filepath.Join(dir, "bookmarks.uricat")
		if err := os.WriteFile(benchFile.path, []byte(genCatalogue(benchN)), 0o644); err != nil {
			b.Fatal(err)
		}
	})
	return benchFile.path
}

// loadedModel returns a model with the catalogue loaded, 100x40.
func loadedModel(b *testing.B) *Model {
	b.Helper()
	m := New(Options{Path: benchCatalogue(b), Theme: theme.Fixed(termenvANSI256(), true)})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
	msg := m.loadCmd()()
	m.Update(msg)
	if m.loadErr != nil {
		b.Fatal(m.loadErr)
	}
	return m
}

// BenchmarkFirstFrame is start to first frame: open and index the file,
// run the first pass, draw.
func BenchmarkFirstFrame(b *testing.B) {
	benchCatalogue(b)
	b.ResetTimer()
	start := cputime.Used()
	for b.Loop() {
		m := loadedModel(b)
		if len(m.View()) == 0 {
			b.Fatal("empty frame")
		}
	}
	cputime.Report(b, start)
}

// BenchmarkSearchKeystroke types the next character of a search: the pass
// (narrowing the previous answer) plus applying it and drawing the frame.
func BenchmarkSearchKeystroke(b *testing.B) {
	for _, tc := range []struct{ before, after string }{
		{"", "g"},           // the first key: a pass over every record
		{"gi", "git"},       // typing on: narrows the previous answer
		{"git", "git s"},    // a second word
		{"", "rating:>=4"},  // the query language, pasted at once
		{"server", "serve"}, // backspace: a full pass again
	} {
		b.Run(fmt.Sprintf("%q->%q", tc.before, tc.after), func(b *testing.B) {
			m := loadedModel(b)
			prev := (pass{text: tc.before, recs: m.recs, prev: m.res}).run(context.Background())
			b.ResetTimer()
			start := cputime.Used()
			for b.Loop() {
				res := (pass{seq: 1, text: tc.after, recs: m.recs, prev: prev}).run(context.Background())
				m.apply(res)
				_ = m.View()
			}
			cputime.Report(b, start)
			b.ReportMetric(float64(len(m.res.shown)), "shown")
		})
	}
}

// BenchmarkSearchKeystrokeSorted is the same with a sort key chosen (the
// ordering is computed once and reused while typing).
func BenchmarkSearchKeystrokeSorted(b *testing.B) {
	m := loadedModel(b)
	m.sortKey = catalogue.SortByName
	prev := (pass{text: "", recs: m.recs, sort: m.sortKey, prev: m.res}).run(context.Background())
	b.ResetTimer()
	start := cputime.Used()
	for b.Loop() {
		res := (pass{seq: 1, text: "g", recs: m.recs, sort: m.sortKey, prev: prev}).run(context.Background())
		m.apply(res)
		_ = m.View()
	}
	cputime.Report(b, start)
}

// BenchmarkSortChange is choosing a sort key (once, in the background).
func BenchmarkSortChange(b *testing.B) {
	m := loadedModel(b)
	start := cputime.Used()
	for b.Loop() {
		res := (pass{seq: 1, recs: m.recs, sort: catalogue.SortByName, prev: m.res}).run(context.Background())
		m.apply(res)
		_ = m.View()
	}
	cputime.Report(b, start)
}

// BenchmarkGroupChange is grouping by category (in the background).
func BenchmarkGroupChange(b *testing.B) {
	m := loadedModel(b)
	start := cputime.Used()
	for b.Loop() {
		res := (pass{seq: 1, recs: m.recs, group: catalogue.GroupByCategory, prev: m.res}).run(context.Background())
		m.group = catalogue.GroupByCategory
		m.apply(res)
		_ = m.View()
	}
	cputime.Report(b, start)
}

// BenchmarkCursorMove is one key press down plus the frame.
func BenchmarkCursorMove(b *testing.B) {
	m := loadedModel(b)
	down := tea.KeyMsg{Type: tea.KeyDown}
	up := tea.KeyMsg{Type: tea.KeyUp}
	i := 0
	start := cputime.Used()
	for b.Loop() {
		if i%2000 < 1000 {
			m.Update(down)
		} else {
			m.Update(up)
		}
		i++
		_ = m.View()
	}
	cputime.Report(b, start)
}

// BenchmarkConfirmKeystroke is d (the question opens over the list) or
// n (it closes), each with its frame: the box is drawn over the list.
func BenchmarkConfirmKeystroke(b *testing.B) {
	m := loadedModel(b)
	keys := []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune{'d'}}, {Type: tea.KeyRunes, Runes: []rune{'n'}}}
	i := 0
	start := cputime.Used()
	for b.Loop() {
		m.Update(keys[i%2])
		i++
		_ = m.View()
	}
	cputime.Report(b, start)
	if m.dialogs.Len() > 1 {
		b.Fatalf("%d dialogs open", m.dialogs.Len())
	}
}

// BenchmarkMemory reports the live heap with the catalogue loaded.
func BenchmarkMemory(b *testing.B) {
	benchCatalogue(b)
	var m *Model
	start := cputime.Used()
	for b.Loop() {
		m = loadedModel(b)
		m.res.ix.text() // as after the first search
	}
	cputime.Report(b, start)
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heap-MB")
	runtime.KeepAlive(m)
}

// bubbles' list at the same scale, for comparison (issue 4): its View
// (dot paginator) and its default filter.
type benchItem struct{ r *catalogue.Record }

func (i benchItem) Title() string       { return i.r.Name }
func (i benchItem) Description() string { return i.r.URI }
func (i benchItem) FilterValue() string { return i.r.Name }

func bubblesList(b *testing.B) (list.Model, []string) {
	b.Helper()
	m := loadedModel(b)
	items := make([]list.Item, len(m.recs))
	targets := make([]string, len(m.recs))
	for i, r := range m.recs {
		items[i] = benchItem{r}
		targets[i] = r.Name
	}
	l := list.New(items, list.NewDefaultDelegate(), 100, 40)
	return l, targets
}

func BenchmarkBubblesListView(b *testing.B) {
	l, _ := bubblesList(b)
	b.ResetTimer()
	start := cputime.Used()
	for b.Loop() {
		_ = l.View()
	}
	cputime.Report(b, start)
}

func BenchmarkBubblesListDefaultFilter(b *testing.B) {
	_, targets := bubblesList(b)
	b.ResetTimer()
	start := cputime.Used()
	for b.Loop() {
		_ = list.DefaultFilter("git", targets)
	}
	cputime.Report(b, start)
}

func termenvANSI256() termenv.Profile { return termenv.ANSI256 }

// BenchmarkRateKeystroke is the edit path from a key to its frame: a
// rating applied as an edit in Update (a new version of the record, a new
// snapshot), the pass over the new snapshot, and the frame. The save runs
// in commands after the frame, off the keystroke's path.
func BenchmarkRateKeystroke(b *testing.B) {
	m := loadedModel(b)
	m.cat.Now = func() time.Time { return time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC) }
	keys := []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune{'4'}}, {Type: tea.KeyRunes, Runes: []rune{'2'}}}
	i := 0
	start := cputime.Used()
	for b.Loop() {
		m.Update(keys[i%2])
		i++
		res := (pass{seq: m.seq, text: m.input.Value(), recs: m.cat.Records(), prev: m.res}).run(context.Background())
		m.Update(filteredMsg{seq: m.seq, res: res})
		_ = m.View()
	}
	cputime.Report(b, start)
	if u, _ := m.hist.Len(); u < i-1 { // the first may rate what was rated so
		b.Fatalf("%d undo steps after %d ratings", u, i)
	}
}

// BenchmarkDuplicateWarning is a URI another record has pasted into the
// add form. keystroke is what Update does (the key index says the URI is
// there) and the frame; lookup is the command
// that finds which record has it in a snapshot, off Update, and the frame
// that warns.
func BenchmarkDuplicateWarning(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		c, err := catalogue.Read(strings.NewReader(genCatalogue(n)))
		if err != nil {
			b.Fatal(err)
		}
		c.HasURI("") // the key index, built in a command after loading
		uri := c.Records()[n/2].URI
		m := New(Options{Catalogue: c, Theme: theme.Plain()})
		m.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
		m.Update(m.loadCmd()())
		paste := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(uri), Paste: true}
		b.Run(fmt.Sprintf("keystroke/%dk", n/1000), func(b *testing.B) {
			// A form per paste (a form looks a URI up once), made
			// outside the timer and the CPU time counted.
			var cpu time.Duration
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				f := m.form(nil)
				b.StartTimer()
				start := cputime.Used()
				f.Update(paste)
				_ = f.View()
				cpu += cputime.Used() - start
			}
			b.ReportMetric(float64(cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
		})
		b.Run(fmt.Sprintf("lookup/%dk", n/1000), func(b *testing.B) {
			f := m.form(nil)
			_, cmd := f.Update(paste)
			start := cputime.Used()
			for b.Loop() {
				for _, msg := range messages(cmd) {
					f.Update(msg)
				}
				if !strings.Contains(f.View(), "already there") {
					b.Fatal("no warning")
				}
			}
			cputime.Report(b, start)
		})
	}
}

// messages runs cmd and the commands of a batch it answers, and returns
// their messages.
func messages(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range msg {
			out = append(out, messages(c)...)
		}
		return out
	case nil:
		return nil
	default:
		return []tea.Msg{msg}
	}
}
