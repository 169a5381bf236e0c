package tui

import (
	"bytes"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/uricat/uricat/assets"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/internal/plural"
)

// addSample adds the bookmarks of the embedded sample catalogue, as one
// undoable change, so that a new user has something to try the app on.
// The sample is in the binary: reading it is no I/O.
func (m *Model) addSample() tea.Cmd {
	sample, err := catalogue.Read(bytes.NewReader(assets.SampleCatalogue))
	if err != nil {
		m.status.set(sevError, "cannot read the sample bookmarks: %v", err)
		return nil
	}
	add := catalogue.Add{Records: sample.Valid()}
	n := len(m.store.Catalogue().Records())
	cmd := m.edit(add, fmt.Sprintf("added %s from the sample", plural.Of(len(add.Records), "bookmark")), 0)
	if recs := m.store.Catalogue().Records(); len(recs) > n {
		m.list.Select(recs[n].Ref()) // the pass the edit started selects it
		m.status.msg += " (u undoes)"
	}
	return cmd
}
