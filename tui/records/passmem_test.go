package records

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gen"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// loaded returns a list with the catalogue text loaded, as the root's
// after its first frame, and its file.
func loaded(t testing.TB, text string) (*List, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bookmarks.uricat")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := catalogue.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	li := New(Keys{})
	li.SetHeight(26)
	li.Load(Find(c.Records(), ""))
	return li, path
}

// TestPassMemoryModel is a model-based test of the memory Update lends
// passes (memPool): keystrokes start passes, which run and whose answers
// reach Update in any order, as when a user types faster than passes
// finish: each runs on its own goroutine, as a command does, and an older
// pass, cancelled, may still be reading its prev while newer ones run.
// After every step the answer shown must be what a pass in new memory
// finds for its search and sort; and under -race, no pass may write into
// memory that the answer shown, or a pass still reading it, holds.
func TestPassMemoryModel(t *testing.T) {
	for seed := range uint64(8) {
		li, _ := loaded(t, gen.Catalogue(3000))
		li.res.Prepare() // built, as after the first frame
		rng := rand.New(rand.NewPCG(seed, 99))
		texts := []string{"", "g", "gi", "git", "git s", "s", "se", "ser", "serv", "kernel", "rust k", "rating:>=4", "-git", "zzz", "cat:"}
		sorts := []query.SortKey{{}, query.SortByName, query.SortByDate}
		type flight struct {
			cmd  tea.Cmd
			msg  tea.Msg       // once run
			done chan struct{} // closed once run; nil until started
		}
		start := func(f *flight) {
			if f.done == nil {
				f.done = make(chan struct{})
				go func() { f.msg = f.cmd(); close(f.done) }()
			}
		}
		var flights []*flight
		// want is the reference: a pass in new memory, from nothing.
		want := func(res *Answer) []*ssd3.Record {
			return (pass{text: res.search.text, recs: li.recs, sort: res.order.key}).run(context.Background()).Records()
		}
		shown := want(li.res)
		for step := 0; step < 300; step++ {
			switch op := rng.IntN(4); {
			case op == 0 || len(flights) == 0: // a keystroke, or a new sort key
				// Typing on mostly, so that most passes narrow their prev
				// (reading its matches); at times backspace, a text
				// pasted, a sort key.
				text := li.text
				switch k := rng.IntN(10); {
				case k < 5:
					text += string("git sernkl"[rng.IntN(10)])
				case k < 7 && text != "":
					text = text[:len(text)-1]
				case k < 9:
					text = texts[rng.IntN(len(texts))]
				default:
					li.sortKey = sorts[rng.IntN(len(sorts))]
				}
				flights = append(flights, &flight{cmd: li.Refilter(li.recs, text)})
				// The pass is never cancelled: as one that has not yet
				// seen it is, it reads the whole of its prev.
				li.cancel = func() {}
			case op == 1: // a pass runs: now, or on its own goroutine
				f := flights[rng.IntN(len(flights))]
				if rng.IntN(2) == 0 && f.done == nil {
					f.done = make(chan struct{})
					f.msg = f.cmd()
					close(f.done)
				}
				start(f)
			default: // a pass that runs answers
				i := rng.IntN(len(flights))
				f := flights[i]
				if f.done == nil {
					continue
				}
				<-f.done
				flights = slices.Delete(flights, i, i+1)
				// Every answer, shown or not, is what a pass in new memory
				// finds: none read memory a newer pass had written over.
				if fm := f.msg.(FilteredMsg); fm.res != nil {
					if got, w := fm.res.Records(), want(fm.res); !slices.Equal(got, w) {
						t.Fatalf("seed %d step %d: a pass for %q found %d records, one in new memory %d", seed, step, fm.res.search.text, len(got), len(w))
					}
				}
				before := li.res
				li.Filtered(f.msg.(FilteredMsg))
				if li.res != before {
					shown = want(li.res)
				}
			}
			if got := li.res.Records(); !slices.Equal(got, shown) {
				t.Fatalf("seed %d step %d: %q shows %d records, a pass in new memory %d", seed, step, li.res.search.text, len(got), len(shown))
			}
		}
		for _, f := range flights { // every pass answers, in the end
			start(f)
			<-f.done
			li.Filtered(f.msg.(FilteredMsg))
		}
		if got := li.res.Records(); !slices.Equal(got, want(li.res)) {
			t.Fatalf("seed %d: at the end %q shows %d records, a pass in new memory %d", seed, li.res.search.text, len(got), len(want(li.res)))
		}
		if li.res.users != 0 {
			t.Fatalf("seed %d: %d passes still counted as reading the answer shown", seed, li.res.users)
		}
	}
}

