package tui

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/tui/records"
	"github.com/uricat/uricat/tui/theme"
)

// detail is the detail pane: every field of the list's selected record,
// its X- fields and its problems. It holds which record its scroll is
// for, the scroll, and the layout of the record's DESCRIPTION as far as
// it was shown; the root gives it its area (SetSize), and the moving keys
// while it has the focus.
type detail struct {
	*common
	// focused: the pane has the keys (and, on a narrow window, the
	// screen).
	focused bool
	of      catalogue.Ref // the record top is for; another shows from its top
	top     int           // the first line the pane shows, for the record of
	desc    descLayout    // the selected record's DESCRIPTION, laid out as far as shown
	width   int
	height  int

	// links are the link checks' results: what the pane says of a link.
	links *links
	// list is the record list, whose selected record the pane shows.
	list *records.List
	// snip is the excerpt of the page a text: search found the selected
	// record in (snippet.go).
	snip snippet
}

// selected returns the list's selected record (nil for none, or a group
// heading) and the search whose matches are lit (nil before the first
// pass answers).
func (d *detail) selected() (*ssd3.Record, *records.Search) {
	return d.list.Current(), d.list.Search()
}

// SetSize sets the pane's area; a width of 0 hides it.
func (d *detail) SetSize(width, height int) { d.width, d.height = width, height }

// rewind makes the pane show the record selected from its top: the
// cursor moved.
func (d *detail) rewind() { d.of = 0 }

// Update scrolls the pane on the keys that move in the list, while it
// has the focus; ok is false for other messages.
func (d *detail) Update(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	km, ok := msg.(tea.KeyMsg)
	if !ok || !d.focused {
		return nil, false
	}
	n, ok := d.keys.Step(km, max(1, d.height/2), 1<<30)
	if ok {
		d.scroll(n)
	}
	return nil, ok
}

// KeyMap is the help bar's keys while the pane has the focus.
func (d *detail) KeyMap() help.KeyMap { return detailHelp{d.keys} }

// View draws every field of the selected record, its X- fields and its
// problems, in a bordered pane of its size, scrolled to the user's place
// in it; when they do not all fit, the last line says where that is ("of
// 120+" while the rest of a long DESCRIPTION is not laid out yet). The
// pane has the focus border while its keys scroll it.
func (d *detail) View() string {
	th := d.th
	w, h := d.width, d.height
	inner := max(10, w-4) // border and padding
	win := d.window()
	lines := win.lines
	if win.scrolls {
		of := strconv.Itoa(win.total)
		if win.more {
			of += "+"
		}
		end := win.top + len(lines)
		where := fmt.Sprintf("lines %d-%d of %s · ↑/↓ scroll", win.top+1, end, of)
		if !d.focused {
			where = fmt.Sprintf("lines %d-%d of %s · enter, then ↓, scrolls", win.top+1, end, of)
		}
		lines = append(lines, th.Dim.Render(ansi.Truncate(where, inner, "…")))
	}
	pane := th.Pane
	if d.focused {
		pane = th.PaneFocused
	}
	content := block(strings.Join(lines, "\n"), inner, max(1, h-2))
	return block(pane.Width(max(1, w-2)).Render(content), w, h)
}

// detailWin is what the detail pane shows of its lines.
type detailWin struct {
	lines   []string // the lines shown
	total   int      // how many there are, or have been laid out if more
	more    bool     // the DESCRIPTION is not laid out to its end
	scrolls bool     // not all fit: the last row says where the lines are
	rows    int      // the rows for lines
	top     int      // the first line shown
}

