package tui

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gen"
	"github.com/uricat/uricat/tui/records"
	"github.com/uricat/uricat/tui/theme"
)

// The race issue 4 describes: bubbles' list starts an unlabelled pass per
// keystroke, so a slow pass for "g" can land after the pass for "git" and
// show g's results under the query git. Here every pass is labelled. Each
// pass finishes before the next key (so cancelling cannot hide it), then
// the answers land newest first and the stale ones after: the list must
// show git's results.
func TestStaleSearchAnswersAreDropped(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 80, 24)
	h.keys("/")
	var answers []tea.Msg
	for _, r := range "git" {
		_, cmd := h.m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		// With ticks off in tests, the command is the pass itself.
		answers = append(answers, cmd())
	}
	for i := len(answers) - 1; i >= 0; i-- {
		if answers[i].(records.FilteredMsg).Answer() == nil {
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
	if h.m.list.Answer().Text() != "git" {
		t.Errorf("shown answer is for %q", h.m.list.Answer().Text())
	}
	if busy, _ := h.m.list.Busy(); busy {
		t.Error("still busy after the newest answer landed")
	}
}

// The same with the passes running concurrently after all keys, as the
// runtime may: the older ones were cancelled and answer nothing.
func TestConcurrentPassesNewestWins(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
	if testing.Short() {
		t.Skip("100,000 records")
	}
	c := mustOpen(t, gen.Catalogue(100000))
	want := records.Find(c.Records(), "git server")
	m := newModel(Options{Catalogue: c, Theme: theme.Plain()})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(string(b), "/100000 shown") },
		teatest.WithDuration(60*time.Second))
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'/'}})
	for _, r := range "git server" {
		tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	wantBar := fmt.Sprintf("%d/100000 shown", want.Len())
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(string(b), wantBar) },
		teatest.WithDuration(60*time.Second))
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	final := tm.FinalModel(t, teatest.WithFinalTimeout(30*time.Second)).(*Model)
	if final.list.Answer().Text() != "git server" || final.list.Answer().Len() != want.Len() {
		t.Errorf("final answer is for %q with %d records; want %q with %d",
			final.list.Answer().Text(), final.list.Answer().Len(), "git server", want.Len())
	}
	got, wantRecs := final.list.Answer().Records(), want.Records()
	for i, r := range got[:min(20, len(got))] {
		if r != wantRecs[i] {
			t.Fatalf("row %d is %q, want %q", i, r.Name(), wantRecs[i].Name())
		}
	}
}
