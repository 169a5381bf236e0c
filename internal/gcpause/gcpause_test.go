package gcpause

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
)

// settings returns the collector's percent and memory limit, unchanged.
func settings() (int, int64) {
	p := debug.SetGCPercent(-1)
	debug.SetGCPercent(p)
	return p, debug.SetMemoryLimit(-1) // a negative limit reads it
}

func TestPauseAndResume(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.uricat")
	if err := os.WriteFile(path, make([]byte, 1000), 0o644); err != nil {
		t.Fatal(err)
	}
	defer debug.SetGCPercent(debug.SetGCPercent(80))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(1 << 40))

	first := Pause(path)
	if p, l := settings(); p != -1 || l != 256<<20+3*1000 {
		t.Fatalf("paused: percent %d, limit %d; want -1 and 256 MiB + 3 times the file", p, l)
	}
	second := Pause(filepath.Join(t.TempDir(), "missing.uricat"))
	first()
	first() // a second call does nothing
	if p, _ := settings(); p != -1 {
		t.Fatalf("one of two pauses resumed: percent %d; want still off", p)
	}
	second()
	if p, l := settings(); p != 80 || l != 1<<40 {
		t.Fatalf("resumed: percent %d, limit %d; want 80 and 1 TiB back", p, l)
	}
}

func TestOff(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(80))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(1 << 40))
	resume := Pause("")
	Off("")
	resume()
	if p, _ := settings(); p != 80 {
		t.Fatalf("Off during a pause: percent %d once it resumed; want 80 back", p)
	}
	Off("")
	if p, l := settings(); p != -1 || l != 256<<20 {
		t.Fatalf("off: percent %d, limit %d; want -1 and 256 MiB", p, l)
	}
}
