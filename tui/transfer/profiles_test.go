package transfer

import (
	"errors"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers/profiles"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/dialog/dialogtest"
	"github.com/uricat/uricat/tui/theme"
)

// chromeFile is a Chromium Bookmarks file of the bookmarks given (URL,
// name), on the bookmark bar.
func chromeFile(links ...string) string {
	var b strings.Builder
	b.WriteString(`{"checksum": "x", "roots": {"bookmark_bar": {"children": [`)
	for i := 0; i+1 < len(links); i += 2 {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`{"date_added": "13300000000000000", "name": "` + links[i+1] + `", "type": "url", "url": "` + links[i] + `"}`)
	}
	b.WriteString(`], "name": "Bookmarks bar", "type": "folder"}}, "version": 1}`)
	return b.String()
}

// twoProfiles makes two profiles' files in a folder of their own: Chrome's
// "Person 1" with two bookmarks, Brave's Default with one.
func twoProfiles(t *testing.T) []profiles.Profile {
	dir := t.TempDir()
	chrome := writeFile(t, dir, "chrome-Bookmarks", chromeFile("https://go.dev/", "Go", "https://pkg.go.dev/", "Packages"))
	brave := writeFile(t, dir, "brave-Bookmarks", chromeFile("https://brave.example/", "Brave news"))
	return []profiles.Profile{
		{Browser: "chrome", Title: "Google Chrome", Name: "Default", Label: "Person 1", Path: chrome, Format: "chromium", Default: true},
		{Browser: "brave", Title: "Brave", Name: "Default", Path: brave, Format: "chromium", Default: true},
	}
}

func found(ps []profiles.Profile, problems ...error) func() ([]profiles.Profile, []error) {
	return func() ([]profiles.Profile, []error) { return ps, problems }
}

func TestGoldenProfiles(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "bookmarks.html", bookmarks)
	m := NewImport(dialog.NewContext(theme.Plain()), ImportConfig{Dir: dir, Profiles: found(twoProfiles(t))})
	m.SetSize(80, 24)
	m, _ = drain(t, m, m.Init())
	m, _ = step(m, press(tea.KeyUp)) // the last profile highlighted
	v := strings.ReplaceAll(m.View(), dir, "$DIR")
	lines := strings.Split(v, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	golden(t, "import-profiles-80x24", strings.Join(lines, "\n"))
}

// Profiles are found in a command, not by NewImport, Update or View: the
// screen says it is looking till they come.
func TestProfilesFoundInACommand(t *testing.T) {
	var calls atomic.Int32
	find := func() ([]profiles.Profile, []error) { calls.Add(1); return nil, nil }
	m := NewImport(dialog.NewContext(theme.Plain()), ImportConfig{Dir: t.TempDir(), Profiles: find})
	m.SetSize(80, 24)
	cmd := m.Init()
	if v := m.View(); calls.Load() != 0 || !strings.Contains(v, "looking for browser profiles…") {
		t.Errorf("before the command: %d calls, view\n%s", calls.Load(), v)
	}
	m, _ = drain(t, m, cmd)
	if v := m.View(); calls.Load() != 1 || strings.Contains(v, "browser profile") {
		t.Errorf("after it, with none found: %d calls, view\n%s", calls.Load(), v)
	}
}

