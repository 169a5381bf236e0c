package tui

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/uricat/uricat/tui/dialog"
)

// keyMap declares every key of the browsing screen once: Update matches
// against it and the help bar and `?` help are drawn from it. The keys the
// list shares with the dialogs (moving, ctrl+c) are dialog.KeyMap's, the
// one the dialogs' Context holds.
type keyMap struct {
	dialog.KeyMap

	Search, AcceptSearch, ClearSearch key.Binding

	Sort, ReverseSort, Group, GroupBack, Fold, FoldAll key.Binding

	Rate, ClearRating key.Binding

	Category, Add, Edit, Delete, Undo, Redo key.Binding

	Open, Copy, Detail, Problems, Import, Export key.Binding
	Duplicates, CheckLinks                       key.Binding
	Sample                                       key.Binding // enabled only while the catalogue is empty (Model.setRecs)

	Save, Reload, Help, Quit, Suspend key.Binding

	// Following other copies of the file: merging the sync conflict
	// copies beside it, and git sync.
	MergeCopies, Sync key.Binding
	// The views for tidying a collection: the category tree,
	// the tags, the stats. Capitals, as the list's other screens of the
	// whole collection (R, Z), leave the letters free for the record's.
	CategoryTree, Tags, Stats key.Binding
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

		Category: key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "category")),
		Add:      key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "add")),
		Edit:     key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit")),
		Delete:   key.NewBinding(key.WithKeys("d", "delete"), key.WithHelp("d", "delete")),
		Undo:     key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "undo")),
		Redo:     key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "redo")),

		Open:       key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "open URI")),
		Copy:       key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy URI")),
		Detail:     key.NewBinding(key.WithKeys("enter", "tab"), key.WithHelp("enter", "details")),
		Problems:   key.NewBinding(key.WithKeys("!", "p"), key.WithHelp("!", "problems")),
		Import:     key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "import")),
		Export:     key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "export")),
		Duplicates: key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "duplicates")),
		CheckLinks: key.NewBinding(key.WithKeys("L"), key.WithHelp("L", "check links")),
		Sample:     key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "try the sample bookmarks")),

		Save:   key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "save again")),
		Reload: key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "reload file")),
		Help:   key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),

		MergeCopies: key.NewBinding(key.WithKeys("M"), key.WithHelp("M", "merge conflict copies")),
		Sync:        key.NewBinding(key.WithKeys("Y"), key.WithHelp("Y", "git sync")), // outside a repository it says how to make one
		Quit:        key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
		Suspend:     key.NewBinding(key.WithKeys("ctrl+z"), key.WithHelp("ctrl+z", "suspend")),

		CategoryTree: key.NewBinding(key.WithKeys("C"), key.WithHelp("C", "category tree")),
		Tags:         key.NewBinding(key.WithKeys("T"), key.WithHelp("T", "tags")),
		Stats:        key.NewBinding(key.WithKeys("#"), key.WithHelp("#", "stats")),

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
		return []key.Binding{k.Add, k.Import, k.Sample, k.Help, k.Quit}
	}
	return []key.Binding{k.Search, k.Rate, k.Add, k.Edit, k.Delete, k.Undo, k.Help, k.Quit}
}

// FullHelp is the `?` help, in columns.
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End, k.Detail},
		{k.Search, k.AcceptSearch, k.ClearSearch, k.Sort, k.ReverseSort, k.Group, k.GroupBack, k.Fold, k.FoldAll},
		{k.Mark, k.MarkRange, k.MarkAll, k.ClearMarks},
		{k.Rate, k.ClearRating, k.Category, k.Retag, k.Add, k.Edit, k.Delete, k.Undo, k.Redo},
		{k.Open, k.Copy, k.Problems, k.Import, k.Sample, k.Export, k.Save, k.Reload, k.Help, k.Suspend, k.Quit},
		// The screens of the whole collection, and of its other copies.
		{k.CategoryTree, k.Tags, k.Stats, k.Duplicates, k.CheckLinks, k.MergeCopies, k.Sync},
	}
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
