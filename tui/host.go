package tui

import (
	"fmt"
	"slices"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/tui/form"
	"github.com/uricat/uricat/tui/picker"
	"github.com/uricat/uricat/tui/problems"
	"github.com/uricat/uricat/tui/system"
	"github.com/uricat/uricat/tui/transfer"
)

// This file hosts the dialogs and screens of the packages under tui/: it
// opens them on their keys, routes messages to the one open, and applies
// their results to the catalogue through the store (so every change is
// undoable and saved at once).

// screen is which dialog or screen is open over the list.
type screen int

const (
	screenNone screen = iota
	screenForm
	screenPicker
	screenProblems
	screenImport
	screenExport
)

// dialogs holds the open dialog's model (only the one of screen is used).
type dialogs struct {
	screen   screen
	form     form.Model
	picker   picker.Model
	problems problems.Model
	imp      transfer.Import
	exp      transfer.Export
	target   *catalogue.Record // the record the picker categorises
	// openURI waits for "open URI with scheme …? y/n".
	openURI string
}

// categories returns the categories in use, for the form and the picker.
func (m *Model) categories() []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range m.recs {
		if c := r.Category; c != "" && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return out
}

// dialogSize is the area a dialog gets: the body.
func (m *Model) dialogSize() (int, int) {
	return m.width, m.layout().bodyH
}

// openDialog opens the dialog a key asks for; it reports whether the key
// was one.
func (m *Model) openDialog(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.keys
	w, h := m.dialogSize()
	switch {
	case key.Matches(msg, k.Add):
		m.dlg.form = form.New(m.th, nil, m.categories())
		m.dlg.form.SetSize(w, h)
		m.dlg.screen = screenForm
	case key.Matches(msg, k.Edit):
		rec := m.current()
		if rec == nil {
			return nil, true
		}
		m.dlg.form = form.New(m.th, rec, m.categories())
		m.dlg.form.SetSize(w, h)
		m.dlg.screen = screenForm
	case key.Matches(msg, k.Category):
		rec := m.current()
		if rec == nil {
			return nil, true
		}
		m.dlg.picker = picker.New(m.th, m.categories(), rec.Category)
		m.dlg.picker.SetSize(w, h)
		m.dlg.target = rec
		m.dlg.screen = screenPicker
		return m.dlg.picker.Init(), true
	case key.Matches(msg, k.Problems):
		m.dlg.problems = problems.New(m.th, m.cat)
		m.dlg.problems.SetSize(w, h)
		m.dlg.screen = screenProblems
	case key.Matches(msg, k.Import):
		m.dlg.imp = transfer.NewImport(m.th, transfer.ImportConfig{Records: m.cat.Records()})
		m.dlg.imp.SetSize(w, h)
		m.dlg.screen = screenImport
		return m.dlg.imp.Init(), true
	case key.Matches(msg, k.Export):
		var recs []*catalogue.Record
		if m.res != nil {
			for _, r := range m.res.shown {
				if r.Valid() {
					recs = append(recs, r)
				}
			}
		}
		what := fmt.Sprintf("all %s", plural(len(recs), "valid record"))
		if m.input.Value() != "" {
			what = fmt.Sprintf("the %s shown", plural(len(recs), "record"))
		}
		m.dlg.exp = transfer.NewExport(m.th, recs, what, "")
		m.dlg.exp.SetSize(w, h)
		m.dlg.screen = screenExport
	case key.Matches(msg, k.Open):
		if rec := m.current(); rec != nil {
			return system.Open(rec.URI), true
		}
		return nil, true
	case key.Matches(msg, k.Copy):
		if rec := m.current(); rec != nil {
			return system.Copy(rec.URI), true
		}
		return nil, true
	default:
		return nil, false
	}
	m.msg = ""
	return nil, true
}

// closeDialog returns to the list.
func (m *Model) closeDialog() {
	m.dlg.screen = screenNone
	m.dlg.target = nil
}

