package tui

import (
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/tui/theme"
)

// The whole program, with real goroutines and saves: v, j, j, v selects a
// range, 4 rates it in one edit, saved; u undoes it, saved too.
func TestSelectRangeRateUndoInTheRealProgram(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, fixture)
	m := newModel(Options{Path: path, Theme: theme.Plain()})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	wait := func(what string, ok func(string) bool) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return ok(string(b)) },
			teatest.WithDuration(30*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	}
	contains := func(s string) func(string) bool { return func(b string) bool { return strings.Contains(b, s) } }
	wait("the list", contains("/6 shown"))
	for _, k := range []string{"v", "j", "j", "v", "4"} {
		tm.Send(keyMsg(k))
	}
	wait("the rating", contains("rated 3 records ★★★★"))
	ratings := func() []int {
		c, err := catalogue.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		var out []int
		for _, n := range []string{"Google", specName, "go.dev"} {
			out = append(out, find(c, n).Rating())
		}
		return out
	}
	saved := func(want ...int) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for {
			got := ratings()
			if slices.Equal(got, want) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("the file has ratings %v, want %v", got, want)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	saved(4, 4, 4)
	tm.Send(keyMsg("u"))
	wait("the undo", contains("undid"))
	saved(1, 2, 5)
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	final := tm.FinalModel(t, teatest.WithFinalTimeout(30*time.Second)).(*Model)
	if len(final.list.Marked()) != 3 {
		t.Errorf("%d selected after undo, want the 3", len(final.list.Marked()))
	}
}
