package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/dups"
	"github.com/uricat/uricat/tui/organise"
	"github.com/uricat/uricat/tui/problems"
	"github.com/uricat/uricat/tui/statsview"
	"github.com/uricat/uricat/tui/transfer"
)

// keyMap holds the keys of the browsing screen: those the root handles
// itself (moving, searching, rating, undo...) as fields, which Update
// matches against, and the list of every key in the order the help shows
// them (actions), which also declares, once each, the keys the host
// handles: the record's (add, edit, delete, category, tags, export, open,
// copy) and the screens a key opens. The keys the list shares with the
// dialogs (moving, ctrl+c) are dialog.KeyMap's, the one the dialogs'
// Context holds.
type keyMap struct {
	dialog.KeyMap

	// actions is every key of the browsing screen, each declared once
	// (newActions): it feeds the host's dispatch, the help bars and the
	// `?` help.
	actions []action

	Search, AcceptSearch, ClearSearch key.Binding

	Sort, ReverseSort, Group, GroupBack, Fold, FoldAll key.Binding

	Rate, ClearRating key.Binding

	Undo, Redo key.Binding

	Detail, CheckLinks key.Binding
	Sample             key.Binding // enabled only while the catalogue is empty (Model.setRecs)

	Save, Reload, Help, Quit, Suspend key.Binding

	// Following other copies of the file: merging the sync conflict
	// copies beside it, and git sync.
	MergeCopies, Sync key.Binding
	// Selecting records for an action on many, as terminal file managers
	// (ranger, lf, nnn, mc: space marks and moves down, * marks all) and
	// lazygit (v starts and ends a range; esc clears) do. With records
	// selected, rating, category, tags, delete, open, copy and export act
	// on them all; without, on the record under the cursor.
	Mark, MarkRange, MarkAll, ClearMarks key.Binding

	// While the `?` help shows: ? again turns to the search language
	// (query.Help), any other key (q too) closes it. For its help bar.
	SearchLanguage, CloseHelp key.Binding

	// While the detail pane has the keys, the moving keys scroll it, and
	// Detail (or esc) gives them back to the list: these say so in its
	// help bar.
	DetailScroll, DetailBack key.Binding
}

func newKeyMap() keyMap {
	k := keyMap{
		KeyMap: dialog.DefaultKeyMap(),

		Search:       key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "search")),
		AcceptSearch: key.NewBinding(key.WithKeys("enter", "down", "up"), key.WithHelp("enter", "keep filter")),
		ClearSearch:  key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter")),

		Sort:        key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "sort: name/date/rating")),
		ReverseSort: key.NewBinding(key.WithKeys("S"), key.WithHelp("S", "reverse sort")),
		Group:       key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "group by")),
		GroupBack:   key.NewBinding(key.WithKeys("B"), key.WithHelp("B", "group by: back")),
		Fold:        key.NewBinding(key.WithKeys("z"), key.WithHelp("z", "fold group")),
		FoldAll:     key.NewBinding(key.WithKeys("Z"), key.WithHelp("Z", "fold/unfold all")),

		Rate:        key.NewBinding(key.WithKeys("1", "2", "3", "4", "5"), key.WithHelp("1-5", "rate")),
		ClearRating: key.NewBinding(key.WithKeys("0"), key.WithHelp("0", "clear rating")),

		Undo: key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "undo")),
		Redo: key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "redo")),

		Detail:     key.NewBinding(key.WithKeys("enter", "tab"), key.WithHelp("enter", "details")),
		CheckLinks: key.NewBinding(key.WithKeys("L"), key.WithHelp("L", "check links")),
		Sample:     key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "try the sample bookmarks")),

		Save:   key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "save again")),
		Reload: key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "reload file")),
		Help:   key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),

		MergeCopies: key.NewBinding(key.WithKeys("M"), key.WithHelp("M", "merge conflict copies")),
		Sync:        key.NewBinding(key.WithKeys("Y"), key.WithHelp("Y", "git sync")), // outside a repository it says how to make one
		Quit:        key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
		Suspend:     key.NewBinding(key.WithKeys("ctrl+z"), key.WithHelp("ctrl+z", "suspend")),

		Mark:       key.NewBinding(key.WithKeys(" "), key.WithHelp("space", "select (ranger)")),
		MarkRange:  key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "range (lazygit)")),
		MarkAll:    key.NewBinding(key.WithKeys("ctrl+a", "*"), key.WithHelp("*", "all shown")),
		ClearMarks: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "unselect")),

		SearchLanguage: key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "the search language")),
		CloseHelp:      key.NewBinding(key.WithKeys("esc"), key.WithHelp("any other key", "back")), // keys: a binding without is not shown

		DetailScroll: key.NewBinding(key.WithKeys("up", "down", "pgup", "pgdown"), key.WithHelp("↑/↓ pgup/pgdn", "scroll")),
		DetailBack:   key.NewBinding(key.WithKeys("enter", "esc"), key.WithHelp("enter/esc", "back to the list")),
	}
	k.actions = newActions(k)
	return k
}

