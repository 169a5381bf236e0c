package tui

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	xgolden "github.com/charmbracelet/x/exp/golden"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/dialog/dialogtest"
	"github.com/uricat/uricat/tui/theme"
)

// golden compares got with testdata/<test name>.golden; go test ./tui
// -update rewrites the files (the flag is x/exp/golden's, as teatest's).
func golden(t *testing.T, got string) {
	t.Helper()
	xgolden.RequireEqual(t, []byte(got))
}

// Golden views at fixed sizes, in the plain (Ascii) profile, so the files
// are readable: layout, truncation, markers, counts.
func TestGoldenViews(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		w, h int
		text string
		do   func(h *harness)
	}{
		{"list_80x24", 80, 24, fixture, nil},
		{"list_200x50", 200, 50, fixture, nil},
		{"split_120x30_invalid_record", 120, 30, fixture, func(h *harness) { h.selectName("Lost bookmark") }},
		{"split_120x30_extension_fields", 120, 30, fixture, func(h *harness) { h.keys("j") }},
		{"detail_80x24", 80, 24, fixture, func(h *harness) { h.keys("j", "enter") }},
		{"search_typing_80x24", 80, 24, fixture, func(h *harness) { h.keys("/"); h.typeText("prog") }},
		{"search_kept_80x24", 80, 24, fixture, func(h *harness) { h.keys("/"); h.typeText("rating:>=2"); h.keys("enter") }},
		{"search_no_match_80x24", 80, 24, fixture, func(h *harness) { h.keys("/"); h.typeText("zzzz") }},
		{"grouped_folded_80x24", 80, 24, fixture, func(h *harness) {
			for h.m.list.Group().String() != "category" {
				h.keys("b")
			}
			h.keys("home", "space", "s")
		}},
		{"confirm_delete_80x24", 80, 24, fixture, func(h *harness) { h.keys("j", "j", "d") }},
		{"help_80x24", 80, 24, fixture, func(h *harness) { h.keys("?") }},
		{"help_search_80x24", 80, 24, fixture, func(h *harness) { h.keys("?", "?") }},
		{"empty_80x24", 80, 24, "", nil},
		{"empty_100x24", 100, 24, "", nil},
		{"small_50x12", 50, 12, fixture, func(h *harness) { h.keys("G") }},
		// Hosted dialogs take the body; the help bar is theirs.
		{"form_add_80x24", 80, 24, fixture, func(h *harness) { h.keys("a") }},
		{"picker_80x24", 80, 24, fixture, func(h *harness) { h.keys("c") }},
		// The form's notices wrap at 80 columns, the refusal of a save
		// too: its end says what to do (issue 24).
		{"form_add_80x24_duplicate", 80, 24, fixture, func(h *harness) {
			h.keys("a")
			h.typeText("http://shadyindustries.biz/ssd/ssd3.txt")
			h.keys("tab")
			h.typeText("A name")
			h.keys("ctrl+s")
		}},
		// On X-TAGS, the completion key fits in the help bar at 80.
		{"form_edit_80x24_tags", 80, 24, tagsFixture, func(h *harness) { h.keys("e", "tab", "tab", "tab", "tab") }},
		{"form_edit_80x24_duplicate", 80, 24, fixture, func(h *harness) {
			h.keys("e")
			for range len("http://google.co.uk/") {
				h.keys("backspace")
			}
			h.typeText("http://shadyindustries.biz/ssd/ssd3.txt")
			h.keys("ctrl+s")
		}},
		// A selection (issue 26): ticked rows, the count on the status
		// bar, those a search hides counted apart; the dialogs that act
		// on it say how many, and that each changed record gets DATE now.
		{"selection_80x24", 80, 24, fixture, func(h *harness) { h.keys("space", "j", "space", "/", "g", "o", "enter") }},
		{"selection_120x40", 120, 40, fixture, func(h *harness) { h.keys("v", "j", "j", "v", "G", "space") }},
		{"selection_picker_80x24", 80, 24, fixture, func(h *harness) { h.keys("*", "c") }},
		{"selection_tags_80x24", 80, 24, tagsFixture, func(h *harness) { h.keys("*", "+", "down") }},
		{"selection_delete_80x24", 80, 24, fixture, func(h *harness) { h.keys("space", "space", "/", "g", "o", "enter", "d") }},
		// A URI that is not valid shows as stored, marked (issue 24).
		{"list_80x24_invalid", 80, 24, invalidFixture, nil},
		{"detail_80x24_invalid_uri", 80, 24, invalidFixture, func(h *harness) { h.keys("j", "enter") }},
		// So does a NAME (issue 24); "(no name, line N)" only without one.
		{"list_80x24_invalid_name", 80, 24, invalidNameFixture, nil},
		{"detail_80x24_invalid_name", 80, 24, invalidNameFixture, func(h *harness) { h.keys("j", "enter") }},
		// X-TAGS wraps between tags, never inside one (issue 24).
		{"detail_80x24_long_tags", 80, 24, tagsFixture, func(h *harness) { h.keys("enter") }},
		{"detail_80x24_long_tags_search", 80, 24, tagsFixture, func(h *harness) {
			h.keys("/")
			h.typeText("x-tags:guide")
			h.keys("enter", "enter")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, tc.text, tc.w, tc.h)
			h.m.store.SetPath("/home/ada/.local/share/uricat/bookmarks.uricat")
			if tc.do != nil {
				tc.do(h)
			}
			view := h.m.View()
			if n := strings.Count(view, "\n") + 1; n != tc.h {
				t.Errorf("view has %d lines, want %d", n, tc.h)
			}
			golden(t, view)
		})
	}
}

