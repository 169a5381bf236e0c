package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/catalogue/suggest"
	"github.com/uricat/uricat/config"
	"github.com/uricat/uricat/importers/profiles"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/form"
	"github.com/uricat/uricat/tui/picker"
	"github.com/uricat/uricat/tui/problems"
	"github.com/uricat/uricat/tui/records"
	"github.com/uricat/uricat/tui/retag"
	"github.com/uricat/uricat/tui/saved"
	"github.com/uricat/uricat/tui/store"
	"github.com/uricat/uricat/tui/system"
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

	// common is the root's: the theme and the keys the dialogs are made
	// with are the ones the root draws and reads with.
	*common
	store  *store.Store
	list   *records.List
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
	// undoRedo undoes (undo) or redoes the last change (the root's;
	// dialog.UndoMsg).
	undoRedo func(undo bool) tea.Cmd

	// sugs is the suggestions' index of the catalogue's version sugsOf:
	// built when the picker or the tags dialog first wants it after an
	// edit (a pass over every record), then reused.
	sugs   *suggest.Index
	sugsOf *catalogue.Catalogue
	sugsV  uint64

	// importDir is the folder the import screen starts in: where the last
	// one was (transfer.FolderMsg), else the working directory. It lasts
	// the session: the folder uricat is started in is the user's choice,
	// and a state file for it would be one more file they did not ask for.
	importDir string

	// cfg is the configuration file, as read at start or after the @
	// screen saved a search (savedSearches).
	cfg *config.Config

	// fetchPage fills the add form from the page of the URI typed; nil:
	// the form fetches nothing.
	fetchPage form.PageFetcher
	// keepPage archives the page the add form fetched, once the record
	// is saved; nil: nothing is archived.
	keepPage form.PageKeeper
	// profiles finds the browser profiles the import screen lists
	// (Options.Profiles).
	profiles func() ([]profiles.Profile, []error)
}

// The root's own results of its questions (dialog.Question's Yes and No).
type (
	// deleteMsg deletes the record ref (from the list: d, then y).
	deleteMsg struct{ ref catalogue.Ref }
	// deleteManyMsg deletes the selected records refs (d, then y).
	deleteManyMsg struct{ refs []catalogue.Ref }
	// openMsg opens uri with the system opener, the user having agreed
	// to its scheme.
	openMsg struct{ uri string }
	// openManyMsg opens the selection's uris, the user having agreed to
	// open so many.
	openManyMsg struct{ uris []string }
	// noteMsg says what the answer left undone ("nothing deleted").
	noteMsg string
)

// context is what every dialog is made with: the root's theme and shared
// keys, the body's size, the store, and the stack's steps (a dialog
// closes or opens another through it).
func (h *host) context() dialog.Context {
	w, ht := h.size()
	return h.dialogs.Context(dialog.Context{Theme: h.th, Keys: h.keys.KeyMap, Width: w, Height: ht, Store: h.store, Rules: h.cfg.Rules})
}

// catalogue is the store's catalogue, which the screens show.
func (h *host) catalogue() *catalogue.Catalogue { return h.store.Catalogue() }

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
	case dialog.UndoMsg:
		return h.undoRedo(!msg.Redo), true
	case transfer.FolderMsg:
		h.importDir = msg.Dir
		return nil, true
	case system.OpenedMsg, system.OpenedAllMsg, system.ConfirmMsg, system.CopiedMsg:
		return h.system(msg), true
	case deleteMsg:
		return h.deleteRecord(msg.ref), true
	case deleteManyMsg:
		return h.deleteRecords(msg.refs), true
	case openManyMsg:
		return openAll(msg.uris), true
	case openMsg:
		return system.OpenConfirmed(msg.uri), true
	case openProblemsMsg:
		return h.open(problems.New(h.context(), h.store.Catalogue())), true
	case store.Answer:
		return h.store.Answered(msg), true
	case noteMsg:
		h.status.set(sevInfo, "%s", string(msg))
		return nil, true
	case suggestedMsg:
		h.suggested(msg)
		return nil, true
	case dialogReloadedMsg:
		return h.reloaded(msg), true
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
	case system.OpenedAllMsg:
		h.openedAll(msg)
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
		if n := strings.Count(msg.Text, "\n") + 1; n > 1 {
			text = plural.Of(n, "URI") // a selection's, one a line
		}
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

