package tui

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gen"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/theme"
)

// TestStressEditsWhileSearchingSortingAndSaving runs the real program (its
// goroutines, its commands) while keys rate, delete, undo and redo, search
// and sort, and another process edits and saves the same file. Run under
// -race, it proves that nothing but Update touches the catalogue; at the
// end, what the program holds is what the file holds.
func TestStressEditsWhileSearchingSortingAndSaving(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, gen.Catalogue(2000))
	c, err := catalogue.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	// The real program's timer: a save that meets another process's lock
	// retries on one.
	opts := quiet(Options{Path: path, Catalogue: c, Theme: theme.Plain()})
	opts.Tick = tea.Tick
	m := New(opts)
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(string(b), "/2000 shown") },
		teatest.WithDuration(60*time.Second))

	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Add(1)
	go func() { // another uricat, editing and saving
		defer wg.Done()
		rng := rand.New(rand.NewPCG(1, 2))
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			o, err := catalogue.Open(path)
			if err != nil {
				t.Error(err)
				return
			}
			recs := o.Records()
			r := recs[rng.IntN(len(recs))]
			o.Apply(catalogue.Set{Ref: r.Ref(), Fields: []ssd3.Field{{Name: "X-OTHER", Value: fmt.Sprint(i)}}})
			if i%5 == 0 {
				o.Apply(catalogue.Add{Records: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: fmt.Sprintf("https://other.example/%d", i), Name: "Other"})}})
			}
			o.Save()
			time.Sleep(3 * time.Millisecond)
		}
	}()
	rng := rand.New(rand.NewPCG(3, 4))
	keys := []string{"j", "j", "k", "3", "5", "0", "u", "ctrl+r", "s", "S", "b", "b", "b", "d", "G", "g"}
	for i := 0; i < 400; i++ {
		switch k := keys[rng.IntN(len(keys))]; k {
		case "ctrl+r":
			tm.Send(tea.KeyMsg{Type: tea.KeyCtrlR})
		case "d": // delete, confirmed
			tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("d")})
			tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("y")})
		default:
			tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
		}
		if i%50 == 0 { // a search, typed fast, then cleared
			tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("/")})
			tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("git")})
			tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
			tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
		}
		time.Sleep(time.Millisecond)
	}
	close(stop)
	wg.Wait()
	// A last change, so that the last save merges everything; then q, which
	// waits for the running save. Should a conflict keep it from quitting,
	// ctrl+c ends it later.
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("4")})
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")})
	go func() {
		time.Sleep(30 * time.Second)
		tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	}()
	final := tm.FinalModel(t, teatest.WithFinalTimeout(90*time.Second)).(*Model)
	if final.store.Saving() {
		t.Fatalf("a save still ran 30 s after the last key: %s (waiting for the lock: %v)", final.status.msg, final.store.WaitingLock())
	}
	if final.store.Unsaved() {
		// A record deleted here and edited there is a conflict: shown, kept
		// in memory, nothing written.
		t.Logf("ended with a conflict: %s", final.status.msg)
		return
	}
	disk, err := catalogue.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := recordTexts(disk), recordTexts(final.store.Catalogue()); got != want {
		t.Errorf("the file and the program differ at the end")
	}
}

func recordTexts(c *catalogue.Catalogue) string {
	var b strings.Builder
	for _, r := range c.Records() {
		for _, n := range ssd3.FieldNames(r) {
			b.WriteString(n + "=" + ssd3.GetField(r, n) + ";")
		}
		b.WriteString("\n")
	}
	return b.String()
}