// invalidFixture has records that are not valid: a URI without a scheme,
// a URI with a blank and a long category, a DATE that is not a date, and
// no URI at all; one valid record to line them up against.
const invalidFixture = `URI: http://example.org/
NAME: Valid
DATE: 01/02/2020 10:00:00
CATEGORY: Misc
RATING: 3

URI: not a uri
NAME: No scheme
DATE: 01/02/2020 10:00:00
CATEGORY: Misc
RATING: 2

URI: http://example.org/a b
NAME: A blank in the URI, and a name long enough to be cut at 80 columns
DATE: 01/02/2020 10:00:00
CATEGORY: Official Documents
RATING: 4

URI: http://example.org/date
NAME: Bad date
DATE: yesterday
CATEGORY: Misc
RATING: 5

NAME: Nothing
DATE: 01/02/2020 10:00:00
RATING: 1

`

// invalidNameFixture has records whose NAME is not valid: text in UTF-8
// (SSD3 2.1.1 allows ASCII only, encoded words for the rest), an encoded
// word in a charset nobody knows, and no NAME at all; one valid record.
const invalidNameFixture = `URI: http://example.org/
NAME: Valid
DATE: 01/02/2020 10:00:00
RATING: 3

URI: http://example.org/cafe
NAME: Café in UTF-8, and a name long enough to be cut at 80 columns
DATE: 01/02/2020 10:00:00
RATING: 2

URI: http://example.org/bogus
NAME: =?bogus?Q?x?=
DATE: 01/02/2020 10:00:00

URI: http://example.org/none
DATE: 01/02/2020 10:00:00

`

// tagsFixture is a record whose tags, several words each, do not fit on
// one line of the detail pane at 80 columns.
const tagsFixture = `URI: https://example.org/trails
NAME: Trails
DATE: 01/02/2020 10:00:00
X-TAGS: hiking in the alps, road trip planning, follow-up questions for the guide, weekend ideas, camping gear, a-tag-that-is-far-too-long-to-fit-on-any-line-of-the-pane-whatever-we-do

`

// wrapTags breaks only after a comma, and a tag wider than the column
// by itself as any value.
func TestWrapTags(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		value string
		w     int
		want  []string
	}{
		{"", 10, []string{""}},
		{"a, b", 10, []string{"a, b"}},
		{"road trip, follow-up, x", 12, []string{"road trip,", "follow-up, x"}},
		{"a,b,c", 3, []string{"a,", "b,c"}},
		{"one,two", 4, []string{"one,", "two"}},
		{"ab, averylongtag, c", 8, []string{"ab,", "averylon", "gtag, c"}},
		{"a, b  ,  c  ", 20, []string{"a, b  ,  c"}},
	} {
		if got := wrapTags(c.value, c.w); !slices.Equal(got, c.want) {
			t.Errorf("wrapTags(%q, %d) = %q, want %q", c.value, c.w, got, c.want)
		}
	}
}

