package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/dups"
	"github.com/uricat/uricat/tui/form"
	"github.com/uricat/uricat/tui/organise"
	"github.com/uricat/uricat/tui/picker"
	"github.com/uricat/uricat/tui/problems"
	"github.com/uricat/uricat/tui/statsview"
	"github.com/uricat/uricat/tui/system"
	"github.com/uricat/uricat/tui/theme"
	"github.com/uricat/uricat/tui/transfer"
)

// host is the dialog stack over the list and what opens dialogs on their
// keys. It hands the dialog on top the keys and every message that is
// not the root's, answers the requests any dialog makes (dialog.ShowMsg,
// dialog.EditMsg) and the root's own questions (asked with the one
// dialog.Confirm), and makes every dialog with a dialog.Context that
// holds the store: a dialog applies its own edits through it, so a new
// screen needs only its key here, and no case for its results.
type host struct {
	dialogs dialog.Stack // the dialogs open over the list, the top one getting the keys

	th     *theme.Theme
	keys   *keyMap
	store  *store
	list   *recordList
	status *status

	// size is the area a dialog gets: the body, whose height the status
	// bar's messages change (the root's layout says).
	size func() (width, height int)
	// search is the search box's text; show shows a record in the list
	// even if the search or a folded group hides it (the root's).
	search func() string
	show   func(ref catalogue.Ref) tea.Cmd
	// setSearch puts q in the search box and searches for it (the
	// root's; dialog.SearchMsg).
	setSearch func(q string) tea.Cmd

	// importDir is the folder the import screen starts in: where the last
	// one was (transfer.FolderMsg), else the working directory. It lasts
	// the session: the folder uricat is started in is the user's choice,
	// and a state file for it would be one more file they did not ask for.
	importDir string

	// fetchPage fills the add form from the page of the URI typed; nil:
	// the form fetches nothing.
	fetchPage form.PageFetcher
}

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

// context is what every dialog is made with: the root's theme and shared
// keys, the body's size, and the store.
func (h *host) context() dialog.Context {
	w, ht := h.size()
	return dialog.Context{Theme: h.th, Keys: h.keys.KeyMap, Width: w, Height: ht, Store: h.store}
}

// open puts d on top of the stack.
func (h *host) open(d dialog.Dialog) tea.Cmd { return h.dialogs.Push(d) }

// SetSize gives every open dialog the body's area.
func (h *host) SetSize(width, height int) { h.dialogs.SetSize(width, height) }

// KeyMap returns the keys of the dialog on top, nil when none is open.
func (h *host) KeyMap() help.KeyMap {
	if top := h.dialogs.Top(); top != nil {
		return top
	}
	return nil
}

// View draws the open dialogs in the body, width×height: the highest that
// takes the whole body (else the list, drawn by under), and the floating
// ones over it.
func (h *host) View(width, height int, under func() string) string {
	base, floating := h.dialogs.Layers()
	var v string
	if base != nil {
		v = block(base.View(), width, height)
	} else {
		v = under()
	}
	for _, d := range floating {
		v = dialog.Overlay(v, d.View(), width, height)
	}
	return v
}

// Update answers the root's results and the dialogs' requests, and hands
// every other message to the dialog on top; handled is false when no
// dialog is open and msg is none of those (the root's own messages never
// come here).
func (h *host) Update(msg tea.Msg) (cmd tea.Cmd, handled bool) {
	if cmd, ok := h.result(msg); ok {
		return cmd, true
	}
	if h.dialogs.Len() == 0 {
		return nil, false
	}
	// ctrl+c quits whatever is open.
	if km, ok := msg.(tea.KeyMsg); ok && key.Matches(km, h.keys.ForceQuit) {
		return tea.Quit, true
	}
	cmd, res := h.dialogs.Update(msg)
	if res != nil {
		// The dialog closed with a result: handle it now, before the
		// next key (it is the root's, or the dialog's now on top).
		then, _ := h.Update(res)
		cmd = tea.Batch(cmd, then)
	}
	return cmd, true
}

// result answers the root's own results (the answers of its questions,
// the system opener's and clipboard's reports) and the requests any
// dialog may make; ok is false for other messages.
func (h *host) result(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case dialog.ShowMsg:
		if msg.Record == nil {
			return nil, true
		}
		return h.show(msg.Record.Ref()), true
	case dialog.EditMsg:
		return h.open(h.form(msg.Record)), true
	case dialog.SearchMsg:
		return h.setSearch(msg.Query), true
	case transfer.FolderMsg:
		h.importDir = msg.Dir
		return nil, true
	case system.OpenedMsg, system.ConfirmMsg, system.CopiedMsg:
		return h.system(msg), true
	case deleteMsg:
		return h.deleteRecord(msg.ref), true
	case openMsg:
		return system.OpenConfirmed(msg.uri), true
	case quitMsg:
		return tea.Quit, true
	case mergeCopiesMsg:
		return mergeCopiesCmd(h.store.cat.Snapshot(), msg.paths), true
	case noteMsg:
		h.status.set(sevInfo, "%s", string(msg))
		return nil, true
	}
	return nil, false
}

// system says what the system opener or the clipboard did, or asks before
// opening a link of another scheme than the web's.
func (h *host) system(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case system.OpenedMsg:
		if msg.Err != nil {
			h.status.set(sevError, "cannot open %s: %v", display.URI(msg.URI), msg.Err)
		} else {
			h.status.set(sevSuccess, "opened %s", display.URI(msg.URI))
		}
	case system.ConfirmMsg:
		h.status.msg = ""
		return h.open(dialog.NewConfirm(h.context(), dialog.Question{
			Text:   fmt.Sprintf("Open a %s: link with the system opener?", display.Text(msg.Scheme)),
			Detail: display.URI(msg.URI),
			Verb:   "open",
			Yes:    openMsg{uri: msg.URI},
			No:     noteMsg("not opened"),
		}))
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
			h.status.set(sevError, "cannot copy %s: %s", text, why)
		case msg.Err != nil:
			h.status.set(sevWarning, "copied %s (%s; not %s)", text, andList(msg.Via), why)
		default:
			h.status.set(sevSuccess, "copied %s (%s)", text, andList(msg.Via))
		}
	}
	return nil
}

