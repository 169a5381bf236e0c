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

func TestHold(t *testing.T) {
	dir := t.TempDir()
	small, large := filepath.Join(dir, "small.uricat"), filepath.Join(dir, "large.uricat")
	for path, size := range map[string]int64{small: holdFrom - 1, large: holdFrom} {
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Truncate(size); err != nil { // sparse: no 32 MiB written
			t.Fatal(err)
		}
		f.Close()
	}
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(1 << 40))
	defer func() { mu.Lock(); held = false; mu.Unlock() }()
	t.Setenv("GOGC", "")
	os.Unsetenv("GOGC") // t.Setenv restores it

	Hold(small)
	if p, _ := settings(); p != 100 {
		t.Errorf("a catalogue under %d bytes: percent %d; want 100 unchanged", holdFrom, p)
	}
	Hold(large)
	if p, _ := settings(); p != heldPercent {
		t.Errorf("a large catalogue: percent %d; want %d", p, heldPercent)
	}
	// Held, a pause keeps the heap near twice the file: what it builds
	// stays, and a read's looser limit let the session's peak go over.
	resume := Pause(large)
	if _, l := settings(); l != 2*holdFrom+holdFrom/heldMargin {
		t.Errorf("a pause while held: limit %d; want %d, twice the file and a margin", l, 2*holdFrom+holdFrom/heldMargin)
	}
	resume()
	if p, l := settings(); p != heldPercent || l != 1<<40 {
		t.Errorf("after a pause while held: percent %d, limit %d; want %d and 1 TiB back", p, l, heldPercent)
	}
	debug.SetGCPercent(100)
	resume = Pause(large)
	Hold(large)
	if p, _ := settings(); p != -1 {
		t.Errorf("Hold during a pause: percent %d; want still off", p)
	}
	resume()
	if p, _ := settings(); p != heldPercent {
		t.Errorf("after the pause: percent %d; want %d", p, heldPercent)
	}
	debug.SetGCPercent(100)
	t.Setenv("GOGC", "200")
	Hold(large)
	if p, _ := settings(); p != 100 {
		t.Errorf("GOGC set by the user: percent %d; want it left alone (100)", p)
	}
}