// One view in 256 colours, dark, to pin the palette's use: the match
// highlight, selection band, stars and dimmed URIs.
func TestGoldenColourView(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 16)
	h.colour("/home/ada/bookmarks.uricat")
	h.keys("/")
	h.typeText("go")
	h.keys("enter")
	golden(t, h.m.View())
}

// The first frame, before the catalogue has loaded, shows a spinner.
func TestLoadingView(t *testing.T) {
	t.Parallel()
	m := newModel(Options{Path: "/nonexistent/dir/x.uricat", Theme: theme.Plain()})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if v := m.View(); !strings.Contains(v, "Opening /nonexistent/dir/x.uricat") {
		t.Errorf("loading view: %q", v)
	}
}

// The detail pane lists a record's problems by line: each message names
// its field, so the pane does not put the field before it ("NAME: NAME
// must not be blank").
func TestDetailProblemsNameTheirFieldOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "URI: http://x.example/\r\nNAME: n\r\nDATE: 01/02/2024 10:00:00\r\nID: 0\r\n"+
		"CATEGORY: a\tb\r\nDESCRIPTION: =?bogus?Q?x?=\r\nRATING: 9\r\nLANGUAGE: english\r\nTYPE: text\r\n", 120, 30)
	d := h.m.detail.text(200)
	_, probs, _ := strings.Cut(d, "problem(s):")
	for _, name := range []string{ssd3.FieldID, ssd3.FieldCategory, ssd3.FieldDescription,
		ssd3.FieldRating, ssd3.FieldLanguage, ssd3.FieldType} {
		found := false
		for _, line := range strings.Split(probs, "\n") {
			n := 0
			for _, w := range strings.Fields(line) {
				if strings.Trim(w, `:",`) == name {
					n++
				}
			}
			if n > 1 {
				t.Errorf("%q names %s %d times", line, name, n)
			}
			found = found || n == 1
		}
		if !found {
			t.Errorf("no problem of %s in the pane:\n%s", name, d)
		}
	}
}

// The whole screen draws inside the terminal, however small, with the list,
// the detail pane, or a dialog open.
func TestFitsAnySize(t *testing.T) {
	t.Parallel()
	for _, keys := range [][]string{nil, {"enter"}, {"a"}, {"!"}, {"c"}, {"d"}, {"?"}} {
		h := newHarness(t, longFixture, 80, 24)
		h.keys(keys...)
		dialogtest.Fits(t, func(w, ht int) string {
			h.send(tea.WindowSizeMsg{Width: w, Height: ht})
			return h.m.View()
		})
	}
}

// Every field the detail pane shows goes through one display function:
// bidi controls and zero-width characters are marked, never printed, in
// DESCRIPTION as in NAME, CATEGORY and the X- fields, and a DESCRIPTION
// keeps its line breaks.
func TestDetailMarksInvisibleInEveryField(t *testing.T) {
	t.Parallel()
	const bad = "a\u202eb\u200bc"
	enc := ssd3.EncodeText
	h := newHarness(t, "URI: http://x.example/\r\nNAME: "+enc(bad)+"\r\nDATE: 01/02/2024 10:00:00\r\n"+
		"CATEGORY: "+enc(bad)+"\r\nDESCRIPTION: "+enc("first "+bad+"\nsecond "+bad)+"\r\nX-NOTE: "+enc(bad)+"\r\n", 120, 30)
	// A file holds URI, LANGUAGE, TYPE and ID in ASCII; a record in
	// memory may hold anything (an edit, an import before it is checked).
	rec := h.m.list.Current()
	rec.SetURI("http://x.example/" + bad)
	rec.SetLanguage(bad)
	rec.SetType(bad)
	rec.SetID(bad)
	rec.SetExtension("X-"+bad, bad)
	d := h.m.detail.text(200)
	if strings.ContainsAny(d, "\u202e\u200b") {
		t.Errorf("the pane prints a bidi or zero-width character raw:\n%q", d)
	}
	const shown = "a⟨U+202E⟩b⟨U+200B⟩c"
	// NAME, URI, CATEGORY, DESCRIPTION's two lines, LANGUAGE, TYPE, ID,
	// X-NOTE, and the other X- field's name and value.
	if n := strings.Count(d, shown); n != 11 {
		t.Errorf("%d values marked, want 11:\n%s", n, d)
	}
	if !strings.Contains(d, "first "+shown+"\nsecond "+shown) {
		t.Errorf("DESCRIPTION does not keep its line break:\n%s", d)
	}
}

