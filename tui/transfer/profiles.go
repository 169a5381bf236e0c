package transfer

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/profiles"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/theme"
)

// The import screen lists, above the file chooser, the browser profiles
// found where the browsers keep them (importers/profiles), with how many
// bookmarks each has: ↑ from the top of the files goes up into the list,
// enter imports the one highlighted, through the same plan as a file
// typed. Finding them and counting their bookmarks reads files: it runs
// in a command (profilesMsg), and the list says it is looking till then.

// profileKeys are the keys of the profiles' list, for the help bar: the
// import screen's Up, Down and Choose.
var profileKeys = struct{ Move, Import key.Binding }{
	Move:   key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓", "highlight")),
	Import: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "import this profile")),
}

// maxProfileRows is how many profiles the list shows at once; it scrolls
// to the highlighted one.
const maxProfileRows = 5

// foundProfile is a profile found, with what counting its bookmarks
// found.
type foundProfile struct {
	profiles.Profile
	size  int64 // of its file
	count int   // its bookmarks; -1 when it cannot be read (err)
	fresh int   // those whose URI the catalogue does not have: what an import adds
	err   error
}

// profilesMsg carries the profiles found, counted.
type profilesMsg struct {
	id       int
	found    []foundProfile
	problems []error
}

// findProfiles finds the profiles with find and counts each one's
// bookmarks by reading it, as an import would, till ctx ends (the screen
// closed): then the profiles not counted yet are left so, and a database
// being copied is removed.
func findProfiles(ctx context.Context, id int, find func() ([]profiles.Profile, []error), now time.Time, have *catalogue.Snapshot) tea.Cmd {
	return func() tea.Msg {
		ps, problems := find()
		found := make([]foundProfile, len(ps))
		var keys map[string]bool
		if have != nil && len(ps) > 0 {
			keys = make(map[string]bool, len(have.Records()))
			for _, r := range have.Records() {
				if r.Valid() {
					keys[ssd3.URIKey(r.URI())] = true
				}
			}
		}
		for i, p := range ps {
			if err := ctx.Err(); err != nil {
				found[i] = foundProfile{Profile: p, count: -1, err: err}
				continue
			}
			found[i] = countProfile(ctx, p, now, keys)
		}
		return profilesMsg{id: id, found: found, problems: problems}
	}
}

// countProfile counts p's bookmarks, till ctx ends, and those of them
// whose URI have (the catalogue's URI keys) lacks, each once.
func countProfile(ctx context.Context, p profiles.Profile, now time.Time, have map[string]bool) foundProfile {
	fp := foundProfile{Profile: p, count: -1}
	if st, err := os.Stat(p.Path); err == nil {
		fp.size = st.Size()
	}
	f, err := profiles.FormatOf(p)
	if err != nil {
		fp.err = err
		return fp
	}
	s, err := importers.NewPlan(true).ReadFile(ctx, f, p.Path, importers.ReadConfig{Options: importers.Options{Now: now}})
	if err != nil {
		fp.err = err
		return fp
	}
	fp.count = s.Imported
	seen := make(map[string]bool, len(s.Records))
	for _, r := range s.Records {
		if k := ssd3.URIKey(r.URI()); !have[k] && !seen[k] {
			seen[k] = true
			fp.fresh++
		}
	}
	return fp
}

// profileList is the list of profiles above the file chooser.
type profileList struct {
	th       *theme.Theme
	width    int
	looking  bool // till profilesMsg
	found    []foundProfile
	problems []error
	sel      int // the highlighted profile; -1 when the files have the keys
	offset   int // the first one shown
	err      string
}

func newProfileList(th *theme.Theme) *profileList {
	return &profileList{th: th, looking: true, sel: -1}
}

// height is how many lines view draws.
func (l *profileList) height() int {
	switch {
	case l.looking:
		return 1
	case len(l.found) == 0 && len(l.problems) == 0:
		return 0
	}
	n := 1 + min(len(l.found), maxProfileRows)
	if l.err != "" {
		n++
	}
	return n
}

// move moves the highlight by n; below the last, the files have the keys.
func (l *profileList) move(n int) {
	l.sel = max(0, l.sel+n)
	if l.sel >= len(l.found) {
		l.sel = -1
	}
	if l.sel >= 0 {
		l.offset = min(l.offset, l.sel)
		l.offset = max(l.offset, l.sel-maxProfileRows+1)
	}
	l.err = ""
}

// view draws the list: a heading, and a line per profile (browser,
// profile name, bookmarks), names from the files shown safely.
func (l *profileList) view() string {
	t := l.th
	if l.looking {
		return t.Dim.Render("looking for browser profiles…")
	}
	if l.height() == 0 {
		return ""
	}
	head := "browser profiles · ↑ chooses one"
	if len(l.found) == 0 {
		head = "no browser profile found"
	}
	if len(l.problems) > 0 {
		head += " · " + errText(l.problems[0])
		if len(l.problems) > 1 {
			head += fmt.Sprintf(" (and %d more)", len(l.problems)-1)
		}
	}
	lines := []string{t.Label.Render(ansi.Truncate(display.Text(head), max(10, l.width), "…"))}
	titleW, whatW := 0, 0
	whats := make([]string, len(l.found))
	for i, f := range l.found {
		titleW = max(titleW, ansi.StringWidth(display.Text(f.Title)))
		whats[i] = plural.Of(f.count, "bookmark")
		if f.fresh < f.count {
			whats[i] = fmt.Sprintf("%d new of %s", f.fresh, whats[i])
		}
		if f.err != nil {
			whats[i] = "cannot be read"
		}
		whatW = max(whatW, len(whats[i]))
	}
	titleW = min(titleW, 16)
	for i := l.offset; i < len(l.found) && i < l.offset+maxProfileRows; i++ {
		f := l.found[i]
		what := strings.Repeat(" ", whatW-len(whats[i])) + whats[i] // right-aligned
		title := pad(ansi.Truncate(display.Text(f.Title), titleW, "…"), titleW)
		nameW := max(6, l.width-titleW-whatW-6)
		name := pad(ansi.Truncate(display.Text(f.Display()), nameW, "…"), nameW)
		if i == l.sel {
			lines = append(lines, t.Cursor.Render("›")+" "+t.RowSelected.Render(title+"  "+name)+" "+t.Dim.Render(what))
		} else {
			lines = append(lines, "  "+title+"  "+name+" "+t.Dim.Render(what))
		}
	}
	if l.err != "" {
		lines = append(lines, "      "+t.Error.Render(ansi.Truncate(display.Text(l.err), max(10, l.width-6), "…")))
	}
	return strings.Join(lines, "\n")
}

// pad pads s with spaces to width w.
func pad(s string, w int) string {
	return s + strings.Repeat(" ", max(0, w-ansi.StringWidth(s)))
}
