package main

import (
	"os"
	"runtime/debug"
)

// oneShot tunes the garbage collector for a command that reads the
// catalogue at path, answers and exits (list, export): collecting garbage
// the exit frees anyway cost a third of `list --search` on 10,000 records.
// The collector stays off until the heap nears a limit that grows with
// the file, so a large catalogue is still collected rather than doubling
// its memory.
func oneShot(path string) {
	var size int64
	if info, err := os.Stat(path); err == nil {
		size = info.Size()
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(256<<20 + 3*size)
}