// window returns the lines the pane shows at its size: from the user's
// scroll for the record selected, kept within the lines. Only the part
// of the DESCRIPTION down to the last line shown is laid out.
func (d *detail) window() detailWin {
	head, desc, tail := d.parts(max(10, d.width-4))
	win := detailWin{rows: max(1, d.height-2)}
	if rec, _ := d.selected(); rec != nil && rec.Ref() == d.of {
		win.top = max(0, d.top)
	}
	nd := 0
	if desc != nil {
		// The last row says where the user is: the lines up to top+rows
		// tell whether it is needed and fill the window either way.
		desc.layOut(win.top + win.rows - len(head))
		nd, win.more = len(desc.rows), desc.more()
	}
	win.total = len(head) + nd + len(tail)
	show := win.total
	if win.total > win.rows || win.more {
		win.scrolls = true
		win.top = max(0, min(win.top, win.total-(win.rows-1)))
		show = min(win.total, win.top+win.rows-1)
	} else {
		win.top = 0
	}
	for i := win.top; i < show; i++ {
		switch {
		case i < len(head):
			win.lines = append(win.lines, head[i])
		case i < len(head)+nd:
			win.lines = append(win.lines, desc.row(i-len(head), d.th))
		default:
			win.lines = append(win.lines, tail[i-len(head)-nd])
		}
	}
	return win
}

// scroll scrolls the pane by n lines (from the top when n is -len, to
// the end when it is large), for the record selected.
func (d *detail) scroll(n int) {
	if d.width <= 0 {
		return
	}
	rec, _ := d.selected()
	if rec == nil {
		return
	}
	if rec.Ref() != d.of {
		d.of, d.top = rec.Ref(), 0
	}
	d.top = max(0, d.window().top+n)
	// Kept within the lines, laid out as far as the new place needs
	// (the end, all of them).
	d.top = d.window().top
}

// detailField is a line of the detail pane's fields: a label and a value,
// wrapped in the value's column, with what the search matched (hits) lit;
// rendered, if set, is the value drawn.
type detailField struct {
	label, value string
	st           lipgloss.Style
	hits         []bool
	rendered     string
	tags         bool // an X-TAGS value: wrapped between tags only
}

// wrap returns f's value wrapped to w cells.
func (f detailField) wrap(w int) []string {
	if f.tags {
		return wrapTags(f.value, w)
	}
	return strings.Split(ansi.Wrap(f.value, w, " -/"), "\n")
}

// layFields lays out fields in two columns, the labels as wide as the
// longest needs (up to half of w cells): a longer label, an X- field
// name, has a line of its own above its value.
func (d *detail) layFields(fields []detailField, w int) string {
	limit, labelW := max(8, w/2), 0
	for _, f := range fields {
		if lw := ansi.StringWidth(f.label) + 2; lw <= limit {
			labelW = max(labelW, lw)
		}
	}
	valueW := max(1, w-labelW)
	indent := strings.Repeat(" ", labelW)
	var out []string
	for _, f := range fields {
		vals := []string{f.rendered}
		switch {
		case f.hits != nil && f.tags:
			rows, rowHits := rowsHits(wrapTags(f.value, valueW), f.value, f.hits)
			vals = make([]string, len(rows))
			for i := range rows {
				vals[i] = styled(rows[i], valueW, f.st, d.th.Match, rowHits[i])
			}
		case f.hits != nil:
			vals = strings.Split(wrapStyled(f.value, valueW, f.st, d.th.Match, f.hits), "\n")
		case f.rendered == "":
			vals = f.wrap(valueW)
			for i, v := range vals {
				vals[i] = f.st.Render(v)
			}
		}
		if lw := ansi.StringWidth(f.label); lw+2 > labelW {
			out = append(out, d.th.Label.Render(ansi.Wrap(f.label, w, "-")))
			for _, v := range vals {
				out = append(out, indent+v)
			}
			continue
		}
		out = append(out, d.th.Label.Render(f.label)+strings.Repeat(" ", labelW-ansi.StringWidth(f.label))+vals[0])
		for _, v := range vals[1:] {
			out = append(out, indent+v)
		}
	}
	return strings.Join(out, "\n")
}

// text is the content of the pane at inner cells: the selected record's
// name, URI, fields, description and problems, all laid out.
func (d *detail) text(inner int) string {
	head, desc, tail := d.parts(inner)
	lines := head
	if desc != nil {
		desc.layOut(math.MaxInt)
		for i := range desc.rows {
			lines = append(lines, desc.row(i, d.th))
		}
	}
	return strings.Join(append(lines, tail...), "\n")
}

