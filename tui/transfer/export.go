package transfer

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/formats"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// ExportedMsg reports that Count records were written to Path in Format,
// and what the format could not hold as it was (Losses, to show). On
// failure the export screen stays open and shows Err; on success, back at
// the screen, it says where the file went and closes.
type ExportedMsg struct {
	Path   string
	Format string
	Count  int
	Losses []ssd3.Diagnostic
	Err    error
}

// ExportKeyMap holds the export screen's own bindings; esc (cancel) is the
// shared dialog.KeyMap's.
type ExportKeyMap struct {
	Up, Down, Switch, Write key.Binding
}

// DefaultExportKeyMap is the export screen's bindings.
var DefaultExportKeyMap = ExportKeyMap{
	Up:     key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "previous format")),
	Down:   key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "next format")),
	Switch: key.NewBinding(key.WithKeys("tab", "shift+tab"), key.WithHelp("tab", "format/path")),
	Write:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "export")),
}

// Export is the export screen, a dialog.Dialog.
type Export struct {
	ctx      dialog.Context
	keys     ExportKeyMap
	recs     []*ssd3.Record
	what     string // what recs are, for the title ("12 records shown")
	format   int    // index into writers
	onPath   bool   // the path input has focus
	path     textinput.Model
	auto     string // the path as last suggested, to follow format changes
	writing  bool
	spinner  spinner.Model
	err      error
	id       int
	cat      string // the catalogue's file, never written over
	getwd    func() (string, error)
	homeDir  func() (string, error)
	statFile func(string) (os.FileInfo, error)
}

// checkedMsg says whether the chosen path exists, before writing, or why
// it may not be written (err).
type checkedMsg struct {
	id          int
	path        string
	exists, dir bool
	err         error
}

// overwriteMsg is the yes of the question whether to write over path.
type overwriteMsg struct {
	id   int
	path string
}

// exportedMsg is the end of a write, labelled with the screen that asked.
type exportedMsg struct {
	id  int
	msg ExportedMsg
}

// NewExport returns the export screen for recs (records never change, so
// the root may pass its current snapshot: the whole catalogue's valid
// records or those its search shows), described by what ("all 120
// records"). The path starts as bookmarks.EXT in dir ("" for the working
// directory).
func NewExport(ctx dialog.Context, recs []*ssd3.Record, what, dir string) *Export {
	th := ctx.Theme
	ti := textinput.New()
	ti.Prompt = ""
	ti.TextStyle = th.Input
	ti.PlaceholderStyle = th.Placeholder
	ti.Cursor.Style = th.InputCursor
	ti.Cursor.TextStyle = th.Input
	ti.Placeholder = "file to write"
	if dir == "" {
		if wd, err := os.Getwd(); err == nil {
			dir = wd
		}
	}
	m := &Export{ctx: ctx, keys: DefaultExportKeyMap, recs: recs, what: what, path: ti, id: nextImportID(),
		spinner: spinner.New(spinner.WithSpinner(spinner.Dot), spinner.WithStyle(th.Spinner)),
		getwd:   os.Getwd, homeDir: os.UserHomeDir, statFile: os.Stat}
	m.auto = filepath.Join(dir, "bookmarks"+writers[0].Extensions[0])
	m.path.SetValue(m.auto)
	m.path.CursorEnd()
	m.SetSize(ctx.Width, ctx.Height)
	return m
}

// SetCatalogue tells the screen the catalogue's file, which it refuses to
// write, by whatever name or link the user types it (as `uricat export -o`
// does): overwriting it would replace the bookmarks with another format.
func (m *Export) SetCatalogue(path string) { m.cat = path }

// Init does nothing: the format list has the focus.
func (m *Export) Init() tea.Cmd { return nil }

// SetSize sets the area the screen may use.
func (m *Export) SetSize(width, height int) {
	m.ctx.SetSize(width, height)
	m.path.Width = max(10, width-12)
}

// Format returns the chosen format.
func (m *Export) Format() importers.Format { return writers[m.format] }

// writers are the formats an export offers.
var writers = formats.Writers()

// Path returns the path the export will write, as typed.
func (m *Export) Path() string { return m.path.Value() }