// action is a key of the browsing screen, declared once: its binding,
// where the help shows it (Bar and Col, as a screen's dialog.Action; and
// the help bars below), when it applies and what it does. An action
// with neither one nor many is the root's (moving, searching, rating,
// undo...): listed here for the help only, handled by the Model.
type action struct {
	dialog.Action
	// empty: in the help bar of an empty catalogue (a way to fill it);
	// onlyEmpty: listed only while the catalogue is empty (Sample
	// enabled); detail: in the detail pane's help bar; sel: its help in
	// the bar while records are selected ("": not there).
	empty, onlyEmpty, detail bool
	sel                      string
	// needsRec: it acts on the record under the cursor, and does nothing
	// on a group heading; uriVerb: it needs that record's URI valid, and
	// says at once that there is nothing to uriVerb when it is not.
	needsRec bool
	uriVerb  string
	// one does it on rec, the record under the cursor (nil: none, or a
	// heading); many, when records are selected, on them all (nil: one
	// does, on the record under the cursor).
	one  func(h *host, rec *ssd3.Record) tea.Cmd
	many func(h *host, sel selection) tea.Cmd
}

// listed returns an action for the help only: b, in the `?` help's column
// col, and in the list's help bar if bar.
func listed(b key.Binding, col int, bar bool) action {
	return action{Action: dialog.Action{Binding: b, Col: col, Bar: bar}}
}

// openScreen returns what opening a screen does: it opens the screen
// open returns (rec: the record under the cursor, nil if none) and
// clears the status bar's message, unless keepsStatus. A screen's edits
// and results need nothing more in the root: they go through its
// dialog.Context.
func openScreen(keepsStatus bool, open func(h *host, ctx dialog.Context, rec *ssd3.Record) dialog.Dialog) func(*host, *ssd3.Record) tea.Cmd {
	return func(h *host, rec *ssd3.Record) tea.Cmd {
		d := open(h, h.context(), rec)
		if !keepsStatus {
			h.status.msg = ""
		}
		return h.open(d)
	}
}

// binding is a key binding of keys, shown in help as h: desc.
func binding(keys []string, h, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(h, desc))
}

