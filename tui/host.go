package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/form"
	"github.com/uricat/uricat/tui/picker"
	"github.com/uricat/uricat/tui/problems"
	"github.com/uricat/uricat/tui/system"
	"github.com/uricat/uricat/tui/transfer"
)

// This file hosts the dialogs of the packages under tui/ on the root's
// dialog.Stack: it opens them on their keys, hands the one on top the keys
// and its own messages (never the root's), asks the root's questions with
// the one dialog.Confirm, and applies the dialogs' results to the
// catalogue through the store (so every change is undoable and saved at
// once).

// The root's own results of its questions (dialog.Question's Yes and No).
type (
	// deleteMsg deletes the record ref (from the list: d, then y).
	deleteMsg struct{ ref catalogue.Ref }
	// openMsg opens uri with the system opener, the user having agreed
	// to its scheme.
	openMsg struct{ uri string }
	// quitMsg quits, though changes are not saved.
	quitMsg struct{}
	// noteMsg says what the answer left undone ("nothing deleted").
	noteMsg string
)

// What the host asks of the dialog on top once it applied its result, by
// what the dialog can do rather than by its type: a new dialog that can
// do the same needs nothing new here.
type (
	// refuser takes back an edit the catalogue refused (the form).
	refuser interface{ SetError(err error) }
	// reloader shows the catalogue again after an edit made over it (the
	// problems view).
	reloader interface{ Reload(c *catalogue.Catalogue) }
	// remover drops a record it listed, deleted (the problems view).
	remover interface{ Remove(rec *catalogue.Record) }
	// importer shows what its import did (the import screen).
	importer interface {
		Applied(s importers.Summary, err error)
	}
)

// categories returns the categories in use, for the form and the picker.
func (m *Model) categories() []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range m.list.recs {
		if c := r.Category(); c != "" && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return out
}

// form returns the add (rec nil) or edit form, which warns of a URI the
// catalogue has already: it asks the key index in its Update, on the
// root's goroutine, which owns the catalogue (unless the index is to be
// rebuilt: that would stall Update), and finds which record has the URI
// in a snapshot, in a command. The tags input completes from the
// catalogue's tags, as CATEGORY from its categories.
func (m *Model) form(rec *catalogue.Record) *form.Model {
	f := form.New(m.dialogContext(), rec, m.categories())
	f.CompleteTags(form.TagsOf(m.list.recs))
	f.CheckDuplicates(form.URIs{
		Has: func(uri string) (bool, bool) {
			if m.store.cat.NeedsKeyIndex() {
				return false, false
			}
			return m.store.cat.HasURI(uri), true
		},
		Records: m.store.cat.Records(),
	})
	return f
}

// dialogSize is the area a dialog gets: the body.
func (m *Model) dialogSize() (int, int) {
	return m.width, m.layout().bodyH
}

// dialogContext is what every dialog is made with: the root's theme and
// shared keys, and the body's size.
func (m *Model) dialogContext() dialog.Context {
	w, h := m.dialogSize()
	return dialog.Context{Theme: m.th, Keys: m.keys.KeyMap, Width: w, Height: h}
}

