package theme

import (
	"bytes"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

func TestPlainHasNoEscapes(t *testing.T) {
	th := Plain()
	for name, s := range map[string]string{
		"name":   th.Name.Render("Go"),
		"row":    th.RowSelected.Render("selected"),
		"match":  th.Match.Render("g"),
		"stars":  th.Stars(3),
		"status": th.StatusBrand.Render("uricat"),
	} {
		if strings.Contains(s, "\x1b") {
			t.Errorf("%s: Plain() rendered an escape sequence: %q", name, s)
		}
	}
	if got := th.Stars(3); got != "★★★☆☆" {
		t.Errorf("Stars(3) = %q, want ★★★☆☆", got)
	}
}

// An unrated record is a dash, not the empty stars of a low rating, in
// the same five cells (the list's columns stay aligned).
func TestStarsClamps(t *testing.T) {
	th := Plain()
	for _, tc := range []struct {
		in   int
		want string
	}{{0, "–    "}, {1, "★☆☆☆☆"}, {5, "★★★★★"}, {-1, "–    "}, {9, "★★★★★"}} {
		if got := th.Stars(tc.in); got != tc.want {
			t.Errorf("Stars(%d) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestFixedProfileColours(t *testing.T) {
	dark := Fixed(termenv.TrueColor, true).Match.Render("x")
	light := Fixed(termenv.TrueColor, false).Match.Render("x")
	if !strings.Contains(dark, "\x1b[") {
		t.Fatalf("TrueColor theme rendered no escape: %q", dark)
	}
	if dark == light {
		t.Errorf("dark and light themes render the match the same: %q", dark)
	}
	// #FF6AC1 is the dark match colour (255,106,193, give or take rounding).
	if !strings.Contains(dark, "38;2;255;10") {
		t.Errorf("dark match %q lacks the dark palette colour", dark)
	}
}

// NO_COLOR removes every colour but keeps attributes, so the selection
// still shows (https://no-color.org/ allows bold, underline, reverse).
func TestNoColor(t *testing.T) {
	var buf bytes.Buffer
	th := NewFor(&buf, []string{"TERM=xterm-256color", "NO_COLOR=1"}, true)
	if th.Color {
		t.Fatal("NO_COLOR theme says Color")
	}
	for name, s := range map[string]string{
		"selected": th.RowSelected.Render("row"),
		"match":    th.Match.Render("g"),
		"stars":    th.Stars(2),
		"brand":    th.StatusBrand.Render("uricat"),
		"error":    th.Error.Render("bad"),
	} {
		if strings.Contains(s, "38;") || strings.Contains(s, "48;") {
			t.Errorf("%s: NO_COLOR theme rendered a colour: %q", name, s)
		}
	}
	if s := th.RowSelected.Render("row"); !strings.Contains(s, "\x1b[7m") {
		t.Errorf("NO_COLOR selection %q is not reversed: it would be invisible", s)
	}
	if s := th.Match.Render("g"); !strings.Contains(s, "4") || !strings.Contains(s, "\x1b[") {
		t.Errorf("NO_COLOR match %q is not underlined", s)
	}
}

func TestEnvironmentGetenv(t *testing.T) {
	e := environment{"A=1", "AB=2", "A=3", "B"}
	if got := e.Getenv("A"); got != "3" {
		t.Errorf("Getenv(A) = %q, want the last value 3", got)
	}
	if got := e.Getenv("B"); got != "" {
		t.Errorf("Getenv(B) = %q, want empty", got)
	}
}

// Colours are converted for the profile once, when the theme is made.
func TestColoursResolvedForProfile(t *testing.T) {
	for _, tc := range []struct {
		profile termenv.Profile
		want    string
	}{
		{termenv.TrueColor, "#FF6AC1"},
		{termenv.ANSI256, "205"},
	} {
		th := Fixed(tc.profile, true)
		if got := th.Match.GetForeground(); got != lipgloss.Color(tc.want) {
			t.Errorf("%v: match colour %v, want %s", tc.profile, got, tc.want)
		}
	}
	if got := Fixed(termenv.ANSI, true).Match.GetForeground().(lipgloss.Color); len(got) > 2 {
		t.Errorf("16-colour theme keeps %q", got)
	}
}
