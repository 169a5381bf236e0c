package tui

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gen"
	"github.com/uricat/uricat/catalogue/linkset"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/tui/records"
)

// issueFixture holds the cases of issue 9: go.dev for "gdv", a kernel
// and Rust, a wiki and what merely spells it, accents, and tags.
var issueFixture = fmt.Sprintf(`URI: http://go.dev/
NAME: go.dev
DATE: 01/03/2009 00:00:00
CATEGORY: Programming

URI: https://en.wikipedia.org/wiki/Linux_kernel
NAME: Linux kernel
DATE: 03/03/2016 09:00:00
CATEGORY: Reference
DESCRIPTION: The wiki article about the kernel

URI: https://rust-for-linux.com/
NAME: Rust for Linux
DATE: 04/03/2016 09:00:00
CATEGORY: Programming
DESCRIPTION: Rust in the Linux kernel

URI: https://windows.example/kit
NAME: Windows kit index
DATE: 05/03/2016 09:00:00

URI: https://www.koeln.de/
NAME: %s
DATE: 31/10/2015 10:00:00
CATEGORY: Travel

URI: https://cafe.example/creme
NAME: %s
DATE: 01/10/2015 09:00:00
CATEGORY: Cooking
X-TAGS: coffee, recipes

URI: https://trails.example/alps
NAME: Alpine trails
DATE: 02/06/2016 09:00:00
X-TAGS: Hiking, road trip

NAME: Lost bookmark
DATE: 02/02/2002 00:00:00
`, ssd3.EncodeText("Köln"), ssd3.EncodeText("Café Crème"))

// TestSearchIssueCases types the searches of issue 9 in the search box:
// the TUI shows the records the command line lists (query.Filter over
// the valid records, which list and export --search call), no more, no
// fewer.
func TestSearchIssueCases(t *testing.T) {
	t.Parallel()
	all := []string{"go.dev", "Linux kernel", "Rust for Linux", "Windows kit index", "Köln", "Café Crème", "Alpine trails", "Lost bookmark"}
	for _, tc := range []struct {
		typed string
		want  []string
	}{
		{"gdv", []string{"go.dev"}},
		{"kernel rust", []string{"Rust for Linux"}},
		{"-wiki", slices.DeleteFunc(slices.Clone(all), func(s string) bool { return s == "Linux kernel" })},
		{"koln", []string{"Köln"}},
		{"cafe", []string{"Café Crème"}},
		{"cafe creme", []string{"Café Crème"}},
		{"hiking", []string{"Alpine trails"}},
		{"tag:hiking", []string{"Alpine trails"}},
		{"x-tags:road", []string{"Alpine trails"}},
	} {
		t.Run(tc.typed, func(t *testing.T) {
			h := newHarness(t, issueFixture, 100, 30)
			h.keys("/")
			h.typeText(tc.typed)
			got := h.names()
			if !sameSet(got, tc.want) {
				t.Errorf("/%s shows %q, want %q", tc.typed, got, tc.want)
			}
			q, err := query.Parse(tc.typed)
			if err != nil {
				t.Fatal(err)
			}
			var cli []string
			for _, r := range query.Filter(h.reopen().Valid(), q) {
				cli = append(cli, r.Name())
			}
			valid := slices.DeleteFunc(got, func(s string) bool { return s == "Lost bookmark" })
			if !sameSet(valid, cli) {
				t.Errorf("/%s: the TUI shows %q, the command line lists %q", tc.typed, valid, cli)
			}
		})
	}
}

