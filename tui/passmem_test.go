package tui

import (
	"context"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gen"
	"github.com/uricat/uricat/catalogue/query"
)

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
		h := newHarness(t, gen.Catalogue(3000), 100, 30)
		m := h.m
		m.list.res.ix.search() // built, as after the first frame
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
		want := func(res *result) []*catalogue.Record {
			return (pass{text: res.search.text, recs: m.list.recs, sort: res.order.key}).run(context.Background()).records()
		}
		shown := want(m.list.res)
		for step := 0; step < 300; step++ {
			switch op := rng.IntN(4); {
			case op == 0 || len(flights) == 0: // a keystroke, or a new sort key
				// Typing on mostly, so that most passes narrow their prev
				// (reading its matches); at times backspace, a text
				// pasted, a sort key.
				text := m.input.Value()
				switch k := rng.IntN(10); {
				case k < 5:
					m.input.SetValue(text + string("git sernkl"[rng.IntN(10)]))
				case k < 7 && text != "":
					m.input.SetValue(text[:len(text)-1])
				case k < 9:
					m.input.SetValue(texts[rng.IntN(len(texts))])
				default:
					m.list.sortKey = sorts[rng.IntN(len(sorts))]
				}
				flights = append(flights, &flight{cmd: m.refilter(m.list.recs)})
				// The pass is never cancelled: as one that has not yet
				// seen it is, it reads the whole of its prev.
				m.list.cancel = func() {}
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
				if fm := f.msg.(filteredMsg); fm.res != nil {
					if got, w := fm.res.records(), want(fm.res); !slices.Equal(got, w) {
						t.Fatalf("seed %d step %d: a pass for %q found %d records, one in new memory %d", seed, step, fm.res.search.text, len(got), len(w))
					}
				}
				before := m.list.res
				m.Update(f.msg)
				if m.list.res != before {
					shown = want(m.list.res)
				}
			}
			if got := m.list.res.records(); !slices.Equal(got, shown) {
				t.Fatalf("seed %d step %d: %q shows %d records, a pass in new memory %d", seed, step, m.list.res.search.text, len(got), len(shown))
			}
		}
		for _, f := range flights { // every pass answers, in the end
			start(f)
			<-f.done
			m.Update(f.msg)
		}
		if got := m.list.res.records(); !slices.Equal(got, want(m.list.res)) {
			t.Fatalf("seed %d: at the end %q shows %d records, a pass in new memory %d", seed, m.list.res.search.text, len(got), len(want(m.list.res)))
		}
		if m.list.res.users != 0 {
			t.Fatalf("seed %d: %d passes still counted as reading the answer shown", seed, m.list.res.users)
		}
	}
}

// TestPassKeepsItsPrevAlive: a pass that narrows the answer shown, still
// running when a newer pass's answer replaces that answer, reads it whole:
// its memory is lent to no pass before the first is done.
func TestPassKeepsItsPrevAlive(t *testing.T) {
	h := newHarness(t, gen.Catalogue(3000), 100, 30)
	m := h.m
	m.list.res.ix.search()
	typed := func(text string) tea.Cmd {
		m.input.SetValue(text)
		cmd := m.refilter(m.list.recs)
		m.list.cancel = func() {} // as a pass that has not yet seen it is cancelled
		return cmd
	}
	m.Update(typed("s")())
	shown := m.list.res
	slow := typed("se")     // narrows "s", and has not run yet
	m.Update(typed("sx")()) // replaces "s" while "se" still reads it
	m.Update(typed("ke")()) // a pass that may be lent the memory of "s"
	msg := slow().(filteredMsg)
	if msg.prev != shown {
		t.Fatal("the slow pass does not narrow the answer for \"s\"")
	}
	want := (pass{text: "se", recs: m.list.recs}).run(context.Background()).records()
	if got := msg.res.records(); !slices.Equal(got, want) {
		t.Fatalf("\"se\", narrowed from an answer since replaced: %d records, in new memory %d", len(got), len(want))
	}
	m.Update(msg)
	if shown.mem != nil {
		t.Fatal("the memory of the answer for \"s\" was not released once no pass read it")
	}
}

// TestFirstSearchInWarmMemory: the first search answers in memory made
// and touched in the background once the catalogue loaded (warm): made
// on that key, at a million records it cost 4,000 page faults (60 ms on
// a virtual machine) between the key and its answer (issue 23).
func TestFirstSearchInWarmMemory(t *testing.T) {
	h := newHarness(t, gen.Catalogue(20000), 100, 30)
	n := len(h.m.list.recs)
	h.keys("/")
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	h.keys("e") // matches most records, each ranked
	runtime.ReadMemStats(&after)
	if shown := len(h.m.list.res.shown); shown < n/2 {
		t.Fatalf("e shows %d of %d records", shown, n)
	}
	// Its hits (8 bytes a record), matches and rows (4 each) would be
	// 16 bytes a record: a pass and a frame make far less.
	if made := after.TotalAlloc - before.TotalAlloc; made > uint64(4*n) {
		t.Errorf("the first search made %d bytes for %d records: not in the memory made for it", made, n)
	}
}

// TestWarmWithoutCollecting: the search index is made in the background
// with the collector off, as the catalogue is read: what it makes all
// stays, and at a million records the collections that ran meanwhile, to
// free next to nothing, doubled the time to make it, which the first key
// of a search typed early waits for.
func TestWarmWithoutCollecting(t *testing.T) {
	h := newHarness(t, gen.Catalogue(20000), 100, 30)
	x := newIndex(h.m.list.recs, 2, nil)            // not made yet
	defer debug.SetGCPercent(debug.SetGCPercent(1)) // a collection at every 1% the heap grows
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	warm(x, h.m.store.Path())()
	runtime.ReadMemStats(&after)
	if !x.built.Load() {
		t.Fatal("warm did not make the index")
	}
	// One may have begun before the collector was turned off (the
	// program's other goroutines allocate), and end meanwhile.
	if n := after.NumGC - before.NumGC; n > 1 {
		t.Errorf("%d collections while the index was made", n)
	}
}
