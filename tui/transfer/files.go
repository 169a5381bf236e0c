package transfer

import (
	"cmp"
	"errors"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/size"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// chooser is the import screen's first step: the path of the file to
// import, typed or pasted in an input, with the entries of its folder
// beneath, those that start with what is typed after the folder. tab
// completes the name from them (as a shell does), ↑/↓ highlight one, and
// enter opens the folder or chooses the file typed or highlighted.
//
// Folders are read in commands (listedMsg), never in Update or View. A
// listing is used only while it is the folder typed. A key that needs it
// (tab, enter, ↑/↓) while it is being read waits for it, and so does
// every key after that one, in order: "books/⇥in⇥⏎" typed or pasted at
// once completes, types and chooses exactly as if typed slowly, and what
// is chosen is always an entry of the folder read.
type chooser struct {
	th            *theme.Theme
	width, height int // the area of view
	input         textinput.Model
	id            int    // labels the screen's listings
	home          string // the home directory, for "~"; "" when unknown
	base          string // the folder a relative path is taken from

	listing listing      // the newest listing of the folder typed
	want    string       // the folder whose listing was asked for last
	matches []entry      // listing's entries that start with what is typed
	hl      dialog.List  // the highlighted match, none at first
	queue   []tea.KeyMsg // keys waiting for the listing of want, in order
	err     string       // why the last enter or tab did nothing
}

// listing is what a folder held when it was read.
type listing struct {
	dir     string
	entries []entry // folders first, then by name
	err     error
}

// entry is a file or folder of a listing.
type entry struct {
	name string
	dir  bool // a folder, or a link to one
	size int64
}

// listedMsg carries a folder's listing to the screen that asked.
type listedMsg struct {
	id int
	listing
}

// ChooserKeyMap holds the keys of the file chooser; the rest of the keys
// edit the path (textinput's).
type ChooserKeyMap struct {
	Complete, Up, Down, PageUp, PageDown, Choose key.Binding
}

// DefaultChooserKeyMap is the file chooser's bindings.
var DefaultChooserKeyMap = ChooserKeyMap{
	Complete: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "complete")),
	Up:       key.NewBinding(key.WithKeys("up"), key.WithHelp("↑/↓", "highlight")),
	Down:     key.NewBinding(key.WithKeys("down")),
	PageUp:   key.NewBinding(key.WithKeys("pgup")),
	PageDown: key.NewBinding(key.WithKeys("pgdown")),
	Choose:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open / choose")),
}

// newChooser returns a chooser starting in the folder dir (absolute).
func newChooser(th *theme.Theme, id int, dir, home string) *chooser {
	ti := textinput.New()
	ti.Prompt = ""
	ti.Placeholder = "path of the file to import (~/ is your home folder)"
	ti.TextStyle = th.Input
	ti.PlaceholderStyle = th.Placeholder
	ti.Cursor.Style = th.InputCursor
	ti.Cursor.TextStyle = th.Input
	ti.Cursor.SetMode(cursor.CursorStatic) // as the search box's: no blink to time
	ti.Focus()
	c := &chooser{th: th, input: ti, id: id, home: home, base: dir}
	k := DefaultChooserKeyMap
	// A page moves a window less one, so that a row of the last stays in
	// view; the letters are the path's.
	c.hl = dialog.NewList(dialog.KeyMap{Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown}).
		AllowNone().Fill().WithPage(func() int { return c.rows() - 1 })
	c.setPath(withSlash(dir))
	return c
}

// setSize sets the area the chooser draws in.
func (c *chooser) setSize(width, height int) {
	c.width, c.height = width, height
	c.input.Width = max(10, width-7)
	c.hl.SetHeight(c.rows())
}

// withSlash returns dir with a separator at its end: typed so, a path
// names the folder's entries.
func withSlash(dir string) string {
	if strings.HasSuffix(dir, string(filepath.Separator)) {
		return dir
	}
	return dir + string(filepath.Separator)
}

