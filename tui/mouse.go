package tui

import tea "github.com/charmbracelet/bubbletea"

// wheelRows is how many rows one wheel notch moves.
const wheelRows = 3

// mouse handles the wheel (move the cursor) and clicks on the list
// (select a record; a click on a heading folds it).
func (m *Model) mouse(msg tea.MouseMsg) tea.Cmd {
	if m.store.Loading() || m.mode != modeBrowse || m.help.ShowAll {
		return nil
	}
	l := m.layout()
	// The wheel scrolls what is under the pointer: the detail pane, or
	// the list.
	overDetail := l.detailW > 0 && msg.X >= l.listW
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		if overDetail {
			m.detail.scroll(-wheelRows)
		} else {
			m.move(-wheelRows)
		}
	case tea.MouseButtonWheelDown:
		if overDetail {
			m.detail.scroll(wheelRows)
		} else {
			m.move(wheelRows)
		}
	case tea.MouseButtonLeft:
		if msg.Action != tea.MouseActionPress {
			return nil
		}
		// A click gives the keys to the pane it is in.
		m.detail.focused = overDetail
		if overDetail {
			return nil
		}
		y := msg.Y - l.bodyTop
		if y < 0 || y >= l.bodyH {
			return nil
		}
		i, sticky := m.list.RowAtLine(y)
		switch {
		case i < 0:
		case sticky: // the heading kept on top: it folds its group
			m.list.SetCursor(i)
			m.list.ToggleFold()
		default:
			m.list.SetCursor(i)
			m.detail.rewind()
			if m.list.RowAt(i).Header {
				m.list.ToggleFold()
			}
			m.list.ScrollToCursor()
		}
	}
	return nil
}