// parts lays out the pane at inner cells: the lines above the
// DESCRIPTION (name, URI, fields) and a blank one, the DESCRIPTION, laid
// out as far as it was (nil if there is none), and the lines below it (a
// blank one and the problems). All but the DESCRIPTION are a few lines,
// laid out on every frame.
func (d *detail) parts(inner int) (head []string, desc *descLayout, tail []string) {
	th := d.th
	rec, s := d.selected()
	if rec == nil {
		return []string{th.EmptyMessage.Render("No bookmark selected.")}, nil, nil
	}
	var b strings.Builder
	var hits []bool
	name, nameMark := shownName(rec)
	if s != nil && nameMark == "" {
		hits = s.Highlight(ssd3.FieldName, name)
	}
	if nameMark == "" {
		b.WriteString(wrapStyled(name, inner, th.Title, th.Match, hits))
	} else {
		b.WriteString(markedWrap(nameMark, name, inner, " -", th.Warning, th.Title))
	}
	b.WriteByte('\n')
	uri, mark := shownURI(rec)
	b.WriteString(markedWrap(mark, uri, inner, "/?&", th.Warning, th.URI))
	b.WriteString("\n\n")
	b.WriteString(d.layFields(d.fields(rec, s), inner))
	head = strings.Split(b.String(), "\n")
	if desc = d.description(rec, s, inner); desc != nil {
		head = append(head, "")
	}
	if probs := rec.Problems(); len(probs) > 0 {
		tail = append(tail, "", th.Error.Render(fmt.Sprintf("%d problem(s):", len(probs))))
		for _, p := range probs {
			st := th.Error
			if p.Kind == ssd3.Warning {
				st = th.Warning
			}
			// The message names its field (catalogue.Diagnostic).
			text := display.Lines(p.String())
			tail = append(tail, strings.Split(st.Render(ansi.Wrap(text, inner, " ")), "\n")...)
		}
	}
	return head, desc, tail
}

// fields returns the pane's fields of rec, under its name and URI: what
// the last link check found, then the catalogue's fields in its order by
// their labels, then the X- fields; what the search s matched is lit.
func (d *detail) fields(rec *ssd3.Record, s *records.Search) []detailField {
	return d.recordFields(d.pageFields(rec), rec, s)
}

// withField appends the field label: value to fields, unless the value
// is empty.
func withField(fields []detailField, label, value string, st lipgloss.Style) []detailField {
	if value == "" {
		return fields
	}
	return append(fields, detailField{label: label, value: value, st: st})
}

// pageFields returns what is known of rec's page apart from the record:
// what the last link check found, the archived copy, and where a text:
// search found the page.
func (d *detail) pageFields(rec *ssd3.Record) []detailField {
	th := d.th
	var fields []detailField
	field := func(label, value string, st lipgloss.Style) { fields = withField(fields, label, value, st) }
	// What the last link check found, under the URI it is about.
	if status, checked, movedTo := d.links.describe(rec); status != "" {
		st := th.Value
		switch d.links.status(rec.URI()) {
		case linkcheck.Dead:
			st = th.Error
		case linkcheck.Moved:
			st = th.Warning
		}
		field("Link", status, st)
		field("Checked", checked, th.Value)
		field("Moved to", movedTo, th.URI)
		// For a dead or moved link, the page as it was when it was
		// bookmarked (no request is made to build the address).
		field("Wayback", display.Text(wayback(rec, d.links.status(rec.URI()))), th.URI)
	}
	// The archived copy: when, how long, or why it failed.
	if text, failed := d.archives.describe(rec); text != "" {
		st := th.Value
		if failed {
			st = th.Warning
		}
		field("Archived", text, st)
	}
	// Where a text: search found the page: an excerpt, the match lit.
	if text, hits, ok := d.snippetField(rec.Ref()); ok {
		fields = append(fields, detailField{label: "Found", value: text, st: th.Value, hits: hits})
	}
	return fields
}