// newActions returns every key of the browsing screen, k's own and those
// the host handles, in the order the help lists them: a new key on the
// record or a new screen is one entry here. Capitals, for the screens of
// the whole collection (as R, Z), leave the letters free for the
// record's keys.
func newActions(k keyMap) []action {
	b := binding
	sample := listed(k.Sample, 5, false)
	sample.empty, sample.onlyEmpty = true, true
	mark, clearMarks, rate := listed(k.Mark, 3, false), listed(k.ClearMarks, 3, false), listed(k.Rate, 4, true)
	mark.sel, clearMarks.sel, rate.sel = "select", "clear selection", "rate"
	quit, hlp := listed(k.Quit, 5, true), listed(k.Help, 5, true)
	quit.empty, quit.detail, hlp.empty, hlp.detail, hlp.sel = true, true, true, true, "help"
	return append([]action{
		{Action: dialog.Action{Binding: k.DetailScroll}, detail: true},
		{Action: dialog.Action{Binding: k.DetailBack}, detail: true},

		listed(k.Up, 1, false), listed(k.Down, 1, false), listed(k.PageUp, 1, false), listed(k.PageDown, 1, false),
		listed(k.Home, 1, false), listed(k.End, 1, false), listed(k.Detail, 1, false),

		listed(k.Search, 2, true), listed(k.AcceptSearch, 2, false), listed(k.ClearSearch, 2, false),
		listed(k.Sort, 2, false), listed(k.ReverseSort, 2, false), listed(k.Group, 2, false), listed(k.GroupBack, 2, false),
		listed(k.Fold, 2, false), listed(k.FoldAll, 2, false),

		mark, listed(k.MarkRange, 3, false), listed(k.MarkAll, 3, false), clearMarks,

		rate, listed(k.ClearRating, 4, false),
		{Action: dialog.Action{Binding: b([]string{"c"}, "c", "category"), Col: 4}, sel: "category",
			needsRec: true, one: (*host).pickCategory, many: (*host).pickCategoryMany},
		{Action: dialog.Action{Binding: b([]string{"+"}, "+", "tags: add, remove"), Col: 4}, sel: "tags",
			needsRec: true, one: (*host).retagOne, many: (*host).retagMany},
		{Action: dialog.Action{Binding: b([]string{"a"}, "a", "add"), Bar: true, Col: 4}, empty: true,
			one: (*host).addRecord},
		{Action: dialog.Action{Binding: b([]string{"e"}, "e", "edit"), Bar: true, Col: 4}, detail: true,
			needsRec: true, one: (*host).editRecord},
		{Action: dialog.Action{Binding: b([]string{"d", "delete"}, "d", "delete"), Bar: true, Col: 4},
			needsRec: true, one: (*host).askDelete, many: (*host).askDeleteMany},
		listed(k.Undo, 4, true), listed(k.Redo, 4, false),
		{Action: dialog.Action{Binding: b([]string{"r"}, "r", "read page"), Col: 4},
			one: openScreen(false, func(h *host, ctx dialog.Context, rec *ssd3.Record) dialog.Dialog {
				return h.archives.openReader(ctx, rec)
			})},

		{Action: dialog.Action{Binding: b([]string{"o"}, "o", "open URI"), Col: 5}, detail: true,
			needsRec: true, uriVerb: "open", one: (*host).openURI, many: (*host).openMany},
		{Action: dialog.Action{Binding: b([]string{"y"}, "y", "copy URI"), Col: 5}, detail: true,
			needsRec: true, uriVerb: "copy", one: (*host).copyURI, many: (*host).copyMany},
		{Action: dialog.Action{Binding: b([]string{"!", "p"}, "!", "problems"), Col: 5},
			one: openScreen(false, func(h *host, ctx dialog.Context, _ *ssd3.Record) dialog.Dialog {
				return problems.New(ctx, h.catalogue())
			})},
		{Action: dialog.Action{Binding: b([]string{"i"}, "i", "import"), Col: 5}, empty: true,
			one: openScreen(true, func(h *host, ctx dialog.Context, _ *ssd3.Record) dialog.Dialog {
				return transfer.NewImport(ctx, transfer.ImportConfig{Dir: h.importDir, Profiles: h.profiles})
			})},
		sample,
		{Action: dialog.Action{Binding: b([]string{"x"}, "x", "export"), Col: 5},
			one: (*host).exportShown, many: (*host).exportMany},
		listed(k.Save, 5, false), listed(k.Reload, 5, false), hlp, listed(k.Suspend, 5, false), quit,
	}, screenActions(k)...)
}

