package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/records"
	"github.com/uricat/uricat/tui/theme"
)

// splitWidth is the narrowest window that shows list and detail side by
// side; narrower ones show the detail pane on enter instead.
const splitWidth = 100

// layout is where things go on the screen.
type layout struct {
	bodyTop, bodyH int // the list/detail area: first line and height
	listW, detailW int // 0 when not shown
	msgLines       []string
	// The lines around the body that the height leaves room for.
	search, status, help bool
}

func (m *Model) layout() layout {
	// Beside a line of body, as the height leaves room: the search line,
	// the status bar, the messages, the help bar.
	var l layout
	room := m.height - 1
	take := func() bool { room--; return room >= 0 }
	l.search, l.status = take(), take()
	l.msgLines = m.messageLines()
	l.msgLines = l.msgLines[:max(0, min(len(l.msgLines), room))]
	room -= len(l.msgLines)
	l.help = take()
	l.bodyH = 1 + max(0, room)
	if l.search {
		l.bodyTop = 1
	}
	switch {
	case m.width >= splitWidth:
		l.listW = m.width * 55 / 100
		l.detailW = m.width - l.listW - 1 // a column between them
	case m.detail.focused:
		l.detailW = m.width
	default:
		l.listW = m.width
	}
	return l
}

// View draws the screen.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	l := m.layout()
	var lines []string
	if l.search {
		lines = append(lines, m.searchLine())
	}
	lines = append(lines, m.body(l))
	lines = append(lines, l.msgLines...)
	if l.status {
		lines = append(lines, m.statusBar())
	}
	if l.help {
		lines = append(lines, m.helpLine())
	}
	return strings.Join(lines, "\n")
}

// searchLine is the top line: the search box, or a hint.
func (m *Model) searchLine() string {
	if m.mode == modeSearch || m.input.Value() != "" {
		if e := m.searchError(); e != nil {
			if line, ok := m.markedInput(e); ok {
				return fit(line, m.width)
			}
		}
		return fit(display.MarkInvisible(m.input.View()), m.width)
	}
	return fit(m.th.Title.Render("uricat")+m.th.Dim.Render("  press / to search, ? for help"), m.width)
}

// searchError is why the search box's text is not a valid search, once
// a pass has answered for that text; nil if it is valid.
func (m *Model) searchError() *query.Error {
	res := m.list.Answer()
	if res == nil || res.Err() == nil || res.Text() != m.input.Value() {
		return nil
	}
	return res.Err()
}

// markedInput draws the search box with the term e names marked, as the
// text input draws it otherwise; ok is false when the text does not fit
// (the text input then scrolls it, and the message still names the term).
func (m *Model) markedInput(e *query.Error) (string, bool) {
	value := m.input.Value()
	if display.Text(value) != value || ansi.StringWidth(m.input.Prompt)+ansi.StringWidth(value)+1 > m.width {
		return "", false
	}
	runes := []rune(value)
	marks := make([]bool, 0, len(runes))
	for at := range value {
		marks = append(marks, at >= e.Offset && at < e.Offset+len(e.Term))
	}
	bad := m.th.Error.Underline(true).Inline(true)
	text := m.input.TextStyle.Inline(true)
	piece := func(lo, hi int) string {
		if lo >= hi {
			return ""
		}
		s := string(runes[lo:hi])
		return styled(s, ansi.StringWidth(s), text, bad, marks[lo:hi])
	}
	pos := min(m.input.Position(), len(runes))
	cur := m.input.Cursor
	cur.SetChar(" ")
	if pos < len(runes) {
		cur.SetChar(string(runes[pos]))
	}
	return m.input.PromptStyle.Render(m.input.Prompt) + piece(0, pos) + cur.View() + piece(pos+1, len(runes)), true
}