// openKey does what a key the host handles asks (the record's keys, the
// screens: keyMap.actions), on the selected record rec (nil: none, or a
// group heading); it reports whether the key was one. With records
// selected (the list's marks), the keys that act on a record act on
// them all.
func (h *host) openKey(msg tea.KeyMsg, rec *ssd3.Record) (tea.Cmd, bool) {
	return h.actions(rec).Do(msg)
}

// actions returns the host's actions as dialog.Actions, on rec: for each
// key, on the selection first (when records are selected), then on rec.
// The root's own keys (an action with neither one nor many) are not
// among them.
func (h *host) actions(rec *ssd3.Record) dialog.Actions {
	var sel *selection
	selected := func() bool {
		if sel == nil {
			s := h.selection()
			sel = &s
		}
		return len(sel.recs) > 0
	}
	marked := len(h.list.Marked()) > 0
	var as dialog.Actions
	for _, a := range h.keys.actions {
		if a.many != nil && marked {
			many := a.many
			as = append(as, dialog.Action{Binding: a.Binding, When: selected,
				Do: func(tea.KeyMsg) tea.Cmd { return many(h, *sel) }})
		}
		if a.one != nil {
			as = append(as, dialog.Action{Binding: a.Binding,
				Do: func(tea.KeyMsg) tea.Cmd { return h.doOne(a, rec) }})
		}
	}
	return as
}

// doOne does a on rec, if it applies: an action on the record does
// nothing on a heading, and one that needs a valid URI says at once
// that there is none, rather than asking about a URI that is not there.
func (h *host) doOne(a action, rec *ssd3.Record) tea.Cmd {
	switch {
	case a.needsRec && rec == nil:
		return nil
	case a.uriVerb != "" && rec != nil && ssd3.ValidateURI(rec.URI()) != nil:
		h.status.set(sevError, "nothing to %s: %s has no valid URI (e edits it, ! lists its problems)", a.uriVerb, recordLabel(rec))
		return nil
	}
	return a.one(h, rec)
}

// addRecord opens the form on a new record.
func (h *host) addRecord(*ssd3.Record) tea.Cmd {
	d := h.form(nil)
	h.status.msg = ""
	return h.open(d)
}

// editRecord opens the form on rec.
func (h *host) editRecord(rec *ssd3.Record) tea.Cmd {
	d := h.form(rec)
	h.status.msg = ""
	if n := len(h.list.Marked()); n > 0 {
		// The form edits one record; the selection's own keys
		// (rating, category, tags) change them all.
		h.status.set(sevInfo, "editing %s only, not the %s: 1-5, c and + change them all", recordLabel(rec), plural.Of(n, "selected record"))
	}
	return h.open(d)
}

// askDelete asks before deleting rec.
func (h *host) askDelete(rec *ssd3.Record) tea.Cmd {
	d := dialog.NewConfirm(h.context(), dialog.Question{
		Text:   fmt.Sprintf("Delete “%s”?", display.Text(rec.Name())),
		Detail: "u undoes it.",
		Verb:   "delete",
		Yes:    deleteMsg{ref: rec.Ref()},
		No:     noteMsg("nothing deleted"),
	})
	h.status.msg = ""
	return h.open(d)
}

// pickCategory opens the category picker on rec.
func (h *host) pickCategory(rec *ssd3.Record) tea.Cmd {
	return h.openSuggested(picker.New(h.context(), rec, h.categories()), []*ssd3.Record{rec})
}

// retagOne opens the tags dialog on rec.
func (h *host) retagOne(rec *ssd3.Record) tea.Cmd {
	return h.openSuggested(h.retag([]*ssd3.Record{rec}, 0), []*ssd3.Record{rec})
}