// screenActions are the keys of the screens of the whole collection, and
// of its other copies (help's last column).
func screenActions(k keyMap) []action {
	b := binding
	return []action{
		// The screens of the whole collection, and of its other copies.
		// The views for tidying a collection: the category tree, the
		// tags, the stats; then its duplicates.
		{Action: dialog.Action{Binding: b([]string{"C"}, "C", "category tree"), Col: 6},
			one: openScreen(false, func(h *host, ctx dialog.Context, _ *ssd3.Record) dialog.Dialog {
				return organise.NewTree(ctx, h.catalogue())
			})},
		{Action: dialog.Action{Binding: b([]string{"T"}, "T", "tags"), Col: 6},
			one: openScreen(false, func(h *host, ctx dialog.Context, _ *ssd3.Record) dialog.Dialog {
				return organise.NewTags(ctx, h.catalogue())
			})},
		{Action: dialog.Action{Binding: b([]string{"#"}, "#", "stats"), Col: 6},
			one: openScreen(false, func(h *host, ctx dialog.Context, _ *ssd3.Record) dialog.Dialog {
				return statsview.New(ctx, h.catalogue())
			})},
		{Action: dialog.Action{Binding: b([]string{"@"}, "@", "saved searches"), Col: 6},
			one: openScreen(false, func(h *host, ctx dialog.Context, _ *ssd3.Record) dialog.Dialog {
				return h.savedSearches(ctx)
			})},
		{Action: dialog.Action{Binding: b([]string{"D"}, "D", "duplicates"), Col: 6},
			one: openScreen(false, func(h *host, ctx dialog.Context, rec *ssd3.Record) dialog.Dialog {
				return dups.New(ctx, h.catalogue(), rec)
			})},
		// The reading list: l marks the record (or the selection) beside
		// Q, the screen of those marked.
		{Action: dialog.Action{Binding: b([]string{"l"}, "l", "to read / read"), Col: 6},
			needsRec: true, one: (*host).toggleToRead, many: (*host).toggleToReadMany},
		{Action: dialog.Action{Binding: b([]string{"Q"}, "Q", "reading list"), Col: 6},
			one: openScreen(false, func(h *host, ctx dialog.Context, _ *ssd3.Record) dialog.Dialog {
				return h.readingList(ctx)
			})},
		listed(k.CheckLinks, 6, false), listed(k.MergeCopies, 6, false), listed(k.Sync, 6, false),
	}
}

// shown returns the actions the help lists now: all but those listed
// only while the catalogue is empty, unless it is.
func (k keyMap) shown() dialog.Actions {
	out := make(dialog.Actions, 0, len(k.actions))
	for _, a := range k.actions {
		if !a.onlyEmpty || k.Sample.Enabled() {
			out = append(out, a.Action)
		}
	}
	return out
}

// bindings returns the keys of the actions that in reports, in order.
func (k keyMap) bindings(in func(action) bool) []key.Binding {
	var out []key.Binding
	for _, a := range k.actions {
		if in(a) {
			out = append(out, a.Binding)
		}
	}
	return out
}

// ShortHelp is the help bar under the list. An empty catalogue (Sample
// enabled) shows the ways to fill it instead of the keys that act on a
// record.
func (k keyMap) ShortHelp() []key.Binding {
	if k.Sample.Enabled() {
		return k.bindings(func(a action) bool { return a.empty })
	}
	return k.shown().ShortHelp()
}

// FullHelp is the `?` help, in columns.
func (k keyMap) FullHelp() [][]key.Binding { return k.shown().FullHelp() }

// selectionHelp is the help bar while records are selected: what acts on
// them, and how to clear them.
type selectionHelp struct{ k keyMap }

func (h selectionHelp) ShortHelp() []key.Binding {
	// Shorter than in the `?` help: the bar fits 80 columns.
	var out []key.Binding
	for _, a := range h.k.actions {
		if a.sel != "" {
			b := a.Binding
			b.SetHelp(b.Help().Key, a.sel)
			out = append(out, b)
		}
	}
	return out
}
func (h selectionHelp) FullHelp() [][]key.Binding { return [][]key.Binding{h.ShortHelp()} }

// detailHelp is the help bar while the detail pane has the keys.
type detailHelp struct{ k keyMap }

func (h detailHelp) ShortHelp() []key.Binding {
	return h.k.bindings(func(a action) bool { return a.detail })
}
func (h detailHelp) FullHelp() [][]key.Binding { return [][]key.Binding{h.ShortHelp()} }

// fullHelpBar is the help bar while the `?` help shows: its keys, then
// the search language.
type fullHelpBar struct {
	k      keyMap
	search bool // the search language shows
}

func (h fullHelpBar) ShortHelp() []key.Binding {
	if h.search {
		back := h.k.CloseHelp
		back.SetHelp("any key", "back")
		return []key.Binding{back}
	}
	return []key.Binding{h.k.SearchLanguage, h.k.CloseHelp}
}
func (h fullHelpBar) FullHelp() [][]key.Binding { return [][]key.Binding{h.ShortHelp()} }

// searchHelp is the help bar while typing a search.
type searchHelp struct{ k keyMap }

func (h searchHelp) ShortHelp() []key.Binding {
	return []key.Binding{h.k.AcceptSearch, h.k.ClearSearch, h.k.ForceQuit}
}
func (h searchHelp) FullHelp() [][]key.Binding { return [][]key.Binding{h.ShortHelp()} }
