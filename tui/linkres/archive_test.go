package linkres

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/dialog"
)

// TestLostLinksReadAndWayback: on a dead or moved link, r opens the
// reader the root gave on its record, w the Wayback Machine's copy from
// the record's DATE; an archived entry says r reads it. Neither key acts
// on a link the check could not tell.
func TestLostLinksReadAndWayback(t *testing.T) {
	t.Parallel()
	m, _ := newScreen(t)
	var read []string
	var opened []string
	m.WithReader(func(rec *ssd3.Record) dialog.Dialog {
		read = append(read, rec.URI())
		return m // any dialog: what matters is the record it is for
	}, func(rec *ssd3.Record) bool { return rec.URI() == "https://gone.example/" },
		func(uri string) tea.Cmd { opened = append(opened, uri); return nil })
	press(m, "down")
	if !strings.Contains(m.View(), "≡ archived copy (r)  https://gone.example/") {
		t.Errorf("the archived dead link does not say r reads it:\n%s", m.View())
	}
	if press(m, "r").Open == nil || len(read) != 1 || read[0] != "https://gone.example/" {
		t.Errorf("r on the dead link: read %q", read)
	}
	press(m, "w")
	if len(opened) != 1 || opened[0] != "https://web.archive.org/web/20240201100000/https://gone.example/" {
		t.Errorf("w on the dead link opened %q", opened)
	}
	found := false
	for _, b := range m.ShortHelp() {
		found = found || b.Help().Key == "w"
	}
	if !found {
		t.Error("the help bar does not offer w on a dead link")
	}
}
