package transfer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	xgolden "github.com/charmbracelet/x/exp/golden"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/formats"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/dialog/dialogtest"
	"github.com/uricat/uricat/tui/theme"
)

// golden compares got with testdata/<test>/<name>.golden; go test -update
// rewrites it.
func golden(t *testing.T, name, got string) {
	t.Helper()
	t.Run(name, func(t *testing.T) { xgolden.RequireEqual(t, []byte(got)) })
}

// step delivers msg to m as the root's stack would and returns m and its
// command; a stack step m asks for (a dialog.Step: to close, or to open)
// comes back as a message of the command, so that drain reports it.
func step[M dialog.Dialog](m M, msg tea.Msg) (M, tea.Cmd) {
	_, cmd := m.Update(msg)
	if st := ctxOf(m).Take(); st != (dialog.Step{}) {
		return m, tea.Batch(cmd, func() tea.Msg { return st })
	}
	return m, cmd
}

// ctxOf returns the context screen d was made with.
func ctxOf(d dialog.Dialog) dialog.Context {
	switch d := d.(type) {
	case *Import:
		return d.ctx
	case *Export:
		return d.ctx
	}
	panic(fmt.Sprintf("no context for %T", d))
}

// drain runs cmd and feeds what it answers back to m, as the Bubble Tea
// runtime would, and returns the messages meant for the root (those of
// this package's exported types) and the stack steps m asked for. Spinner
// ticks are not fed back, so that the loop ends.
func drain[M dialog.Dialog](t *testing.T, m M, cmd tea.Cmd) (M, []tea.Msg) {
	t.Helper()
	var out []tea.Msg
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 1000 {
			t.Fatal("commands never settle")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		switch msg := msg.(type) {
		case nil, spinner.TickMsg:
			continue
		case tea.BatchMsg:
			queue = append(queue, msg...)
			continue
		case ImportedMsg, ExportedMsg, dialog.Step:
			out = append(out, msg)
			continue
		}
		var next tea.Cmd
		m, next = step(m, msg)
		queue = append(queue, next)
	}
	return m, out
}

func press(k tea.KeyType) tea.KeyMsg { return tea.KeyMsg{Type: k} }

func runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

const bookmarks = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3>Programming</H3>
    <DL><p>
        <DT><A HREF="https://go.dev/" ADD_DATE="1700000000">Go</A>
        <DT><A HREF="https://pkg.go.dev/" ADD_DATE="1700000000">Go packages</A>
        <DT><A HREF="not a uri" ADD_DATE="1700000000">Broken</A>
    </DL><p>
    <DT><A HREF="https://example.org/" ADD_DATE="1700000000">Example</A>
