// Package saved is the TUI's screen of the saved searches (the
// configuration file's [searches]): each with the number of records it
// matches; enter shows one's records (the search @NAME), and s saves the
// search line's search under a name typed in a small prompt, as `uricat
// search save` does (config.SaveSearch: the file's comments and order
// kept).
package saved

import (
	"fmt"
	"path/filepath"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/config"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// Config is what the screen is opened with.
type Config struct {
	// File is the configuration, as read: its saved searches and where
	// it is kept.
	File *config.Config
	// Current is the search line's search, which s saves.
	Current string
	// Saved is told of the file as it is after a save, for the searches
	// from then on to read.
	Saved func(*config.Config)
}

// Model is the saved searches' screen, a dialog.Dialog that takes the
// whole body.
type Model struct {
	ctx    dialog.Context
	cfg    Config
	recs   []*ssd3.Record
	counts []string // each search's matches, or why it cannot be searched
	list   dialog.List
	naming bool // the prompt for the name to save the current search as is open
	input  textinput.Model
	err    string // why the last save was refused
}

// New returns the screen of cfg's saved searches, counted in c's valid
// records.
func New(ctx dialog.Context, c *catalogue.Catalogue, cfg Config) *Model {
	m := &Model{ctx: ctx, cfg: cfg, recs: c.Valid(), list: dialog.NewList(ctx.Keys)}
	m.input = textinput.New()
	m.input.Prompt = "> "
	m.input.PromptStyle = ctx.Theme.Prompt
	m.input.TextStyle = ctx.Theme.Input
	m.list.SetHeight(max(1, ctx.Height-4))
	m.count()
	return m
}

// count counts the matches of each saved search.
func (m *Model) count() {
	m.counts = m.counts[:0]
	for _, s := range m.cfg.File.Searches {
		q, err := m.cfg.File.Parse("@" + s.Name)
		if err != nil {
			m.counts = append(m.counts, "error")
			continue
		}
		m.counts = append(m.counts, fmt.Sprint(len(query.Filter(m.recs, q))))
	}
	m.list.SetLen(len(m.cfg.File.Searches))
}

// Init does nothing: the counts are made as the screen opens.
func (m *Model) Init() tea.Cmd { return nil }

// SetSize sets the body's area.
func (m *Model) SetSize(w, h int) { m.ctx.SetSize(w, h); m.list.SetHeight(max(1, h-4)) }

// Update answers the keys: the prompt's while it is open.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	if m.naming {
		if cmd, ok := m.promptActions().Do(km); ok {
			return m, cmd
		}
		var cmd tea.Cmd
		m.input, cmd = m.input.Update(km)
		m.err = ""
		return m, cmd
	}
	if cmd, ok := m.actions().Do(km); ok {
		return m, cmd
	}
	m.list.Update(km)
	return m, nil
}

// actions are the screen's keys, each declared once.
func (m *Model) actions() dialog.Actions {
	chosen := func() bool { return m.list.Selected() }
	return dialog.Actions{
		{Binding: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "show records")), Bar: true, When: chosen,
			Do: func(tea.KeyMsg) tea.Cmd {
				m.ctx.Close(dialog.SearchMsg{Query: "@" + m.cfg.File.Searches[m.list.Cursor()].Name})
				return nil
			}},
		{Binding: key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "save the search")), Bar: true,
			When: func() bool { return m.cfg.Current != "" },
			Do: func(tea.KeyMsg) tea.Cmd {
				m.naming = true
				m.input.SetValue("")
				return m.input.Focus()
			}},
		{Binding: key.NewBinding(key.WithKeys("esc", "q", "@"), key.WithHelp("esc", "back")), Bar: true,
			Do: func(tea.KeyMsg) tea.Cmd { m.ctx.Close(nil); return nil }},
	}
}

// promptActions are the keys of the prompt for a name.
func (m *Model) promptActions() dialog.Actions {
	return dialog.Actions{
		{Binding: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "save")), Bar: true,
			Do: func(tea.KeyMsg) tea.Cmd { m.save(m.input.Value()); return nil }},
		{Binding: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")), Bar: true,
			Do: func(tea.KeyMsg) tea.Cmd { m.naming, m.err = false, ""; m.input.Blur(); return nil }},
	}
}

// save saves the current search as name, checked as the command line
// checks it; a refusal is shown under the prompt, which stays open.
func (m *Model) save(name string) {
	if !query.ValidSavedName(name) {
		m.err = "a name is letters, digits, - and _"
		return
	}
	check := *m.cfg.File
	check.Searches = append([]config.Search{{Name: name, Query: m.cfg.Current}}, m.cfg.File.Searches...)
	if _, err := check.Parse("@" + name); err != nil {
		m.err = err.Error()
		return
	}
	if err := config.SaveSearch(m.cfg.File.Path, name, m.cfg.Current); err != nil {
		m.err = err.Error()
		return
	}
	file, _ := config.Load(m.cfg.File.Path) // its problems are the file's, said at start
	m.cfg.File = file
	if m.cfg.Saved != nil {
		m.cfg.Saved(file)
	}
	m.naming = false
	m.input.Blur()
	m.count()
	for i, s := range file.Searches {
		if s.Name == name {
			m.list.Select(i)
		}
	}
	m.ctx.Store.SetStatus(theme.Info, display.Text("saved @"+name+" in "+file.Path))
}

// ShortHelp returns the screen's keys.
func (m *Model) ShortHelp() []key.Binding {
	if m.naming {
		return m.promptActions().ShortHelp()
	}
	return m.actions().ShortHelp()
}

// FullHelp returns the screen's keys.
func (m *Model) FullHelp() [][]key.Binding { return [][]key.Binding{m.ShortHelp()} }

// View draws the saved searches, and the prompt when it is open.
func (m *Model) View() string {
	th := m.ctx.Theme
	lines := []string{th.DialogTitle.Render(" Saved searches") + th.Dim.Render(" (@NAME in a search; kept in "+display.Text(filepath.Base(m.cfg.File.Path))+")")}
	if len(m.cfg.File.Searches) == 0 {
		lines = append(lines, th.Dim.Render(" none yet: s saves the search line's search"))
	}
	width := 0
	for _, s := range m.cfg.File.Searches {
		width = max(width, len(s.Name))
	}
	for i := m.list.Offset(); i < m.list.End(); i++ {
		s := m.cfg.File.Searches[i]
		line := fmt.Sprintf(" %6s  @%-*s  %s", m.counts[i], width, s.Name, display.Text(s.Query))
		if i == m.list.Cursor() {
			line = th.RowSelected.Render(line)
		}
		lines = append(lines, line)
	}
	if m.naming {
		lines = append(lines, "", " Save “"+display.Text(m.cfg.Current)+"” as (letters, digits, - and _):", m.input.View())
		if m.err != "" {
			lines = append(lines, th.Error.Render(" "+display.Text(m.err)))
		}
	}
	return m.ctx.Fit(lines)
}