// With a record of a 50 MB DESCRIPTION selected, a key and its frame take
// what the pane shows, not the DESCRIPTION's size (they took 3-7 s).
func TestDetailBigDescription(t *testing.T) {
	// Not parallel: it times keys, which tests beside it would slow.
	h := newHarness(t, bigDescription(50<<20), 120, 40)
	h.selectName("Big")
	_ = h.m.View()
	h.keys("enter")
	for _, k := range []string{"down", "down", "up", "pgdown"} {
		start := time.Now()
		h.send(keyMsg(k))
		view := h.m.View()
		if d := time.Since(start); d > time.Second { // about 0.5 ms; 7-10 s before: generous for -race on a loaded machine (BenchmarkDetailKeystroke has the figures)
			t.Errorf("%s took %v", k, d)
		}
		if !strings.Contains(view, "+ · ↑/↓ scroll") {
			t.Errorf("the pane does not say that more lines follow:\n%s", view)
		}
	}
}

// The DESCRIPTION laid out as far as the pane shows it is the same, line
// for line, as laid out whole: paging through it shows every line of it
// once, its line breaks kept, a line longer than descPiece included.
func TestDetailScrollsThroughDescription(t *testing.T) {
	t.Parallel()
	var d strings.Builder
	for i := 0; d.Len() < 3*descAhead; i++ {
		fmt.Fprintf(&d, "paragraph %d: %s\n", i, strings.Repeat("some words ", i%50))
		if i%7 == 0 {
			d.WriteString("\n")
		}
	}
	d.WriteString(strings.Repeat("a long line ", 3*descPiece/12))
	d.WriteString("\nthe end")
	h := newHarness(t, "URI: http://x.example/\r\nNAME: n\r\nDATE: 01/02/2024 10:00:00\r\nDESCRIPTION: "+ssd3.EncodeText(d.String())+"\r\n", 120, 30)
	h.keys("enter")
	l := h.m.layout()
	var got []string
	for {
		win := h.m.detail.window()
		got = append(got, win.lines...)
		if win.top+len(win.lines) >= win.total && !win.more {
			break
		}
		h.send(keyMsg("pgdown")) // half a screen: read on from the last line shown
		if next := h.m.detail.top; next <= win.top {
			t.Fatalf("stuck at line %d", next)
		} else {
			got = got[:len(got)-(win.top+len(win.lines)-next)]
		}
	}
	want := strings.Split(h.m.detail.text(max(10, l.detailW-4)), "\n")
	if len(got) != len(want) {
		t.Fatalf("%d lines paged through, %d laid out whole", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("line %d is %q paged through, %q laid out whole", i, got[i], want[i])
		}
	}
	if !strings.Contains(want[len(want)-1], "the end") || !strings.Contains(strings.Join(want, "\n"), "paragraph 7: "+strings.Repeat("some words ", 7)[:20]) {
		t.Errorf("the DESCRIPTION's text is not all there")
	}
}

