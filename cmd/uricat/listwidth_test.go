package main

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Issue 24: list padded every NAME to the longest in the catalogue (lines
// of 220 characters). It fits the width ($COLUMNS here, the terminal's at
// a terminal): NAME is cut with "…", the URI is never cut, and shown as
// people read it, as the TUI shows it; --json keeps the stored form.
func TestListFitsTheWidth(t *testing.T) {
	long := strings.Repeat("A long name ", 15)
	path := writeCatalogue(t, "URI: https://de.wikipedia.org/wiki/K%C3%B6ln\r\nNAME: Koln\r\nDATE: 31/10/2007 19:03:34\r\n\r\n"+
		"URI: https://example.com/\r\nNAME: "+long+"\r\nDATE: 31/10/2007 19:03:34\r\n")
	tests := []struct {
		columns string
		width   int // every line at most this wide
		cut     bool
	}{
		{"80", 80, true},
		{"120", 120, true},
		{"400", 400, false},
	}
	for _, tt := range tests {
		t.Run("COLUMNS="+tt.columns, func(t *testing.T) {
			t.Setenv("COLUMNS", tt.columns)
			code, out, errs := uricat(t, "--catalogue", path, "list")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			for _, l := range lines {
				if w := ansi.StringWidth(l); w > tt.width {
					t.Errorf("line %d cells wide, want at most %d: %q", w, tt.width, l)
				}
			}
			if !strings.HasSuffix(lines[0], "  https://de.wikipedia.org/wiki/Köln") {
				t.Errorf("URI not whole, as people read it: %q", lines[0])
			}
			if got := strings.Contains(lines[1], "…"); got != tt.cut || !strings.HasSuffix(lines[1], "  https://example.com/") {
				t.Errorf("long NAME cut: %v, want %v; URI whole: %q", got, tt.cut, lines[1])
			}
		})
	}
	_, out, _ := uricat(t, "--catalogue", path, "list", "--json")
	if !strings.Contains(out, `"uri": "https://de.wikipedia.org/wiki/K%C3%B6ln"`) {
		t.Errorf("--json does not keep the stored URI:\n%s", out)
	}
}

// To a pipe (neither a terminal nor $COLUMNS) list cuts nothing: a line a
// record, its fields separated by tabs, for grep and cut; --long adds the
// tags and the description. Each line starts with the handle that open,
// show, set, rm and edit take.
func TestListToAPipeCutsNothing(t *testing.T) {
	long := strings.Repeat("A long name ", 15)
	path := writeCatalogue(t, "URI: https://de.wikipedia.org/wiki/K%C3%B6ln\r\nNAME: Koln\r\nDATE: 31/10/2007 19:03:34\r\nRATING: 4\r\nCATEGORY: Travel/Germany\r\nX-TAGS: city, rhine\r\nDESCRIPTION: On the Rhine\r\n\r\n"+
		"URI: https://example.com/\r\nNAME: "+long+"\r\nDATE: 31/10/2007 19:03:34\r\n")
	t.Setenv("COLUMNS", "")
	code, out, errs := uricat(t, "--catalogue", path, "list")
	want := "1\tKoln\t4\tTravel/Germany\t2007-10-31 19:03 UTC\thttps://de.wikipedia.org/wiki/Köln\n" +
		"9\t" + long + "\t\t\t2007-10-31 19:03 UTC\thttps://example.com/\n"
	if code != 0 || out != want {
		t.Errorf("exit %d, stderr %q, stdout\n%q\nwant\n%q", code, errs, out, want)
	}
	_, out, _ = uricat(t, "--catalogue", path, "list", "--long", "--search", "koln")
	if want := "1\tKoln\t4\tTravel/Germany\t2007-10-31 19:03 UTC\thttps://de.wikipedia.org/wiki/Köln\tcity, rhine\tOn the Rhine\n"; out != want {
		t.Errorf("--long:\n%q\nwant\n%q", out, want)
	}
	_, out, _ = uricat(t, "--catalogue", path, "list", "--json", "--search", "koln")
	if !strings.Contains(out, `"tags": [`) || !strings.Contains(out, `"city",`) || !strings.Contains(out, `"line": 1`) {
		t.Errorf("--json lacks the tags as a list or the line:\n%s", out)
	}
	if code, out, errs := uricat(t, "--catalogue", path, "show", "9"); code != 0 || !strings.Contains(out, "https://example.com/") {
		t.Errorf("show 9 (the handle list printed): exit %d, %q, %q", code, out, errs)
	}
}
