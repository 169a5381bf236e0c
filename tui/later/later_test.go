package later

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	xgolden "github.com/charmbracelet/x/exp/golden"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/dialog/dialogtest"
	"github.com/uricat/uricat/tui/theme"
)

// queue has three records to read, added in 2019, 2020 and 2021 but in
// another order in the file, and one not to read; the Go blog's and the
// essay's pages are archived.
const queue = "URI: https://go.dev/blog/\r\nNAME: The Go Blog\r\nDATE: 01/06/2024 10:00:00\r\nX-ADDED: 01/01/2020 10:00:00\r\nX-TOREAD: 1\r\n\r\n" +
	"URI: https://example.org/essay\r\nNAME: A long essay\r\nDATE: 02/02/2019 09:00:00\r\nX-TOREAD: 1\r\n\r\n" +
	"URI: https://example.org/read\r\nNAME: Read already\r\nDATE: 01/01/2018 09:00:00\r\n\r\n" +
	"URI: https://example.org/short\r\nNAME: Short note\r\nDATE: 03/03/2021 09:00:00\r\nX-TOREAD: 1\r\n"

// lengths are the archived texts' lengths in bytes.
var lengths = map[string]int{"https://go.dev/blog/": 230 * 6 * 4, "https://example.org/essay": 230 * 6 * 75}

type opened struct{ uris []string }

func (o *opened) open(uri string) tea.Cmd { o.uris = append(o.uris, uri); return nil }

func newScreen(t *testing.T, text string) (*Model, *dialogtest.Store, *opened) {
	t.Helper()
	c, err := catalogue.Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	st := &dialogtest.Store{Cat: c}
	ctx := dialog.NewContext(theme.Plain())
	ctx.Store = st
	ctx.SetSize(80, 12)
	o := &opened{}
	m := New(ctx, c, Options{
		TextLen: func(uri string) (int, bool) { n, ok := lengths[uri]; return n, ok },
		Read: func(ctx dialog.Context, rec *ssd3.Record) dialog.Dialog {
			return New(ctx, st.Catalogue(), Options{}) // stands for the reader
		},
		Open: o.open,
	})
	return m, st, o
}

func press(m *Model, ks ...string) {
	for _, k := range ks {
		msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
		switch k {
		case "enter":
			msg = tea.KeyMsg{Type: tea.KeyEnter}
		case "esc":
			msg = tea.KeyMsg{Type: tea.KeyEsc}
		case "down":
			msg = tea.KeyMsg{Type: tea.KeyDown}
		}
		m.Update(msg)
	}
}

// TestGolden: the queue oldest first, with reading times where archived
// and their sum; the cursor moved; and the empty list.
func TestGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		text string
		keys []string
	}{
		{"queue", queue, nil},
		{"moved", queue, []string{"down", "down"}},
		{"empty", "URI: https://example.org/\r\nNAME: E\r\nDATE: 01/01/2020 10:00:00\r\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			m, _, _ := newScreen(t, tc.text)
			press(m, tc.keys...)
			xgolden.RequireEqual(t, []byte(m.View()))
		})
	}
}

// TestKeys: enter opens the reader on the record under the cursor, o its
// page, l takes it off the list (one edit, the cursor staying in place),
// s shows it in the list, esc closes.
func TestKeys(t *testing.T) {
	t.Parallel()
	m, st, o := newScreen(t, queue)
	press(m, "down", "o")
	if len(o.uris) != 1 || o.uris[0] != "https://go.dev/blog/" {
		t.Errorf("o opened %q", o.uris)
	}
	press(m, "enter")
	if step := m.ctx.Take(); step.Open == nil {
		t.Errorf("enter opened nothing")
	}
	press(m, "l")
	if len(st.Edits) != 1 || len(m.Records()) != 2 || m.Records()[m.list.Cursor()].Name() != "Short note" {
		t.Fatalf("l: %d edits, %d left, cursor on %q", len(st.Edits), len(m.Records()), m.Records()[m.list.Cursor()].Name())
	}
	for _, r := range st.Cat.Records() {
		if r.Name() == "The Go Blog" && ssd3.ToRead(r) {
			t.Errorf("l left the Go blog marked")
		}
	}
	press(m, "s")
	if step := m.ctx.Take(); !step.Close {
		t.Errorf("s did not close the screen to show the record")
	} else if show, ok := step.Result.(dialog.ShowMsg); !ok || show.Record.Name() != "Short note" {
		t.Errorf("s closed with %#v", step.Result)
	}
	press(m, "esc")
	if !m.ctx.Take().Close {
		t.Errorf("esc does not close")
	}
}

func TestMinutes(t *testing.T) {
	t.Parallel()
	for d, want := range map[int]string{1: "1 min", 59: "59 min", 60: "1 h", 75: "1 h 15 min"} {
		if got := minutes(time.Duration(d) * time.Minute); got != want {
			t.Errorf("minutes(%d) = %q, want %q", d, got, want)
		}
	}
}
