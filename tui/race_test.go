package tui

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gen"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/tui/theme"
)

// The race issue 4 describes: bubbles' list starts an unlabelled pass per
// keystroke, so a slow pass for "g" can land after the pass for "git" and
// show g's results under the query git. Here every pass is labelled. Each
// pass finishes before the next key (so cancelling cannot hide it), then
// the answers land newest first and the stale ones after: the list must
// show git's results.
func TestStaleSearchAnswersAreDropped(t *testing.T) {
	h := newHarness(t, fixture, 80, 24)
	h.keys("/")
	var answers []tea.Msg
	for _, r := range "git" {
		_, cmd := h.m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		// With ticks off in tests, the command is the pass itself.
		answers = append(answers, cmd())
	}
	for i := len(answers) - 1; i >= 0; i-- {
		if answers[i].(filteredMsg).res == nil {
			t.Fatalf("pass %d was cancelled before it ran", i)
		}
		h.send(answers[i])
	}
	assertGit(t, h)
}

func assertGit(t *testing.T, h *harness) {
	t.Helper()
	want := "The Go Programming Language (git)"
	if got := h.names(); len(got) != 1 || got[0] != want {
		t.Fatalf("query git shows %q, want only %q: a stale answer won", got, want)
	}
	if h.m.list.res.search.text != "git" {
		t.Errorf("shown answer is for %q", h.m.list.res.search.text)
	}
	if h.m.list.busy {
		t.Error("still busy after the newest answer landed")
	}
}

// The same with the passes running concurrently after all keys, as the
// runtime may: the older ones were cancelled and answer nothing.
func TestConcurrentPassesNewestWins(t *testing.T) {
	h := newHarness(t, fixture, 80, 24)
	h.keys("/")
	var passes []tea.Cmd
	for _, r := range "git" {
		_, cmd := h.m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		passes = append(passes, cmd)
	}
	msgs := make([]tea.Msg, len(passes))
	var wg sync.WaitGroup
	for i, p := range passes {
		wg.Add(1)
		go func() { defer wg.Done(); msgs[i] = p() }()
	}
	wg.Wait()
	for i := len(msgs) - 1; i >= 0; i-- {
		h.send(msgs[i])
	}
	assertGit(t, h)
}

// A newer keystroke cancels the running pass: its answer is nil.
func TestNewPassCancelsTheRunningOne(t *testing.T) {
	ix := newIndex(mustOpen(t, gen.Catalogue(20000)).Records(), 1, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res := (pass{seq: 1, text: "g", recs: ix.recs, prev: &result{ix: ix}}).run(ctx); res != nil {
		t.Error("a cancelled pass answered")
	}
}

func mustOpen(t testing.TB, text string) *catalogue.Catalogue {
	t.Helper()
	c, err := catalogue.Open(writeCatalogue(t, text))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The whole program, typing fast over 100,000 records with real
// goroutines: the final screen must show the count for the final query.
func TestTypingFastInTheRealProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("100,000 records")
	}
	c := mustOpen(t, gen.Catalogue(100000))
	want := (pass{text: "git server", recs: c.Records()}).run(context.Background())
	m := New(Options{Catalogue: c, Theme: theme.Plain()})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(string(b), "/100000 shown") },
		teatest.WithDuration(60*time.Second))
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'/'}})
	for _, r := range "git server" {
		tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	wantBar := fmt.Sprintf("%d/100000 shown", len(want.shown))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(string(b), wantBar) },
		teatest.WithDuration(60*time.Second))
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	final := tm.FinalModel(t, teatest.WithFinalTimeout(30*time.Second)).(*Model)
	if final.list.res.search.text != "git server" || len(final.list.res.shown) != len(want.shown) {
		t.Errorf("final answer is for %q with %d records; want %q with %d",
			final.list.res.search.text, len(final.list.res.shown), "git server", len(want.shown))
	}
	got, wantRecs := final.list.res.records(), want.records()
	for i, r := range got[:min(20, len(got))] {
		if r != wantRecs[i] {
			t.Fatalf("row %d is %q, want %q", i, r.Name(), wantRecs[i].Name())
		}
	}
}

// Many edits without a search must not keep every old snapshot alive.
func TestIndexChainStaysShort(t *testing.T) {
	c := mustOpen(t, gen.Catalogue(100))
	ix := newIndex(c.Records(), 1, nil)
	ix.search()
	for i := range 50 {
		recs := append([]*catalogue.Record(nil), c.Records()...)
		recs[i%len(recs)] = recs[i%len(recs)].Clone()
		recs[i%len(recs)].SetName("Zebra")
		ix = newIndex(recs, uint64(i+2), ix)
	}
	n := 0
	for p := ix.prev.Load(); p != nil; p = p.prev.Load() {
		n++
	}
	if n > 1 {
		t.Errorf("an index keeps %d predecessors alive", n)
	}
	q, _ := query.Parse("zebra")
	hits, _ := ix.search().Search(context.Background(), q, nil)
	if len(hits) != 1 || ix.recs[hits[0].Pos] != ix.recs[49] {
		t.Errorf("the index of the last snapshot finds %v for zebra, want record 49 alone", hits)
	}
}
