package dialog

import (
	"errors"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/theme"
)

// Store is the catalogue as a dialog reaches it, through Context.Store:
// the root's store implements it. A dialog applies its own edits here, so
// that a new screen needs nothing new in the root: every edit is one
// undoable step of the root's History, saved at once, and the list shows
// it.
type Store interface {
	// Catalogue returns the catalogue as it is now. A dialog reads it and
	// never changes it but through Apply.
	Catalogue() *catalogue.Catalogue
	// Apply applies e as one undoable step described by what ("put “Go” in
	// Programming"), says what on the status bar, and returns the command
	// that shows the change and saves it. An edit that changes nothing is
	// no step and says "nothing changed"; an edit the catalogue refuses
	// changes nothing and is returned, for the dialog to show.
	Apply(e catalogue.Edit, what string) (tea.Cmd, error)
	// ApplyDescribed is Apply for an edit whose description is known only
	// once it is applied (an import's count): what is called then. An
	// edit that changes nothing (an import of duplicates only) is no step
	// and its command is nil.
	ApplyDescribed(e catalogue.Edit, what func() string) (tea.Cmd, error)
	// SetStatus shows text on the status bar until the next message.
	SetStatus(sev theme.Severity, text string)
	// Select makes ref the list's selected record, once it shows it.
	Select(ref catalogue.Ref)
}

// Requests any dialog may make of the root, as a command's message or as
// the result it closes with (Context.Close); the root answers them
// whatever the dialog is.
type (
	// ShowMsg asks the root to show Record in the list, selected, even
	// if the search or a folded group hides it (the search is cleared
	// and the groups unfolded).
	ShowMsg struct{ Record *ssd3.Record }
	// EditMsg asks the root to open the edit form on Record, over the
	// dialog that asks.
	EditMsg struct{ Record *ssd3.Record }
	// SearchMsg asks the root to search for Query (in the one search
	// language: in:PATH for a category node, tag:T for a tag), the list
	// showing what it finds; a search typed then narrows within it.
	SearchMsg struct{ Query string }
	// UndoMsg asks the root to undo the last change (or, with Redo, to
	// redo the last undone one), as u and ctrl+r do in the list: a screen
	// that makes edits (the category tree, the tags) offers them too.
	UndoMsg struct{ Redo bool }
)

// Reloader is a dialog that shows the catalogue (the problems view): the
// root calls Reload after every change of the catalogue while it is
// open, whoever made the change. A view that is costly to rebuild (the
// category tree) rebuilds in the command Reload returns, from c's
// snapshot, and keeps showing what it showed until then; the command's
// message comes back to the dialog that returned it, wherever it is on
// the stack by then, and is not to close or open a dialog. A view
// rebuilt in Reload itself returns nil.
type Reloader interface {
	Reload(c *catalogue.Catalogue) tea.Cmd
}

// Describe turns an error of the catalogue into a sentence for the
// status bar. A problem's message names its field already.
func Describe(err error) string {
	var v *catalogue.ValidationError
	if errors.As(err, &v) && len(v.Problems) > 0 {
		return v.Problems[0].Msg
	}
	return err.Error()
}

// UndoHint ends the description of an edit (Store.Apply's what) that
// the user may not expect to be undoable in one step (a rename of a
// whole tree, a merge of conflict copies): the status line says so once.
// Undo and redo leave it out of what they say they took back
// (WithoutUndoHint).
const UndoHint = " (u undoes it)"

// WithoutUndoHint returns what without UndoHint: "undid: renamed …", not
// "undid: renamed … (u undoes it)".
func WithoutUndoHint(what string) string { return strings.TrimSuffix(what, UndoHint) }
