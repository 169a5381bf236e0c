package tui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/tui/records"
)

// listKeys returns the keys of k that the record list handles itself.
func (k keyMap) listKeys() records.Keys {
	return records.Keys{
		Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown, Home: k.Home, End: k.End,
		Sort: k.Sort, ReverseSort: k.ReverseSort, Group: k.Group, GroupBack: k.GroupBack,
		Fold: k.Fold, FoldAll: k.FoldAll,
		Mark: k.Mark, MarkRange: k.MarkRange, MarkAll: k.MarkAll, ClearMarks: k.ClearMarks,
	}
}

// passStarted returns cmd, the command that brings the answer of a pass
// the list started (nil: none started), with the check that shows the
// spinner if the pass is still running a little later.
func (m *Model) passStarted(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return tea.Batch(cmd, m.ticks.after(110*time.Millisecond, func(time.Time) tea.Msg { return slowCheckMsg{} }))
}
