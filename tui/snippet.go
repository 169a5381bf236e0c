package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/archive"
	"github.com/uricat/uricat/archive/index"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/internal/display"
)

// This file is the detail pane's excerpt of the page a text: search found
// the selected record in: the page is read from the archive and the
// excerpt made (index.Snippet) in a command, never in Update or View; an
// answer for a record or search no longer selected is dropped.

// snippetWidth is about how many characters of the page the excerpt
// holds around the match: a few lines of the pane.
const snippetWidth = 160

// snippetKey names what an excerpt is for: the record selected and the
// search (as the archive answered it) whose text: terms were found in its
// page.
type snippetKey struct {
	ref catalogue.Ref
	uri string
	q   *query.Query
}

// snippet is the detail pane's excerpt: the one asked for (key), and once
// it is read, the excerpt (ok).
type snippet struct {
	key  snippetKey
	snip index.Snip
	ok   bool
}

// snippetMsg answers the excerpt asked for key.
type snippetMsg struct {
	key  snippetKey
	snip index.Snip
	ok   bool
}

// snippetCmd returns the command that makes the excerpt of the selected
// record's page, if a text: search found it there and no excerpt was
// asked for it yet; nil otherwise. The root calls it after each message.
func (d *detail) snippetCmd() tea.Cmd {
	var k snippetKey
	rec := d.list.Current()
	if q := d.list.Answer().Answered(); rec != nil && q != nil {
		if _, found := q.TextHit(rec); found {
			k = snippetKey{ref: rec.Ref(), uri: rec.URI(), q: q}
		}
	}
	if k == d.snip.key {
		return nil
	}
	d.snip = snippet{key: k}
	if k.q == nil || d.archives == nil || d.archives.dir == "" {
		return nil
	}
	dir, terms := d.archives.dir, k.q.TextTerms()
	return func() tea.Msg {
		snip, ok := readSnippet(dir, k.uri, terms)
		return snippetMsg{key: k, snip: snip, ok: ok}
	}
}

// readSnippet reads uri's page from the archive in dir and returns the
// excerpt around terms; false when the page cannot be read (removed since
// the index saw it): the pane then shows none.
func readSnippet(dir, uri string, terms []query.TextTerm) (index.Snip, bool) {
	st, err := archive.OpenRead(dir)
	if err != nil {
		return index.Snip{}, false // none, or unreadable: the pane shows no excerpt
	}
	p, err := st.Get(uri)
	if err != nil {
		return index.Snip{}, false
	}
	return index.Snippet(p.Title+"\n"+p.Text, terms, snippetWidth), true
}

// tookSnippet takes an excerpt read: one for a record or search no longer
// selected is dropped.
func (d *detail) tookSnippet(msg snippetMsg) {
	if msg.key != d.snip.key {
		return
	}
	d.snip.snip, d.snip.ok = msg.snip, msg.ok
}

// snippetField returns the excerpt as the pane shows it, its match lit:
// the text made display text piece by piece (nothing from the page reaches
// the terminal as a control sequence), hits by rune; ok is false when
// there is none for rec.
func (d *detail) snippetField(ref catalogue.Ref) (text string, hits []bool, ok bool) {
	s := d.snip
	if !s.ok || s.key.ref != ref || s.snip.Text == "" {
		return "", nil, false
	}
	t := s.snip.Text
	start, end := min(max(0, s.snip.Start), len(t)), min(max(0, s.snip.End), len(t))
	start = min(start, end)
	before, match, after := display.Text(t[:start]), display.Text(t[start:end]), display.Text(t[end:])
	text = before + match + after
	if match == "" {
		return text, nil, true
	}
	hits = make([]bool, 0, len(text))
	for range []rune(before) {
		hits = append(hits, false)
	}
	for range []rune(match) {
		hits = append(hits, true)
	}
	for range []rune(after) {
		hits = append(hits, false)
	}
	return text, hits, true
}
