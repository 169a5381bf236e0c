package transfer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// folder makes a folder to choose from: two bookmark files with a common
// start, a subfolder, a note and a hidden file.
func folder(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, dir, "bookmarks.html", bookmarks)
	writeFile(t, dir, "bookmarks-old.html", bookmarks)
	writeFile(t, dir, "notes.txt", "notes\n")
	writeFile(t, dir, ".hidden.html", bookmarks)
	if err := os.MkdirAll(filepath.Join(dir, "books", "My Files"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "books"), "inner.html", bookmarks)
	writeFile(t, filepath.Join(dir, "books", "My Files"), "b.html", bookmarks)
	return dir
}

func newChooserScreen(t *testing.T, dir string) *Import {
	t.Helper()
	m := NewImport(dialog.NewContext(theme.Plain()), ImportConfig{Dir: dir})
	m.SetSize(80, 20)
	m, _ = drain(t, m, m.Init())
	return m
}

// key sends one key and runs what it asks.
func key1(t *testing.T, m *Import, k tea.KeyType) (*Import, []tea.Msg) {
	t.Helper()
	m, cmd := step(m, press(k))
	return drain(t, m, cmd)
}

func shown(m *Import) []string {
	var names []string
	for _, e := range m.files.matches {
		names = append(names, e.name)
	}
	return names
}

// tab completes as a shell does: the common start of the names, then the
// only name; a folder's name ends in a separator and its entries show.
func TestChooserCompletesLikeAShell(t *testing.T) {
	dir := folder(t)
	m := newChooserScreen(t, dir)
	if got := strings.Join(shown(m), " "); got != ".. books bookmarks-old.html bookmarks.html notes.txt" {
		t.Errorf("listed %q: folders first, hidden files left out", got)
	}
	m = typeKeys(t, m, "boo")
	m, _ = key1(t, m, tea.KeyTab)
	if got := m.files.input.Value(); got != dir+"/book" {
		t.Errorf("tab completed %q to %q, want the common start", "boo", got)
	}
	// Nothing more in common: tab highlights the first, tab again takes it.
	m, _ = key1(t, m, tea.KeyTab)
	m, _ = key1(t, m, tea.KeyTab)
	if got := m.files.input.Value(); got != dir+"/books/" {
		t.Fatalf("tab tab = %q, want the folder", got)
	}
	if got := strings.Join(shown(m), " "); got != ".. My Files inner.html" {
		t.Errorf("books/ lists %q", got)
	}
	m = typeKeys(t, m, "in")
	m, _ = key1(t, m, tea.KeyTab)
	m, out := key1(t, m, tea.KeyEnter)
	if m.Path() != filepath.Join(dir, "books", "inner.html") || m.state != importConfirm {
		t.Fatalf("enter chose %q (state %d), messages %v", m.Path(), m.state, out)
	}
	if f, ok := m.Format(); !ok || f.Name != "netscape" {
		t.Errorf("format %v", f)
	}
	// esc goes back to the chooser as it was.
	m, _ = key1(t, m, tea.KeyEsc)
	if m.state != importPick || m.files.input.Value() != dir+"/books/inner.html" {
		t.Errorf("back: state %d, path %q", m.state, m.files.input.Value())
	}
}

// The typed name chooses when it is a file's, or the only one it starts;
// otherwise the chooser says why not. A hidden file shows once a dot is
// typed.
func TestChooserEnter(t *testing.T) {
	dir := folder(t)
	m := newChooserScreen(t, dir)
	m, _ = key1(t, m, tea.KeyEnter)
	if !strings.Contains(m.View(), "choose a file") {
		t.Errorf("enter on a folder's path:\n%s", m.View())
	}
	m = typeKeys(t, m, "bookmarks")
	m, _ = key1(t, m, tea.KeyEnter)
	if m.state != importPick || !strings.Contains(m.View(), "2 names start with “bookmarks”") {
		t.Errorf("enter on an ambiguous name:\n%s", m.View())
	}
	m = typeKeys(t, m, "x")
	m, _ = key1(t, m, tea.KeyEnter)
	if !strings.Contains(m.View(), "nothing here is called “bookmarksx”") {
		t.Errorf("enter on a name that is not there:\n%s", m.View())
	}
	m, _ = key1(t, m, tea.KeyBackspace)
	m = typeKeys(t, m, "-")
	m, _ = key1(t, m, tea.KeyEnter)
	if m.Path() != filepath.Join(dir, "bookmarks-old.html") {
		t.Errorf("the only name that starts so was not chosen: %q", m.Path())
	}
	m = newChooserScreen(t, dir)
	m = typeKeys(t, m, ".")
	if got := strings.Join(shown(m), " "); got != ".hidden.html" {
		t.Errorf("after a dot: %q", got)
	}
}