// dialogMsg handles a message while a dialog is open, or one of the
// results dialogs send; handled is false for messages the root handles
// itself.
func (m *Model) dialogMsg(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	// Results.
	case form.SubmittedMsg:
		return m.submitted(msg), true
	case form.CancelledMsg, picker.CancelledMsg, problems.ClosedMsg, transfer.ClosedMsg:
		m.closeDialog()
		return nil, true
	case picker.ChosenMsg:
		rec := m.dlg.target
		m.closeDialog()
		if rec == nil || rec.Category == msg.Category {
			return nil, true
		}
		what := fmt.Sprintf("put “%s” in %s", catalogue.DisplayText(rec.Name), catalogue.DisplayText(msg.Category))
		if msg.Category == "" {
			what = fmt.Sprintf("removed the category of “%s”", catalogue.DisplayText(rec.Name))
		}
		set := catalogue.Set{Ref: rec.Ref(), Fields: []catalogue.Field{{Name: catalogue.FieldCategory, Value: msg.Category}}}
		return m.edit(set, what, rec.Ref()), true
	case problems.JumpMsg:
		m.closeDialog()
		return m.jumpTo(msg.Record), true
	case problems.EditMsg:
		w, h := m.dialogSize()
		m.dlg.form = form.New(m.th, msg.Record, m.categories())
		m.dlg.form.SetSize(w, h)
		m.dlg.screen = screenForm
		return nil, true
	case problems.DeleteMsg:
		name := recordLabel(msg.Record)
		cmd, err := m.applyEdit(catalogue.Delete{Refs: []catalogue.Ref{msg.Record.Ref()}}, "deleted "+name)
		if err != nil {
			m.setMsg(sevError, "cannot delete %s: %v", name, err)
			return nil, true
		}
		m.dlg.problems.Remove(msg.Record)
		return cmd, true
	case transfer.ImportedMsg:
		return m.imported(msg), true
	case transfer.ExportedMsg:
		if msg.Err == nil {
			m.closeDialog()
			m.setMsg(sevSuccess, "exported %s to %s (%s)", plural(msg.Count, "record"), catalogue.DisplayText(msg.Path), msg.Format)
		}
		return nil, true
	case system.OpenedMsg:
		if msg.Err != nil {
			m.setMsg(sevError, "cannot open %s: %v", catalogue.DisplayText(msg.URI), msg.Err)
		} else {
			m.setMsg(sevSuccess, "opened %s", catalogue.DisplayText(msg.URI))
		}
		return nil, true
	case system.ConfirmMsg:
		m.dlg.openURI = msg.URI
		m.mode = modeConfirmOpen
		m.setMsg(sevWarning, "Open a %s: link with the system opener? %s  y/n", catalogue.DisplayText(msg.Scheme), catalogue.DisplayText(msg.URI))
		return nil, true
	case system.CopiedMsg:
		if msg.Err != nil {
			m.setMsg(sevError, "cannot copy: %v", msg.Err)
		} else {
			m.setMsg(sevSuccess, "copied %s", catalogue.DisplayText(msg.Text))
		}
		return nil, true
	}
	if m.dlg.screen == screenNone {
		return nil, false
	}
	// Keys and the dialog's own messages go to the open dialog, except
	// ctrl+c, which always quits, and the root's own results.
	switch msg := msg.(type) {
	case tea.WindowSizeMsg, loadedMsg, filteredMsg, lockedMsg, saveRetryMsg, savedMsg, reloadedMsg, slowCheckMsg:
		return nil, false
	case spinner.TickMsg:
		if msg.ID == m.spin.ID() {
			return nil, false
		}
	}
	if km, ok := msg.(tea.KeyMsg); ok && key.Matches(km, m.keys.ForceQuit) {
		return tea.Quit, true
	}
	var cmd tea.Cmd
	switch m.dlg.screen {
	case screenForm:
		m.dlg.form, cmd = m.dlg.form.Update(msg)
	case screenPicker:
		m.dlg.picker, cmd = m.dlg.picker.Update(msg)
	case screenProblems:
		m.dlg.problems, cmd = m.dlg.problems.Update(msg)
	case screenImport:
		m.dlg.imp, cmd = m.dlg.imp.Update(msg)
	case screenExport:
		m.dlg.exp, cmd = m.dlg.exp.Update(msg)
	}
	return cmd, true
}