// exportShown opens the export screen on the records the list shows.
func (h *host) exportShown(*ssd3.Record) tea.Cmd {
	d := h.export(h.context())
	h.status.msg = ""
	return h.open(d)
}

// openURI opens rec's URI with the system opener.
func (h *host) openURI(rec *ssd3.Record) tea.Cmd { return system.Open(rec.URI()) }

// copyURI copies rec's URI to the clipboard.
func (h *host) copyURI(rec *ssd3.Record) tea.Cmd { return system.Copy(rec.URI()) }

// manyOpenAsk is how many links open at once without asking first.
const manyOpenAsk = 5

// selection is the records selected, as they are now, in file order, and
// how many of them the search hides.
type selection struct {
	recs   []*ssd3.Record
	hidden int
}

// selection returns the records selected.
func (h *host) selection() selection {
	recs, hidden := h.marked()
	return selection{recs: recs, hidden: hidden}
}

// name names the selection in a message: "3 selected records".
func (s selection) name() string { return plural.Of(len(s.recs), "selected record") }

// hiddenNote says how many of the selection the search hides, if any.
func (s selection) hiddenNote() string {
	if s.hidden > 0 {
		return fmt.Sprintf(" (%d of them hidden by the search)", s.hidden)
	}
	return ""
}

// askDeleteMany asks before deleting the selected records.
func (h *host) askDeleteMany(s selection) tea.Cmd {
	refs := make([]catalogue.Ref, len(s.recs))
	for i, r := range s.recs {
		refs[i] = r.Ref()
	}
	h.status.msg = ""
	return h.open(dialog.NewConfirm(h.context(), dialog.Question{
		Text:   fmt.Sprintf("Delete the %s%s?", s.name(), s.hiddenNote()),
		Detail: "u undoes it.",
		Verb:   "delete",
		Yes:    deleteManyMsg{refs: refs},
		No:     noteMsg("nothing deleted"),
	}))
}

// openMany opens the selection's valid URIs, asking first when they are
// many.
func (h *host) openMany(s selection) tea.Cmd {
	uris := validURIs(s.recs)
	switch {
	case len(uris) == 0:
		h.status.set(sevError, "nothing to open: none of the %s has a valid URI", s.name())
		return nil
	case len(uris) > manyOpenAsk:
		h.status.msg = ""
		return h.open(dialog.NewConfirm(h.context(), dialog.Question{
			Text:   fmt.Sprintf("Open %s with the system opener?", plural.Of(len(uris), "link")),
			Detail: fmt.Sprintf("One tab or window each, from the %s%s.", s.name(), s.hiddenNote()),
			Verb:   "open",
			Yes:    openManyMsg{uris: uris},
			No:     noteMsg("not opened"),
		}))
	}
	return openAll(uris)
}

// copyMany copies the selection's valid URIs.
func (h *host) copyMany(s selection) tea.Cmd {
	uris := validURIs(s.recs)
	if len(uris) == 0 {
		h.status.set(sevError, "nothing to copy: none of the %s has a valid URI", s.name())
		return nil
	}
	// One a line, as a shell or a browser's "open all" reads them.
	return system.Copy(strings.Join(uris, "\n"))
}

// validSelection returns the valid records of s. An edit of records that
// are not valid is refused whole: it acts on the valid ones, and says
// which it leaves; none valid, it says so and returns none.
func (h *host) validSelection(s selection) []*ssd3.Record {
	valid, skipped := validOnly(s.recs)
	if len(valid) == 0 {
		h.status.set(sevError, "the %s are not valid: fix them first (! lists their problems)", s.name())
		return nil
	}
	h.status.msg = ""
	if skipped > 0 {
		h.status.set(sevWarning, "%s not valid left as %s (! lists the problems)", plural.Of(skipped, "record"), pick(skipped, "it is", "they are"))
	}
	return valid
}

