package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/store"
)

// The root's side of the store (package store): the status bar it
// reports to, and the answers to what it posts.

// Set shows text until the next message (store.Status).
func (s *status) Set(sev severity, text string) { s.set(sev, "%s", text) }

// Also adds text to the message shown, keeping its timer (store.Status).
func (s *status) Also(text string) { s.msg += " · " + text }

// Shown returns the message shown and its severity (store.Status).
func (s *status) Shown() (severity, string) { return s.sev, s.msg }

// storeNotices does what the store posted during this Update, in order:
// the list and the dialogs show a change, a record is selected, a
// question is asked, the spinner starts.
func (m *Model) storeNotices() tea.Cmd {
	var cmds []tea.Cmd
	for {
		notices := m.store.Notices()
		if len(notices) == 0 {
			return tea.Batch(cmds...)
		}
		for _, n := range notices {
			switch n := n.(type) {
			case store.ChangedMsg:
				c := m.store.Catalogue()
				cmds = append(cmds, m.host.reload(c), m.refilter(c.Records()))
			case store.SelectMsg:
				m.list.Select(n.Ref)
			case store.AskMsg:
				cmds = append(cmds, m.host.open(dialog.NewConfirm(m.host.context(), n.Question)))
			case store.BusyMsg:
				cmds = append(cmds, m.startSpinner())
			}
		}
	}
}
