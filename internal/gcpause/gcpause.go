// Package gcpause turns the garbage collector off while a catalogue is
// read. Reading one allocates its records, which all stay alive: a
// collection during the read marks them only to find nothing to free,
// which at a million records is a large part of the time to the first
// frame (BenchmarkFirstFrame in package tui).
package gcpause

import (
	"os"
	"runtime/debug"
	"sync"
)

// mu guards the pauses under way, the settings they will restore, and
// whether the process holds its catalogue (Hold).
var (
	mu      sync.Mutex
	pauses  int
	percent int
	limit   int64
	held    bool
)

// Pause turns the collector off until resume is called, for reading the
// file at path: it still runs when the heap nears a limit that grows with
// the file's size, so that a read that makes garbage is not left to
// double its memory. Pauses may overlap; the settings of before the first
// come back when the last resumes.
func Pause(path string) (resume func()) {
	mu.Lock()
	defer mu.Unlock()
	if pauses == 0 {
		percent, limit = off(path)
	}
	pauses++
	var once sync.Once
	return func() {
		once.Do(func() {
			mu.Lock()
			defer mu.Unlock()
			if pauses--; pauses == 0 {
				debug.SetGCPercent(percent)
				debug.SetMemoryLimit(limit)
			}
		})
	}
}

// Off turns the collector off as Pause does, for the rest of a command
// that reads the file at path, answers and exits: collecting garbage the
// exit frees anyway cost a third of `uricat list --search` on 10,000
// records. It leaves pauses under way alone.
func Off(path string) {
	mu.Lock()
	defer mu.Unlock()
	if pauses == 0 {
		off(path)
	}
}

// off turns the collector off, with a memory limit for reading the file
// at path, and returns the settings it replaced.
func off(path string) (percent int, limit int64) {
	var size int64
	if info, err := os.Stat(path); err == nil {
		size = info.Size()
	}
	lim := 256<<20 + 3*size
	if held {
		lim = min(lim, heldLimit(size))
	}
	return debug.SetGCPercent(-1), debug.SetMemoryLimit(lim)
}

// heldLimit is the memory limit of a pause in a process that holds a
// catalogue of size bytes: what it builds in a pause (the search index)
// stays, so the garbage made meanwhile is all the collector can free,
// and left to a looser limit it raised the session's peak well over
// twice the file's size. The margin over twice the size is room for the
// runtime's own memory, which the limit counts: without it, the
// collector would run again and again as the index nears its full size.
func heldLimit(size int64) int64 {
	return 2*size + size/heldMargin
}

// heldMargin sets heldLimit's margin, a fraction of the file's size.
const heldMargin = 8

// heldPercent is the collector's GOGC for a process that holds a large
// catalogue (Hold), and holdFrom the file size from which it applies.
// Searching makes little garbage (the TUI answers in memory it reuses,
// grown to the catalogue's size at once), so a tight heap costs only a
// collection now and then, not one a keystroke. So tight a heap keeps its
// peak under twice the file's size over a long session, which a looser
// one (25) did not (BenchmarkLongSession in package tui measures it).
const (
	heldPercent = 4
	holdFrom    = 32 << 20
)

// Hold sets the collector for a process that keeps the catalogue at path
// in memory for its life, as the TUI does. Most of its heap is then the
// file's text, its records and its search index, which live as long as
// the process: with Go's default (GOGC=100) the heap would grow to twice
// that before each collection, the garbage of a few searches costing as
// much memory as the catalogue itself. From holdFrom bytes the collector
// runs once the garbage reaches heldPercent of the live heap instead. A
// GOGC the user set wins. Call it before Pause, which restores it.
func Hold(path string) {
	if _, set := os.LookupEnv("GOGC"); set {
		return
	}
	info, err := os.Stat(path)
	if err != nil || info.Size() < holdFrom {
		return
	}
	mu.Lock()
	defer mu.Unlock()
	held = true
	if pauses > 0 {
		percent = heldPercent // the pause under way restores it
		return
	}
	debug.SetGCPercent(heldPercent)
}
