package tui

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/archive"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/internal/size"
	"github.com/uricat/uricat/internal/webpage"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/reader"
)

// This file is what the TUI knows of the archive of pages (package
// archive): which records have an archived copy, read from the archive's
// directory in a command at the start and again after the reader
// archives a page or the add form keeps one, never in Update or View; a
// page archived so is put in the archive's index too (Options.IndexPage),
// and the searches' answers warmed for it again (Options.PrepareArchive).
// The list marks the archived records, the detail pane says when each
// was archived and how long it is, and r opens the reader (tui/reader)
// on one.

// archives is the archive's state the model holds: nil infos until read,
// or when there is no archive directory (then nothing is marked).
type archives struct {
	dir string
	// fetch archives a page now (Options.Archive); nil: the reader says
	// how to make one.
	fetch func(ctx context.Context, uri string) (*archive.Page, error)
	// index puts a page just archived in the archive's index
	// (Options.IndexPage); nil: none.
	index func(*archive.Page) error
	// indexed warms the searches' answers again once the TUI put a page
	// in the archive's index (records.List.WarmArchive); nil: none.
	indexed func() tea.Cmd
	infos   map[string]archive.Info // by catalogue.URIKey
	status  *status
}

// archivesLoadedMsg carries the archive's pages' headers, read in a
// command.
type archivesLoadedMsg struct {
	infos map[string]archive.Info
	err   error
}

// Init reads the archive's state.
func (a *archives) Init() tea.Cmd { return a.load() }

// load returns the command that reads what the archive holds: nothing
// when there is no archive directory (reading makes none).
func (a *archives) load() tea.Cmd {
	if a == nil || a.dir == "" {
		return nil
	}
	dir := a.dir
	return func() tea.Msg {
		st, err := archive.OpenRead(dir)
		if errors.Is(err, fs.ErrNotExist) {
			return archivesLoadedMsg{}
		} else if err != nil {
			return archivesLoadedMsg{err: err}
		}
		infos, err := st.List()
		return archivesLoadedMsg{infos: infos, err: err}
	}
}

// pageKeptMsg says what became of the page the add form fetched for an
// added record's uri: kept in the archive (page, which may say why it
// holds no text), or not (err).
type pageKeptMsg struct {
	uri  string
	page *archive.Page
	err  error
}

// keep keeps p, the page the add form fetched for uri, in the archive
// (form.PageKeeper): the same answer, not a second request. It runs in a
// command.
//
// The page goes to the archive's index there too (archive.Keep): an index
// that cannot take it is brought up to date from the archive's files when
// it is next opened, so that failure is not the user's concern.
func (a *archives) keep(uri string, p *webpage.Page) tea.Msg {
	page, err := archive.Keep(a.dir, uri, p, time.Now(), a.index)
	if page != nil {
		return pageKeptMsg{uri: uri, page: page}
	}
	return pageKeptMsg{uri: uri, err: err}
}

// Update takes the archive's state read, and reads it again once the
// reader archived a page or the add form kept one; ok is false for other
// messages.
func (a *archives) Update(msg tea.Msg) (tea.Cmd, bool) {
	st := a.status
	switch msg := msg.(type) {
	case archivesLoadedMsg:
		if msg.err != nil {
			st.set(sevWarning, "the archive was not read: %s", display.Lines(msg.err.Error()))
			return nil, true
		}
		a.infos = msg.infos
		return nil, true
	case reader.ArchivedMsg:
		if msg.Err != nil {
			// The reader was closed before archiving ended: it cannot say.
			st.set(sevWarning, "%s was not archived: %s", display.Text(display.URI(msg.URI)), display.Lines(msg.Err.Error()))
		} else if p := msg.Page; p != nil && p.Failed != "" {
			st.set(sevWarning, "%s: %s", display.Text(display.URI(p.URI)), display.Text(p.Failed))
		}
		return a.refresh(msg.Page), true
	case pageKeptMsg:
		// A note, not an error: the record was added all the same, and
		// uricat archive fetches what is missing.
		why := ""
		if msg.err != nil {
			why = display.Lines(msg.err.Error())
		} else if msg.page.Failed != "" {
			why = display.Text(msg.page.Failed)
		}
		if why != "" {
			st.set(sevWarning, "note: the bookmark was added, its page not archived (%s): %s", display.Text(display.URI(msg.uri)), why)
		}
		return tea.Batch(a.load(), a.warm()), true // keep indexed it
	case archiveIndexedMsg:
		return a.warm(), true
	}
	return nil, false
}

