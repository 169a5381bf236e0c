package tui

import (
	"bytes"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/uricat/uricat/assets"
	"github.com/uricat/uricat/catalogue"
)

// addSample adds the bookmarks of the embedded sample catalogue, as one
// undoable change, so that a new user has something to try the app on.
// The sample is in the binary: reading it is no I/O.
func (m *Model) addSample() tea.Cmd {
	sample, err := catalogue.Read(bytes.NewReader(assets.SampleCatalogue))
	if err != nil {
		m.setMsg(sevError, "cannot read the sample bookmarks: %v", err)
		return nil
	}
	m.store.mu.Lock()
	var parts []*change
	for _, r := range sample.Valid() {
		held, err := m.store.c.Add(r)
		if err != nil {
			continue // an ID or URI the catalogue already has
		}
		parts = append(parts, &change{kind: changeInsert, held: held, at: m.store.c.Len() - 1})
	}
	m.store.mu.Unlock()
	if len(parts) == 0 {
		return nil
	}
	ch := &change{kind: changeBatch, parts: parts, what: fmt.Sprintf("added %s from the sample (u undoes)", plural(len(parts), "bookmark"))}
	return m.changed(ch, parts[0].held)
}
