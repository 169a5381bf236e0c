package netscape

import (
	"context"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
)

// A URL that a file holds twice is imported once, and the repeat is named
// with FILE:LINE, its folder and title, and the record it repeats, not
// only counted; a duplicate of what the catalogue had is counted.
func TestDuplicateInOneFileNamed(t *testing.T) {
	t.Parallel()
	in := header +
		`<DT><A HREF="https://a.example/" ADD_DATE="1700000000">First</A>` + "\n" +
		`<DT><H3>Later</H3>` + "\n<DL><p>\n" +
		`<DT><A HREF="HTTPS://A.example:443/" ADD_DATE="1700000000">Again</A>` + "\n" +
		`<DT><A HREF="https://had.example/" ADD_DATE="1700000000">Had</A>` + "\n" +
		"</DL><p>\n</DL><p>\n"
	c, err := catalogue.Read(strings.NewReader("URI: https://had.example/\r\nNAME: Had\r\nDATE: 01/01/2020 00:00:00\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	p := importers.NewPlan(false)
	if _, err := p.Read(context.Background(), Format, strings.NewReader(in), importers.ReadConfig{Source: "bookmarks.html", Options: importers.Options{Now: now}}); err != nil {
		t.Fatal(err)
	}
	var rep catalogue.AddReport
	add := p.Edit()
	add.Report = &rep
	if _, err := c.Apply(add); err != nil {
		t.Fatal(err)
	}
	s := p.Summaries(rep)[0]
	if s.Imported != 1 || s.Duplicates != 2 {
		t.Errorf("imported %d, duplicates %d; want 1, 2", s.Imported, s.Duplicates)
	}
	var named []string
	for _, d := range s.Diagnostics {
		if strings.Contains(d.Msg, "the same URI") {
			named = append(named, d.String())
		}
	}
	want := `bookmarks.html:7: skipped: record HTTPS://A.example:443/, "Again" in "Later", not imported: the same URI as "First" in the top, with no CATEGORY, at line 4 earlier in this file`
	if len(named) != 1 || named[0] != want {
		t.Errorf("duplicates named %q, want [%q]", named, want)
	}
}
