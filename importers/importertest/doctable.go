package importertest

import (
	"go/doc/comment"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// DocTable returns the rows of the table under the heading "# " + heading
// in the package doc of the package in dir (the test's own: "."): the
// first code block after the heading, one row a line, cells separated by
// two or more spaces, its first line (the column heads) left out. A
// format's tests compare it with the format's mapping table, so that the
// doc says what the code does and the mapping is stated once.
func DocTable(t testing.TB, dir, heading string) [][]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var text string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		if f.Doc != nil {
			text = f.Doc.Text()
			break
		}
	}
	if text == "" {
		t.Fatalf("no package doc in %s", dir)
	}
	var p comment.Parser
	doc := p.Parse(text)
	found := false
	for _, b := range doc.Content {
		switch b := b.(type) {
		case *comment.Heading:
			found = headingText(b) == heading
		case *comment.Code:
			if !found {
				continue
			}
			var rows [][]string
			lines := strings.Split(strings.TrimRight(b.Text, "\n"), "\n")
			for _, line := range lines[1:] {
				rows = append(rows, cells.Split(strings.TrimSpace(line), -1))
			}
			return rows
		}
	}
	t.Fatalf("the package doc in %s has no table under the heading %q", dir, heading)
	return nil
}

var cells = regexp.MustCompile(`\s{2,}`)

func headingText(h *comment.Heading) string {
	var sb strings.Builder
	for _, t := range h.Text {
		if p, ok := t.(comment.Plain); ok {
			sb.WriteString(string(p))
		}
	}
	return sb.String()
}

// CheckDocTable fails t unless the table under heading in the package doc
// of dir (see DocTable) has exactly the rows want, in order.
func CheckDocTable(t testing.TB, dir, heading string, want [][]string) {
	t.Helper()
	got := DocTable(t, dir, heading)
	if !slices.EqualFunc(got, want, slices.Equal[[]string]) {
		var sb strings.Builder
		for _, r := range want {
			sb.WriteString("//\t" + strings.Join(r, "  ") + "\n")
		}
		t.Errorf("the package doc's %q table is\n%q\nwant the mapping table's rows:\n%s", heading, got, sb.String())
	}
}
