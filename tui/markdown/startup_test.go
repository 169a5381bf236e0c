package markdown

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
	"github.com/muesli/termenv"

	"github.com/uricat/uricat/tui/theme"
)

// TestLinkingCostsNoHighlighterRegistries: a process that links the
// renderer but renders nothing (uricat version, list) does not read
// chroma's hundreds of embedded lexers and styles at start: they are
// read on the first code block. Run in a fresh process of its own, as
// another test may have rendered one already.
func TestLinkingCostsNoHighlighterRegistries(t *testing.T) {
	t.Parallel()
	if os.Getenv("URICAT_MARKDOWN_STARTUP") == "1" {
		return // the child: see TestStartupRegistriesChild
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestStartupRegistriesChild$", "-test.v")
	cmd.Env = append(os.Environ(), "URICAT_MARKDOWN_STARTUP=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(string(out), "--- PASS: TestStartupRegistriesChild") {
		t.Fatalf("the child did not run:\n%s", out)
	}
}

// TestStartupRegistriesChild is TestLinkingCostsNoHighlighterRegistries'
// fresh process: it checks the registries before anything renders.
func TestStartupRegistriesChild(t *testing.T) {
	if os.Getenv("URICAT_MARKDOWN_STARTUP") != "1" {
		t.Skip("run by TestLinkingCostsNoHighlighterRegistries")
	}
	if n := len(styles.Registry); n != 0 {
		t.Errorf("%d chroma styles read at start, want none", n)
	}
	// The lexers written in Go register at init (cheaply: their rules
	// are built on use); the embedded XML ones, most of them, wait.
	if n := len(lexers.GlobalLexerRegistry.Lexers); n > 40 {
		t.Errorf("%d chroma lexers read at start, want only the few written in Go", n)
	}
	// They are all there when asked for.
	if lexers.Get("python") == nil || lexers.Get("go") == nil || len(styles.Names()) < 10 {
		t.Error("the embedded lexers and styles are not read on use")
	}
}

// TestCodeBlocksAreHighlighted: in colour, a fenced block with a language
// is highlighted (keywords apart from names), as glamour does with its
// highlighter read on use.
func TestCodeBlocksAreHighlighted(t *testing.T) {
	t.Parallel()
	th := theme.Fixed(termenv.ANSI256, true)
	out, err := Render(th, "Some code:\n\n```go\nfunc main() { return }\n```\n", 60)
	if err != nil {
		t.Fatal(err)
	}
	var line string
	for l := range strings.SplitSeq(out, "\n") {
		if strings.Contains(l, "main") {
			line = l
		}
	}
	colours := map[string]bool{}
	for _, m := range regexp.MustCompile(`\x1b\[[0-9;]*38;5;[0-9]+[0-9;]*m`).FindAllString(line, -1) {
		colours[m] = true
	}
	if len(colours) < 2 {
		t.Errorf("code block line not highlighted (%d colours): %q", len(colours), line)
	}
}
