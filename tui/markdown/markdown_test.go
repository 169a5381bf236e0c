package markdown

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/uricat/uricat/tui/theme"
)

// hostile is a page that tries to reach the terminal: raw escapes (a
// colour, a title change, an OSC 52 clipboard write), C1 controls, bidi
// overrides raw and as character references, in the title and the text.
const hostile = "Hello \x1b[31mred\x1b[0m \x1b]52;c;ZXZpbA==\x07 and \x1b]0;pwned\x07\n\n" +
	"a \u202Edesrever\u202C b, \u009b31m c1, &#27;]52;c;ZXZpbA==&#7; ref, &#x202E;x &rlm;y &#x9b;z\n\n" +
	"```\ncode \x1b[2J clear\n```\n"

func TestRenderKeepsThePagesEscapesOut(t *testing.T) {
	t.Parallel()
	doc := Document("Title \x1b]52;c;ZXZpbA==\x07\u202Eevil", "https://example.org/\x1b[31m", time.Date(2026, 1, 2, 3, 4, 0, 0, time.UTC), hostile)
	for _, tc := range []struct {
		name string
		th   *theme.Theme
	}{
		{"plain", theme.Plain()},
		{"dark", theme.Fixed(termenv.TrueColor, true)},
		{"light", theme.Fixed(termenv.ANSI256, false)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out, err := Render(tc.th, doc, 60)
			if err != nil {
				t.Fatal(err)
			}
			for _, bad := range []string{"\x1b]", "\x07", "\x1b[2J", "\x1b[31mred", "\u202E", "\u200F", "\u009b"} {
				if strings.Contains(out, bad) {
					t.Errorf("rendered page holds %q:\n%q", bad, out)
				}
			}
			if tc.name == "plain" && strings.ContainsRune(out, '\x1b') {
				t.Errorf("plain rendering holds an escape:\n%q", out)
			}
			for _, want := range []string{"⟨U+202E⟩", "⟨U+200F⟩", "Title", "archived 2026-01-02 03:04 UTC", "desrever"} {
				if !strings.Contains(ansi.Strip(out), want) {
					t.Errorf("rendered page lacks %q:\n%s", want, out)
				}
			}
		})
	}
}

func TestCleanNeutralisesCharacterReferences(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"a &#27;[31m b", "a [31m b"},
		{"&#x1B;x", "x"},
		{"&#x202e;x", "⟨U+202E⟩x"},
		{"&rlm;", "⟨U+200F⟩"},
		{"caf&eacute; &amp; &#233; &lt;b&gt;", "caf&eacute; &amp; &#233; &lt;b&gt;"},
		{"&nosuch;", "&nosuch;"},
		{"plain", "plain"},
		{"end &#01", "end "},
		{"&#x202e x", "⟨U+202E⟩ x"},
	} {
		if got := Clean(tc.in); got != tc.want {
			t.Errorf("Clean(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestDocumentStartsWithTitleURIAndDate(t *testing.T) {
	t.Parallel()
	got := Document("*Go* release", "https://go.dev/", time.Date(2026, 3, 4, 5, 6, 0, 0, time.UTC), "Text.")
	want := "# \\*Go\\* release\n\n<https://go.dev/> · archived 2026-03-04 05:06 UTC\n\n---\n\nText.\n"
	if got != want {
		t.Errorf("Document = %q, want %q", got, want)
	}
}

func TestRenderWrapsAtTheWidth(t *testing.T) {
	t.Parallel()
	out, err := Render(theme.Plain(), strings.Repeat("word ", 100), 40)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(out, "\n") {
		if n := len([]rune(l)); n > 40 {
			t.Errorf("line of %d cells at width 40: %q", n, l)
		}
	}
}

// TestNoColorKeepsAttributesOnly: under NO_COLOR the article has bold and
// italics but no colour.
func TestNoColorKeepsAttributesOnly(t *testing.T) {
	t.Parallel()
	for _, dark := range []bool{true, false} {
		th := theme.NewFor(io.Discard, []string{"NO_COLOR=1", "TERM=xterm-256color"}, dark)
		out, err := Render(th, "# Title\n\nSome **bold** and `code`.\n\n```go\nx := 1\n```\n", 60)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out, "38;") || strings.Contains(out, "48;") || regexp.MustCompile(`\x1b\[[0-9;]*(3|4)[0-7]m`).MatchString(out) {
			t.Errorf("dark %v: colour under NO_COLOR: %q", dark, out)
		}
		if !strings.Contains(out, "\x1b[1m") && !strings.Contains(out, ";1m") {
			t.Errorf("dark %v: no bold under NO_COLOR: %q", dark, out)
		}
	}
}

func FuzzRender(f *testing.F) {
	f.Add(hostile)
	f.Add("# T\n\n- a\n- b\n\n| x | y |\n|---|---|\n| 1 | 2 |\n")
	th := theme.Plain()
	f.Fuzz(func(t *testing.T, md string) {
		out, err := Render(th, md, 50)
		if err != nil {
			return
		}
		if strings.ContainsRune(out, '\x1b') || strings.ContainsRune(out, '\x07') {
			t.Fatalf("escape or bell from %q: %q", md, out)
		}
		for _, r := range out {
			if r != '\n' && r != '\t' && (r < 0x20 || (r >= 0x7f && r < 0xa0)) {
				t.Fatalf("control %U from %q: %q", r, md, out)
			}
		}
	})
}

// BenchmarkRenderLongPage renders a long article (about 200 KB of
// Markdown), as the reader does when it opens one.
func BenchmarkRenderLongPage(b *testing.B) {
	var sb strings.Builder
	for i := range 400 {
		fmt.Fprintf(&sb, "## Section %d\n\nA paragraph of an article with *emphasis*, a [link](https://example.org/%d) and `code`, long enough to wrap on a terminal of eighty columns, twice over at least, as articles do.\n\n- an item\n- another\n\n", i, i)
	}
	md := sb.String()
	th := theme.Fixed(termenv.TrueColor, true)
	b.SetBytes(int64(len(md)))
	for b.Loop() {
		if _, err := Render(th, md, 100); err != nil {
			b.Fatal(err)
		}
	}
}