// TestPassKeepsItsPrevAlive: a pass that narrows the answer shown, still
// running when a newer pass's answer replaces that answer, reads it whole:
// its memory is lent to no pass before the first is done.
func TestPassKeepsItsPrevAlive(t *testing.T) {
	li, _ := loaded(t, gen.Catalogue(3000))
	li.res.Prepare()
	typed := func(text string) tea.Cmd {
		cmd := li.Refilter(li.recs, text)
		li.cancel = func() {} // as a pass that has not yet seen it is cancelled
		return cmd
	}
	answer := func(cmd tea.Cmd) { li.Filtered(cmd().(FilteredMsg)) }
	answer(typed("s"))
	shown := li.res
	slow := typed("se") // narrows "s", and has not run yet
	answer(typed("sx")) // replaces "s" while "se" still reads it
	answer(typed("ke")) // a pass that may be lent the memory of "s"
	msg := slow().(FilteredMsg)
	if msg.prev != shown {
		t.Fatal("the slow pass does not narrow the answer for \"s\"")
	}
	want := (pass{text: "se", recs: li.recs}).run(context.Background()).Records()
	if got := msg.res.Records(); !slices.Equal(got, want) {
		t.Fatalf("\"se\", narrowed from an answer since replaced: %d records, in new memory %d", len(got), len(want))
	}
	li.Filtered(msg)
	if shown.mem != nil {
		t.Fatal("the memory of the answer for \"s\" was not released once no pass read it")
	}
}

// TestWarmWithoutCollecting: the search index is made in the background
// with the collector off, as the catalogue is read: what it makes all
// stays, and at a million records the collections that ran meanwhile, to
// free next to nothing, doubled the time to make it, which the first key
// of a search typed early waits for.
func TestWarmWithoutCollecting(t *testing.T) {
	li, path := loaded(t, gen.Catalogue(20000))
	x := newIndex(li.recs, 2, nil)                  // not made yet
	defer debug.SetGCPercent(debug.SetGCPercent(1)) // a collection at every 1% the heap grows
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	warm(x, path)()
	runtime.ReadMemStats(&after)
	if !x.ready() {
		t.Fatal("warm did not make the index")
	}
	// One may have begun before the collector was turned off (the
	// program's other goroutines allocate), and end meanwhile.
	if n := after.NumGC - before.NumGC; n > 1 {
		t.Errorf("%d collections while the index was made", n)
	}
}

// TestPassStartsWithKey: a keystroke's pass starts in Update, and its
// command only waits for the answer: bubbletea runs a command once it has
// passed through the nested batches of Update's callers, goroutine to
// goroutine, which at a million records under load took 11 ms of the 50
// a keystroke has (issue 23).
func TestPassStartsWithKey(t *testing.T) {
	li, _ := loaded(t, gen.Catalogue(3000))
	cmd := li.Refilter(li.recs, "g") // its command not run yet
	f := li.flight
	select {
	case <-f.done:
	case <-time.After(5 * time.Second):
		t.Fatal("the pass has not run: it waits for its command")
	}
	if f.res == nil || f.res.search.text != "g" {
		t.Fatalf("the pass answered %+v", f.res)
	}
	li.Filtered(cmd().(FilteredMsg))
	if li.res != f.res {
		t.Error("the answer shown is not the pass's")
	}
}

// A newer keystroke cancels the running pass: its answer is nil.
func TestNewPassCancelsTheRunningOne(t *testing.T) {
	li, _ := loaded(t, gen.Catalogue(20000))
	ix := newIndex(li.recs, 1, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res := (pass{seq: 1, text: "g", recs: ix.recs, prev: &Answer{ix: ix}}).run(ctx); res != nil {
		t.Error("a cancelled pass answered")
	}
}

// Many edits without a search must not keep every old snapshot alive.
func TestIndexChainStaysShort(t *testing.T) {
	li, _ := loaded(t, gen.Catalogue(100))
	ix := newIndex(li.recs, 1, nil)
	ix.search()
	for i := range 50 {
		recs := append([]*ssd3.Record(nil), li.recs...)
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