// body draws the list and/or detail pane, or the loading state.
func (m *Model) body(l layout) string {
	switch {
	case m.store.Loading():
		return block(m.spin.View()+" "+m.th.Dim.Render("Opening "+display.Text(m.store.Path())+"…"), m.width, l.bodyH)
	case m.store.LoadErr() != nil:
		return block(m.th.Error.Render(display.Text(m.store.LoadErr().Error()))+"\n"+m.th.Dim.Render("q quits"), m.width, l.bodyH)
	case m.host.dialogs.Len() > 0:
		return m.host.View(m.width, l.bodyH, func() string { return m.listBody(l) })
	case m.help.ShowAll && m.help.language:
		return block(m.th.Renderer.NewStyle().Padding(1, 2).Render(query.Help), m.width, l.bodyH)
	case m.help.ShowAll:
		// Two rows of three columns: six columns do not fit 80 cells.
		groups := m.keys.FullHelp()
		text := m.help.FullHelpView(groups[:3]) + "\n\n" + m.help.FullHelpView(groups[3:])
		return block(m.th.Renderer.NewStyle().Padding(1, 2).Render(text), m.width, l.bodyH)
	}
	return m.listBody(l)
}

// listBody draws the list and/or the detail pane.
func (m *Model) listBody(l layout) string {
	var parts []string
	if l.listW > 0 {
		parts = append(parts, m.listView(l.listW, l.bodyH))
	}
	if l.detailW > 0 {
		if l.listW > 0 {
			parts = append(parts, block("", 1, l.bodyH))
		}
		m.detail.SetSize(l.detailW, l.bodyH)
		parts = append(parts, m.detail.View())
	}
	return lipgloss.JoinHorizontal(lipgloss.Top, parts...)
}

// block fits s into exactly w×h cells.
func block(s string, w, h int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	for i, ln := range lines {
		lines[i] = fit(ln, w)
	}
	return strings.Join(lines, "\n")
}

// fit truncates or pads a styled line to exactly w cells.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := ansi.StringWidth(s)
	if sw > w {
		s = ansi.Truncate(s, w, "…")
		sw = ansi.StringWidth(s)
	}
	return s + strings.Repeat(" ", max(0, w-sw))
}

// listView draws the visible rows only (the list's Visible), or what an
// empty list says.
func (m *Model) listView(w, h int) string {
	if m.list.RowCount() == 0 {
		return m.emptyList(w, h)
	}
	lines := make([]string, 0, h)
	for _, l := range m.list.Visible(h) {
		lines = append(lines, m.rowLines(l.Row, l.Cursor, w)...)
	}
	return block(strings.Join(lines, "\n"), w, h)
}

// emptyList is what a list without rows says, w×h.
func (m *Model) emptyList(w, h int) string {
	var s string
	switch {
	case m.list.Answer() == nil:
		s = ""
	case len(m.list.Records()) == 0:
		s = "No bookmarks yet: press a to add one, i to import a file, or t to try the sample bookmarks."
	case m.searchError() != nil:
		// Not "no match": the status line says what is wrong with it.
		s = "Not a valid search: fix the marked term or press esc to clear it."
	default:
		s = fmt.Sprintf("No bookmark matches “%s”. Press esc to clear the search.", display.Text(m.input.Value()))
	}
	// Wrapped, not cut: the keys are at the end.
	lines := strings.Split(ansi.Wrap(s, max(10, w-4), " "), "\n")
	for i, l := range lines {
		lines[i] = "  " + m.th.EmptyMessage.Render(l)
	}
	return block("\n"+strings.Join(lines, "\n"), w, h)
}

// rowStyle is how a row is drawn: with the cursor on it (selected) or
// not.
type rowStyle struct {
	th       *theme.Theme
	selected bool
}

// st returns s, on the selected row's background when the cursor is on
// the row.
func (rs rowStyle) st(s lipgloss.Style) lipgloss.Style {
	if rs.selected {
		return s.Inherit(rs.th.RowSelected)
	}
	return s
}

