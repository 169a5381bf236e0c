package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// A status message goes with the next key that says nothing itself, or
// after a few seconds; the timer of an older message leaves a newer one.
func TestStatusMessageGoes(t *testing.T) {
	t.Parallel()
	var expired []tea.Msg
	opts := quiet(Options{})
	opts.Tick = func(d time.Duration, f func(time.Time) tea.Msg) tea.Cmd {
		if d == statusTTL {
			expired = append(expired, f(time.Now()))
		}
		return nil
	}

	h := newHarnessWith(t, fixture, 80, 24, opts)
	bar := func() string {
		lines := strings.Split(h.m.View(), "\n")
		return lines[len(lines)-3]
	}
	h.selectName("Google")
	h.keys("4")
	if !strings.Contains(bar(), "rated") {
		t.Fatalf("no message after rating:\n%s", h.m.View())
	}
	h.keys("j")
	if strings.TrimSpace(bar()) != "" {
		t.Errorf("the message stayed after the next key: %q", bar())
	}

	h.keys("3") // rates: a message, and its timer
	first := expired[len(expired)-1]
	h.keys("j", "2") // another message, another timer
	if !strings.Contains(bar(), "rated") {
		t.Fatalf("no message after rating:\n%s", h.m.View())
	}
	h.send(first)
	if !strings.Contains(bar(), "rated") {
		t.Errorf("an older message's timer took the newer one away:\n%s", h.m.View())
	}
	h.send(expired[len(expired)-1])
	if strings.TrimSpace(bar()) != "" {
		t.Errorf("the message stayed after its time: %q", bar())
	}
}

// While a pass over new records runs (after an import of many, say), the
// status bar does not count the last pass's rows as these: "…/N shown".
func TestStatusBarWhileAPassRuns(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	recs := append(h.m.list.Records()[:len(h.m.list.Records()):len(h.m.list.Records())], h.m.list.Records()[0])
	h.m.refilter(recs) // a pass over other records started that has not answered
	if bar := h.m.statusBar(); !strings.Contains(bar, fmt.Sprintf("…/%d shown", len(recs))) {
		t.Errorf("status bar while a pass runs: %q", bar)
	}
}
