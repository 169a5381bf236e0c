package tui

import (
	"context"
	"strings"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/netscape"
	"github.com/uricat/uricat/tui/transfer"
)

// The configuration's rules file what the add form and an import bring,
// as they do on the command line, and the status says so; records the
// rules do not match are left as they came.
func TestRulesFileWhatTheTUIAdds(t *testing.T) {
	t.Parallel()
	cfg := savedConfig(t, "[[rules]]\nmatch = \"uri:example.org\"\ncategory = \"Filed\"\ntags = [\"ruled\"]\n")
	h := newHarnessWith(t, fixture, 100, 30, quiet(Options{Config: cfg}))

	h.keys("a")
	h.typeText("https://example.org/new")
	h.keys("enter")
	h.typeText("A new page")
	h.keys("ctrl+s")
	if !strings.Contains(h.m.status.msg, "filed by the rules") {
		t.Errorf("the add's status does not say the rules filed it: %q", h.m.status.msg)
	}
	if r := find(h.reopen(), "A new page"); r == nil || r.Category() != "Filed" || r.Extension("X-TAGS") != "ruled" {
		t.Fatalf("the added record is not filed by the rule: %v", r)
	}

	h.keys("i") // the import screen applies the plan it read
	plan := importers.NewPlan(false)
	html := `<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><DT><A HREF="http://example.org/imported">Imported one</A>
<DT><A HREF="http://elsewhere.example/">Imported two</A></DL>`
	s, err := plan.Read(context.Background(), netscape.Format, strings.NewReader(html), importers.ReadConfig{Source: "b.html"})
	if err != nil {
		t.Fatal(err)
	}
	h.send(transfer.ImportedMsg{Plan: plan, Summaries: []importers.Summary{s}})
	if !strings.Contains(h.m.status.msg, "rules filed 1 record") {
		t.Errorf("the import's status does not say the rules filed one record: %q", h.m.status.msg)
	}
	c := h.reopen()
	if r := find(c, "Imported one"); r == nil || r.Category() != "Filed" {
		t.Errorf("the imported record the rule matches is not filed: %v", r)
	}
	if r := find(c, "Imported two"); r == nil || r.Category() == "Filed" {
		t.Errorf("the imported record no rule matches was filed: %v", r)
	}
}

// A configuration file with problems does not stop the TUI: the status
// line names the first at its line and column, and how many more.
func TestConfigProblemsInTheStatusLine(t *testing.T) {
	t.Parallel()
	cfg := savedConfig(t, "sort = 3\ncolour = \"red\"\n")
	h := newHarnessWith(t, firefoxFixture, 100, 30, quiet(Options{Config: cfg}))
	for _, want := range []string{"config.toml:1:", "sort", "(and 1 more: uricat config lists them)"} {
		if !strings.Contains(h.m.status.msg, want) {
			t.Errorf("the status line %q lacks %q", h.m.status.msg, want)
		}
	}
}