// submitted applies the form: add or edit; a refusal goes back to the form.
func (m *Model) submitted(msg form.SubmittedMsg) tea.Cmd {
	var e catalogue.Edit
	what := fmt.Sprintf("added “%s”", catalogue.DisplayText(msg.Record.Name))
	if msg.Original == nil {
		e = catalogue.Add{Records: []*catalogue.Record{msg.Record}}
	} else {
		fields := catalogue.Diff(msg.Original, msg.Record)
		if len(fields) == 0 {
			m.closeDialog()
			m.setMsg(sevInfo, "nothing changed")
			return nil
		}
		e = catalogue.Set{Ref: msg.Original.Ref(), Fields: fields}
		what = fmt.Sprintf("edited “%s”", catalogue.DisplayText(msg.Record.Name))
	}
	cmd, err := m.applyEdit(e, what)
	if err != nil {
		m.dlg.form.SetError(err)
		return nil
	}
	m.closeDialog()
	sel := catalogue.Ref(0)
	if msg.Original != nil {
		sel = msg.Original.Ref()
	} else if recs := m.cat.Records(); len(recs) > 0 {
		sel = recs[len(recs)-1].Ref()
		if m.input.Value() != "" {
			// Show the new record even if the search would hide it.
			m.input.SetValue("")
		}
	}
	m.selected = sel
	return cmd
}

// imported applies an import's plan as one undoable step and saves.
func (m *Model) imported(msg transfer.ImportedMsg) tea.Cmd {
	if msg.Err != nil || msg.Plan == nil {
		m.setMsg(sevError, "nothing imported: %v", msg.Err)
		return nil
	}
	add, out := msg.Plan.Edit(m.cat)
	if out.Added == 0 {
		m.dlg.imp.Applied(out, nil)
		m.setMsg(sevInfo, "nothing new to import")
		return nil
	}
	cmd, err := m.applyEdit(add, fmt.Sprintf("imported %s", plural(out.Added, "record")))
	m.dlg.imp.Applied(out, err)
	if err != nil {
		m.setMsg(sevError, "nothing imported: %s", describe(err))
		return nil
	}
	m.msg += " (u undoes)"
	return cmd
}

// jumpTo shows rec in the list: the search is cleared and its group unfolded.
func (m *Model) jumpTo(rec *catalogue.Record) tea.Cmd {
	m.selected = rec.Ref()
	m.input.SetValue("")
	m.folded = map[string]bool{}
	return m.refilter(m.cat.Records())
}

// recordLabel names a record in a message, even one without a NAME.
func recordLabel(r *catalogue.Record) string {
	if r.Name != "" {
		return "“" + catalogue.DisplayText(r.Name) + "”"
	}
	return fmt.Sprintf("the record at line %d", r.Line())
}

// confirmOpenKey answers "open a …: link? y/n".
func (m *Model) confirmOpenKey(msg tea.KeyMsg) tea.Cmd {
	m.mode = modeBrowse
	uri := m.dlg.openURI
	m.dlg.openURI = ""
	if !key.Matches(msg, m.keys.Yes) {
		m.setMsg(sevInfo, "not opened")
		return nil
	}
	m.msg = ""
	return system.OpenConfirmed(uri)
}

// dialogView draws the open dialog in the body, and its help.
func (m *Model) dialogView(h int) string {
	var v string
	switch m.dlg.screen {
	case screenForm:
		v = m.dlg.form.View()
	case screenPicker:
		v = m.dlg.picker.View()
	case screenProblems:
		v = m.dlg.problems.View()
	case screenImport:
		v = m.dlg.imp.View()
	case screenExport:
		v = m.dlg.exp.View()
	}
	return block(v, m.width, h)
}

// dialogHelp is the open dialog's key map.
func (m *Model) dialogHelp() (km interface {
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
}, ok bool) {
	switch m.dlg.screen {
	case screenForm:
		return m.dlg.form, true
	case screenPicker:
		return m.dlg.picker, true
	case screenProblems:
		return m.dlg.problems, true
	case screenImport:
		return m.dlg.imp, true
	case screenExport:
		return m.dlg.exp, true
	}
	return nil, false
}