// setPath puts p in the input, the text cursor at its end.
func (c *chooser) setPath(p string) {
	c.input.SetValue(p)
	c.input.CursorEnd()
}

// cleanTyped undoes what a terminal or file manager adds to a pasted
// path: spaces around it, quotes, a file:// URL's form, backslashes
// before spaces.
func cleanTyped(s string) string {
	s = strings.TrimSpace(s)
	if n := len(s); n >= 2 && (s[0] == '\'' || s[0] == '"') && s[n-1] == s[0] {
		s = s[1 : n-1]
	}
	if strings.HasPrefix(s, "file://") {
		if u, err := url.Parse(s); err == nil && u.Path != "" {
			s = u.Path
		}
	}
	return strings.ReplaceAll(s, `\ `, " ")
}

// split returns the folder the typed path is in (absolute, clean) and
// what is typed after it: "~/Downloads/bo" is ($HOME/Downloads, "bo").
func (c *chooser) split() (dir, prefix string) {
	p := cleanTyped(c.input.Value())
	sep := string(filepath.Separator)
	if c.home != "" && (p == "~" || strings.HasPrefix(p, "~"+sep)) {
		p = c.home + sep + strings.TrimPrefix(p[1:], sep)
	}
	if !filepath.IsAbs(p) {
		p = c.base + sep + p
	}
	i := strings.LastIndex(p, sep)
	return filepath.Clean(p[:i+1]), p[i+1:]
}

// list returns the command that reads dir.
func (c *chooser) list(dir string) tea.Cmd {
	id := c.id
	return func() tea.Msg { return listedMsg{id: id, listing: readDir(dir)} }
}

// readDir lists dir: its folders first, then its files, each by name.
func readDir(dir string) listing {
	des, err := os.ReadDir(dir)
	l := listing{dir: dir, err: err, entries: make([]entry, 0, len(des))}
	for _, de := range des {
		e := entry{name: de.Name(), dir: de.IsDir()}
		if de.Type()&fs.ModeSymlink != 0 {
			if fi, err := os.Stat(filepath.Join(dir, de.Name())); err == nil {
				e.dir = fi.IsDir()
			}
		}
		if !e.dir {
			if fi, err := de.Info(); err == nil {
				e.size = fi.Size()
			}
		}
		l.entries = append(l.entries, e)
	}
	slices.SortFunc(l.entries, func(a, b entry) int {
		if a.dir != b.dir {
			if a.dir {
				return -1
			}
			return 1
		}
		return cmp.Or(cmp.Compare(strings.ToLower(a.name), strings.ToLower(b.name)), cmp.Compare(a.name, b.name))
	})
	return l
}

// refresh follows the typed path: it asks for the listing of its folder
// if it is not the one shown (the command), and finds the matches.
func (c *chooser) refresh() tea.Cmd {
	dir, prefix := c.split()
	var cmd tea.Cmd
	switch {
	case dir == c.listing.dir:
		c.want = dir
	case dir != c.want:
		c.want = dir
		cmd = c.list(dir)
	}
	c.matches = nil
	if dir == c.listing.dir {
		if prefix == "" && dir != filepath.Dir(dir) {
			c.matches = append(c.matches, entry{name: "..", dir: true})
		}
		for _, e := range c.listing.entries {
			// Hidden entries only when asked for, as a shell does.
			if strings.HasPrefix(e.name, prefix) && (!strings.HasPrefix(e.name, ".") || strings.HasPrefix(prefix, ".")) {
				c.matches = append(c.matches, e)
			}
		}
	}
	c.hl.SetLen(len(c.matches))
	return cmd
}

// listed takes a listing and replays the keys that waited for it; it
// returns the file they chose, if any.
func (c *chooser) listed(msg listedMsg) (chosen string, cmd tea.Cmd) {
	if msg.id != c.id || msg.dir != c.want {
		return "", nil // a folder typed before: another listing follows
	}
	c.listing = msg.listing
	c.hl.ScrollTop()
	cmds := []tea.Cmd{c.refresh()}
	queue := c.queue
	c.queue = nil
	for _, km := range queue {
		chosen, cmd := c.update(km)
		cmds = append(cmds, cmd)
		if chosen != "" {
			return chosen, tea.Batch(cmds...)
		}
	}
	return "", tea.Batch(cmds...)
}