// openKey opens the dialog a key asks for, on the selected record rec
// (nil: none, or a group heading); it reports whether the key was one.
func (h *host) openKey(msg tea.KeyMsg, rec *catalogue.Record) (tea.Cmd, bool) {
	k := h.keys
	ctx := h.context()
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
		h.status.set(sevError, "nothing to %s: %s has no valid URI (e edits it, ! lists its problems)", verb, recordLabel(rec))
		return nil, true
	case key.Matches(msg, k.Add):
		d = h.form(nil)
		h.status.msg = ""
	case key.Matches(msg, k.Edit):
		d = h.form(rec)
		h.status.msg = ""
	case key.Matches(msg, k.Delete):
		d = dialog.NewConfirm(ctx, dialog.Question{
			Text:   fmt.Sprintf("Delete “%s”?", display.Text(rec.Name())),
			Detail: "u undoes it.",
			Verb:   "delete",
			Yes:    deleteMsg{ref: rec.Ref()},
			No:     noteMsg("nothing deleted"),
		})
		h.status.msg = ""
	case key.Matches(msg, k.Category):
		d = picker.New(ctx, rec, h.categories())
	case key.Matches(msg, k.Problems):
		d = problems.New(ctx, h.store.cat)
		h.status.msg = ""
	case key.Matches(msg, k.Duplicates):
		d = dups.New(ctx, h.store.cat, rec)
		h.status.msg = ""
	case key.Matches(msg, k.Import):
		d = transfer.NewImport(ctx, transfer.ImportConfig{Dir: h.importDir})
	case key.Matches(msg, k.Export):
		d = h.export(ctx)
		h.status.msg = ""
	case key.Matches(msg, k.CategoryTree):
		d = organise.NewTree(ctx, h.store.cat)
		h.status.msg = ""
	case key.Matches(msg, k.Tags):
		d = organise.NewTags(ctx, h.store.cat)
		h.status.msg = ""
	case key.Matches(msg, k.Stats):
		d = statsview.New(ctx, h.store.cat)
		h.status.msg = ""
	case key.Matches(msg, k.Open):
		return system.Open(rec.URI()), true
	case key.Matches(msg, k.Copy):
		return system.Copy(rec.URI()), true
	default:
		return nil, false
	}
	return h.open(d), true
}

// export returns the export screen for the valid records the list shows.
func (h *host) export(ctx dialog.Context) *transfer.Export {
	var recs []*catalogue.Record
	if h.list.res != nil {
		for _, r := range h.list.res.records() {
			if r.Valid() {
				recs = append(recs, r)
			}
		}
	}
	what := fmt.Sprintf("all %s", plural.Of(len(recs), "valid record"))
	if h.search() != "" {
		what = fmt.Sprintf("the %s shown", plural.Of(len(recs), "record"))
	}
	e := transfer.NewExport(ctx, recs, what, "")
	e.SetCatalogue(h.store.path)
	return e
}

// categories returns the categories in use, for the form and the picker.
func (h *host) categories() []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range h.list.recs {
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
func (h *host) form(rec *catalogue.Record) *form.Model {
	f := form.New(h.context(), rec, h.categories())
	f.CompleteTags(form.TagsOf(h.list.recs))
	f.CheckDuplicates(form.URIs{
		Has: func(uri string) (bool, bool) {
			if h.store.cat.NeedsKeyIndex() {
				return false, false
			}
			return h.store.cat.HasURI(uri), true
		},
		Records: h.store.cat.Records(),
	})
	if rec == nil && h.fetchPage != nil {
		f.FetchPages(h.fetchPage)
	}
	return f
}

// reload shows the catalogue as it is now in the dialogs that show it
// (dialog.Reloader: the problems view): after an edit, or a save that
// moved records to other lines.
func (h *host) reload(c *catalogue.Catalogue) {
	for _, d := range h.dialogs.Dialogs() {
		if r, ok := d.(dialog.Reloader); ok {
			r.Reload(c)
		}
	}
}

// deleteRecord deletes the record ref, the user having said yes, and
// selects the row after it.
func (h *host) deleteRecord(ref catalogue.Ref) tea.Cmd {
	rec := h.store.cat.Lookup(ref)
	if rec == nil {
		h.status.set(sevError, "nothing deleted: the record is no longer in the catalogue")
		return nil
	}
	// Select the next row once the pass lands.
	next := catalogue.Ref(0)
	if i := h.list.rowOf(ref); i >= 0 && i+1 < h.list.rowCount() {
		next = refOf(h.list.rowAt(i + 1).rec)
	}
	what := fmt.Sprintf("deleted “%s”", display.Text(rec.Name()))
	cmd, err := h.store.Apply(catalogue.Delete{Refs: []catalogue.Ref{ref}}, what)
	if err != nil {
		h.status.set(sevError, "cannot change the catalogue (%s): %s", what, dialog.Describe(err))
		return nil
	}
	h.list.selected = next
	return cmd
}

// recordLabel names a record in a message, even one without a NAME.
func recordLabel(r *catalogue.Record) string {
	if r.Name() != "" {
		return "“" + display.Text(r.Name()) + "”"
	}
	return fmt.Sprintf("the record at line %d", r.Line())
}

// andList joins items as a sentence does: "a", "a and b", "a, b and c".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
