package tui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue/readinglist"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/later"
)

// This file is the list's side of the reading list (catalogue/
// readinglist): l marks the record under the cursor, or the selection,
// to read or read, and Q opens the reading list screen (tui/later).

// toggleToRead puts rec on the reading list, or takes it off.
func (h *host) toggleToRead(rec *ssd3.Record) tea.Cmd {
	if !rec.Valid() {
		h.status.set(sevError, "the record is not valid: fix it first (! lists its problems)")
		return nil
	}
	return h.applyToggle([]*ssd3.Record{rec}, "“"+display.Text(rec.Name())+"”")
}

// toggleToReadMany puts the valid records of the selection on the reading
// list, or takes them all off if all are on it.
func (h *host) toggleToReadMany(s selection) tea.Cmd {
	valid := h.validSelection(s)
	if valid == nil {
		return nil
	}
	return h.applyToggle(valid, plural.Of(len(valid), "record"))
}

// applyToggle applies readinglist.Toggle to recs, one undoable edit, and
// says what it did of what (named for the message).
func (h *host) applyToggle(recs []*ssd3.Record, what string) tea.Cmd {
	e, marked := readinglist.Toggle(recs)
	msg := fmt.Sprintf("marked %s to read (Q lists them); DATE now (SSD3 3.3)", what)
	if !marked {
		msg = fmt.Sprintf("marked %s read, off the reading list; DATE now (SSD3 3.3)", what)
	}
	cmd, err := h.store.Apply(e, msg)
	if err != nil {
		h.status.set(sevError, "cannot change the catalogue (%s): %s", msg, dialog.Describe(err))
		return nil
	}
	return cmd
}

// readingList is the reading list screen: its reading times from the
// archive's lengths, enter reading with the r key's reader.
func (h *host) readingList(ctx dialog.Context) dialog.Dialog {
	return later.New(ctx, h.catalogue(), later.Options{
		TextLen: func(uri string) (int, bool) {
			info, ok := h.archives.info(uri)
			return info.TextLen, ok && info.Failed == ""
		},
		Read: h.archives.openReader,
	})
}