// A search that matches a tag lights it, and the tags wrap as they do
// unlit: between tags.
func TestLitTagsWrapBetweenTags(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tagsFixture, 80, 24)
	plain := detailAt(h, 60, 20)
	h.colour("/home/ada/bookmarks.uricat")
	h.keys("/")
	h.typeText("x-tags:guide")
	h.keys("enter")
	lit := detailAt(h, 60, 20)
	if !strings.Contains(lit, h.m.th.Match.Render("guide")) {
		t.Errorf("guide is not lit:\n%q", lit)
	}
	if got := ansi.Strip(lit); got != plain {
		t.Errorf("lit, the pane is laid out\n%s\nunlit\n%s", got, plain)
	}
	for _, tag := range []string{"hiking in the alps,", "road trip planning,", "follow-up questions for the guide,", "weekend ideas,", "camping gear,"} {
		if !strings.Contains(plain, tag) {
			t.Errorf("the tag %q is broken:\n%s", tag, plain)
		}
	}
}

// A URI that is not valid is shown as stored, its mark in the warning
// style, in the list and the detail pane (issue 24).
func TestInvalidURIShownMarked(t *testing.T) {
	t.Parallel()
	h := newHarness(t, invalidFixture, 120, 30)
	h.colour("/home/ada/bookmarks.uricat")
	h.keys("j")
	list, detail := h.m.listView(60, 20), detailAt(h, 50, 20)
	for name, v := range map[string]string{"list": list, "detail pane": detail} {
		mark := h.m.th.Warning.Render("(invalid)")
		if name == "list" {
			mark = h.m.th.Warning.Render("(invalid) ") // the row not selected
		}
		if !strings.Contains(v, mark) || !strings.Contains(ansi.Strip(v), "(invalid) not a uri") {
			t.Errorf("the %s does not show the stored URI marked:\n%q", name, v)
		}
	}
}

// At 80 columns every row's rating starts in the same column, an invalid
// record's too, with or without a valid DATE (issue 24).
func TestRatingsLineUpAt80(t *testing.T) {
	t.Parallel()
	h := newHarness(t, invalidFixture, 80, 24)
	col := -1
	for i, line := range strings.Split(h.m.View(), "\n") {
		r := []rune(line)
		j := slices.IndexFunc(r, func(c rune) bool { return c == '★' || c == '☆' })
		if j < 0 {
			continue
		}
		if col < 0 {
			col = j
		} else if j != col {
			t.Errorf("line %d: the rating starts at %d, not %d:\n%s", i, j, col, h.m.View())
		}
	}
	if col < 0 {
		t.Fatal("no ratings shown")
	}
}

// A NAME that is not valid is shown as stored, its mark in the warning
// style, in the list and the detail pane, as a URI is (issue 24); a record
// without one still says so, with its line.
func TestInvalidNameShownMarked(t *testing.T) {
	t.Parallel()
	h := newHarness(t, invalidNameFixture, 120, 30)
	h.colour("/home/ada/bookmarks.uricat")
	list := h.m.listView(60, 20) // the valid record selected
	if n := strings.Count(list, h.m.th.Warning.Render("(invalid) ")); n != 2 {
		t.Errorf("the list marks %d names, want 2:\n%q", n, list)
	}
	for _, tt := range []struct {
		want string
		mark bool
	}{
		{"(invalid) Café in UTF-8", true},
		{"(invalid) =?bogus?Q?x?=", true},
		{"(no name, line 15)", false},
	} {
		if !strings.Contains(ansi.Strip(list), tt.want) {
			t.Errorf("the list does not show %q:\n%s", tt.want, ansi.Strip(list))
		}
		h.keys("j")
		detail := detailAt(h, 50, 20)
		if tt.mark && (!strings.Contains(detail, h.m.th.Warning.Render("(invalid)")) || !strings.Contains(ansi.Strip(detail), tt.want)) {
			t.Errorf("the detail pane does not show %q marked:\n%q", tt.want, detail)
		}
	}
}

// At 80 columns the form's help bar names the completion key of the
// field that completes, uncut (issue 24: it was past the "…").
func TestFormHelpNamesCompletionAt80(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		tabs int
		want string
	}{{3, "→ complete category"}, {4, "→ complete tag"}} {
		h := newHarness(t, tagsFixture, 80, 24)
		h.keys("e")
		for range tt.tabs {
			h.keys("tab")
		}
		if help := h.m.helpLine(); !strings.Contains(help, tt.want) || strings.Contains(help, "…") {
			t.Errorf("the help bar does not name %q whole:\n%s", tt.want, help)
		}
	}
}
