package tui

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aymanbagabas/go-osc52/v2"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/opener"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/form"
	"github.com/uricat/uricat/tui/problems"
	"github.com/uricat/uricat/tui/system"
)

// iriFixture holds URIs that are IRIs percent-encoded (RFC 3987 3.1): a
// UTF-8 path and an IDNA host.
const iriFixture = "URI: https://de.wikipedia.org/wiki/K%C3%B6ln\r\nNAME: Koeln\r\nDATE: 01/02/2020 10:00:00\r\n\r\n" +
	"URI: https://xn--bcher-kva.de/\r\nNAME: Buecher\r\nDATE: 01/02/2020 11:00:00\r\n\r\n" +
	"NAME: Lost bookmark\r\nDATE: 02/02/2002 00:00:00\r\n"

// fakeDesktop replaces the opener and the clipboard for the test: it
// returns what was opened and what was written to the terminal. They are
// package system's variables, so a test that calls it is not parallel.
func fakeDesktop(t *testing.T) (opened *[]string, clip *bytes.Buffer) {
	t.Helper()
	opened, clip = new([]string), new(bytes.Buffer)
	oldOpener, oldClip := system.DefaultOpener, system.DefaultClipboard
	t.Cleanup(func() { system.DefaultOpener, system.DefaultClipboard = oldOpener, oldClip })
	system.DefaultOpener = system.Opener{Opener: opener.Opener{
		Getenv:   func(k string) string { return map[string]string{"BROWSER": "browser"}[k] },
		LookPath: func(p string) (string, error) { return "/usr/bin/" + p, nil },
		GOOS:     "linux",
		Start:    func(c *exec.Cmd) error { *opened = append(*opened, c.Args[len(c.Args)-1]); return nil },
	}}
	system.DefaultClipboard = system.Clipboard{Out: clip, Getenv: func(string) string { return "" }}
	return opened, clip
}

