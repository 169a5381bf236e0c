package tui

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/cataloguetest"
	"github.com/uricat/uricat/tui/theme"
)

// Issue 22, "Data safety, second attack": for catalogues of hostile text
// at hostile paths (seeded, so that a failure repeats), no screen the TUI
// draws holds a control character but line feeds, invalid UTF-8, or a
// default-ignorable or bidirectional character that is not shown as a
// marker: the list, grouped or not, the detail pane of every record, the
// status line after a change and its undo, the delete question, the
// problems, the import and export dialogs (in a folder of hostile file
// names), the category picker, the edit and add forms, the search box
// with hostile text pasted, and a catalogue that cannot be opened.
func TestHostileTextNeverReachesTheScreen(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 3))
	fakeDesktop(t) // o and y on a selection open and copy
	rounds := 4
	if testing.Short() {
		rounds = 2
	}
	const n = 5
	for round := range rounds {
		dir := filepath.Join(t.TempDir(), cataloguetest.HostileName(rng))
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		t.Chdir(dir) // where the import and export dialogs start
		for range 3 {
			if err := os.WriteFile(filepath.Join(dir, cataloguetest.HostileName(rng)+".html"), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		path := filepath.Join(dir, cataloguetest.HostileName(rng)+".uricat")
		if err := os.WriteFile(path, []byte(cataloguetest.HostileCatalogue(rng, n)), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, size := range [][2]int{{120, 40}, {70, 20}} {
			c, err := catalogue.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			c.Now = func() time.Time { return fixedNow }
			m := newModel(Options{Path: path, Catalogue: c, Theme: theme.Plain()})
			h := &harness{t: t, m: m}
			h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			h.run(m.Init())
			check := func(what string) {
				t.Helper()
				if bad := cataloguetest.Unsafe(m.View(), false); bad != "" {
					t.Errorf("round %d, %dx%d, %s: the screen shows %s", round, size[0], size[1], what, bad)
				}
			}
			check("the list")
			for range n {
				h.keys("enter")
				check("the detail pane")
				h.keys("esc", "4")
				check("the status line after rating")
				h.keys("u")
				check("the status line after undo")
				h.keys("d")
				check("the delete question")
				h.keys("esc", "down")
				check("the list, moved down")
			}
			for _, k := range []string{"b", "p", "x", "i", "c", "e", "a", "+"} {
				h.keys(k)
				check("after " + k)
				h.keys("esc")
			}
			// The same on a selection of every record: the dialogs and
			// the questions of many, and their messages.
			h.keys("*")
			for _, k := range []string{"c", "+", "d", "o", "x", "3", "y", "u"} {
				h.keys(k)
				check("on a selection, after " + k)
				h.keys("esc")
			}
			h.keys("esc")
			h.keys("/")
			h.typeText(cataloguetest.HostileText(rng, 6))
			check("the search box")
			h.keys("esc")
		}
		m := newModel(Options{Path: filepath.Join(dir, cataloguetest.HostileName(rng), "x.uricat"), Theme: theme.Plain()})
		h := &harness{t: t, m: m}
		h.send(tea.WindowSizeMsg{Width: 100, Height: 20})
		if bad := cataloguetest.Unsafe(m.View(), false); bad != "" {
			t.Errorf("round %d, opening: the screen shows %s", round, bad)
		}
		h.run(m.Init())
		if bad := cataloguetest.Unsafe(m.View(), false); bad != "" {
			t.Errorf("round %d, a catalogue that cannot be opened: the screen shows %s", round, bad)
		}
	}
}