// pickCategoryMany opens the category picker on the valid records of
// the selection.
func (h *host) pickCategoryMany(s selection) tea.Cmd {
	valid := h.validSelection(s)
	if valid == nil {
		return nil
	}
	return h.openSuggested(picker.NewMany(h.context(), valid, s.hidden, h.categories()), valid)
}

// retagMany opens the tags dialog on the valid records of the selection.
func (h *host) retagMany(s selection) tea.Cmd {
	valid := h.validSelection(s)
	if valid == nil {
		return nil
	}
	return h.openSuggested(h.retag(valid, s.hidden), valid)
}

// exportMany opens the export screen on the selection.
func (h *host) exportMany(s selection) tea.Cmd {
	h.status.msg = ""
	return h.open(h.exportRecords(h.context(), s.recs, "the "+s.name()))
}

// marked returns the records selected, as they are now, in file order,
// and how many of them the search hides.
func (h *host) marked() (recs []*ssd3.Record, hidden int) {
	recs = h.list.Marked().Records(h.store.Catalogue().Records())
	_, hidden = h.list.MarkCounts()
	return recs, hidden
}

// validOnly returns the valid records of recs, and how many are not.
func validOnly(recs []*ssd3.Record) (valid []*ssd3.Record, skipped int) {
	for _, r := range recs {
		if r.Valid() {
			valid = append(valid, r)
		}
	}
	return valid, len(recs) - len(valid)
}

// validURIs returns the valid URIs of recs, in order.
func validURIs(recs []*ssd3.Record) []string {
	var uris []string
	for _, r := range recs {
		if ssd3.ValidateURI(r.URI()) == nil {
			uris = append(uris, r.URI())
		}
	}
	return uris
}

// openAll opens each of uris with the system opener (which asks before
// a link of another scheme than the web's).
func openAll(uris []string) tea.Cmd { return system.OpenAll(uris) }

// openedAll says what opening a selection's links did: how many opened,
// which could not be, which were left for opening one at a time.
func (h *host) openedAll(msg system.OpenedAllMsg) {
	said := "opened " + plural.Of(len(msg.Opened), "link")
	sev := sevSuccess
	if len(msg.Failed) > 0 {
		sev = sevError
		f := msg.Failed[0]
		said += fmt.Sprintf("; cannot open %s: %v", display.URI(f.URI), f.Err)
		if len(msg.Failed) > 1 {
			said += fmt.Sprintf(" (and %d more)", len(msg.Failed)-1)
		}
	}
	if len(msg.Asked) > 0 {
		said += fmt.Sprintf("; %s of other schemes not opened: o opens each, asking", plural.Of(len(msg.Asked), "link"))
	}
	h.status.set(sev, "%s", said)
}

// suggestFrom is how many records of a selection the suggestions are
// computed from: the first, in file order. A query reads the features of
// each; a thousand say no more than a hundred of what they are about.
const suggestFrom = 200

// suggester is a dialog that puts suggestions first: the picker (the
// categories) and the tags dialog (the tags).
type suggester interface {
	dialog.Dialog
	Suggest(cats, tags []string)
}

// suggestedMsg carries the suggestions for the dialog to, and the index
// they came from, of the catalogue of at version v.
type suggestedMsg struct {
	to         suggester
	ix         *suggest.Index
	of         *catalogue.Catalogue
	v          uint64
	cats, tags []string
}

// openSuggested opens d, which categorises or tags recs, and gives it the
// suggestions for them: at once when the index of the catalogue as it is
// is built, else from a command that builds it from a snapshot (a pass
// over every record: not in Update), d showing meanwhile without them.
func (h *host) openSuggested(d suggester, recs []*ssd3.Record) tea.Cmd {
	if len(recs) > suggestFrom {
		recs = recs[:suggestFrom]
	}
	c := h.store.Catalogue()
	open := h.open(d)
	if h.sugs != nil && h.sugsOf == c && h.sugsV == c.Version() {
		d.Suggest(suggestions(h.sugs, recs))
		return open
	}
	snap, v := c.Records(), c.Version()
	return tea.Batch(open, func() tea.Msg {
		ix := suggest.Build(snap)
		cats, tags := suggestions(ix, recs)
		return suggestedMsg{to: d, ix: ix, of: c, v: v, cats: cats, tags: tags}
	})
}

