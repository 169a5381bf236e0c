package form

import (
	"context"
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/webpage"
)

// This file fills an added record from its page, as `uricat add` does:
// once a URI is typed (and has stayed the same for fetchDelay), the page
// is fetched in a command (webpage.Fetch, through the root's client), and
// NAME, DESCRIPTION, LANGUAGE and TYPE are filled where the user left them
// empty, the form saying so. Typing never waits for it; a URI typed on,
// or the form closed, cancels the fetch; a page that cannot be fetched is
// a quiet note. A new URI empties what the page of the one before filled.
// The record saved keeps the page fetched for its URI in the archive
// (KeepPages), as add does: the same answer, not a second request.

// PageFetcher fetches what the page at uri says of itself: webpage.Fetch
// with the root's client and User-Agent.
type PageFetcher func(ctx context.Context, uri string) (*webpage.Page, error)

// PageKeeper keeps the page fetched for an added record's uri in the
// archive, and returns the message that says what became of it, which
// comes back once the record is added (nil: none). It runs in a command,
// off the screen's goroutine.
type PageKeeper func(uri string, p *webpage.Page) tea.Msg

// KeepPages makes the form keep, when an added record is saved, the page
// it fetched for the record's URI, with keep.
func (m *Model) KeepPages(keep PageKeeper) { m.keep = keep }

// keepPage returns what keeps the page fetched for uri, if the form
// fetched it (and the URI was not changed since): nil when there is
// nothing to keep.
func (m *Model) keepPage(uri string) func() tea.Msg {
	keep, p := m.keep, m.page.fetched
	if keep == nil || p == nil || uri == "" || ssd3.URIKey(uri) != ssd3.URIKey(m.page.uri) {
		return nil
	}
	return func() tea.Msg { return keep(uri, p) }
}

// Fetches wait this long after the last change of the URI (typing on
// would cancel them), and take at most fetchTimeout.
var (
	fetchDelay   = 400 * time.Millisecond
	fetchTimeout = 10 * time.Second
)

// FetchPages makes the form fill an added record's empty fields from its
// page, with fetch. Call it before Init. A form that edits a record never
// fetches: what it has is the user's.
func (m *Model) FetchPages(fetch PageFetcher) { m.fetch = fetch }

// pageState is the form's fetch of a page.
type pageState struct {
	seq    int    // counts the URIs watched: an answer for an older one is dropped
	uri    string // the URI watched
	cancel context.CancelFunc
	note   string // what the page gave, or why it gave nothing
	// fetched is the page of uri, once fetched: what a save keeps.
	fetched *webpage.Page
	// filled is what the pages put in each field: a field that still
	// holds it is the page's, for the page of the next URI to replace.
	filled map[string]string
}

// fetchDueMsg says that the URI of watch seq has not changed for
// fetchDelay: time to fetch it.
type fetchDueMsg struct{ id, seq int }

// pageMsg is the answer of a fetch.
type pageMsg struct {
	id, seq int
	page    *webpage.Page
	err     error
}

// watchURI notes the URI typed: a new one (http or https, valid) is
// fetched after fetchDelay, and any fetch of the one before is cancelled.
func (m *Model) watchURI(uri string) tea.Cmd {
	if m.fetch == nil || m.original != nil || uri == m.page.uri {
		return nil
	}
	m.stopFetch()
	m.unfill()
	m.page.seq++
	m.page.uri, m.page.note, m.page.fetched = uri, "", nil
	if !(strings.HasPrefix(uri, "http://") || strings.HasPrefix(uri, "https://")) || ssd3.ValidateURI(uri) != nil {
		return nil
	}
	id, seq := m.id, m.page.seq
	return tea.Tick(fetchDelay, func(time.Time) tea.Msg { return fetchDueMsg{id: id, seq: seq} })
}

// unfill empties the fields that still hold what the page of the URI
// before filled: they said what that page said, not this one (a page
// that cannot be read, or has not answered yet, must not leave the last
// one's DESCRIPTION behind). What the user typed stays.
func (m *Model) unfill() {
	for f, v := range m.page.filled {
		if r := m.row(f); r != nil && r.value.Value() == v {
			r.value.SetValue("")
		}
	}
	m.page.filled = nil
}

// stopFetch cancels the fetch under way, if any.
func (m *Model) stopFetch() {
	if m.page.cancel != nil {
		m.page.cancel()
		m.page.cancel = nil
	}
}

// startFetch fetches the page of the URI watched, if it is still the one.
func (m *Model) startFetch(msg fetchDueMsg) tea.Cmd {
	if m.fetch == nil || m.original != nil || msg.id != m.id || msg.seq != m.page.seq || m.page.cancel != nil || m.page.uri == "" {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), fetchTimeout)
	m.page.cancel = cancel
	m.page.note = "reading the page…"
	fetch, uri, id, seq := m.fetch, m.page.uri, m.id, m.page.seq
	return func() tea.Msg {
		p, err := fetch(ctx, uri)
		return pageMsg{id: id, seq: seq, page: p, err: err}
	}
}

// fill takes the page fetched: its text, cleaned as an import's is
// (importers.Finish: nothing from a page reaches the terminal raw), goes
// into the fields the user left empty.
func (m *Model) fill(msg pageMsg) tea.Cmd {
	if msg.id != m.id || msg.seq != m.page.seq {
		return nil
	}
	m.stopFetch()
	if msg.err != nil {
		m.page.note = "the page could not be read: " + display.Text(msg.err.Error())
		return nil
	}
	p := msg.page
	m.page.fetched = p
	got, titled, _ := importers.FromPage(m.page.uri, p, time.Now())
	var filled []string
	// A page without a title gives no NAME: the user can do better than
	// the one made from its URI.
	for _, pf := range importers.PageValues(got, titled) {
		f, v := pf.Name, pf.Value
		r := m.row(f)
		if r == nil {
			continue
		}
		prev, was := m.page.filled[f]
		if cur := r.value.Value(); cur != "" && (!was || cur != prev) {
			continue // the user's
		}
		r.value.SetValue(v)
		r.value.CursorStart() // the start of a long title shows; focus moves it to the end
		delete(m.page.filled, f)
		if v != "" {
			if m.page.filled == nil {
				m.page.filled = map[string]string{}
			}
			m.page.filled[f] = v
			filled = append(filled, strings.ToLower(f))
		}
	}
	switch {
	case len(filled) == 0:
		m.page.note = "the page gave nothing for the empty fields"
	case filled[0] == "name":
		m.page.note = "title from the page"
		if len(filled) > 1 {
			m.page.note += fmt.Sprintf(", and %s", strings.Join(filled[1:], ", "))
		}
	default:
		m.page.note = strings.Join(filled, ", ") + " from the page"
	}
	return m.validate()
}

// row returns the row of the standard field name.
func (m *Model) row(name string) *row {
	for _, r := range m.rows {
		if r.field == name {
			return r
		}
	}
	return nil
}