// TestHighlightFollowsAccents: "koln" lights up all of "Köln", and the
// detail pane lights up the tag "/hiking" found.
func TestHighlightFollowsAccents(t *testing.T) {
	t.Parallel()
	h := newHarness(t, issueFixture, 100, 30)
	h.keys("/")
	h.typeText("koln")
	marks := h.m.list.Search().Highlight(ssd3.FieldName, "Köln")
	if !slices.Equal(marks, []bool{true, true, true, true}) {
		t.Errorf("koln lights %v of Köln", marks)
	}
	h.keys("esc", "/")
	h.typeText("hiking")
	marks = h.m.list.Search().Highlight(query.TagsField, "Hiking, road trip")
	if len(marks) != 17 || !slices.Equal(marks[:7], []bool{true, true, true, true, true, true, false}) {
		t.Errorf("hiking lights %v of the tags", marks)
	}
	if detail := detailAt(h, 50, 20); !strings.Contains(detail, "Tags ") || !strings.Contains(detail, "Hiking") {
		t.Errorf("the detail pane does not show the tags:\n%s", detail)
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// TestInvalidSearchShownInPlace: the invalid terms of issue 9 never show
// every record: with nothing valid typed before, nothing is shown; typed
// after a valid search, its answer stays. Either way the message says
// which term is wrong, where and why, whole, wrapped rather than cut.
func TestInvalidSearchShownInPlace(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"rating:9", "cat:", "date:2015-13", "date:31/10/2015"} {
		for _, before := range []string{"", "kernel "} {
			for _, width := range []int{200, 80, 40} {
				t.Run(fmt.Sprintf("%s after %q at %d", bad, before, width), func(t *testing.T) {
					h := newHarness(t, issueFixture, width, 24)
					h.keys("/")
					h.typeText(before)
					wantShown := slices.Clone(h.names())
					if before == "" {
						wantShown = nil
					}
					h.typeText(bad)
					e := h.m.searchError()
					if e == nil {
						t.Fatalf("%q: no error", before+bad)
					}
					if e.Term != bad || e.Column != len(before)+1 {
						t.Errorf("error names %q at column %d, want %q at %d", e.Term, e.Column, bad, len(before)+1)
					}
					if got := h.names(); !slices.Equal(got, wantShown) {
						t.Errorf("shows %q, want %q", got, wantShown)
					}
					lines := h.m.layout().msgLines
					text := strings.Join(lines, " ")
					if len(lines) == 0 || len(lines) > maxMessageLines || strings.Contains(text, "…") || !strings.Contains(strings.Join(strings.Fields(text), " "), e.Reason) {
						t.Errorf("message %q: want the reason %q whole, in at most %d lines", lines, e.Reason, maxMessageLines)
					}
					if width >= 80 && (!strings.Contains(text, bad) || !strings.Contains(text, "column")) {
						t.Errorf("message %q does not name the term and its column", text)
					}
					if view := h.m.View(); before == "" && (strings.Contains(view, "No bookmark matches") || !strings.Contains(view, "Not a valid search")) {
						t.Errorf("an invalid search is drawn as finding nothing:\n%s", view)
					}
					if view := h.m.View(); strings.Count(view, "\n")+1 != 24 {
						t.Errorf("view has %d lines, want 24", strings.Count(view, "\n")+1)
					}
					if _, ok := h.m.markedInput(e); !ok {
						t.Error("the search line does not mark the term")
					}
				})
			}
		}
	}
	// Made valid again, the search answers as usual.
	h := newHarness(t, issueFixture, 80, 24)
	h.keys("/")
	h.typeText("rating:9")
	h.keys("backspace")
	h.typeText("5")
	if h.m.searchError() != nil || len(h.m.layout().msgLines) != 0 {
		t.Errorf("rating:5 still shows an error: %v", h.m.layout().msgLines)
	}
}

// TestInvalidSearchMarksTheTerm: the bad term is drawn in the error
// style, underlined, in the search line (a golden view in colour).
func TestInvalidSearchMarksTheTerm(t *testing.T) {
	t.Parallel()
	h := newHarness(t, issueFixture, 100, 12)
	h.colour("/home/ada/bookmarks.uricat")
	h.keys("/")
	h.typeText("kernel rating:9 go")
	golden(t, h.m.View())
}

// FuzzTUIAgreesWithCLI: for any search, the TUI shows exactly the valid
// records the command line lists (query.Filter over Catalogue.Valid, what
// list and export --search run; FuzzListSearch in cmd/uricat holds them
// to it), plus the invalid records the TUI also lists. An invalid search
// is refused by both with the same term and column; meanwhile the TUI
// shows what the terms before the bad one find, or nothing.
func FuzzTUIAgreesWithCLI(f *testing.F) {
	for _, s := range []string{"gdv", "kernel rust", "-wiki", "rating:9", "cat:", "date:2015-13", "date:31/10/2015",
		"koln", "cafe", "cafe creme", "hiking", "tag:hiking", "git server", "rating:>=4 -cat:music", `"a page"`, "lang:en type:text",
		"link:dead", "link:moved OR link:ok", "-link:unchecked git", "link:gone"} {
		f.Add(s)
	}
	c, err := catalogue.Open(writeCatalogue(f, issueFixture+"\n"+gen.Catalogue(3000)))
	if err != nil {
		f.Fatal(err)
	}
	recs := c.Records()
	// Link statuses by a rule of the URIs' length: every one turns up.
	links := func(uri string) linkcheck.Status { return linkcheck.Statuses[len(uri)%len(linkcheck.Statuses)] }
	// Each search narrows (or not) the first answer, as typed after it.
	li := records.New(records.Keys{})
	li.SetLinks(links, 0)
	li.Load(records.Find(recs, ""))
	f.Fuzz(func(t *testing.T, text string) {
		res := li.Refilter(recs, text)().(records.FilteredMsg).Answer()
		q, err := query.Parse(text)
		if err != nil {
			var e *query.Error
			if res.Err() == nil || !errorsAs(err, &e) || *res.Err() != *e {
				t.Fatalf("%q: the CLI refuses it (%v), the TUI says %v", text, err, res.Err())
			}
			if q, _ = query.Parse(text[:e.Offset]); q.Empty() {
				if res.Len() != 0 {
					t.Fatalf("%q: invalid, with no valid term before, but the TUI shows %d records", text, res.Len())
				}
				return
			}
		}
		cli := query.Filter(c.Valid(), q.WithLinks(links))
		var tui []*ssd3.Record
		for _, r := range res.Records() {
			if r.Valid() {
				tui = append(tui, r)
			}
		}
		if len(tui) != len(cli) {
			t.Fatalf("%q: the TUI shows %d valid records, the CLI lists %d", text, len(tui), len(cli))
		}
		set := make(map[*ssd3.Record]bool, len(cli))
		for _, r := range cli {
			set[r] = true
		}
		for _, r := range tui {
			if !set[r] {
				t.Fatalf("%q: the TUI shows %q, which the CLI does not list", text, r.Name())
			}
		}
	})
}

func errorsAs(err error, target **query.Error) bool { return errors.As(err, target) }

// TestLinkSearchAndMarks: the link results, read in a command at start,
// reach the search box's link: terms (a search typed before they came is
// searched again, not narrowed from an answer without them), as they do
// the command line's; the list marks a dead and a moved link, and the
// detail pane says what the check found.
func TestLinkSearchAndMarks(t *testing.T) {
	t.Parallel()
	h := newHarness(t, issueFixture, 100, 30)
	h.keys("/")
	h.typeText("link:dead")
	if got := h.names(); len(got) != 0 {
		t.Fatalf("link:dead with no results read shows %q", got)
	}
	state, err := linkset.LoadState(filepath.Join(t.TempDir(), "links.json"))
	if err != nil {
		t.Fatal(err)
	}
	checked := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	state.Put(linkcheck.Result{URI: "http://go.dev/", Status: linkcheck.Dead, Code: 404, Checked: checked})
	state.Put(linkcheck.Result{URI: "https://www.koeln.de/", Status: linkcheck.Moved, Code: 301, Final: "https://koeln.de/", Checked: checked})
	h.send(linksLoadedMsg{state: state})
	if got := h.names(); !slices.Equal(got, []string{"go.dev"}) {
		t.Fatalf("link:dead shows %q once the results are read, want go.dev", got)
	}
	for _, text := range []string{"link:dead", "link:moved", "link:unchecked", "-link:unchecked"} {
		for h.m.input.Value() != "" {
			h.keys("backspace")
		}
		h.typeText(text)
		q, err := query.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		var cli []string
		for _, r := range query.Filter(h.reopen().Valid(), q.WithLinks(state.StatusOf)) {
			cli = append(cli, r.Name())
		}
		got := slices.DeleteFunc(h.names(), func(s string) bool { return s == "Lost bookmark" })
		if !sameSet(got, cli) || len(cli) == 0 {
			t.Errorf("/%s: the TUI shows %q, the command line lists %q", text, got, cli)
		}
	}

	for h.m.input.Value() != "" {
		h.keys("backspace")
	}
	h.keys("esc")
	view := h.m.View()
	for _, want := range []string{"⊘ go.dev", "↪ Köln"} {
		if !strings.Contains(view, want) {
			t.Errorf("the list lacks %q:\n%s", want, view)
		}
	}
	// At 80 columns the marks still fit: the NAME gives way.
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	for i, l := range strings.Split(h.m.View(), "\n") {
		if w := ansiWidth(l); w > 80 {
			t.Errorf("line %d is %d cells wide at 80 columns: %q", i+1, w, l)
		}
	}
	if !strings.Contains(h.m.View(), "⊘ go.dev") {
		t.Errorf("no mark at 80 columns:\n%s", h.m.View())
	}
	h.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	h.selectName("Köln")
	view = h.m.View()
	for _, want := range []string{"moved (301)", "Checked   2026-11-20 10:00 UTC", "Moved to  https://koeln.de/"} {
		if !strings.Contains(view, want) {
			t.Errorf("the detail pane lacks %q:\n%s", want, view)
		}
	}
}

// TestFirstSearchInWarmMemory: the first search answers in memory made
// and touched in the background once the catalogue loaded (warm): made
// on that key, at a million records it cost 4,000 page faults (60 ms on
// a virtual machine) between the key and its answer (issue 23).
func TestFirstSearchInWarmMemory(t *testing.T) {
	// Not parallel: it counts the whole program's allocations.
	h := newHarness(t, gen.Catalogue(20000), 100, 30)
	n := len(h.m.list.Records())
	h.keys("/")
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	h.keys("e") // matches most records, each ranked
	runtime.ReadMemStats(&after)
	if shown := h.m.list.Answer().Len(); shown < n/2 {
		t.Fatalf("e shows %d of %d records", shown, n)
	}
	// Its hits (8 bytes a record), matches and rows (4 each) would be
	// 16 bytes a record: a pass and a frame make far less.
	if made := after.TotalAlloc - before.TotalAlloc; made > uint64(4*n) {
		t.Errorf("the first search made %d bytes for %d records: not in the memory made for it", made, n)
	}
}