// suggested keeps the index built, if the catalogue has not changed
// since, and gives the dialog its suggestions if it is still open.
func (h *host) suggested(msg suggestedMsg) {
	if msg.of == h.store.Catalogue() && msg.v == msg.of.Version() {
		h.sugs, h.sugsOf, h.sugsV = msg.ix, msg.of, msg.v
	}
	if slices.Contains(h.dialogs.Dialogs(), dialog.Dialog(msg.to)) {
		msg.to.Suggest(msg.cats, msg.tags)
	}
}

// suggestions returns the names of the categories and the tags of the
// records most like recs, best first (package suggest).
func suggestions(ix *suggest.Index, recs []*ssd3.Record) (cats, tags []string) {
	cs, ts := ix.Suggest(recs, 8)
	for _, s := range cs {
		cats = append(cats, s.Name)
	}
	for _, s := range ts {
		tags = append(tags, s.Name)
	}
	return cats, tags
}

// retag returns the tags dialog for recs (hidden of them hidden by the
// search), completing from the catalogue's tags (suggestions first, once
// openSuggested gives them).
func (h *host) retag(recs []*ssd3.Record, hidden int) *retag.Model {
	return retag.New(h.context(), recs, hidden, form.TagsOf(h.list.Records()), nil)
}

// export returns the export screen for the valid records the list shows.
func (h *host) export(ctx dialog.Context) *transfer.Export {
	var recs []*ssd3.Record
	for _, r := range h.list.Shown() {
		if r.Valid() {
			recs = append(recs, r)
		}
	}
	what := fmt.Sprintf("all %s", plural.Of(len(recs), "valid record"))
	if h.search() != "" {
		what = fmt.Sprintf("the %s shown", plural.Of(len(recs), "record"))
	}
	e := transfer.NewExport(ctx, recs, what, "")
	e.SetCatalogue(h.store.Path())
	return e
}

// exportRecords returns the export screen for the valid records of recs,
// a selection, named what ("the 12 selected records").
func (h *host) exportRecords(ctx dialog.Context, recs []*ssd3.Record, what string) *transfer.Export {
	var valid []*ssd3.Record
	for _, r := range recs {
		if r.Valid() {
			valid = append(valid, r)
		}
	}
	if len(valid) < len(recs) {
		what += fmt.Sprintf(" (%d valid)", len(valid))
	}
	e := transfer.NewExport(ctx, valid, what, "")
	e.SetCatalogue(h.store.Path())
	return e
}