// current reports whether the listing shown is the typed folder's.
func (c *chooser) current() bool {
	dir, _ := c.split()
	return dir == c.listing.dir
}

// update handles a key or a paste; it returns the file chosen, if any.
func (c *chooser) update(km tea.KeyMsg) (chosen string, cmd tea.Cmd) {
	k := DefaultChooserKeyMap
	if len(c.queue) > 0 || key.Matches(km, k.Complete, k.Choose, k.Up, k.Down, k.PageUp, k.PageDown) && !c.current() {
		c.queue = append(c.queue, km)
		return "", nil
	}
	c.err = ""
	switch {
	case key.Matches(km, k.Complete):
		return "", c.complete()
	case key.Matches(km, k.Choose):
		return c.choose()
	case c.hl.Update(km):
		return "", nil
	}
	before := c.input.Value()
	if p := cleanTyped(string(km.Runes)); km.Paste && (filepath.IsAbs(p) || strings.HasPrefix(p, "~")) {
		// A whole path pasted takes the place of what was there.
		c.setPath(p)
	} else if c.startsPath(km) {
		// "/" or "~" typed after a folder starts a new path, as at a
		// shell's or an editor's prompt: not /home/me/work//home/….
		c.setPath(string(km.Runes))
	} else {
		c.input, cmd = c.input.Update(km)
	}
	if c.input.Value() != before {
		c.err = ""
		c.hl.Reset()
		cmd = tea.Batch(cmd, c.refresh())
	}
	return "", cmd
}

// startsPath reports whether km, typed at the end of a folder's path
// (one that ends with a separator), begins another path: "/" or "~".
func (c *chooser) startsPath(km tea.KeyMsg) bool {
	if km.Type != tea.KeyRunes || km.Paste || len(km.Runes) != 1 || (km.Runes[0] != '/' && km.Runes[0] != '~') {
		return false
	}
	v := c.input.Value()
	return strings.HasSuffix(v, "/") && c.input.Position() == len([]rune(v))
}

// enter opens the folder e (its entries show) or returns the file e.
func (c *chooser) enter(e entry) (chosen string, cmd tea.Cmd) {
	p := filepath.Join(c.listing.dir, e.name)
	if unsafeName(e.name) && e.dir {
		c.err = "a folder whose name holds control characters cannot be opened here: type another path"
		return "", nil
	}
	if !e.dir {
		return p, nil
	}
	c.setPath(withSlash(p))
	c.err = ""
	c.hl.Reset()
	return "", c.refresh()
}

// choose is enter: the highlighted entry, else the one the typed path
// names (or the only one it starts), once its folder is listed.
func (c *chooser) choose() (chosen string, cmd tea.Cmd) {
	if c.hl.Selected() {
		return c.enter(c.matches[c.hl.Cursor()])
	}
	if c.listing.err != nil {
		c.err = "cannot read this folder: type another path"
		return "", nil
	}
	_, prefix := c.split()
	for _, e := range c.matches {
		if e.name == prefix && prefix != "" {
			return c.enter(e)
		}
	}
	switch n := len(c.matches); {
	case prefix == "":
		c.err = "choose a file: ↓ highlights one, or type its name (tab completes)"
	case n == 1:
		return c.enter(c.matches[0])
	case n == 0:
		c.err = "nothing here is called “" + display.Text(prefix) + "”"
	default:
		c.err = count(n) + " names start with “" + display.Text(prefix) + "”: type more, or tab"
	}
	return "", nil
}