// marker is the row's first two cells: the cursor's bar, or blank.
func (rs rowStyle) marker() string {
	if rs.selected {
		return rs.st(rs.th.Cursor).Render("▌ ")
	}
	return rs.st(rs.th.Row).Render("  ")
}

// rowLines draws one row at width w.
func (m *Model) rowLines(r records.Row, selected bool, w int) []string {
	rs := rowStyle{m.th, selected}
	if r.Header {
		arrow := "▾"
		if m.list.Folded(r.Label) {
			arrow = "▸"
		}
		th := m.th
		text := rs.marker() + rs.st(th.GroupHeader).Render(arrow+" "+display.Text(r.Label)) + rs.st(th.GroupCount).Render(fmt.Sprintf("  %d", r.Count))
		return []string{pad(text, w, rs.st(th.Row))}
	}
	return m.recordLines(r.Rec, rs, w)
}

// recordLines draws a record's row at width w: its name and metadata,
// then its URI.
func (m *Model) recordLines(rec *ssd3.Record, rs rowStyle, w int) []string {
	th, st := m.th, rs.st
	// A record selected for an action on many is ticked on its first
	// line, in the marker's second cell: seen without colour, and the
	// row's width does not change.
	line1Marker := rs.marker()
	if m.list.Marked().Has(rec.Ref()) {
		cur := st(th.Row).Render(" ")
		if rs.selected {
			cur = st(th.Cursor).Render("▌")
		}
		line1Marker = cur + st(th.Marked).Render("✓")
	}
	right := m.rowMeta(rec, rs, w)
	rightW := ansi.StringWidth(right)
	lead, leadW := m.rowLead(rec, rs)
	nameS := m.rowName(rec, rs, max(4, w-leadW-rightW-2))
	gap := w - leadW - ansi.StringWidth(nameS) - rightW
	line1 := line1Marker + lead + nameS + st(th.Row).Render(strings.Repeat(" ", max(1, gap))) + right
	line2 := rs.marker()
	uri, mark := shownURI(rec)
	if m.archives.archived(rec) && w > 8 {
		// The page is archived (r reads it): marked before its URI,
		// where it takes no room from the name.
		line2 += st(th.Dim).Render(archiveMark)
		mark = archiveMark + mark
	}
	if inv := strings.TrimPrefix(mark, archiveMark); inv != "" {
		line2 += st(th.Warning).Render(ansi.Truncate(inv, max(1, w-2), "…"))
	}
	if rest := w - 2 - ansi.StringWidth(mark); rest > 0 {
		line2 += st(th.URI).Render(ansi.Truncate(uri, rest, "…"))
	}
	return []string{fit(line1, w), pad(line2, w, st(th.Row))}
}

// rowMeta is the right-hand metadata of a record's row w cells wide:
// category, stars, date; less when narrow.
func (m *Model) rowMeta(rec *ssd3.Record, rs rowStyle, w int) string {
	th, st := m.th, rs.st
	var meta []string
	if c := display.Text(rec.Category()); c != "" {
		meta = append(meta, st(th.Category).Render(truncatePath(c, categoryWidth(w))))
	}
	meta = append(meta, starsFor(m, rec.Rating(), rs.selected))
	if w >= 60 {
		// A record without a valid DATE keeps the column, marked as
		// a rating of none is, so that its stars stay in line with
		// the other rows'.
		date := display.Date(rec.Date())
		if date == "" {
			date = "–" + strings.Repeat(" ", len(display.DateLayout)-1)
		}
		meta = append(meta, st(th.Date).Render(date))
	}
	return strings.Join(meta, st(th.Row).Render("  "))
}

