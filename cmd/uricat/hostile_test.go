package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/cataloguetest"
	"github.com/uricat/uricat/importers/formats"
)

// ttyBuffer is a standard output that says it is a terminal.
type ttyBuffer struct{ bytes.Buffer }

func (*ttyBuffer) terminal() bool { return true }

// Issue 22, "Data safety, second attack": for catalogues and file names
// of hostile text (seeded, so that a failure repeats), nothing any command
// prints to a terminal holds a control character but line feeds (and the
// tabs of an export), invalid UTF-8, or a default-ignorable or
// bidirectional character that is not shown as a marker: not list, show,
// categories, tags, check, export, import, add nor the messages naming
// --catalogue, an import's file or an export's.
func TestHostileTextNeverReachesTheTerminal(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(22, 2))
	rounds := 6
	if testing.Short() {
		rounds = 2
	}
	for round := range rounds {
		dir := filepath.Join(t.TempDir(), cataloguetest.HostileName(rng))
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		name := func(ext string) string { return filepath.Join(dir, cataloguetest.HostileName(rng)+ext) }
		path := name(".uricat")
		if err := os.WriteFile(path, []byte(cataloguetest.HostileCatalogue(rng, 6)), 0o644); err != nil {
			t.Fatal(err)
		}
		hostile := cataloguetest.HostileText(rng, 6)
		runs := [][]string{
			{"list"}, {"list", "--group", "category"}, {"list", "--search", "evil"},
			{"categories"}, {"tags"}, {"check"}, {"check", path}, {"check", name(".uricat")},
			{"show", "https://evil0.example/%E2%80%AE%1B%5B2J"}, {"show", "https://evil5.example/%E2%80%AE%1B%5B2J"},
			{"show", hostile}, {"list", "--search", hostile},
			{"add", "https://new.example/", "--name", hostile},
			{"--catalogue", name(".uricat"), "list"}, {"--catalogue", dir, "list"},
			{"--catalogue", filepath.Join(name(""), "x.uricat"), "add", "https://a.example/", "--name", "a"},
			{"import", name(".html")}, {"import", dir},
		}
		for _, f := range formats.Names(formats.Writers()) {
			out := name("." + f)
			runs = append(runs, []string{"export", "--format", f}, []string{"export", "--format", f, "-o", out},
				[]string{"--catalogue", name(".uricat"), "import", "--dry-run", out},
				[]string{"--catalogue", name(".uricat"), "import", out})
		}
		for _, args := range runs {
			args = append([]string{"--catalogue", path}, args...)
			var stdout ttyBuffer
			var stderr bytes.Buffer
			run(args, strings.NewReader(""), &stdout, &stderr)
			for what, out := range map[string]string{"stdout": stdout.String(), "stderr": stderr.String()} {
				export := what == "stdout" && strings.Contains(strings.Join(args, " "), "export")
				if bad := cataloguetest.Unsafe(out, export); bad != "" {
					t.Errorf("round %d, uricat %s: %s shows %s", round, quoteArgs(args), what, bad)
				}
			}
		}
	}
}

func quoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = fmt.Sprintf("%q", a)
	}
	return strings.Join(q, " ")
}

// Issue 22: an export printed on a terminal shows U+202E and U+200B as
// markers, in every format, as show does; into a pipe or a file, the
// bytes are kept.
func TestExportMarksInvisibleCharactersOnlyOnATerminal(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, hostile)
	for _, f := range []string{"netscape", "soif", "hinadi", "urc", "csv"} {
		var tty ttyBuffer
		var pipe, stderr bytes.Buffer
		run([]string{"--catalogue", path, "export", "--format", f}, strings.NewReader(""), &tty, &stderr)
		run([]string{"--catalogue", path, "export", "--format", f}, strings.NewReader(""), &pipe, &stderr)
		if s := tty.String(); strings.ContainsAny(s, "\u202e\u200b") || !strings.Contains(s, "⟨U+202E⟩") || !strings.Contains(s, "⟨U+200B⟩") {
			t.Errorf("%s on a terminal:\n%s", f, s)
		}
		if s := pipe.String(); !strings.Contains(s, "BIDI\u202etxt.exe") || !strings.Contains(s, "\u200b") || strings.Contains(s, "⟨U+") {
			t.Errorf("%s into a pipe:\n%s", f, s)
		}
	}
}