// ↑ above the files goes to the profiles, enter imports the one
// highlighted through the plan, as a file; "k" is typed, not a move.
func TestImportProfile(t *testing.T) {
	dir := t.TempDir()
	ps := twoProfiles(t)
	m := NewImport(dialog.NewContext(theme.Plain()), ImportConfig{Dir: dir, Now: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC), Profiles: found(ps)})
	m.SetSize(80, 24)
	m, _ = drain(t, m, m.Init())
	m = typeKeys(t, m, "k")
	if m.profs.sel != -1 || !strings.Contains(m.files.input.Value(), "k") {
		t.Fatalf("k: profile %d highlighted, path %q", m.profs.sel, m.files.input.Value())
	}
	m, _ = step(m, press(tea.KeyBackspace))
	for _, k := range []tea.KeyType{tea.KeyUp, tea.KeyUp, tea.KeyUp} { // to the first, and it stays
		m, _ = step(m, press(k))
	}
	if m.profs.sel != 0 {
		t.Fatalf("highlighted %d, want 0", m.profs.sel)
	}
	m, cmd := step(m, press(tea.KeyEnter))
	m, out := drain(t, m, cmd)
	if len(out) != 1 {
		t.Fatalf("emitted %v, want one ImportedMsg", out)
	}
	im := out[0].(ImportedMsg)
	if im.Err != nil || im.Plan.Len() != 2 || im.Summaries[0].Source != ps[0].Path || im.Summaries[0].Format != "chromium" {
		t.Fatalf("ImportedMsg %+v", im)
	}
	m.Applied(im.Summaries[0], nil)
	if v := m.View(); !strings.Contains(v, "profile    Google Chrome Person 1 (Default)") || !strings.Contains(v, "imported   2 records") {
		t.Errorf("summary:\n%s", v)
	}
	// The next import starts where this one's file chooser was, not in
	// the browser's folder.
	m.Update(press(tea.KeyEsc))
	if c := m.ctx.Take(); !c.Close || c.Result.(FolderMsg).Dir != filepath.Clean(dir) {
		t.Errorf("closed with %+v, want the folder %s", c, dir)
	}
}

// A profile that cannot be read says so, in the list and when chosen;
// ↓ past the last profile gives the keys back to the files.
func TestProfileThatCannotBeRead(t *testing.T) {
	ps := twoProfiles(t)
	ps[1].Path = filepath.Join(t.TempDir(), "missing")
	m := NewImport(dialog.NewContext(theme.Plain()), ImportConfig{Dir: t.TempDir(), Profiles: found(ps, errors.New("profiles.ini: line 3: neither a [section] nor a key=value"))})
	m.SetSize(80, 24)
	m, _ = drain(t, m, m.Init())
	v := m.View()
	for _, want := range []string{"browser profiles · ↑ chooses one · profiles.ini: line 3", "Brave          Default", "cannot be read"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	m, _ = step(m, press(tea.KeyUp))
	m, cmd := step(m, press(tea.KeyEnter))
	if cmd != nil || m.state != importPick || !strings.Contains(m.View(), "cannot read Brave Default: ") {
		t.Errorf("choosing it: state %d, view\n%s", m.state, m.View())
	}
	m, _ = step(m, press(tea.KeyDown))
	if m.profs.sel != -1 {
		t.Errorf("↓ past the last: profile %d highlighted", m.profs.sel)
	}
}

// The list of profiles fits in any area, as the rest of the screen.
func TestProfilesFit(t *testing.T) {
	m := NewImport(dialog.NewContext(theme.Plain()), ImportConfig{Dir: t.TempDir(), Profiles: found(twoProfiles(t))})
	m.SetSize(80, 24)
	m, _ = drain(t, m, m.Init())
	m, _ = step(m, press(tea.KeyUp))
	dialogtest.Fits(t, func(w, h int) string {
		m.SetSize(w, h)
		return m.View()
	})
}

// Each profile says how many of its bookmarks are new to the catalogue:
// what an import of it would add.
func TestProfilesCountWhatIsNew(t *testing.T) {
	t.Parallel()
	c, err := catalogue.Read(strings.NewReader("URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := dialog.NewContext(theme.Plain())
	ctx.Store = &dialogtest.Store{Cat: c}
	m := NewImport(ctx, ImportConfig{Dir: t.TempDir(), Profiles: found(twoProfiles(t))})
	m.SetSize(80, 24)
	m, _ = drain(t, m, m.Init())
	v := m.View()
	if !strings.Contains(v, "1 new of 2 bookmarks") || !strings.Contains(v, " 1 bookmark") {
		t.Errorf("the profiles do not say what is new:\n%s", v)
	}
}