// rowLead is what comes before a record's name, and its width with the
// marker's: the marks of an invalid record and of a dead or moved link.
func (m *Model) rowLead(rec *ssd3.Record, rs rowStyle) (lead string, leadW int) {
	th, st := m.th, rs.st
	leadW = 2
	if !rec.Valid() {
		lead = st(th.Invalid).Render("✗ ")
		leadW += 2
	}
	// A dead or moved link (uricat links, or the TUI's check) is marked
	// where an invalid record is: the name gives way, not the metadata.
	if mark, dead := m.links.results.mark(rec); mark != "" {
		style := th.Warning
		if dead {
			style = th.Error
		}
		lead += st(style).Render(mark)
		leadW += 2
	}
	return lead, leadW
}

// rowName draws a record's name in nameW cells, the search's matches lit.
func (m *Model) rowName(rec *ssd3.Record, rs rowStyle, nameW int) string {
	th, st := m.th, rs.st
	name, mark := shownName(rec)
	var hits []bool
	if s := m.list.Search(); s != nil && mark == "" {
		hits = s.Highlight(ssd3.FieldName, name)
	}
	if name == "" {
		name = fmt.Sprintf("(no name, line %d)", rec.Line())
	}
	var nameS string
	if mark != "" {
		nameS = st(th.Warning).Render(ansi.Truncate(mark, nameW, "…"))
	}
	if rest := nameW - ansi.StringWidth(nameS); rest > 0 {
		nameS += styled(name, rest, st(th.Name), st(th.Match).Bold(true), hits)
	}
	return nameS
}

// invalidMark marks a URI or a NAME shown as stored because it is not
// valid.
const invalidMark = "(invalid) "

// shownName returns rec's NAME as the list and the detail pane show it;
// when it is not valid, as it is stored, marked (mark is invalidMark), as
// shownURI shows a URI; "" when the record has none at all.
func shownName(rec *ssd3.Record) (name, mark string) {
	if n := rec.Name(); n != "" {
		return display.Text(n), ""
	}
	if v, _ := ssd3.StoredValue(rec, ssd3.FieldName); v != "" {
		return display.Text(v), invalidMark
	}
	return "", ""
}

// shownURI returns rec's URI as the list and the detail pane show it: as
// people read it; when it is not valid, as it is stored, marked (mark is
// invalidMark); "(no URI)" when the record has none at all.
func shownURI(rec *ssd3.Record) (uri, mark string) {
	if u := rec.URI(); u != "" {
		return display.Text(display.URI(u)), ""
	}
	if v, _ := ssd3.StoredValue(rec, ssd3.FieldURI); v != "" {
		return display.Text(v), invalidMark
	}
	return "(no URI)", ""
}

// markedWrap wraps mark+text to w cells, breaking after breaks, the mark
// (invalidMark, or none) drawn in warn and the text in st. The mark's
// blank may be where the first row breaks.
func markedWrap(mark, text string, w int, breaks string, warn, st lipgloss.Style) string {
	rows := strings.Split(ansi.Wrap(mark+text, w, breaks), "\n")
	mark = strings.TrimSpace(mark)
	for i, r := range rows {
		if rest, ok := strings.CutPrefix(r, mark); ok && i == 0 && mark != "" {
			rows[i] = warn.Render(mark) + st.Render(rest)
		} else {
			rows[i] = st.Render(r)
		}
	}
	return strings.Join(rows, "\n")
}

func starsFor(m *Model, n int, selected bool) string {
	if !selected {
		return m.th.Stars(n)
	}
	return m.th.StarsOn(n, m.th.RowSelected)
}

// pad pads a styled line to w cells with style st (the row background).
func pad(s string, w int, st lipgloss.Style) string {
	sw := ansi.StringWidth(s)
	if sw > w {
		return ansi.Truncate(s, w, "…")
	}
	return s + st.Render(strings.Repeat(" ", w-sw))
}

// categoryWidth is the most of a row w cells wide that its category
// takes: a fifth, up to 18 cells, on a terminal of common width; a wide
// one gives it a quarter, so that a path is seen whole there rather than
// cut beside empty room.
func categoryWidth(w int) int {
	if w >= 120 {
		return w / 4
	}
	return min(18, max(6, w/5))
}