// setFormat chooses format i; a path the user has not edited follows it.
func (m *Export) setFormat(i int) {
	n := len(writers)
	m.format = (i%n + n) % n
	if m.path.Value() == m.auto {
		ext := filepath.Ext(m.auto)
		m.auto = strings.TrimSuffix(m.auto, ext) + writers[m.format].Extensions[0]
		m.path.SetValue(m.auto)
		m.path.CursorEnd()
	}
}

// target resolves the typed path: "~/" is the home directory, a relative
// path is relative to the working directory.
func (m *Export) target() (string, error) {
	p := strings.TrimSpace(m.path.Value())
	if p == "" {
		return "", errors.New("no file name given")
	}
	if p == "~" || strings.HasPrefix(p, "~/") {
		home, err := m.homeDir()
		if err != nil {
			return "", err
		}
		p = filepath.Join(home, p[1:])
	}
	if !filepath.IsAbs(p) {
		wd, err := m.getwd()
		if err != nil {
			return "", err
		}
		p = filepath.Join(wd, p)
	}
	return filepath.Clean(p), nil
}

// write writes the records to path in a command.
func (m *Export) write(path string) tea.Cmd {
	id, f, recs, cat := m.id, m.Format(), m.recs, m.cat
	return func() tea.Msg {
		// Asked again: the path may have become the catalogue's (a link
		// made) since the question.
		err := notCatalogue(path, cat)
		var losses []ssd3.Diagnostic
		if err == nil {
			losses, err = formats.WriteFile(path, f, recs)
		}
		return exportedMsg{id: id, msg: ExportedMsg{Path: path, Format: f.Name, Count: len(recs), Losses: losses, Err: err}}
	}
}

// exported says where the file went, on the status bar, and what the
// format could not keep; the screen is done.
func (m *Export) exported(msg ExportedMsg) (tea.Model, tea.Cmd) {
	if msg.Err != nil {
		return m, nil // shown by the screen, which stays open
	}
	what := fmt.Sprintf("exported %s to %s (%s)", plural.Of(msg.Count, "record"), display.Text(msg.Path), msg.Format)
	if len(msg.Losses) > 0 {
		m.ctx.Store.SetStatus(theme.Warning, what+", but: "+msg.Losses[0].Message())
	} else {
		m.ctx.Store.SetStatus(theme.Success, what)
	}
	m.ctx.Close(nil)
	return m, nil
}

// Update handles a message. The screen closes when the user leaves it,
// or opens the question before writing over a file, through its Context.
func (m *Export) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case ExportedMsg:
		return m.exported(msg)
	case exportedMsg:
		if msg.id != m.id {
			return m, nil
		}
		m.writing = false
		m.err = msg.msg.Err
		done := msg.msg
		return m, func() tea.Msg { return done }
	case checkedMsg:
		if msg.id != m.id || m.writing {
			return m, nil
		}
		if p, err := m.target(); err != nil || p != msg.path {
			return m, nil // the path changed since: the user presses enter again
		}
		switch {
		case msg.err != nil:
			m.err = msg.err
		case msg.dir:
			m.err = fmt.Errorf("%s is a directory", msg.path)
		case msg.exists:
			m.ctx.Open(dialog.NewConfirm(m.ctx, dialog.Question{
				Text:   "The file exists. Overwrite it?",
				Detail: msg.path,
				Verb:   "overwrite",
				Yes:    overwriteMsg{id: m.id, path: msg.path},
			}))
			return m, nil
		default:
			return m.start()
		}
		return m, nil
	case overwriteMsg:
		if msg.id != m.id || m.writing {
			return m, nil
		}
		if p, err := m.target(); err != nil || p != msg.path {
			return m, nil
		}
		return m.start()
	case spinner.TickMsg:
		if !m.writing {
			return m, nil
		}
		var cmd tea.Cmd
		m.spinner, cmd = m.spinner.Update(msg)
		return m, cmd
	case tea.KeyMsg:
		if m.writing {
			return m, nil
		}
		return m.key(msg)
	case tea.MouseMsg:
		if !m.writing {
			switch msg.Button {
			case tea.MouseButtonWheelUp:
				m.setFormat(max(0, m.format-1))
			case tea.MouseButtonWheelDown:
				m.setFormat(min(len(writers)-1, m.format+1))
			}
		}
		return m, nil
	}
	var cmd tea.Cmd
	m.path, cmd = m.path.Update(msg)
	return m, cmd
}