// openDialog opens the dialog a key asks for; it reports whether the key
// was one.
func (m *Model) openDialog(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.keys
	ctx := m.dialogContext()
	rec := m.list.current()
	var d dialog.Dialog
	switch {
	case key.Matches(msg, k.Edit, k.Delete, k.Category, k.Open, k.Copy) && rec == nil:
		return nil, true // they act on the selected record: a heading is none
	case key.Matches(msg, k.Open, k.Copy) && catalogue.ValidateURI(rec.URI()) != nil:
		// Said at once, rather than asking about a URI that is not there.
		verb := "open"
		if key.Matches(msg, k.Copy) {
			verb = "copy"
		}
		m.setMsg(sevError, "nothing to %s: %s has no valid URI (e edits it, ! lists its problems)", verb, recordLabel(rec))
		return nil, true
	case key.Matches(msg, k.Add):
		d = m.form(nil)
		m.status.msg = ""
	case key.Matches(msg, k.Edit):
		d = m.form(rec)
		m.status.msg = ""
	case key.Matches(msg, k.Delete):
		d = dialog.NewConfirm(ctx, dialog.Question{
			Text:   fmt.Sprintf("Delete “%s”?", display.Text(rec.Name())),
			Detail: "u undoes it.",
			Verb:   "delete",
			Yes:    deleteMsg{ref: rec.Ref()},
			No:     noteMsg("nothing deleted"),
		})
		m.status.msg = ""
	case key.Matches(msg, k.Category):
		d = picker.New(ctx, rec, m.categories())
	case key.Matches(msg, k.Problems):
		d = problems.New(ctx, m.store.cat)
		m.status.msg = ""
	case key.Matches(msg, k.Import):
		d = transfer.NewImport(ctx, transfer.ImportConfig{Dir: m.importDir})
	case key.Matches(msg, k.Export):
		var recs []*catalogue.Record
		if m.list.res != nil {
			for _, r := range m.list.res.records() {
				if r.Valid() {
					recs = append(recs, r)
				}
			}
		}
		what := fmt.Sprintf("all %s", plural.Of(len(recs), "valid record"))
		if m.input.Value() != "" {
			what = fmt.Sprintf("the %s shown", plural.Of(len(recs), "record"))
		}
		e := transfer.NewExport(ctx, recs, what, "")
		e.SetCatalogue(m.store.path)
		d = e
		m.status.msg = ""
	case key.Matches(msg, k.Open):
		return system.Open(rec.URI()), true
	case key.Matches(msg, k.Copy):
		return system.Copy(rec.URI()), true
	default:
		return nil, false
	}
	return m.dialogs.Push(d), true
}

// rootMsg reports whether msg is one of the root's own, which never goes
// to a dialog.
func (m *Model) rootMsg(msg tea.Msg) bool {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg, loadedMsg, filteredMsg, lockedMsg, saveRetryMsg, savedMsg, reloadedMsg, slowCheckMsg, keyIndexMsg:
		return true
	case spinner.TickMsg:
		return msg.ID == m.spin.ID()
	}
	return false
}

// dialogMsg applies the dialogs' results, and hands every other message
// but the root's own to the dialog on top; handled is false for messages
// the root handles itself.
func (m *Model) dialogMsg(msg tea.Msg) (tea.Cmd, bool) {
	if cmd, ok := m.result(msg); ok {
		return cmd, true
	}
	if m.dialogs.Len() == 0 || m.rootMsg(msg) {
		return nil, false
	}
	// ctrl+c quits whatever is open.
	if km, ok := msg.(tea.KeyMsg); ok && key.Matches(km, m.keys.ForceQuit) {
		return tea.Quit, true
	}
	cmd, res := m.dialogs.Update(msg)
	if res != nil {
		// The dialog closed with a result: handle it now, before the
		// next key (it is the root's, or the dialog's now on top).
		_, then := m.Update(res)
		cmd = tea.Batch(cmd, then)
	}
	return cmd, true
}

