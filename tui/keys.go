package tui

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/dups"
	"github.com/uricat/uricat/tui/organise"
	"github.com/uricat/uricat/tui/problems"
	"github.com/uricat/uricat/tui/statsview"
	"github.com/uricat/uricat/tui/transfer"
)

// keyMap declares every key of the browsing screen once: Update matches
// against it and the help bar and `?` help are drawn from it. The keys the
// list shares with the dialogs (moving, ctrl+c) are dialog.KeyMap's, the
// one the dialogs' Context holds.
type keyMap struct {
	dialog.KeyMap

	// screens are the screens a key opens over the list, each declared
	// once, with how it opens (newScreens).
	screens []screen

	Search, AcceptSearch, ClearSearch key.Binding

	Sort, ReverseSort, Group, GroupBack, Fold, FoldAll key.Binding

	Rate, ClearRating key.Binding

	Category, Add, Edit, Delete, Undo, Redo key.Binding

	Open, Copy, Detail, Export, CheckLinks key.Binding
	Sample                                 key.Binding // enabled only while the catalogue is empty (Model.setRecs)

	Save, Reload, Help, Quit, Suspend key.Binding

	// Following other copies of the file: merging the sync conflict
	// copies beside it, and git sync.
	MergeCopies, Sync key.Binding
	// Selecting records for an action on many, as terminal file managers
	// (ranger, lf, nnn, mc: space marks and moves down, * marks all) and
	// lazygit (v starts and ends a range; esc clears) do. With records
	// selected, rating, category, tags, delete, open, copy and export act
	// on them all; without, on the record under the cursor.
	Mark, MarkRange, MarkAll, ClearMarks, Retag key.Binding

	// While the `?` help shows: ? again turns to the search language
	// (query.Help), any other key (q too) closes it. For its help bar.
	SearchLanguage, CloseHelp key.Binding

	// While the detail pane has the keys, the moving keys scroll it, and
	// Detail (or esc) gives them back to the list: these say so in its
	// help bar.
	DetailScroll, DetailBack key.Binding
}

func newKeyMap() keyMap {
	return keyMap{
		KeyMap:  dialog.DefaultKeyMap(),
		screens: newScreens(),

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

		Category: key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "category")),
		Add:      key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "add")),
		Edit:     key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit")),
		Delete:   key.NewBinding(key.WithKeys("d", "delete"), key.WithHelp("d", "delete")),
		Undo:     key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "undo")),
		Redo:     key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "redo")),

		Open:       key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "open URI")),
		Copy:       key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy URI")),
		Detail:     key.NewBinding(key.WithKeys("enter", "tab"), key.WithHelp("enter", "details")),
		Export:     key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "export")),
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
		Retag:      key.NewBinding(key.WithKeys("+"), key.WithHelp("+", "tags: add, remove")),

		SearchLanguage: key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "the search language")),
		CloseHelp:      key.NewBinding(key.WithKeys("esc"), key.WithHelp("any other key", "back")), // keys: a binding without is not shown

		DetailScroll: key.NewBinding(key.WithKeys("up", "down", "pgup", "pgdown"), key.WithHelp("↑/↓ pgup/pgdn", "scroll")),
		DetailBack:   key.NewBinding(key.WithKeys("enter", "esc"), key.WithHelp("enter/esc", "back to the list")),
	}
}

// ShortHelp is the help bar under the list. An empty catalogue (Sample
// enabled) shows the ways to fill it instead of the keys that act on a
// record.
func (k keyMap) ShortHelp() []key.Binding {
	if k.Sample.Enabled() {
		return append(append([]key.Binding{k.Add}, k.screenKeys(func(s screen) bool { return s.fills })...), k.Sample, k.Help, k.Quit)
	}
	return []key.Binding{k.Search, k.Rate, k.Add, k.Edit, k.Delete, k.Undo, k.Help, k.Quit}
}

// FullHelp is the `?` help, in columns.
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End, k.Detail},
		{k.Search, k.AcceptSearch, k.ClearSearch, k.Sort, k.ReverseSort, k.Group, k.GroupBack, k.Fold, k.FoldAll},
		{k.Mark, k.MarkRange, k.MarkAll, k.ClearMarks},
		append([]key.Binding{k.Rate, k.ClearRating, k.Category, k.Retag, k.Add, k.Edit, k.Delete, k.Undo, k.Redo},
			k.screenKeys(func(s screen) bool { return s.record })...),
		append(append([]key.Binding{k.Open, k.Copy}, k.screenKeys(func(s screen) bool { return !s.whole && !s.record })...),
			k.Sample, k.Export, k.Save, k.Reload, k.Help, k.Suspend, k.Quit),
		// The screens of the whole collection, and of its other copies.
		append(k.screenKeys(func(s screen) bool { return s.whole }), k.CheckLinks, k.MergeCopies, k.Sync),
	}
}