// truncatePath cuts a category path to w cells in its middle, keeping its
// last element, which says the most, and as much of its start as fits:
// "Bookmarks Me…/2019"; "…/Go" when the start would be too short to read,
// "…Go" when the last element alone is too long.
func truncatePath(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	i := strings.LastIndex(s, "/")
	if i < 0 {
		return ansi.Truncate(s, w, "…")
	}
	last := s[i+1:]
	if head := w - ansi.StringWidth(last) - 1; head >= 4 {
		return ansi.Truncate(s[:i], head, "…") + "/" + last
	}
	if t := "…/" + last; ansi.StringWidth(t) <= w {
		return t
	}
	return "…" + dialog.FitLeft(last, w-1, "")
}

// styled renders plain text cut to w cells, with the runes hits marks
// drawn in hl and the rest in base.
func styled(text string, w int, base, hl lipgloss.Style, hits []bool) string {
	text = ansi.Truncate(text, w, "…")
	if len(hits) == 0 {
		return base.Render(text)
	}
	var b, run strings.Builder
	inHit := false
	flush := func() {
		if run.Len() == 0 {
			return
		}
		if inHit {
			b.WriteString(hl.Render(run.String()))
		} else {
			b.WriteString(base.Render(run.String()))
		}
		run.Reset()
	}
	i := 0
	for _, r := range text {
		h := i < len(hits) && hits[i]
		if h != inHit {
			flush()
			inHit = h
		}
		run.WriteRune(r)
		i++
	}
	flush()
	return b.String()
}

// maxMessageLines is the most lines a message takes above the status bar.
const maxMessageLines = 3

// messageLines shows the last message, or why the search is not valid,
// coloured by its severity and wrapped, not cut: at most maxMessageLines
// lines; a message longer than that is shortened to what matters most.
func (m *Model) messageLines() []string {
	full, short, sev := m.message()
	if full == "" || m.width <= 0 {
		return nil
	}
	st := m.th.Info
	switch sev {
	case sevSuccess:
		st = m.th.Success
	case sevWarning:
		st = m.th.Warning
	case sevError:
		st = m.th.Error
	}
	w := max(1, m.width-1) // a space before each line
	lines := strings.Split(ansi.Wrap(full, w, " "), "\n")
	if len(lines) > maxMessageLines {
		lines = strings.Split(ansi.Wrap(short, w, " "), "\n")
	}
	if len(lines) > maxMessageLines {
		lines = lines[:maxMessageLines]
		lines[maxMessageLines-1] = ansi.Truncate(lines[maxMessageLines-1]+" …", w, "…") // a window too narrow for any sentence
	}
	for i, line := range lines {
		lines[i] = fit(" "+st.Render(line), m.width)
	}
	return lines
}

// message returns the message to show, whole and shortened, and its
// severity: while the search box holds an invalid search, what is wrong
// with it (the short form leaves out the term, which the search line
// marks) and what the list shows meanwhile; else the last message.
func (m *Model) message() (full, short string, sev severity) {
	e := m.searchError()
	if e == nil {
		msg := display.Text(m.status.msg)
		return msg, msg, m.status.sev
	}
	shown := "nothing is shown until it is"
	if q := m.list.Answer().Query(); q != nil {
		n := fmt.Sprintf("%d matches", m.list.Answer().Len())
		if m.list.Answer().Len() == 1 {
			n = "1 match"
		}
		shown = fmt.Sprintf("showing the %s for “%s” meanwhile", n, display.Text(strings.TrimSpace(q.String())))
	}
	full = fmt.Sprintf("Not a valid search: %s; %s.", display.Text(e.Error()), shown)
	short = display.Text(e.Reason) + "."
	return full, short, sevWarning
}

