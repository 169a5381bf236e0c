package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/config"
)

// savedConfig writes a configuration file of text in a directory of the
// test's and returns it, read.
func savedConfig(t *testing.T, text string) *config.Config {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	c, _ := config.Load(p) // a loop among them is one, listed as such
	return c
}

// TestSavedSearches: @NAME in the search line stands for the saved
// search, combined with other terms; @ lists the saved searches with
// their counts (golden), enter shows one's records, and s saves the
// search line's search under a name typed in a prompt, which the list
// then searches by.
func TestSavedSearches(t *testing.T) {
	t.Parallel()
	cfg := savedConfig(t, "# mine\n[searches]\nlinux = \"linux\"\ntrips = \"tag:hiking\"\nloop = \"@loop\"\n")
	h := newHarnessWith(t, issueFixture, 100, 30, quiet(Options{Config: cfg}))
	h.keys("/")
	h.typeText("@linux rust")
	if got := h.names(); !sameSet(got, []string{"Rust for Linux"}) {
		t.Errorf("/@linux rust shows %q", got)
	}
	h.keys("esc", "esc")
	h.keys("@")
	// The screen, without the status bar, which names the test's file.
	lines := strings.Split(ansi.Strip(h.m.View()), "\n")
	golden(t, strings.Join(lines[:len(lines)-2], "\n"))
	h.keys("down", "enter")
	if got := h.names(); !sameSet(got, []string{"Alpine trails"}) {
		t.Errorf("enter on @trips shows %q", got)
	}
	if got := h.m.input.Value(); got != "@trips" {
		t.Errorf("the search line holds %q, want @trips", got)
	}
	// Save a search typed in the search line.
	h.keys("esc", "esc", "/")
	h.typeText("koln OR cafe")
	h.keys("enter", "@", "s")
	h.typeText("bad name")
	h.keys("enter")
	if v := ansi.Strip(h.m.View()); !strings.Contains(v, "a name is letters, digits, - and _") {
		t.Errorf("a bad name is not refused:\n%s", v)
	}
	for range len("bad name") {
		h.keys("backspace")
	}
	h.typeText("food")
	h.keys("enter")
	body, err := os.ReadFile(cfg.Path)
	if err != nil || !strings.HasPrefix(string(body), "# mine\n") || !strings.Contains(string(body), "food = 'koln OR cafe'\n") {
		t.Fatalf("the file after saving:\n%s (%v)", body, err)
	}
	if v := ansi.Strip(h.m.View()); !strings.Contains(v, "@food") {
		t.Errorf("the screen does not list @food:\n%s", v)
	}
	h.keys("esc", "esc", "esc", "/")
	h.typeText("@food")
	if got := h.names(); !sameSet(got, []string{"Köln", "Café Crème"}) {
		t.Errorf("/@food shows %q", got)
	}
}