// screen is a screen a key opens over the list, registered in one place
// (newScreens): its key (keys and help), where the help lists it, and
// how it opens. Its edits and results need nothing more in the root:
// they go through its dialog.Context.
type screen struct {
	key.Binding
	// whole: a screen of the whole collection, which the `?` help lists
	// in their column; else with the keys that open and copy.
	whole bool
	// fills: a way to fill an empty catalogue, in its help bar.
	fills bool
	// record: a screen of the record under the cursor, which the `?`
	// help lists with the keys that change it.
	record bool
	// keepsStatus: opening it leaves the status bar's message, which
	// is otherwise cleared.
	keepsStatus bool
	// open returns the screen, rec being the record under the cursor
	// (nil: none, or a group heading).
	open func(h *host, ctx dialog.Context, rec *catalogue.Record) dialog.Dialog
}

// newScreens returns the screens a key opens, in the order the help
// lists them. Capitals, for the screens of the whole collection (as R,
// Z), leave the letters free for the record's keys.
func newScreens() []screen {
	return []screen{
		{Binding: key.NewBinding(key.WithKeys("!", "p"), key.WithHelp("!", "problems")),
			open: func(h *host, ctx dialog.Context, _ *catalogue.Record) dialog.Dialog {
				return problems.New(ctx, h.catalogue())
			}},
		{Binding: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "read page")), record: true,
			open: func(h *host, ctx dialog.Context, rec *catalogue.Record) dialog.Dialog {
				return h.archives.openReader(ctx, rec)
			}},
		{Binding: key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "import")), fills: true, keepsStatus: true,
			open: func(h *host, ctx dialog.Context, _ *catalogue.Record) dialog.Dialog {
				return transfer.NewImport(ctx, transfer.ImportConfig{Dir: h.importDir, Profiles: h.profiles})
			}},
		// The views for tidying a collection: the category tree, the
		// tags, the stats; then its duplicates.
		{Binding: key.NewBinding(key.WithKeys("C"), key.WithHelp("C", "category tree")), whole: true,
			open: func(h *host, ctx dialog.Context, _ *catalogue.Record) dialog.Dialog {
				return organise.NewTree(ctx, h.catalogue())
			}},
		{Binding: key.NewBinding(key.WithKeys("T"), key.WithHelp("T", "tags")), whole: true,
			open: func(h *host, ctx dialog.Context, _ *catalogue.Record) dialog.Dialog {
				return organise.NewTags(ctx, h.catalogue())
			}},
		{Binding: key.NewBinding(key.WithKeys("#"), key.WithHelp("#", "stats")), whole: true,
			open: func(h *host, ctx dialog.Context, _ *catalogue.Record) dialog.Dialog {
				return statsview.New(ctx, h.catalogue())
			}},
		{Binding: key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "duplicates")), whole: true,
			open: func(h *host, ctx dialog.Context, rec *catalogue.Record) dialog.Dialog {
				return dups.New(ctx, h.catalogue(), rec)
			}},
	}
}

// screenKeys returns the keys of the screens that in reports, in order.
func (k keyMap) screenKeys(in func(screen) bool) []key.Binding {
	var out []key.Binding
	for _, s := range k.screens {
		if in(s) {
			out = append(out, s.Binding)
		}
	}
	return out
}

// selectionHelp is the help bar while records are selected: what acts on
// them, and how to clear them.
type selectionHelp struct{ k keyMap }

func (h selectionHelp) ShortHelp() []key.Binding {
	// Shorter than in the `?` help: the bar fits 80 columns.
	mark, rate, tags := h.k.Mark, h.k.Rate, h.k.Retag
	mark.SetHelp("space", "select")
	rate.SetHelp("1-5", "rate")
	tags.SetHelp("+", "tags")
	clear := h.k.ClearMarks
	clear.SetHelp("esc", "clear selection")
	return []key.Binding{mark, clear, rate, h.k.Category, tags, h.k.Help}
}
func (h selectionHelp) FullHelp() [][]key.Binding { return [][]key.Binding{h.ShortHelp()} }

// detailHelp is the help bar while the detail pane has the keys.
type detailHelp struct{ k keyMap }

func (h detailHelp) ShortHelp() []key.Binding {
	return []key.Binding{h.k.DetailScroll, h.k.DetailBack, h.k.Edit, h.k.Open, h.k.Copy, h.k.Help, h.k.Quit}
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