// ↑/↓ highlight an entry; enter opens a folder (.. is the parent) or
// chooses a file, whatever is typed.
func TestChooserHighlight(t *testing.T) {
	dir := folder(t)
	m := newChooserScreen(t, filepath.Join(dir, "books"))
	m, _ = key1(t, m, tea.KeyDown) // ..
	m, _ = key1(t, m, tea.KeyEnter)
	if got := m.files.input.Value(); got != dir+"/" {
		t.Fatalf(".. went to %q", got)
	}
	m, _ = key1(t, m, tea.KeyDown)
	m, _ = key1(t, m, tea.KeyDown)
	m, _ = key1(t, m, tea.KeyDown)
	m, _ = key1(t, m, tea.KeyDown)
	if v := m.View(); !strings.Contains(v, "› bookmarks.html") {
		t.Errorf("the highlight is not on the fourth entry:\n%s", v)
	}
	m, _ = key1(t, m, tea.KeyEnter)
	if m.Path() != filepath.Join(dir, "bookmarks.html") {
		t.Errorf("chose %q", m.Path())
	}
	// The wheel moves the highlight too.
	m = newChooserScreen(t, dir)
	m, _ = step(m, tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if m.files.hl.Cursor() != 2 {
		t.Errorf("wheel: highlight %d", m.files.hl.Cursor())
	}
}

// A path pasted whole (quoted, as file managers give it, or a file://
// URL) takes the place of what was typed; "~/" is the home folder.
func TestChooserPaste(t *testing.T) {
	dir := folder(t)
	want := filepath.Join(dir, "books", "My Files", "b.html")
	for _, paste := range []string{"'" + want + "'", "file://" + strings.ReplaceAll(want, " ", "%20"), strings.ReplaceAll(want, " ", `\ `)} {
		m := newChooserScreen(t, t.TempDir())
		m, cmd := step(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(paste), Paste: true})
		m, _ = drain(t, m, cmd)
		m, _ = key1(t, m, tea.KeyEnter)
		if m.Path() != want {
			t.Errorf("pasted %q: chose %q", paste, m.Path())
		}
	}
	t.Setenv("HOME", dir)
	m := newChooserScreen(t, t.TempDir())
	for range len(m.files.input.Value()) {
		m, _ = key1(t, m, tea.KeyBackspace)
	}
	m = typeKeys(t, m, "~/books/in")
	m, _ = key1(t, m, tea.KeyEnter)
	if m.Path() != filepath.Join(dir, "books", "inner.html") {
		t.Errorf("~/books/in chose %q", m.Path())
	}
}

// Keys faster than the folders are read: whatever order the listings come
// in, only the typed folder's is used, and enter or tab typed before it
// came act on it. (The bubbles file picker this replaced opened folders of
// a listing no longer shown.)
func TestChooserKeysBeforeListings(t *testing.T) {
	dir := folder(t)
	m := newChooserScreen(t, dir)
	var held []tea.Cmd
	typ := func(msg tea.KeyMsg) {
		var cmd tea.Cmd
		m, cmd = step(m, msg)
		held = append(held, cmd)
	}
	// "books/" then tab: "My Files" is the only folder starting so in
	// books, but "inner.html" is there too: tab must wait for the
	// listing, and so must what is typed after it.
	for _, r := range "books/M" {
		typ(runes(string(r)))
	}
	typ(press(tea.KeyTab))
	for _, r := range "b" {
		typ(runes(string(r)))
	}
	typ(press(tea.KeyEnter))
	if m.state != importPick || m.files.hl.Cursor() != -1 {
		t.Fatalf("keys acted on a listing not read yet: state %d, highlight %d", m.state, m.files.hl.Cursor())
	}
	if v := m.View(); !strings.Contains(v, "reading "+dir+"/books…") {
		t.Errorf("the chooser does not say it is reading:\n%s", v)
	}
	// An old listing (of the folder the screen started in, read again)
	// is dropped; the listing of books lets the keys go on, in order.
	var cmd tea.Cmd
	m, cmd = step(m, listedMsg{id: m.id, listing: readDir(dir)})
	if cmd != nil || m.files.listing.dir != dir {
		t.Fatal("a listing of another folder was used")
	}
	var msgs []tea.Msg
	for _, c := range held {
		if c != nil {
			if msg, ok := c().(listedMsg); ok {
				msgs = append(msgs, msg)
			}
		}
	}
	if len(msgs) != 1 {
		t.Fatalf("%d listings asked for, want books's", len(msgs))
	}
	m, cmd = step(m, msgs[0])
	m, _ = drain(t, m, cmd)
	if want := filepath.Join(dir, "books", "My Files", "b.html"); m.Path() != want {
		t.Errorf("chose %q, want %q (tab then enter, as typed)", m.Path(), want)
	}
}