// complete is tab: it completes the typed name to the highlighted entry,
// the only match, or the matches' longest common start; when that adds
// nothing, it highlights the first match (tab again takes it).
func (c *chooser) complete() tea.Cmd {
	if c.hl.Selected() {
		return c.completeTo(c.matches[c.hl.Cursor()])
	}
	dir, prefix := c.split()
	var names []entry
	for _, e := range c.matches {
		if e.name != ".." {
			names = append(names, e)
		}
	}
	switch len(names) {
	case 0:
		c.err = "nothing here starts with “" + display.Text(prefix) + "”"
		return nil
	case 1:
		return c.completeTo(names[0])
	}
	common := names[0].name
	for _, e := range names[1:] {
		common = commonPrefix(common, e.name)
	}
	if len(common) > len(prefix) && !unsafeName(common) {
		c.setPath(filepath.Join(dir, common))
		return c.refresh()
	}
	c.hl.Move(1)
	return nil
}

// completeTo puts e's path in the input: a folder's with a separator at
// its end, so that its entries show.
func (c *chooser) completeTo(e entry) tea.Cmd {
	if unsafeName(e.name) {
		// The input cannot hold it: highlight it for enter instead.
		c.hl.Select(slices.IndexFunc(c.matches, func(m entry) bool { return m.name == e.name }))
		return nil
	}
	p := filepath.Join(c.listing.dir, e.name)
	if e.dir {
		p = withSlash(p)
	}
	c.setPath(p)
	c.err = ""
	c.hl.Reset()
	return c.refresh()
}

// commonPrefix returns the longest start a and b share, whole runes.
func commonPrefix(a, b string) string {
	n := 0
	for i, r := range a {
		if !strings.HasPrefix(b[i:], string(r)) {
			break
		}
		n = i + len(string(r))
	}
	return a[:n]
}

// unsafeName reports whether a name holds characters a text input drops
// (control characters): it cannot be typed, only highlighted.
func unsafeName(name string) bool { return strings.IndexFunc(name, unicode.IsControl) >= 0 }

// folder is where the chooser is: the folder typed.
func (c *chooser) folder() string {
	dir, _ := c.split()
	return dir
}

// rows is how many entries the view shows: the area less the input, the
// line beneath it and a blank line.
func (c *chooser) rows() int { return max(1, c.height-3) }

// view draws the input, what the listing is, and the matches that fit,
// scrolled to the highlight. File names are sanitised.
func (c *chooser) view() string {
	t, width := c.th, c.width
	lines := []string{t.Prompt.Render("file ") + " " + display.MarkInvisible(c.input.View())}
	dir, _ := c.split()
	status := ""
	switch {
	case c.err != "":
		lines = append(lines, "      "+t.Error.Render(c.err))
	case !c.current():
		status = "reading " + dir + "…"
	case c.listing.err != nil:
		lines = append(lines, "      "+t.Error.Render("cannot read this folder: "+display.Text(errText(c.listing.err))))
	default:
		n := len(c.matches)
		if n > 0 && c.matches[0].name == ".." {
			n--
		}
		status = count(n) + " of " + count(len(c.listing.entries)) +
			" · tab completes · ↑/↓ highlight · enter opens"
	}
	if status != "" {
		lines = append(lines, "      "+t.Dim.Render(display.Text(status)))
	}
	lines = append(lines, "")
	nameW := max(10, width-14)
	for i := c.hl.Offset(); i < c.hl.End(); i++ {
		e := c.matches[i]
		name := display.Text(e.name)
		sz := ""
		if e.dir {
			name += string(filepath.Separator)
		} else {
			sz = size.Bytes(e.size)
		}
		name = ansi.Truncate(name, nameW, "…")
		name += strings.Repeat(" ", nameW-ansi.StringWidth(name))
		if i == c.hl.Cursor() {
			lines = append(lines, t.Cursor.Render("›")+" "+t.RowSelected.Render(name)+" "+t.Dim.Render(sz))
		} else {
			lines = append(lines, "  "+name+" "+t.Dim.Render(sz))
		}
	}
	return strings.Join(lines, "\n")
}

// errText is what went wrong, without the path a *fs.PathError repeats.
func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