// result applies a result of a dialog; ok is false for other messages.
func (m *Model) result(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case form.SubmittedMsg:
		return m.submitted(msg), true
	case picker.ChosenMsg:
		return m.categorise(msg), true
	case problems.JumpMsg:
		return m.jumpTo(msg.Record), true
	case problems.EditMsg:
		return m.dialogs.Push(m.form(msg.Record)), true
	case problems.DeleteMsg:
		name := recordLabel(msg.Record)
		cmd, err := m.store.applyEdit(catalogue.Delete{Refs: []catalogue.Ref{msg.Record.Ref()}}, "deleted "+name)
		if err != nil {
			m.setMsg(sevError, "cannot delete %s: %v", name, err)
			return nil, true
		}
		if p, ok := m.dialogs.Top().(remover); ok {
			p.Remove(msg.Record)
		}
		return cmd, true
	case transfer.ImportedMsg:
		return m.imported(msg), true
	case transfer.FolderMsg:
		m.importDir = msg.Dir
		return nil, true
	case transfer.ExportedMsg:
		if msg.Err == nil {
			m.finished(msg)
			if len(msg.Losses) > 0 {
				m.setMsg(sevWarning, "exported %s to %s (%s), but: %s", plural.Of(msg.Count, "record"), display.Text(msg.Path), msg.Format, msg.Losses[0].Message())
			} else {
				m.setMsg(sevSuccess, "exported %s to %s (%s)", plural.Of(msg.Count, "record"), display.Text(msg.Path), msg.Format)
			}
		}
		return nil, true
	case system.OpenedMsg:
		if msg.Err != nil {
			m.setMsg(sevError, "cannot open %s: %v", display.URI(msg.URI), msg.Err)
		} else {
			m.setMsg(sevSuccess, "opened %s", display.URI(msg.URI))
		}
		return nil, true
	case system.ConfirmMsg:
		m.status.msg = ""
		return m.dialogs.Push(dialog.NewConfirm(m.dialogContext(), dialog.Question{
			Text:   fmt.Sprintf("Open a %s: link with the system opener?", display.Text(msg.Scheme)),
			Detail: display.URI(msg.URI),
			Verb:   "open",
			Yes:    openMsg{uri: msg.URI},
			No:     noteMsg("not opened"),
		})), true
	case system.CopiedMsg:
		// The text as copied, the stored URI: a URI shown as an IRI
		// (köln.de) would not be what a paste gives (xn--kln-sna.de).
		text := display.Text(msg.Text)
		var why string
		if msg.Err != nil {
			why = display.Text(strings.ReplaceAll(msg.Err.Error(), "\n", "; "))
		}
		switch {
		case len(msg.Via) == 0:
			m.setMsg(sevError, "cannot copy %s: %s", text, why)
		case msg.Err != nil:
			m.setMsg(sevWarning, "copied %s (%s; not %s)", text, andList(msg.Via), why)
		default:
			m.setMsg(sevSuccess, "copied %s (%s)", text, andList(msg.Via))
		}
		return nil, true
	case deleteMsg:
		return m.deleteRecord(msg.ref), true
	case openMsg:
		return system.OpenConfirmed(msg.uri), true
	case quitMsg:
		return tea.Quit, true
	case noteMsg:
		m.setMsg(sevInfo, "%s", string(msg))
		return nil, true
	}
	return nil, false
}

// submitted applies the form: add or edit; a refusal goes back to the form.
func (m *Model) submitted(msg form.SubmittedMsg) tea.Cmd {
	var e catalogue.Edit
	what := fmt.Sprintf("added “%s”", display.Text(msg.Record.Name()))
	if msg.Original == nil {
		e = catalogue.Add{Records: []*catalogue.Record{msg.Record}, AllowDuplicates: msg.AllowDuplicate}
	} else {
		// With the DATE the user typed for a record that had none
		// valid: Set keeps a DATE among its fields rather than stamp now.
		fields := catalogue.Diff(msg.Original, msg.Record)
		if len(fields) == 0 && catalogue.GetField(msg.Original, catalogue.FieldDate) != "" {
			m.formDone(msg)
			m.setMsg(sevInfo, "nothing changed")
			return nil
		}
		// No fields, and no valid DATE: the Set stamps now, which is
		// what the record lacked.
		e = catalogue.Set{Ref: msg.Original.Ref(), Fields: fields}
		what = fmt.Sprintf("edited “%s”", display.Text(msg.Record.Name()))
	}
	cmd, err := m.store.applyEdit(e, what)
	if err != nil {
		if f, ok := m.dialogs.Top().(refuser); ok {
			f.SetError(err)
		} else {
			m.setMsg(sevError, "cannot change the catalogue (%s): %s", what, describe(err))
		}
		return nil
	}
	m.formDone(msg)
	sel := catalogue.Ref(0)
	if msg.Original != nil {
		sel = msg.Original.Ref()
	} else if recs := m.store.cat.Records(); len(recs) > 0 {
		sel = recs[len(recs)-1].Ref()
		if m.input.Value() != "" {
			// Show the new record even if the search would hide it.
			m.input.SetValue("")
		}
	}
	m.list.selected = sel
	return cmd
}

// reloadDialogs rebuilds the views of the catalogue on the stack (the
// problems view) from the catalogue as it is now: after an edit, or a save
// that moved records to other lines.
func (m *Model) reloadDialogs() {
	for _, d := range m.dialogs.Dialogs() {
		if p, ok := d.(reloader); ok {
			p.Reload(m.store.cat)
		}
	}
}

// formDone closes the form on top once its record is applied; a view of
// the catalogue beneath it (the problems view, the form having fixed one
// of its records) is rebuilt.
func (m *Model) formDone(msg form.SubmittedMsg) {
	if !m.finished(msg) {
		return
	}
	if p, ok := m.dialogs.Top().(reloader); ok {
		p.Reload(m.store.cat)
	}
}