// recordFields appends to fields the catalogue's fields of rec in its
// order by their labels, then the X- fields; what the search s matched
// is lit.
func (d *detail) recordFields(fields []detailField, rec *ssd3.Record, s *records.Search) []detailField {
	th := d.th
	field := func(label, value string, st lipgloss.Style) { fields = withField(fields, label, value, st) }
	// searched is a field a search looks at: what it matched is lit.
	searched := func(label, name, value string, st lipgloss.Style) {
		var hits []bool
		if s != nil && value != "" {
			hits = s.Highlight(name, value)
		}
		field(label, value, st)
		if hits != nil {
			fields[len(fields)-1].hits = hits
		}
	}
	for _, f := range ssd3.Fields {
		if f.Name == ssd3.FieldName || f.Name == ssd3.FieldURI || f.Name == ssd3.FieldDescription {
			continue // the pane's title, the line under it, its text (not read here: it may be 50 MB)
		}
		label, value, st := f.Label, display.Text(f.Get(rec)), th.Value
		switch f.Name {
		case ssd3.FieldCategory:
			st = th.Category
		case ssd3.FieldDate:
			// DATE is when the record was added until an edit moves
			// it (SSD3 3.3) and keeps the first as X-ADDED.
			field("Added", display.Date(rec.Added()), st)
			label, value = "Changed", display.Date(rec.Changed())
		case ssd3.FieldRating:
			if rec.Rating() > 0 {
				fields = append(fields, detailField{label: f.Label, rendered: th.Stars(rec.Rating())})
			} else {
				field(f.Label, "none", th.Dim)
			}
			continue
		}
		searched(label, f.Name, value, st)
	}
	for _, f := range rec.Extensions() {
		value := display.Text(f.Value)
		if date, ok := dateText(f.Value); ok {
			if f.Name == ssd3.FieldAdded {
				continue // shown as Added
			}
			value = date
		}
		label := display.Text(f.Name)
		if f.Name == ssd3.FieldTags {
			label = "Tags" // the field uricat reads as tags, named as people say it
		}
		searched(label, f.Name, value, th.Value)
		if f.Name == ssd3.FieldTags && value != "" {
			fields[len(fields)-1].tags = true
		}
	}
	return fields
}

// wrapStyled word-wraps plain text to w cells, highlighting hits.
func wrapStyled(text string, w int, base, hl lipgloss.Style, hits []bool) string {
	if len(hits) == 0 {
		return base.Render(ansi.Wrap(text, w, " -"))
	}
	rows, rowHits := wrapHits(text, w, hits)
	for k := range rows {
		rows[k] = styled(rows[k], w, base, hl, rowHits[k])
	}
	return strings.Join(rows, "\n")
}

// descPiece is the most of one line of a DESCRIPTION that the detail pane
// lays out at once. A longer line (a 50 MB DESCRIPTION may be a single
// one) is laid out piece by piece, each cut after a space where it has
// one, so that a frame costs what it shows; each piece starts a row.
const descPiece = 16 << 10

// descLayout is a DESCRIPTION laid out in rows for the detail pane, from
// its top as far as the pane has shown it: every frame while the record
// is selected (every key) lays out only the rows it shows that were not
// laid out before, not the whole text. It is kept in the detail pane for the
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
// its matches of the search s lit, laid out as far as it was for the
// same text, width and search; nil if rec has none.
func (d *detail) description(rec *ssd3.Record, s *records.Search, width int) *descLayout {
	text := strings.TrimRight(rec.Description(), "\r\n")
	if text == "" {
		return nil
	}
	var q *query.Query
	if s != nil {
		q = s.Query()
	}
	l := &d.desc
	// The same record gives the same string, and comparing a string with
	// itself costs nothing whatever its length.
	if l.text != text || l.width != width || l.query != q {
		*l = descLayout{text: text, width: width, query: q, rest: text}
	}
	return l
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
			rows, hits := wrapHits(line, d.width, d.query.Highlight(ssd3.FieldDescription, line))
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
// wider than w by itself. The rows' runes are value's, in
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