// categories returns the categories in use, for the form and the picker.
func (h *host) categories() []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range h.list.Records() {
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
func (h *host) form(rec *ssd3.Record) *form.Model {
	f := form.New(h.context(), rec, h.categories())
	f.CompleteTags(form.TagsOf(h.list.Records()))
	f.CheckDuplicates(form.URIs{
		Has: func(uri string) (bool, bool) {
			if h.store.Catalogue().NeedsKeyIndex() {
				return false, false
			}
			return h.store.Catalogue().HasURI(uri), true
		},
		Records: h.store.Catalogue().Records(),
	})
	if rec == nil && h.fetchPage != nil {
		f.FetchPages(h.fetchPage)
		f.KeepPages(h.keepPage)
	}
	return f
}

// reload shows the catalogue as it is now in the dialogs that show it
// (dialog.Reloader: the problems view, the category tree): after an
// edit, or a save that moved records to other lines. What a dialog
// rebuilds in a command comes back to it (dialogReloadedMsg).
func (h *host) reload(c *catalogue.Catalogue) tea.Cmd {
	var cmds []tea.Cmd
	for _, d := range h.dialogs.Dialogs() {
		if r, ok := d.(dialog.Reloader); ok {
			cmds = append(cmds, forDialog(d, r.Reload(c)))
		}
	}
	return tea.Batch(cmds...)
}

// dialogReloadedMsg is a message of the command a dialog's Reload
// returned, for that dialog: another may be on top of it by then (a
// question over the category tree, opened while it rebuilt).
type dialogReloadedMsg struct {
	to  dialog.Dialog
	msg tea.Msg
}

// forDialog returns cmd, its messages addressed to d.
func forDialog(d dialog.Dialog, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg { return dialogReloadedMsg{to: d, msg: cmd()} }
}

// reloaded hands msg.msg to the dialog it is for, if it is still open:
// through the stack if it is on top, else directly (a Reload's message
// neither closes nor opens a dialog).
func (h *host) reloaded(msg dialogReloadedMsg) tea.Cmd {
	if b, ok := msg.msg.(tea.BatchMsg); ok {
		cmds := make([]tea.Cmd, len(b))
		for i, cmd := range b {
			cmds[i] = forDialog(msg.to, cmd)
		}
		return tea.Batch(cmds...)
	}
	switch {
	case msg.msg == nil || !slices.Contains(h.dialogs.Dialogs(), msg.to):
		return nil // closed since
	case msg.to == h.dialogs.Top():
		cmd, _ := h.Update(msg.msg)
		return cmd
	}
	return h.dialogs.Send(msg.to, msg.msg)
}

// deleteRecord deletes the record ref, the user having said yes, and
// selects the row after it.
func (h *host) deleteRecord(ref catalogue.Ref) tea.Cmd {
	rec := h.store.Catalogue().Lookup(ref)
	if rec == nil {
		h.status.set(sevError, "nothing deleted: the record is no longer in the catalogue")
		return nil
	}
	// Select the next row once the pass lands.
	next := catalogue.Ref(0)
	if i := h.list.RowOf(ref); i >= 0 && i+1 < h.list.RowCount() {
		next = h.list.RowAt(i + 1).Ref()
	}
	what := fmt.Sprintf("deleted “%s”", display.Text(rec.Name()))
	cmd, err := h.store.Apply(catalogue.Delete{Refs: []catalogue.Ref{ref}}, what)
	if err != nil {
		h.status.set(sevError, "cannot change the catalogue (%s): %s", what, dialog.Describe(err))
		return nil
	}
	h.list.Select(next)
	return cmd
}

// deleteRecords deletes the selected records refs as one edit, the user
// having said yes, and selects the first row after the cursor that stays.
func (h *host) deleteRecords(refs []catalogue.Ref) tea.Cmd {
	gone := make(map[catalogue.Ref]bool, len(refs))
	for _, ref := range refs {
		gone[ref] = true
	}
	next := catalogue.Ref(0)
	for i := max(0, h.list.Cursor()); i < h.list.RowCount(); i++ {
		if r := h.list.RowAt(i).Rec; r != nil && !gone[r.Ref()] {
			next = r.Ref()
			break
		}
	}
	what := "deleted " + plural.Of(len(refs), "record")
	cmd, err := h.store.Apply(catalogue.Delete{Refs: refs}, what)
	if err != nil {
		h.status.set(sevError, "cannot change the catalogue (%s): %s", what, dialog.Describe(err))
		return nil
	}
	h.list.Select(next)
	return cmd
}

// recordLabel names a record in a message, even one without a NAME.
func recordLabel(r *ssd3.Record) string {
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

// pick returns one when n is 1, else many: "it is" or "they are".
func pick(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// savedSearches opens the screen of the saved searches, which saves the
// search line's search; a save gives the searches from then on the new
// file's.
func (h *host) savedSearches(ctx dialog.Context) dialog.Dialog {
	return saved.New(ctx, h.catalogue(), saved.Config{File: h.cfg, Current: h.search(), Saved: func(c *config.Config) {
		h.cfg = c
		h.list.SetSaved(c.Saved)
	}})
}