// A folder that cannot be read says so; the user types another path.
func TestChooserMissingFolder(t *testing.T) {
	dir := folder(t)
	m := newChooserScreen(t, dir)
	m = typeKeys(t, m, "nowhere/")
	if v := m.View(); !strings.Contains(v, "cannot read this folder: no such file or directory") {
		t.Errorf("view:\n%s", v)
	}
	m, _ = key1(t, m, tea.KeyEnter)
	if m.state != importPick {
		t.Errorf("enter in a missing folder: state %d", m.state)
	}
}

// When the screen closes, it says which folder it was in, for the next.
func TestImportScreenSaysWhereItWas(t *testing.T) {
	dir := folder(t)
	m := newChooserScreen(t, dir)
	m = typeKeys(t, m, "books/")
	_, out := key1(t, m, tea.KeyEsc)
	if len(out) != 1 || !out[0].(dialog.Step).Close || out[0].(dialog.Step).Result != (FolderMsg{Dir: filepath.Join(dir, "books")}) {
		t.Errorf("esc: %v", out)
	}
}

func TestCommonPrefix(t *testing.T) {
	for _, tc := range [][3]string{{"bookmarks", "books", "book"}, {"a", "b", ""}, {"Köln", "Kö", "Kö"}, {"é", "e\u0301", ""}} {
		if got := commonPrefix(tc[0], tc[1]); got != tc[2] {
			t.Errorf("commonPrefix(%q, %q) = %q, want %q", tc[0], tc[1], got, tc[2])
		}
	}
}

// FuzzChooserKeys types any keys, with the listings they ask for delivered
// late or never (as keys outrun the folders' reading): the chooser never
// panics, never shows a control character, and what it chooses is always
// a file that is there.
func FuzzChooserKeys(f *testing.F) {
	f.Add("books/M\tb\n", uint8(3))
	f.Add("\x7f\x7f\x7f\x7fb\t\t\n", uint8(0))
	f.Add("..\n\x10\x10\n", uint8(255))
	f.Add("~/\x1b[2J\t.\t\n", uint8(7))
	dir := folder(f)
	writeFile(f, dir, "evil\x1b]0;x\x07.html", bookmarks)
	f.Fuzz(func(t *testing.T, keys string, late uint8) {
		m := NewImport(dialog.NewContext(theme.Plain()), ImportConfig{Dir: dir})
		m.SetSize(60, 12)
		var held []tea.Cmd
		run := func(cmd tea.Cmd) {
			// Some commands wait (their listing comes later), others run
			// now, as late's bits say.
			if late&1 == 1 {
				held = append(held, cmd)
			} else {
				m, _ = drain(t, m, cmd)
			}
			late = late>>1 | late<<7
		}
		run(m.Init())
		for _, r := range keys {
			var msg tea.KeyMsg
			switch r {
			case '\t':
				msg = press(tea.KeyTab)
			case '\n':
				msg = press(tea.KeyEnter)
			case 0x7f:
				msg = press(tea.KeyBackspace)
			case 0x10:
				msg = press(tea.KeyUp)
			case 0x0e:
				msg = press(tea.KeyDown)
			default:
				msg = runes(string(r))
			}
			if m.state != importPick {
				break
			}
			var cmd tea.Cmd
			m, cmd = step(m, msg)
			run(cmd)
		}
		for _, cmd := range held {
			if m.state == importPick {
				m, _ = drain(t, m, cmd)
			}
		}
		if v := m.View(); strings.ContainsAny(v, "\x1b\x07") {
			t.Fatalf("a control character on screen: %q", v)
		}
		if m.state != importPick {
			if fi, err := os.Stat(m.Path()); err != nil || fi.IsDir() {
				t.Fatalf("chose %q, which is no file: %v", m.Path(), err)
			}
		}
	})
}

// A path typed from "/" or "~" over the folder already there replaces it,
// as at a shell's or an editor's prompt; the screen shows the typed path.
func TestChooserTypedPathReplacesTheFolder(t *testing.T) {
	dir := folder(t)
	t.Setenv("HOME", dir)
	want := filepath.Join(dir, "books", "inner.html")
	for _, typed := range []string{want, "~/books/inner.html"} {
		m := newChooserScreen(t, t.TempDir())
		m = typeKeys(t, m, typed)
		if v := m.View(); !strings.Contains(v, "file  "+typed) {
			t.Errorf("typed %q, the screen shows:\n%s", typed, v)
		}
		m, _ = key1(t, m, tea.KeyEnter)
		if m.Path() != want {
			t.Errorf("typed %q: chose %q", typed, m.Path())
		}
	}
	// Within a name, "~" is typed as it is.
	m := newChooserScreen(t, dir)
	m = typeKeys(t, m, "a~/")
	if v := m.files.input.Value(); v != withSlash(dir)+"a~/" {
		t.Errorf("typed a~/ after the folder: %q", v)
	}
}