// statusBar shows the counts, sort, group, filter and the catalogue path.
func (m *Model) statusBar() string {
	th := m.th
	sep := th.StatusBar.Render("  ")
	parts := []string{th.StatusBrand.Render("uricat")}
	if res := m.list.Answer(); res != nil {
		shown := fmt.Sprint(res.Len())
		if m.list.Counting() {
			// A pass over new records (an import, a reload) is running:
			// the rows shown are the last pass's, not a count of these.
			shown = "…"
		}
		counts := fmt.Sprintf("%s/%d", shown, len(m.list.Records()))
		parts = append(parts, th.StatusValue.Render(counts)+th.StatusKey.Render(" shown"))
		if on, hidden := m.list.MarkCounts(); on+hidden > 0 {
			sel := th.StatusValue.Render(fmt.Sprint(on+hidden)) + th.StatusKey.Render(" selected")
			if hidden > 0 {
				sel += th.StatusKey.Render(fmt.Sprintf(", %d hidden", hidden))
			}
			parts = append(parts, sel)
		}
		if inv := res.Invalid(); inv > 0 {
			parts = append(parts, th.Error.Inherit(th.StatusBar).Render(fmt.Sprintf("✗ %d invalid", inv)))
		}
	}
	sortText := "file order"
	if key := m.list.SortKey(); !key.IsZero() {
		sortText = strings.ToLower(key.Field()) + " ↑"
		if key.Descending() {
			sortText = strings.ToLower(key.Field()) + " ↓"
		}
	}
	parts = append(parts, th.StatusKey.Render("sort ")+th.StatusValue.Render(sortText))
	if g := m.list.Group(); !g.IsZero() {
		parts = append(parts, th.StatusKey.Render("group ")+th.StatusValue.Render(g.String()))
	}
	if q := m.input.Value(); q != "" && m.mode != modeSearch {
		parts = append(parts, th.StatusKey.Render("filter ")+th.StatusValue.Render(ansi.Truncate(display.Text(q), 20, "…")))
	}
	if m.store.WaitingLock() {
		parts = append(parts, th.Warning.Inherit(th.StatusBar).Render("waiting for another uricat to finish saving"))
	} else if m.store.Saving() {
		parts = append(parts, m.spin.View()+th.StatusKey.Render(" saving"))
	} else if busy, _ := m.list.Busy(); busy && m.spin.on {
		parts = append(parts, m.spin.View()+th.StatusKey.Render(" searching"))
	} else if m.store.Unsaved() {
		parts = append(parts, th.Error.Inherit(th.StatusBar).Render("unsaved"))
	}
	left := strings.Join(parts, sep)
	// A link check under way takes the place of the path.
	if p := m.links.progress(m.width - ansi.StringWidth(left) - 2); p != "" {
		return pad(left+sep+p, m.width, th.StatusBar)
	}
	room := m.width - ansi.StringWidth(left) - 2
	path := display.Text(m.store.Path())
	if room >= 8 {
		path = dialog.FitLeft(path, room, "…")
		right := th.StatusKey.Render(path)
		gap := m.width - ansi.StringWidth(left) - ansi.StringWidth(right)
		return left + th.StatusBar.Render(strings.Repeat(" ", max(1, gap))) + right
	}
	return pad(left, m.width, th.StatusBar)
}

// helpLine is the short help for the current mode.
func (m *Model) helpLine() string {
	h := m.help
	h.ShowAll = false
	var km help.KeyMap = m.keys
	switch {
	case m.host.dialogs.Len() > 0:
		km = m.host.KeyMap()
	case m.mode == modeSearch:
		km = searchHelp{m.keys}
	case m.detail.focused:
		km = m.detail.KeyMap()
	case m.help.ShowAll:
		km = fullHelpBar{m.keys, m.help.language}
	case len(m.list.Marked()) > 0:
		km = selectionHelp{m.keys}
	}
	return fit(" "+h.View(km), m.width)
}
