package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"sync"
	"time"

	"github.com/uricat/uricat/archive"
	"github.com/uricat/uricat/archive/index"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
)

// snippetWidth is about how many characters of a page list --json gives
// around a text: term's match.
const snippetWidth = 160

// withArchive gives q what the archive knows, if it has text: or archive:
// terms (else it is q): the pages its text: terms are found in, from the
// archive's index (built or brought up to date on the way if need be),
// and each page's state. The archive is kept beside the catalogue, not in
// it; with no archive, no page is.
func (e *env) withArchive(q *query.Query) (*query.Query, error) {
	if !q.HasText() && !q.HasArchive() {
		return q, nil
	}
	ix, err := e.openIndex()
	if errors.Is(err, fs.ErrNotExist) {
		return q, nil // no archive: no page is archived, none holds a word
	}
	if err != nil {
		return nil, refused(err)
	}
	defer ix.Close()
	q, err = answerArchive(context.Background(), ix, q)
	if err != nil {
		return nil, refused(err)
	}
	return q, nil
}

// openIndex opens the index of the archive (index.Open, with the env's
// environment).
func (e *env) openIndex() (*index.Index, error) {
	dir := e.archiveDir("")
	return index.OpenDir(index.PathFrom(dir, e.getenv), dir)
}

// openIndexOf opens the index of store's pages.
func (e *env) openIndexOf(store *archive.Store) (*index.Index, error) {
	return index.OpenAt(index.PathFrom(store.Dir(), e.getenv), store)
}

// indexer returns what keeps the index up to date as an archive run
// writes pages to store (archive.Options.Archived), and what closes it.
// An index that cannot be opened or written is noted once and left: it
// is derived, and the next search brings it up to date.
func (e *env) indexer(store *archive.Store) (put func(*archive.Page), closeIndex func()) {
	ix, err := e.openIndexOf(store)
	if err != nil {
		fmt.Fprintf(e.stderr, "uricat archive: note: %s\n", display.Lines(err.Error()))
		return func(*archive.Page) {}, func() {}
	}
	noted := false
	return func(p *archive.Page) {
		if err := ix.Put(p); err != nil && !noted {
			noted = true
			fmt.Fprintf(e.stderr, "uricat archive: note: %s\n", display.Lines(err.Error()))
		}
	}, func() { ix.Close() }
}

// indexPage puts p, a page add or the TUI just archived, in the archive's
// index (tui.Options.IndexPage), where an index a TUI's searches hold open
// sees it.
func (e *env) indexPage(p *archive.Page) error {
	ix, err := e.openIndex()
	if err != nil {
		return err
	}
	defer ix.Close()
	return ix.Put(p)
}

// reindex builds the index of the archive in dir again, from its files
// (uricat archive --reindex), and says how many pages it holds.
func (e *env) reindex(dir string) error {
	store, err := archive.Open(dir)
	if err != nil {
		return refused(err)
	}
	start := time.Now()
	ix, err := index.OpenRebuilt(index.PathFrom(store.Dir(), e.getenv), store)
	var n int
	if err == nil {
		n, err = ix.Len()
		ix.Close()
	}
	if err != nil {
		return refused(err)
	}
	fmt.Fprintf(e.stdout, "indexed %s of %s in %s\n", plural.Of(n, "archived page"), display.Text(store.Dir()),
		time.Since(start).Round(time.Millisecond))
	return nil
}

// answerArchive answers q's text: and archive: terms from ix, stopping
// with ctx's error when ctx is done.
func answerArchive(ctx context.Context, ix *index.Index, q *query.Query) (*query.Query, error) {
	if q.HasArchive() {
		states, err := ix.States()
		if err != nil {
			return nil, err
		}
		q = q.WithArchive(states)
	}
	return q.WithText(func(t query.TextTerm) (query.TextAnswer, error) { return ix.LookupContext(ctx, t) })
}

// tuiArchive returns the TUI's tui.Options.SearchArchive: withArchive with
// the index opened on the first search that needs it and kept open for
// those typed after; and its tui.Options.PrepareArchive, which opens it
// and warms it (index.Index.Warm) for a catalogue's search index before
// a search needs it. A search it cannot answer finds no page (the index
// is derived: the next one opens it again). With no archive, neither
// makes anything.
func (e *env) tuiArchive() (answer func(context.Context, *query.Query) *query.Query, prepare func(context.Context, *query.Index)) {
	var mu sync.Mutex
	var ix *index.Index
	open := func() *index.Index {
		if ix == nil {
			ix, _ = e.openIndex()
		}
		return ix
	}
	answer = func(ctx context.Context, q *query.Query) *query.Query {
		mu.Lock()
		defer mu.Unlock()
		if open() == nil {
			return q
		}
		answered, err := answerArchive(ctx, ix, q)
		if err != nil && ctx.Err() == nil {
			ix.Close()
			ix = nil
		}
		if err != nil {
			return q // the pass is cancelled, or its search finds no page
		}
		return answered
	}
	prepare = func(ctx context.Context, qix *query.Index) {
		mu.Lock()
		warm := open()
		mu.Unlock()
		// Not under mu: a search typed meanwhile shares what Warm does
		// rather than waiting for it. A failure is the next search's.
		if warm != nil {
			_ = warm.Warm(ctx, qix)
		}
	}
	return answer, prepare
}

// rankByText orders recs, found by q, by how well their pages match q's
// text: terms, best first, keeping file order among equals: what list
// shows when a search has text: terms and no sort key is given.
func rankByText(recs []*ssd3.Record, q *query.Query) {
	if !q.HasText() {
		return
	}
	// query.Rank, the TUI's ranking: a counting sort of the scores, where
	// a sort looking each record's score up in a map cost as much as the
	// search when half the catalogue is found.
	hits := make([]query.Hit, len(recs))
	for i, r := range recs {
		h, _ := q.TextHit(r)
		hits[i] = query.Hit{Pos: int32(i), Score: int32(h.Score)}
	}
	ranked := make([]*ssd3.Record, len(recs))
	for i, pos := range query.Rank(hits) {
		ranked[i] = recs[pos]
	}
	copy(recs, ranked)
}

// snippets returns, for each record of recs whose page a text: term of q
// is found in, an excerpt of the page around the match, keyed by the
// record; nil if q has no text: term.
func (e *env) snippets(recs []*ssd3.Record, q *query.Query) map[*ssd3.Record]string {
	if !q.HasText() {
		return nil
	}
	store, err := archive.OpenRead(e.archiveDir(""))
	if err != nil {
		return nil
	}
	terms := q.TextTerms()
	out := map[*ssd3.Record]string{}
	for _, r := range recs {
		if _, ok := q.TextHit(r); !ok {
			continue
		}
		p, err := store.Get(r.URI())
		if err != nil {
			continue // removed since the index saw it, or unreadable
		}
		out[r] = index.Snippet(p.Title+"\n"+p.Text, terms, snippetWidth).Text
	}
	return out
}

// withSnippets sets the Snippet of each of out, the JSON of recs, from
// snippets (see env.snippets), and returns out.
func withSnippets(out []listJSON, recs []*ssd3.Record, snippets map[*ssd3.Record]string) []listJSON {
	for i, r := range recs {
		out[i].Snippet = snippets[r]
	}
	return out
}