func (m *Export) key(km tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch {
	case key.Matches(km, m.ctx.Keys.Cancel):
		m.ctx.Close(nil)
		return m, nil
	case key.Matches(km, m.keys.Switch):
		m.onPath = !m.onPath
		if m.onPath {
			return m, m.path.Focus()
		}
		m.path.Blur()
		return m, nil
	case key.Matches(km, m.keys.Write):
		path, err := m.target()
		if err != nil {
			m.err = err
			return m, nil
		}
		// Whether the file exists is asked in a command: no I/O in Update.
		id, stat, cat := m.id, m.statFile, m.cat
		return m, func() tea.Msg {
			if err := notCatalogue(path, cat); err != nil {
				return checkedMsg{id: id, path: path, err: err}
			}
			info, err := stat(path)
			return checkedMsg{id: id, path: path, exists: err == nil, dir: err == nil && info.IsDir()}
		}
	case !m.onPath && key.Matches(km, m.keys.Up):
		m.setFormat(m.format - 1)
		return m, nil
	case !m.onPath && key.Matches(km, m.keys.Down):
		m.setFormat(m.format + 1)
		return m, nil
	}
	if !m.onPath {
		// Typing goes to the path: the format list has no use for it.
		m.onPath = true
		cmd := m.path.Focus()
		var c2 tea.Cmd
		m.path, c2 = m.path.Update(km)
		m.err = nil
		return m, tea.Batch(cmd, c2)
	}
	var cmd tea.Cmd
	m.path, cmd = m.path.Update(km)
	m.err = nil
	return m, cmd
}

// notCatalogue is catalogue.CheckNotCatalogue, when the screen knows the
// catalogue's file.
func notCatalogue(path, cat string) error {
	if cat == "" {
		return nil
	}
	return catalogue.CheckNotCatalogue(path, cat)
}

func (m *Export) start() (tea.Model, tea.Cmd) {
	path, err := m.target()
	if err != nil {
		m.err = err
		return m, nil
	}
	m.writing, m.err = true, nil
	return m, tea.Batch(m.write(path), m.spinner.Tick)
}

// ShortHelp returns the bindings for the short help bar.
func (m *Export) ShortHelp() []key.Binding {
	return []key.Binding{m.keys.Up, m.keys.Down, m.keys.Switch, m.keys.Write, m.ctx.Keys.Cancel}
}

// FullHelp returns the bindings for the full help view.
func (m *Export) FullHelp() [][]key.Binding { return [][]key.Binding{m.ShortHelp()} }

// View renders the format list, the path, and the state of the write.
func (m *Export) View() string {
	t := m.ctx.Theme
	var b strings.Builder
	b.WriteString(t.DialogTitle.Render("Export bookmarks") + " " + t.Dim.Render(display.Text(m.what)) + "\n\n")
	for i, f := range writers {
		line := fmt.Sprintf("%-9s %s", f.Name, f.Title)
		line = ansi.Truncate(line, max(10, m.ctx.Width-2), "…")
		if i == m.format {
			mark := "›"
			if m.onPath {
				mark = "•"
			}
			b.WriteString(t.Cursor.Render(mark) + " " + t.RowSelected.Render(line) + "\n")
		} else {
			b.WriteString("  " + t.Dim.Render(line) + "\n")
		}
	}
	b.WriteString("\n")
	label := t.Label.Render("file ")
	if m.onPath {
		label = t.Prompt.Render("file ")
	}
	b.WriteString(label + " " + display.MarkInvisible(m.path.View()) + "\n\n")
	switch {
	case m.writing:
		b.WriteString(m.spinner.View() + " writing…")
	case m.err != nil:
		for _, l := range strings.Split(ansi.Wrap("✗ "+display.Text(m.err.Error()), max(20, m.ctx.Width), ""), "\n") {
			b.WriteString(t.Error.Render(l) + "\n")
		}
	default:
		b.WriteString(t.Dim.Render(fmt.Sprintf("enter writes %s as %s", plural.Of(len(m.recs), "record"), m.Format().Name)))
	}
	return m.ctx.Fit(strings.Split(strings.TrimRight(b.String(), "\n"), "\n"))
}

var _ dialog.Dialog = (*Export)(nil)