</DL><p>
`

func newCatalogue(t *testing.T) *catalogue.Catalogue {
	t.Helper()
	c, err := catalogue.Read(strings.NewReader("URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// pick types name after the folder the file chooser starts in, each key's
// commands run before the next key, and chooses it with enter.
func pick(t *testing.T, m *Import, name string) (*Import, []tea.Msg) {
	t.Helper()
	m, _ = drain(t, m, m.Init())
	m = typeKeys(t, m, name)
	var cmd tea.Cmd
	m, cmd = step(m, press(tea.KeyEnter))
	return drain(t, m, cmd)
}

// typeKeys types s into m one rune at a time, running the commands of each.
func typeKeys(t *testing.T, m *Import, s string) *Import {
	t.Helper()
	for _, r := range s {
		var cmd tea.Cmd
		m, cmd = step(m, runes(string(r)))
		m, _ = drain(t, m, cmd)
	}
	return m
}

func writeFile(t testing.TB, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	os.Chtimes(p, old, old)
	return p
}

func TestImportFlow(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a-notes.txt", "just some notes\n")
	path := writeFile(t, dir, "bookmarks.html", bookmarks)
	c := newCatalogue(t)
	m := NewImport(dialog.NewContext(theme.Plain()), ImportConfig{Dir: dir, Now: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)})
	m.SetSize(80, 24)
	m, out := pick(t, m, "bookmarks.html")
	if len(out) > 0 {
		t.Fatalf("choosing a file emitted %v", out)
	}
	if m.Path() != path {
		t.Fatalf("path %q, want %q", m.Path(), path)
	}
	f, ok := m.Format()
	if !ok || f.Name != "netscape" {
		t.Fatalf("detected %+v, want netscape", f)
	}
	v := m.View()
	for _, want := range []string{"Netscape", "enter: import"} {
		if !strings.Contains(v, want) {
			t.Errorf("confirm step lacks %q:\n%s", want, v)
		}
	}
	if c.Len() != 1 {
		t.Fatal("the catalogue changed before enter")
	}
	m, cmd := step(m, press(tea.KeyEnter))
	m, out = drain(t, m, cmd)
	if len(out) != 1 {
		t.Fatalf("import emitted %v, want one ImportedMsg", out)
	}
	im := out[0].(ImportedMsg)
	if im.Err != nil || len(im.Summaries) != 1 {
		t.Fatalf("ImportedMsg %+v", im)
	}
	if c.Len() != 1 || c.Modified() {
		t.Errorf("the screen changed the catalogue: %d records (modified %v); the root applies the plan", c.Len(), c.Modified())
	}
	if im.Plan == nil || im.Plan.Len() != 3 {
		t.Fatalf("plan %+v, want the 3 records read", im.Plan)
	}
	// The root applies the plan's edit, and hands the screen the summary
	// of what it did.
	var rep catalogue.AddReport
	add := im.Plan.Edit()
	add.Report = &rep
	if _, err := c.Apply(add); err != nil || rep.Added() != 2 || c.Len() != 3 {
		t.Errorf("applying the plan: %v, added %d, catalogue %d", err, rep.Added(), c.Len())
	}
	s := im.Plan.Summaries(rep)[0]
	// go.dev is in the catalogue already; "not a uri" cannot be imported.
	if s.Imported != 2 || s.Duplicates != 1 || len(s.Skipped) != 1 {
		t.Errorf("summary %s; skipped %v", s, s.Skipped)
	}
	m.Applied(s, nil)
	if !m.Done() {
		t.Fatal("not showing the summary")
	}
	view := strings.ReplaceAll(m.View(), dir, "$DIR")
	golden(t, "import-summary-80x24", view)
	_, cmd = step(m, press(tea.KeyEsc))
	if st, _ := cmd().(dialog.Step); !st.Close {
		t.Error("esc did not close the summary")
	}
}

func TestImportUnrecognisedFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "notes.txt", "just some notes\n")
	m := NewImport(dialog.NewContext(theme.Plain()), ImportConfig{Dir: dir})
	m, _ = pick(t, m, "notes.txt")
	if _, ok := m.Format(); ok {
		t.Fatal("a text file was recognised")
	}
	if !strings.Contains(m.View(), "not recognised") {
		t.Errorf("view:\n%s", m.View())
	}
	m, cmd := step(m, press(tea.KeyEnter))
	if cmd != nil || m.Done() {
		t.Fatal("enter imported a file of no known format")
	}
	// tab chooses a format by hand; esc goes back to the picker.
	m, _ = step(m, press(tea.KeyTab))
	if _, ok := m.Format(); !ok {
		t.Fatal("tab chose no format")
	}
	m, _ = step(m, press(tea.KeyEsc))
	if m.state != importPick {
		t.Errorf("esc went to state %d, want the picker", m.state)
	}
	_, cmd = step(m, press(tea.KeyEsc))
	if st, _ := cmd().(dialog.Step); !st.Close {
		t.Error("esc in the picker did not close")
	}
}

func TestImportReadErrorAddsNothing(t *testing.T) {
	c := newCatalogue(t)
	_, s, err := importFile(context.Background(), ImportConfig{}, filepath.Join(t.TempDir(), "missing.html"), importers.Format{}, nil)
	if err == nil || s.Imported != 0 || c.Len() != 1 {
		t.Errorf("err %v, summary %s, catalogue %d", err, s, c.Len())
	}
}

func TestPickerSanitisesFileNames(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "evil\x1b]0;pwned\x07name.html", bookmarks)
	m := NewImport(dialog.NewContext(theme.Plain()), ImportConfig{Dir: dir})
	m, _ = drain(t, m, m.Init())
	v := m.View()
	if strings.ContainsAny(v, "\x1b\x07") {
		t.Fatalf("escape sequence from a file name reached the screen: %q", v)
	}
	if !strings.Contains(v, "evil") {
		t.Errorf("file not listed:\n%s", v)
	}
}

func TestProgressBarOnLargeFiles(t *testing.T) {
	m := NewImport(dialog.NewContext(theme.Plain()), ImportConfig{})
	m.SetSize(80, 24)
	m.state, m.path = importRun, "/x/big.html"
	m.size, m.read = 100<<10, 50<<10
	if v := m.View(); strings.Contains(v, "%") {
		t.Errorf("a bar for a small file:\n%s", v)
	}
	m.size, m.read = 4<<20, 1<<20
	v := m.View()
	for _, want := range []string{"25%", "1 MiB of 4 MiB", "importing big.html"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	// Progress reported by the running import moves the bar.
	ch := make(chan int64, 1)
	m.progress = ch
	ch <- 3 << 20
	msg := waitProgress(m.id, ch)()
	m, _ = step(m, msg)
	if !strings.Contains(m.View(), "75%") {
		t.Errorf("progress not shown:\n%s", m.View())
	}
	// A message from another screen's import is ignored.
	m, _ = step(m, progressMsg{id: m.id + 1000, read: 0})
	if !strings.Contains(m.View(), "75%") {
		t.Error("another import's progress moved this bar")
	}
	// Once the file is read, the screen says the records are going in.
	m, _ = step(m, progressMsg{id: m.id, read: parsed})
	if !strings.Contains(m.View(), "adding the records of big.html") {
		t.Errorf("view:\n%s", m.View())
	}
}

func TestImportLargeFileReportsProgress(t *testing.T) {
	var b strings.Builder
	b.WriteString("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n")
	for i := 0; b.Len() < 2*largeFile; i++ {
		fmt.Fprintf(&b, "<DT><A HREF=\"https://example.org/page/%d\" ADD_DATE=\"1700000000\">Page %d</A>\n", i, i)
	}
	b.WriteString("</DL><p>\n")
	path := writeFile(t, t.TempDir(), "big.html", b.String())
	var calls []int64
	f, _ := formats.ByName(formats.Readers(), "netscape")
	_, s, err := importFile(context.Background(), ImportConfig{}, path, f, func(n int64) { calls = append(calls, n) })
	if err != nil || s.Imported == 0 {
		t.Fatalf("err %v summary %s", err, s)
	}
	// Byte counts up to the size, then "parsed" when the records go in.
	if n := len(calls); n < 3 || calls[n-2] != int64(b.Len()) || calls[n-1] != parsed {
		t.Errorf("progress calls %v, want several reaching %d, then %d", calls, b.Len(), parsed)
	}
}

func TestGoldenPicker(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "bookmarks.html", bookmarks)
	writeFile(t, dir, "index.soif", "@FILE { http://x/\nTitle{1}:\tx\n}\n")
	m := NewImport(dialog.NewContext(theme.Plain()), ImportConfig{Dir: dir})
	m.SetSize(60, 10)
	m, _ = drain(t, m, m.Init())
	v := strings.ReplaceAll(m.View(), dir, "$DIR")
	lines := strings.Split(v, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ") // the input's width is the path's
	}
	golden(t, "import-picker-60x10", strings.Join(lines, "\n"))
}

func TestLongPathsKeepTheirEnd(t *testing.T) {
	m := NewImport(dialog.NewContext(theme.Plain()), ImportConfig{})
	m.SetSize(40, 20)
	m.state, m.path, m.format = importConfirm, "/very/long/directory/name/that/goes/on/and/on/bookmarks.html", 0
	for _, l := range strings.Split(m.View(), "\n") {
		if w := ansi.StringWidth(l); w > 40 {
			t.Errorf("line %q is %d wide, wider than 40", l, w)
		}
	}
	if !strings.Contains(m.View(), "…") || !strings.Contains(m.View(), "on/bookmarks.html") {
		t.Errorf("view:\n%s", m.View())
	}
}

func records(t *testing.T) []*ssd3.Record {
	t.Helper()
	c, err := catalogue.Read(strings.NewReader("URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\nCATEGORY: Programming\r\n\r\n" +
		"URI: https://example.org/\r\nNAME: Example\r\nDATE: 02/02/2024 10:00:00\r\nRATING: 4\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	return c.Valid()
}

func TestExportFlow(t *testing.T) {
	dir := t.TempDir()
	recs := records(t)
	m := NewExport(dialog.NewContext(theme.Plain()), recs, "all 2 records", dir)
	if m.Path() != filepath.Join(dir, "bookmarks.html") || m.Format().Name != "netscape" {
		t.Fatalf("starts with %s as %s", m.Path(), m.Format().Name)
	}
	// Down to SOIF: the suggested path follows the format.
	m, _ = step(m, press(tea.KeyDown))
	if m.Format().Name != "soif" || m.Path() != filepath.Join(dir, "bookmarks.soif") {
		t.Fatalf("after down: %s as %s", m.Path(), m.Format().Name)
	}
	m, cmd := step(m, press(tea.KeyEnter))
	_, out := drain(t, m, cmd)
	if len(out) != 1 {
		t.Fatalf("emitted %v", out)
	}
	em := out[0].(ExportedMsg)
	if em.Err != nil || em.Count != 2 || em.Format != "soif" || em.Path != filepath.Join(dir, "bookmarks.soif") {
		t.Fatalf("ExportedMsg %+v", em)
	}
	got, err := os.ReadFile(em.Path)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	f, _ := formats.ByName(formats.Writers(), "soif")
	if _, err := formats.Write(&want, f, recs); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Errorf("file differs from the soif exporter's output:\n%s\nwant\n%s", got, want.Bytes())
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, ".*")); len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}

func TestExportAsksBeforeOverwriting(t *testing.T) {
	dir := t.TempDir()
	old := writeFile(t, dir, "bookmarks.html", "old contents")
	m := NewExport(dialog.NewContext(theme.Plain()), records(t), "all 2 records", dir)
	// enter opens the one confirm dialog over the screen.
	ask := func() *dialog.Confirm {
		t.Helper()
		m, cmd := step(m, press(tea.KeyEnter))
		_, out := drain(t, m, cmd)
		if len(out) != 1 {
			t.Fatalf("no question before overwriting (emitted %v)", out)
		}
		q, ok := out[0].(dialog.Step).Open.(*dialog.Confirm)
		if !ok || q.Question().Text != "The file exists. Overwrite it?" || q.Question().Detail != old {
			t.Fatalf("asked %#v", out[0])
		}
		return q
	}
	q := ask()
	// n closes the question with nothing to do: the screen stays as it was.
	if q.Update(runes("n")); m.ctx.Take() != (dialog.Step{Close: true}) {
		t.Fatal("n did not close the question with nothing to do")
	}
	if b, _ := os.ReadFile(old); string(b) != "old contents" {
		t.Fatal("file overwritten after n")
	}
	// y closes it with the screen's own message, which the root hands to
	// the screen, now on top again.
	ask().Update(runes("y"))
	next := m.ctx.Take() // the question's context is the screen's
	if !next.Close {
		t.Fatal("y did not close the question")
	}
	m, cmd := step(m, next.Result)
	_, out := drain(t, m, cmd)
	if len(out) != 1 || out[0].(ExportedMsg).Err != nil {
		t.Fatalf("emitted %v", out)
	}
	if b, _ := os.ReadFile(old); !strings.Contains(string(b), "NETSCAPE-Bookmark-file-1") {
		t.Errorf("file not overwritten: %q", b)
	}
}

// The catalogue's own file, typed by its name or through a link, is
// refused before any question, as `uricat export -o` refuses it; nothing
// is written, and the screen stays with the reason.
func TestExportRefusesTheCatalogue(t *testing.T) {
	dir := t.TempDir()
	cat := writeFile(t, dir, "bookmarks.uricat", "URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\n")
	if err := os.Symlink("bookmarks.uricat", filepath.Join(dir, "link.html")); err != nil {
		t.Fatal(err)
	}
	for _, typed := range []string{cat, filepath.Join(dir, "link.html"), filepath.Join(dir, ".", "bookmarks.uricat")} {
		m := NewExport(dialog.NewContext(theme.Plain()), records(t), "all 2 records", dir)
		m.SetCatalogue(cat)
		m.path.SetValue(typed)
		m, cmd := step(m, press(tea.KeyEnter))
		m, out := drain(t, m, cmd)
		if len(out) != 0 {
			t.Fatalf("%s: asked or wrote (emitted %v)", typed, out)
		}
		if v := flat(m.View()); !strings.Contains(v, "is the catalogue itself") {
			t.Errorf("%s: the refusal is not shown:\n%s", typed, v)
		}
		// Even a yes that came anyway (an old question) writes nothing.
		m, cmd = step(m, overwriteMsg{id: m.id, path: filepath.Clean(typed)})
		_, out = drain(t, m, cmd)
		if len(out) != 1 || !errors.Is(out[0].(ExportedMsg).Err, catalogue.ErrIsCatalogue) {
			t.Errorf("%s: a yes gave %v", typed, out)
		}
		if b, _ := os.ReadFile(cat); !strings.HasPrefix(string(b), "URI: https://go.dev/") {
			t.Fatalf("%s: the catalogue was overwritten: %q", typed, b)
		}
	}
}

func TestExportTypedPath(t *testing.T) {
	dir := t.TempDir()
	m := NewExport(dialog.NewContext(theme.Plain()), records(t), "all 2 records", dir)
	m, _ = step(m, press(tea.KeyTab))
	for m.Path() != "" {
		m, _ = step(m, press(tea.KeyBackspace))
	}
	target := filepath.Join(dir, "out", "list.csv")
	for _, r := range target {
		m, _ = step(m, runes(string(r)))
	}
	// An edited path stays as typed when the format changes.
	m, _ = step(m, press(tea.KeyTab))
	for m.Format().Name != "csv" {
		m, _ = step(m, press(tea.KeyDown))
	}
	if m.Path() != target {
		t.Fatalf("path %q changed with the format", m.Path())
	}
	// The directory does not exist: the error shows and the screen stays.
	m, cmd := step(m, press(tea.KeyEnter))
	m, out := drain(t, m, cmd)
	if len(out) != 1 || out[0].(ExportedMsg).Err == nil {
		t.Fatalf("emitted %v", out)
	}
	if v := flat(m.View()); !strings.Contains(v, "✗ export to") || !strings.Contains(v, "no such file or directory") {
		t.Errorf("error not shown:\n%s", v)
	}
	if err := os.Mkdir(filepath.Join(dir, "out"), 0o755); err != nil {
		t.Fatal(err)
	}
	m, cmd = step(m, press(tea.KeyEnter))
	_, out = drain(t, m, cmd)
	if len(out) != 1 || out[0].(ExportedMsg).Err != nil {
		t.Fatalf("emitted %v", out)
	}
	b, _ := os.ReadFile(target)
	if !strings.HasPrefix(string(b), "uri,") && !strings.Contains(strings.ToLower(string(b)), "uri") {
		t.Errorf("csv file: %q", b)
	}
}

func TestExportTildeAndCancel(t *testing.T) {
	m := NewExport(dialog.NewContext(theme.Plain()), records(t), "x", "/nowhere")
	m.homeDir = func() (string, error) { return "/home/u", nil }
	m.path.SetValue("~/b.html")
	if p, _ := m.target(); p != "/home/u/b.html" {
		t.Errorf("~ resolved to %s", p)
	}
	_, cmd := step(m, press(tea.KeyEsc))
	if st, _ := cmd().(dialog.Step); !st.Close {
		t.Error("esc did not close")
	}
}

func TestGoldenExport(t *testing.T) {
	m := NewExport(dialog.NewContext(theme.Plain()), records(t), "all 2 records", "/home/u")
	m.SetSize(80, 24)
	m, _ = step(m, press(tea.KeyDown))
	golden(t, "export-80x24", m.View())
}

// flat joins the view's words with single spaces, undoing line wrapping.
func flat(v string) string { return strings.Join(strings.Fields(v), " ") }

func TestExportRefusesDirectory(t *testing.T) {
	dir := t.TempDir()
	m := NewExport(dialog.NewContext(theme.Plain()), records(t), "x", dir)
	m.path.SetValue(dir)
	m, cmd := step(m, press(tea.KeyEnter))
	m, out := drain(t, m, cmd)
	if len(out) > 0 {
		t.Fatalf("emitted %v", out)
	}
	if !strings.Contains(flat(m.View()), "is a directory") {
		t.Errorf("view:\n%s", m.View())
	}
}

func TestExportMouseWheel(t *testing.T) {
	m := NewExport(dialog.NewContext(theme.Plain()), records(t), "x", "/home/u")
	m, _ = step(m, tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if m.Format().Name != "soif" {
		t.Errorf("wheel down: %s", m.Format().Name)
	}
	for i := 0; i < 3; i++ {
		m, _ = step(m, tea.MouseMsg{Button: tea.MouseButtonWheelUp, Action: tea.MouseActionPress})
	}
	if m.Format().Name != "netscape" {
		t.Errorf("wheel up past the top: %s", m.Format().Name)
	}
}

func TestCancelledImportAddsNothing(t *testing.T) {
	var b strings.Builder
	b.WriteString("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n")
	for i := 0; b.Len() < 4*largeFile; i++ {
		fmt.Fprintf(&b, "<DT><A HREF=\"https://example.org/page/%d\">Page %d</A>\n", i, i)
	}
	path := writeFile(t, t.TempDir(), "big.html", b.String())
	c := newCatalogue(t)
	f, _ := formats.ByName(formats.Readers(), "netscape")
	ctx, cancel := context.WithCancel(context.Background())
	reads := 0
	_, s, err := importFile(ctx, ImportConfig{}, path, f, func(n int64) {
		if reads++; reads == 2 {
			cancel() // the user pressed esc half-way
		}
	})
	if err == nil || !errors.Is(err, errStopped) || !strings.Contains(err.Error(), "nothing was imported") {
		t.Fatalf("err = %v", err)
	}
	if s.Imported != 0 || c.Len() != 1 || c.Modified() {
		t.Errorf("a cancelled import changed the catalogue: %s, %d records", s, c.Len())
	}
}

func TestEscStopsTheRunningImport(t *testing.T) {
	m := NewImport(dialog.NewContext(theme.Plain()), ImportConfig{})
	m.state, m.path, m.size = importRun, "/x/big.html", 4<<20
	m.runCtx, m.cancel = context.WithCancel(context.Background())
	m, _ = step(m, press(tea.KeyEsc))
	if m.runCtx.Err() == nil {
		t.Fatal("esc did not cancel the import")
	}
	if !strings.Contains(m.View(), "stopping the import of big.html") {
		t.Errorf("view:\n%s", m.View())
	}
	// Once the records are going in, it is too late: esc does nothing.
	m.runCtx, m.cancel = context.WithCancel(context.Background())
	m.stopping, m.adding = false, true
	m, _ = step(m, press(tea.KeyEsc))
	if m.runCtx.Err() != nil {
		t.Error("esc cancelled while records were being added")
	}
}

// The import and export screens draw inside the area they are given,
// however small, at every step.
func TestFitsAnySize(t *testing.T) {
	fits := func(m dialog.Dialog) {
		t.Helper()
		dialogtest.Fits(t, func(w, h int) string {
			m.SetSize(w, h)
			return m.View()
		})
	}
	dir := t.TempDir()
	writeFile(t, dir, "bookmarks.html", bookmarks)
	writeFile(t, dir, "notes with a long name that will not fit.txt", "just some notes\n")
	m := NewImport(dialog.NewContext(theme.Plain()), ImportConfig{Dir: dir, Now: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)})
	m.SetSize(80, 24)
	m, _ = drain(t, m, m.Init())
	fits(m) // choosing a file
	m.SetSize(80, 24)
	m, _ = pick(t, m, "bookmarks.html")
	fits(m) // what will be imported
	m.SetSize(80, 24)
	m, cmd := step(m, press(tea.KeyEnter))
	m, _ = drain(t, m, cmd)
	fits(m) // the summary

	e := NewExport(dialog.NewContext(theme.Plain()), records(t), "all 2 records", dir)
	fits(e) // the formats
	e.Update(press(tea.KeyTab))
	fits(e) // the file
}

// The summary's notes wrap at words, every line within the screen: no
// word is cut off where a line wraps ("folder… see them").
func TestImportSummaryWrapsAtWords(t *testing.T) {
	long := "2 records have a folder (CATEGORY): press b in the list and group by category to see them together, or search with category:Work"
	for _, w := range []int{80, 100, 44} {
		m := NewImport(dialog.NewContext(theme.Plain()), ImportConfig{Dir: t.TempDir()})
		m.SetSize(w, 30)
		m.state = importDone
		m.Applied(importers.Summary{Source: "bookmarks.html", Imported: 2,
			Diagnostics: []ssd3.Diagnostic{{Line: 12, Kind: ssd3.Info, Msg: long}}}, nil)
		v := m.View()
		v = v[strings.Index(v, "Why"):]
		if strings.Contains(v, "…") {
			t.Errorf("at %d columns a line is cut:\n%s", w, v)
		}
		if got := strings.Join(strings.Fields(v), " "); !strings.Contains(got, long) {
			t.Errorf("at %d columns the note reads:\n%s", w, v)
		}
		for _, l := range strings.Split(v, "\n") {
			if ansi.StringWidth(l) > w {
				t.Errorf("at %d columns, a line of %d: %q", w, ansi.StringWidth(l), l)
			}
		}
	}
}