// archiveIndexedMsg says the TUI put a page in the archive's index.
type archiveIndexedMsg struct{}

// warm returns the command that warms the searches' answers for the
// archive's index as it is now (indexed); nil if none.
func (a *archives) warm() tea.Cmd {
	if a.indexed == nil {
		return nil
	}
	return a.indexed()
}

// refresh reads the archive's state again, p (nil: none) just archived,
// and puts p in the archive's index, in commands. The index is derived:
// one that cannot take p is brought up to date from the archive's files
// when it is next opened, so its failure is not the user's concern here.
func (a *archives) refresh(p *archive.Page) tea.Cmd {
	index := a.index
	if p == nil || index == nil {
		return a.load()
	}
	return tea.Batch(a.load(), func() tea.Msg {
		if index(p) != nil {
			return nil
		}
		return archiveIndexedMsg{}
	})
}

// info returns uri's archived page's header, if the archive has one.
func (a *archives) info(uri string) (archive.Info, bool) {
	if a == nil || a.infos == nil || uri == "" {
		return archive.Info{}, false
	}
	info, ok := a.infos[ssd3.URIKey(uri)]
	return info, ok
}

// archived reports whether rec's page has an archived text.
func (a *archives) archived(rec *ssd3.Record) bool {
	info, ok := a.info(rec.URI())
	return ok && info.Failed == "" && info.TextLen > 0
}

// archiveMark is the list's mark, before the URI, of a record whose page
// is archived: r reads it.
const archiveMark = "≡ "

// describe is the detail pane's line about rec's archived copy: when it
// was archived and how long it is, or why it failed; "" for none.
func (a *archives) describe(rec *ssd3.Record) (text string, failed bool) {
	info, ok := a.info(rec.URI())
	if !ok {
		return "", false
	}
	if info.Failed != "" || info.TextLen == 0 {
		why := info.Failed
		if why == "" {
			why = "no text"
		}
		return fmt.Sprintf("%s, %s (r tries again)", display.Text(why), display.Date(info.Fetched)), true
	}
	return fmt.Sprintf("%s, %s of text (r reads it)", display.Date(info.Fetched), size.Bytes(int64(info.TextLen))), false
}

// wayback is the detail pane's Wayback Machine address for rec when its
// link is dead or moved: the page as it was when it was bookmarked.
func wayback(rec *ssd3.Record, status linkcheck.Status) string {
	if status != linkcheck.Dead && status != linkcheck.Moved || rec.URI() == "" {
		return ""
	}
	return archive.Wayback(rec.URI(), rec.Added())
}

// openReader returns the reader on rec (nil: none, or a group heading:
// no reader).
func (a *archives) openReader(ctx dialog.Context, rec *ssd3.Record) dialog.Dialog {
	if rec == nil || rec.URI() == "" {
		return reader.New(ctx, reader.Options{Load: func(string) (*archive.Page, error) {
			return nil, errors.New("select a bookmark with a valid URI to read its page")
		}})
	}
	o := reader.Options{Fetch: a.fetch, URI: rec.URI(), Name: rec.Name(), Added: rec.Added(), ToRead: ssd3.ToRead(rec), Ref: rec.Ref()}
	if dir := a.dir; dir != "" {
		o.Load = func(uri string) (*archive.Page, error) {
			st, err := archive.OpenRead(dir)
			if errors.Is(err, fs.ErrNotExist) {
				return nil, archive.ErrNotArchived
			} else if err != nil {
				return nil, err
			}
			return st.Get(uri)
		}
	}
	return reader.New(ctx, o)
}
