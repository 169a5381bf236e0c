package tui

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/tui/theme"
)

// descPiece is the most of one line of a DESCRIPTION that the detail pane
// lays out at once. A longer line (a 50 MB DESCRIPTION may be a single
// one) is laid out piece by piece, each cut after a space where it has
// one, so that a frame costs what it shows; each piece starts a row.
const descPiece = 16 << 10

// descLayout is a DESCRIPTION laid out in rows for the detail pane, from
// its top as far as the pane has shown it: every frame while the record
// is selected (every key) lays out only the rows it shows that were not
// laid out before, not the whole text. It is kept in the Model for the
// text, width and search it was made for.
type descLayout struct {
	text  string       // the DESCRIPTION laid out
	width int          // in cells
	query *query.Query // the search whose matches are lit
	rest  string       // the part of text not laid out yet
	rows  []string     // display text (display.Lines), unstyled
	hits  [][]bool     // what the search matched in each row, by rune; nil where nothing
}

// description returns the layout of rec's DESCRIPTION at width cells,
// laid out as far as it was for the same text, width and search; nil if
// rec has none.
func (m *Model) description(rec *catalogue.Record, width int) *descLayout {
	text := strings.TrimRight(rec.Description(), "\r\n")
	if text == "" {
		return nil
	}
	var q *query.Query
	if m.list.res != nil {
		q = m.list.res.search.query
	}
	d := &m.desc
	// The same record gives the same string, and comparing a string with
	// itself costs nothing whatever its length.
	if d.text != text || d.width != width || d.query != q {
		*d = descLayout{text: text, width: width, query: q, rest: text}
	}
	return d
}

// descAhead is how much text may be left after the rows a frame needs
// that is laid out all the same: a DESCRIPTION of a few pages is laid out
// whole, so that the pane says how many lines it has.
const descAhead = 4 * descPiece

// layOut lays out rows until there are n, and more until the text ends
// if little of it is left.
func (d *descLayout) layOut(n int) {
	for (len(d.rows) < n || len(d.rest) <= descAhead) && d.rest != "" {
		var piece string
		piece, d.rest = cutPiece(d.rest)
		// One display function for every field: bidi and zero-width
		// characters marked, line breaks kept.
		for _, line := range strings.Split(display.Lines(piece), "\n") {
			rows, hits := wrapHits(line, d.width, d.query.Highlight(catalogue.FieldDescription, line))
			if hits != nil {
				d.hits = append(d.hits, make([][]bool, len(d.rows)-len(d.hits))...)
				d.hits = append(d.hits, hits...)
			}
			d.rows = append(d.rows, rows...)
		}
	}
}

// more reports whether there is text not laid out yet.
func (d *descLayout) more() bool { return d.rest != "" }

// row draws row i, its matches lit.
func (d *descLayout) row(i int, th *theme.Theme) string {
	if i < len(d.hits) && d.hits[i] != nil {
		return styled(d.rows[i], d.width, th.Value, th.Match, d.hits[i])
	}
	return th.Value.Render(d.rows[i])
}

// cutPiece cuts the first piece to lay out from s: its first line, or, of
// a line longer than descPiece bytes, at most that much, ending after a
// space if one is in its second half, else at the start of a rune.
func cutPiece(s string) (piece, rest string) {
	head := s[:min(len(s), descPiece)]
	if i := strings.IndexByte(head, '\n'); i >= 0 {
		return s[:i], s[i+1:]
	}
	if len(s) <= descPiece {
		return s, ""
	}
	cut := strings.LastIndexByte(head, ' ') + 1
	if cut < descPiece/2 {
		cut = descPiece
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
	}
	return s[:cut], s[cut:]
}

// wrapHits word-wraps plain text to w cells, and maps hits (by rune of
// text) onto the rows: rowHits is nil if hits is.
func wrapHits(text string, w int, hits []bool) (rows []string, rowHits [][]bool) {
	return rowsHits(strings.Split(ansi.Wrap(text, w, " -"), "\n"), text, hits)
}

// rowsHits maps hits (by rune of text) onto rows, text wrapped: the rows'
// runes are text's, in order, but for blanks dropped at the breaks.
func rowsHits(rows []string, text string, hits []bool) ([]string, [][]bool) {
	if len(hits) == 0 {
		return rows, nil
	}
	// The rows' runes are text's (spaces at breaks may go).
	src := []rune(text)
	rowHits := make([][]bool, len(rows))
	i := 0
	for k, line := range rows {
		var lh []bool
		for _, r := range line {
			for i < len(src) && src[i] != r {
				i++
			}
			lh = append(lh, i < len(hits) && hits[i])
			i++
		}
		rowHits[k] = lh
	}
	return rows, rowHits
}

// wrapTags wraps an X-TAGS value to w cells after its commas only, so that
// no tag is broken across rows ("road trip", "follow-up") unless it is
// wider than w by itself (issue 24). The rows' runes are value's, in
// order, but for the blanks at the breaks (rowsHits maps hits onto them).
func wrapTags(value string, w int) []string {
	var rows []string
	row := ""
	for seg := range strings.SplitAfterSeq(value, ",") {
		if row != "" && ansi.StringWidth(row+strings.TrimRight(seg, " ")) <= w {
			row += seg
			continue
		}
		if row != "" {
			rows = append(rows, strings.TrimRight(row, " "))
		}
		row = strings.TrimLeft(seg, " ")
		if ansi.StringWidth(strings.TrimRight(row, " ")) > w {
			// A tag wider than the column: broken, as any value is.
			parts := strings.Split(ansi.Wrap(row, w, " -/"), "\n")
			rows = append(rows, parts[:len(parts)-1]...)
			row = parts[len(parts)-1]
		}
	}
	if row != "" || len(rows) == 0 {
		rows = append(rows, strings.TrimRight(row, " "))
	}
	return rows
}