// finished closes the dialog on top if msg, its result, applied, finishes
// it (dialog.Finisher); it reports whether it did.
func (m *Model) finished(msg tea.Msg) bool {
	if f, ok := m.dialogs.Top().(dialog.Finisher); !ok || !f.Finished(msg) {
		return false
	}
	m.dialogs.Pop()
	return true
}

// categorise applies the picker's choice to its record.
func (m *Model) categorise(msg picker.ChosenMsg) tea.Cmd {
	rec := m.store.cat.Lookup(msg.Record.Ref())
	if rec == nil || rec.Category() == msg.Category {
		return nil
	}
	what := fmt.Sprintf("put “%s” in %s", display.Text(rec.Name()), display.Text(msg.Category))
	if msg.Category == "" {
		what = fmt.Sprintf("removed the category of “%s”", display.Text(rec.Name()))
	}
	set := catalogue.Set{Ref: rec.Ref(), Fields: []catalogue.Field{{Name: catalogue.FieldCategory, Value: msg.Category}}}
	return m.edit(set, what, rec.Ref())
}

// deleteRecord deletes the record ref, the user having said yes, and
// selects the row after it.
func (m *Model) deleteRecord(ref catalogue.Ref) tea.Cmd {
	rec := m.store.cat.Lookup(ref)
	if rec == nil {
		m.setMsg(sevError, "nothing deleted: the record is no longer in the catalogue")
		return nil
	}
	// Select the next row once the pass lands.
	m.list.selected = 0
	if i := m.list.rowOf(ref); i >= 0 && i+1 < m.list.rowCount() {
		m.list.selected = refOf(m.list.rowAt(i + 1).rec)
	}
	return m.edit(catalogue.Delete{Refs: []catalogue.Ref{ref}}, fmt.Sprintf("deleted “%s”", display.Text(rec.Name())), 0)
}

// imported applies an import's plan as one undoable step and saves.
func (m *Model) imported(msg transfer.ImportedMsg) tea.Cmd {
	if msg.Err != nil || msg.Plan == nil {
		m.setMsg(sevError, "nothing imported: %v", msg.Err)
		return nil
	}
	// The import screen, still open, shows what the edit did.
	applied := func(importers.Summary, error) {}
	if imp, ok := m.dialogs.Top().(importer); ok {
		applied = imp.Applied
	}
	var rep catalogue.AddReport
	add := msg.Plan.Edit()
	add.Report = &rep
	// An Add that adds nothing changes nothing, and is no undo step.
	err := m.store.hist.ApplyDescribed(m.store.cat, add, func() string { return fmt.Sprintf("imported %s", plural.Of(rep.Added(), "record")) })
	if err != nil {
		applied(importers.Summary{}, err)
		m.setMsg(sevError, "nothing imported: %s", describe(err))
		return nil
	}
	if sums := msg.Plan.Summaries(rep); len(sums) > 0 {
		applied(sums[0], nil)
	}
	if rep.Added() == 0 {
		m.setMsg(sevInfo, "nothing new to import")
		return nil
	}
	m.setMsg(sevSuccess, "imported %s (u undoes)", plural.Of(rep.Added(), "record"))
	return m.store.edited()
}

// jumpTo shows rec in the list: the search is cleared and its group unfolded.
func (m *Model) jumpTo(rec *catalogue.Record) tea.Cmd {
	m.list.selected = rec.Ref()
	m.input.SetValue("")
	m.list.folded = map[string]bool{}
	return m.refilter(m.store.cat.Records())
}

// recordLabel names a record in a message, even one without a NAME.
func recordLabel(r *catalogue.Record) string {
	if r.Name() != "" {
		return "“" + display.Text(r.Name()) + "”"
	}
	return fmt.Sprintf("the record at line %d", r.Line())
}

// dialogView draws the open dialogs in the body: the highest that takes
// the whole body (else the list), and the floating ones over it.
func (m *Model) dialogView(l layout) string {
	base, floating := m.dialogs.Layers()
	var v string
	if base != nil {
		v = block(base.View(), m.width, l.bodyH)
	} else {
		v = m.listBody(l)
	}
	for _, d := range floating {
		v = dialog.Overlay(v, d.View(), m.width, l.bodyH)
	}
	return v
}

// andList joins items as a sentence does: "a", "a and b", "a, b and c".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