// The list and the detail pane show a URI as people read it; y and o use
// the URI as stored, and y says so.
func TestURIsShowAsIRIsAndAreCopiedAndOpenedAsStored(t *testing.T) {
	opened, clip := fakeDesktop(t)
	h := newHarness(t, iriFixture, 120, 30)
	v := h.m.View()
	for _, want := range []string{"https://de.wikipedia.org/wiki/Köln", "https://bücher.de/"} {
		if !strings.Contains(h.m.listView(60, 20), want) {
			t.Errorf("the list lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "%C3%B6") || strings.Contains(v, "xn--") {
		t.Errorf("view shows percent-encoded or IDNA forms:\n%s", v)
	}
	if !strings.Contains(detailAt(h, 50, 20), "https://de.wikipedia.org/wiki/Köln") {
		t.Errorf("the detail pane does not show the IRI:\n%s", detailAt(h, 50, 20))
	}
	h.keys("y")
	if want := osc52.New("https://de.wikipedia.org/wiki/K%C3%B6ln").String(); clip.String() != want {
		t.Errorf("y wrote %q, want the stored URI %q", clip.String(), want)
	}
	// The message says what was copied: the stored URI, not the IRI shown
	// (issue 24).
	if h.m.status.msg != "copied https://de.wikipedia.org/wiki/K%C3%B6ln (OSC 52)" {
		t.Errorf("message %q", h.m.status.msg)
	}
	h.keys("j", "o")
	if len(*opened) != 1 || (*opened)[0] != "https://xn--bcher-kva.de/" {
		t.Errorf("o opened %q, want the stored URI", *opened)
	}
	if !strings.Contains(h.m.status.msg, "opened https://bücher.de/") {
		t.Errorf("message %q", h.m.status.msg)
	}
}

// The form shows the IRI; left as shown, the stored URI stays as it was
// (no change); edited, it is stored as `uricat add` stores an IRI.
func TestFormShowsTheIRIAndStoresAURI(t *testing.T) {
	t.Parallel()
	h := newHarness(t, iriFixture, 100, 30)
	h.selectName("Buecher")
	h.keys("e")
	if v := h.m.View(); !strings.Contains(v, "URI           https://bücher.de/") || strings.Contains(v, "saved as") {
		t.Fatalf("the form does not show the IRI alone:\n%s", v)
	}
	// Unchanged: nothing to save, nothing written (DATE not restamped).
	h.keys("ctrl+s")
	if h.m.host.dialogs.Len() != 0 {
		t.Fatalf("an unchanged form stayed open:\n%s", h.m.View())
	}
	if r := find(h.reopen(), "Buecher"); r.URI() != "https://xn--bcher-kva.de/" || r.Date().Hour() != 11 {
		t.Fatalf("an unchanged form changed the record: %+v", r)
	}
	// Another field changed: the URI is not among the changes.
	h.keys("e", "enter")
	h.typeText(" online")
	h.keys("ctrl+s")
	if r := find(h.reopen(), "Buecher online"); r == nil || r.URI() != "https://xn--bcher-kva.de/" {
		t.Fatalf("after editing the NAME: %+v", r)
	}
	// The URI edited as an IRI is stored as a URI.
	h.keys("e")
	for range len([]rune("https://bücher.de/")) {
		h.keys("backspace")
	}
	h.typeText("https://bücher.de/straße")
	if v := h.m.View(); !strings.Contains(v, "saved as https://xn--bcher-kva.de/stra%C3%9Fe") {
		t.Errorf("the form does not say how the IRI is stored:\n%s", v)
	}
	h.keys("ctrl+s")
	if r := find(h.reopen(), "Buecher online"); r == nil || r.URI() != "https://xn--bcher-kva.de/stra%C3%9Fe" {
		t.Fatalf("after editing the URI: %+v", r)
	}
	if v := h.m.View(); !strings.Contains(v, "https://bücher.de/straße") {
		t.Errorf("the list does not show the new IRI:\n%s", v)
	}
}

// o and y on a record without a valid URI say so at once, rather than
// asking about an empty URI.
func TestOpenOrCopyARecordWithoutURI(t *testing.T) {
	opened, clip := fakeDesktop(t)
	h := newHarness(t, iriFixture, 100, 30)
	h.selectName("Lost bookmark")
	for _, k := range []string{"o", "y"} {
		h.keys(k)
		if _, ok := h.m.host.dialogs.Top().(*dialog.Confirm); ok {
			t.Fatalf("%s asked a question:\n%s", k, h.m.View())
		}
		verb := map[string]string{"o": "open", "y": "copy"}[k]
		if want := "nothing to " + verb + ": “Lost bookmark” has no valid URI"; !strings.Contains(h.m.status.msg, want) {
			t.Errorf("%s: message %q, want %q", k, h.m.status.msg, want)
		}
	}
	if len(*opened) != 0 || clip.Len() != 0 {
		t.Errorf("opened %q, copied %q", *opened, clip.String())
	}
}

// dateFixture has a record whose DATE is no date (February has no 31st)
// and one without DATE: both invalid (SSD3 2.2, 3.3).
const dateFixture = "URI: http://a.example/\r\nNAME: Bad date\r\nDATE: 31/02/2007 10:00:00\r\n\r\n" +
	"URI: http://b.example/\r\nNAME: No date\r\n"

// A record with a wrong DATE is fixed from the problems view: the form
// shows the file's DATE, takes a typed one, and the record becomes valid.
func TestFixAnInvalidDateFromTheProblemsView(t *testing.T) {
	t.Parallel()
	h := newHarness(t, dateFixture, 100, 30)
	h.keys("!", "e") // the first problem is the bad DATE's
	f, ok := h.m.host.dialogs.Top().(*form.Model)
	if !ok {
		t.Fatalf("e in the problems view opened %T:\n%s", h.m.host.dialogs.Top(), h.m.View())
	}
	v := h.m.View()
	for _, want := range []string{"DATE          31/02/2007 10:00:00", "February 2007 has no day 31"} {
		if !strings.Contains(v, want) {
			t.Errorf("the form lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "DATE is required") || strings.Contains(v, "set to now when saved") {
		t.Errorf("the form contradicts itself about DATE:\n%s", v)
	}
	if f.Focused() != ssd3.FieldDate {
		t.Errorf("the form opens on %s, not on the field to fix", f.Focused())
	}
	for range len("31/02/2007 10:00:00") {
		h.keys("backspace")
	}
	h.typeText("28/02/2007 10:00:00")
	if v := h.m.View(); !strings.Contains(v, "shown as 2007-02-28 10:00 UTC") {
		t.Errorf("the form does not read the typed DATE back:\n%s", v)
	}
	h.keys("ctrl+s")
	r := find(h.reopen(), "Bad date")
	if r == nil || !r.Valid() || ssd3.FormatDate(r.Date()) != "28/02/2007 10:00:00" {
		t.Fatalf("on disk: %+v", r)
	}
	if b, _ := os.ReadFile(h.m.store.Path()); strings.Contains(string(b), "31/02/2007") {
		t.Errorf("the file keeps the wrong DATE beside the new one:\n%s", b)
	}
	if _, ok := h.m.host.dialogs.Top().(*problems.Model); !ok {
		t.Errorf("back to %T, want the problems view", h.m.host.dialogs.Top())
	}
}

// A record without DATE saved as it is gets now (3.3), and is valid.
func TestAMissingDateBecomesNow(t *testing.T) {
	t.Parallel()
	h := newHarness(t, dateFixture, 100, 30)
	h.selectName("No date")
	h.keys("e")
	if v := h.m.View(); !strings.Contains(v, "empty: set to now when saved") || strings.Contains(v, "DATE is required") {
		t.Fatalf("the form:\n%s", v)
	}
	h.keys("ctrl+s")
	if r := find(h.reopen(), "No date"); r == nil || !r.Valid() || !r.Date().Equal(fixedNow) {
		t.Fatalf("on disk: %+v", r)
	}
	if h.m.host.dialogs.Len() != 0 {
		t.Errorf("the form stayed open:\n%s", h.m.View())
	}
}

// The form warns of a URI the catalogue has, as `uricat add` refuses it,
// and adds it only when the user saves a second time.
func TestAddingADuplicateWarnsAndAsksAgain(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	h.keys("a")
	h.typeText("http://GO.dev") // the same URI as go.dev's (URIKey)
	if v := h.m.View(); !strings.Contains(v, "already there: go.dev, line 20") {
		t.Fatalf("the form does not warn of the duplicate:\n%s", v)
	}
	h.keys("enter")
	h.typeText("Go again")
	h.keys("ctrl+s")
	if _, ok := h.m.host.dialogs.Top().(*form.Model); !ok {
		t.Fatalf("the first save closed the form:\n%s", h.m.View())
	}
	if v := h.m.View(); !strings.Contains(v, "not saved: already there: go.dev, line 20 · ctrl+s again saves it anyway") {
		t.Errorf("the form does not say how to add it anyway:\n%s", v)
	}
	if find(h.reopen(), "Go again") != nil {
		t.Fatal("the first save added the duplicate")
	}
	h.keys("ctrl+s")
	if h.m.host.dialogs.Len() != 0 {
		t.Fatalf("the second save did not close the form:\n%s", h.m.View())
	}
	if r := find(h.reopen(), "Go again"); r == nil || r.URI() != "http://GO.dev" {
		t.Fatalf("the duplicate was not added: %+v", r)
	}
	// Editing a record does not warn of its own URI, even one that is a
	// duplicate already; it warns of another record's.
	for _, name := range []string{"go.dev", "Go again"} {
		h.selectName(name)
		h.keys("e")
		if v := h.m.View(); strings.Contains(v, "already there") {
			t.Errorf("the form of %s warns of the record's own URI:\n%s", name, v)
		}
		h.keys("esc")
	}
	h.selectName("DuckDuckGo")
	h.keys("e")
	for range len("http://duckduckgo.com/") {
		h.keys("backspace")
	}
	h.typeText("http://go.dev/")
	if v := h.m.View(); !strings.Contains(v, "already there: go.dev, line 20") {
		t.Errorf("editing a URI into another record's does not warn:\n%s", v)
	}
}

// A duplicate the form did not know of (the catalogue refuses it) gets the
// same second chance, not a dead end.
func TestARefusedDuplicateCanBeAddedAnyway(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	h.keys("a")
	f := h.m.host.dialogs.Top().(*form.Model)
	f.CheckDuplicates(form.URIs{}) // the form cannot know: the catalogue refuses it
	h.typeText("http://duckduckgo.com/")
	h.keys("enter")
	h.typeText("Duck again")
	h.keys("ctrl+s")
	if v := h.m.View(); !strings.Contains(v, "not saved: already there: DuckDuckGo, line 31 · ctrl+s again saves it anyway") {
		t.Fatalf("the refusal:\n%s", v)
	}
	h.keys("ctrl+s")
	if r := find(h.reopen(), "Duck again"); r == nil || h.m.host.dialogs.Len() != 0 {
		t.Fatalf("not added anyway: %+v, %d dialogs open", r, h.m.host.dialogs.Len())
	}
}

// longFixture's first record has X- names longer than the label column
// and more lines than a pane holds.
var longFixture = "URI: https://example.org/a/very/long/path/that/does/not/fit/in/the/pane/at/all/index.html\r\n" +
	"NAME: Long\r\nDATE: 01/02/2020 10:00:00\r\nCATEGORY: Reading\r\nRATING: 3\r\nLANGUAGE: en\r\n" +
	"X-CREATOR-EMAIL: ada@example.org\r\nX-A-VERY-LONG-EXTENSION-FIELD-NAME-INDEED: short\r\n" +
	"X-MIRROR: https://mirror.example.net/a/very/long/path/that/does/not/fit/either/index.html\r\n" +
	"DESCRIPTION: " + strings.Repeat("Words and more words to read. ", 40) + "The end.\r\n\r\n" +
	"URI: http://b.example/\r\nNAME: Short\r\nDATE: 01/02/2020 10:00:00\r\n"

// Long X- names do not run into their values; the pane scrolls with the
// keys when it has them (enter) and with the wheel under the pointer, and
// says where the user is.
func TestDetailPaneLaysOutLongNamesAndScrolls(t *testing.T) {
	t.Parallel()
	h := newHarness(t, longFixture, 120, 30)
	d := detailAt(h, 53, 27)
	if !strings.Contains(d, "X-CREATOR-EMAIL  ada@example.org") {
		t.Errorf("X-CREATOR-EMAIL runs into its value:\n%s", d)
	}
	if !strings.Contains(d, "│ X-A-VERY-LONG-EXTENSION-FIELD-NAME-INDEED") || !strings.Contains(d, "│                  short") {
		t.Errorf("a name wider than the label column is not on a line of its own:\n%s", d)
	}
	if !strings.Contains(d, "lines 1-24 of 42 · enter, then ↓, scrolls") || strings.Contains(d, "The end.") {
		t.Fatalf("the pane does not say there is more:\n%s", d)
	}
	golden(t, d)

	h.keys("enter")
	if !h.m.detail.focused || !strings.Contains(h.m.helpLine(), "scroll") {
		t.Fatalf("enter did not give the detail pane the keys: %q", h.m.helpLine())
	}
	h.keys("G")
	if v := h.m.View(); !strings.Contains(v, "The end.") || h.m.list.Current().Name() != "Long" {
		t.Errorf("G did not scroll to the end of the record (selected %q):\n%s", h.m.list.Current().Name(), v)
	}
	h.keys("g", "j")
	if v := h.m.View(); !strings.Contains(v, "lines 2-") || h.m.list.Current().Name() != "Long" {
		t.Errorf("j did not scroll by a line:\n%s", v)
	}
	h.keys("esc")
	if h.m.detail.focused {
		t.Error("esc did not give the keys back to the list")
	}
	// The wheel over the pane scrolls it; over the list, it moves.
	h.send(tea.MouseMsg{X: 100, Y: 10, Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if v := h.m.View(); !strings.Contains(v, "lines 5-") || h.m.list.Current().Name() != "Long" {
		t.Errorf("the wheel over the pane did not scroll it:\n%s", v)
	}
	h.send(tea.MouseMsg{X: 10, Y: 10, Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if h.m.list.Current().Name() != "Short" {
		t.Errorf("the wheel over the list selected %q", h.m.list.Current().Name())
	}
	// Another record starts at its top.
	h.keys("k")
	if v := h.m.View(); !strings.Contains(v, "lines 1-24 of 42") {
		t.Errorf("back on the record, the pane is not at its top:\n%s", v)
	}
}

// On a narrow window the pane takes the screen and the same keys scroll.
func TestNarrowDetailScrolls(t *testing.T) {
	t.Parallel()
	h := newHarness(t, longFixture, 60, 20)
	h.keys("enter")
	h.keys("pgdown", "pgdown", "pgdown", "pgdown", "pgdown")
	v := h.m.View()
	if !strings.Contains(v, "The end.") || h.m.list.Current().Name() != "Long" {
		t.Fatalf("pgdown did not scroll the full-screen pane:\n%s", v)
	}
	golden(t, v)
}

// The import screen starts where the last one was, for the session.
func TestImportStartsInTheLastFolder(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	html := `<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><DT><A HREF="http://imported.example/">Imported</A></DL>`
	if err := os.WriteFile(filepath.Join(sub, "b.html"), []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, fixture, 100, 30)
	if wd, _ := os.Getwd(); h.m.host.importDir != wd {
		t.Errorf("the first import starts in %q, want the working directory %q", h.m.host.importDir, wd)
	}
	h.keys("i")
	h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(sub + "/"), Paste: true})
	if v := h.m.View(); !strings.Contains(v, "b.html") {
		t.Fatalf("the pasted folder is not listed:\n%s", v)
	}
	h.keys("esc")
	if h.m.host.dialogs.Len() != 0 || h.m.host.importDir != sub {
		t.Fatalf("after esc: %d open, next import in %q", h.m.host.dialogs.Len(), h.m.host.importDir)
	}
	h.keys("i")
	if v := h.m.View(); !strings.Contains(v, "b.html") {
		t.Fatalf("the second import does not start in %s:\n%s", sub, v)
	}
	h.keys("b", "enter") // the only file starting with b
	h.keys("enter")      // its format, found: import
	if find(h.reopen(), "Imported") == nil {
		t.Fatalf("not imported:\n%s", h.m.View())
	}
	h.keys("esc")
	if h.m.host.dialogs.Len() != 0 || h.m.host.importDir != sub {
		t.Errorf("after the import: %d open, next import in %q", h.m.host.dialogs.Len(), h.m.host.importDir)
	}
}

// A field the search matched is lit in its place among the others, beside
// its label, however long the label.
func TestDetailLightsMatchesInPlace(t *testing.T) {
	t.Parallel()
	h := newHarness(t, issueFixture, 100, 30)
	h.keys("/")
	h.typeText("hiking")
	plain := strings.Split(detailAt(h, 50, 20), "\n")
	date, tags := -1, -1
	for i, l := range plain {
		if strings.Contains(l, "Added ") {
			date = i
		}
		if strings.Contains(l, "Tags    Hiking, road trip") {
			tags = i
		}
	}
	if tags < 0 || tags < date {
		t.Errorf("the tags are not beside their value after the other fields (Added line %d, Tags line %d):\n%s", date, tags, strings.Join(plain, "\n"))
	}
	h.colour("/home/ada/bookmarks.uricat")
	if d := detailAt(h, 50, 20); !strings.Contains(d, h.m.th.Match.Render("H")) {
		t.Errorf("the match in X-TAGS is not lit:\n%q", d)
	}
}
