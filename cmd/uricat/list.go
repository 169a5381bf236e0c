package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	jsonformat "github.com/uricat/uricat/importers/json"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/linkcheck"
)

// listOptions are the flags of `uricat list`.
type listOptions struct {
	json, long     bool
	sort, group, q string
}

func newListCmd(e *env, runF func(*listOptions) error) *cobra.Command {
	var o listOptions
	cmd := &cobra.Command{
		Use:   "list",
		Short: "Print the valid records, in file order unless sorted",
		Long: `List prints the valid records (SSD3 2.2: those with a valid URI, NAME and
DATE), in file order unless sorted, optionally grouped and searched, as
text or as JSON. The invalid records are reported on stderr. The search
language: uricat help search.

Each record starts with its handle, the line it starts at, which open, show,
set, rm and edit take as its SELECTOR (uricat open 12). At a terminal (or
with $COLUMNS set) the columns fit its width; to a pipe nothing is cut: a
line a record, its fields separated by tabs (handle, NAME, RATING, CATEGORY,
DATE, URI; with --long also the tags and the DESCRIPTION), for grep and cut.`,
		Example: `  uricat list --sort rating:desc
  uricat list --group category --json
  uricat list --search 'cat:programming rating:>=4 -"old stuff"'
  uricat list --long | grep -i kernel`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error { return runWith(runF, &o, func() error { return o.run(e) }) },
	}
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print JSON")
	f.BoolVar(&o.long, "long", false, "also print each record's tags and description")
	f.StringVar(&o.sort, "sort", "", "sort by `KEY`: name, date or rating, with :desc for descending")
	f.StringVar(&o.group, "group", "", "group by `FIELD`: name, date[:year|month|day], category, rating, language or type")
	f.StringVar(&o.q, "search", "", "only the records that match the search `QUERY` (see uricat help search)")
	return cmd
}

func (o *listOptions) run(e *env) error {
	if o.sort == "" && o.group == "" {
		// The configuration's, when the command line says neither.
		o.sort, o.group = e.configFile().Sort, e.configFile().Group
	}
	var key query.SortKey
	var err error
	if o.sort != "" {
		if key, err = query.ParseSortKey(o.sort); err != nil {
			return usageError(err)
		}
	}
	var group query.GroupKey
	if o.group != "" {
		if group, err = query.ParseGroupKey(o.group); err != nil {
			return usageError(err)
		}
	}
	q, err := e.parseSearch(o.q)
	if err != nil {
		return usageError(err)
	}
	recs, q, err := e.searchAnswered(q)
	if err != nil {
		return err
	}
	query.Sort(recs, key)
	if key.IsZero() {
		rankByText(recs, q)
	}
	var groups []query.Group
	if !group.IsZero() {
		groups = query.GroupRecords(recs, group)
	}
	return o.print(e, recs, q, groups)
}

// print prints recs as list does, in groups if groups is not nil, as
// text or (--json) JSON; q is the search that found them, for the
// snippets of its text: terms.
func (o *listOptions) print(e *env, recs []*ssd3.Record, q *query.Query, groups []query.Group) error {
	if o.json {
		// Each record with its link's status, if `uricat links` checked
		// it; results that cannot be read only leave the statuses out.
		state, err := e.linkState()
		if err != nil {
			fmt.Fprintf(e.stderr, "uricat list: note: no link statuses: %s\n", display.Lines(err.Error()))
		}
		if groups != nil {
			out := make([]listJSONGroup, 0, len(groups))
			for _, g := range groups {
				out = append(out, listJSONGroup{Group: g.Label, Records: withSnippets(toJSON(g.Records, state), g.Records, e.snippets(g.Records, q))})
			}
			return e.printJSON(out)
		}
		// One record at a time: the same bytes as printJSON's, in a
		// small part of its memory.
		if err := jsonformat.EncodeArray(e.stdout, withSnippets(toJSON(recs, state), recs, e.snippets(recs, q))); err != nil {
			return refused(err)
		}
		return nil
	}
	if groups == nil {
		groups = []query.Group{{Records: recs}}
	}
	// Written as it is made, through one buffer: the whole text at once
	// was as large again as what it shows, all of it new memory, which a
	// one-shot process pays for page by page.
	w := bufio.NewWriterSize(e.stdout, 64<<10)
	o.writeText(w, e, groups)
	if err := w.Flush(); err != nil {
		return refused(err)
	}
	return nil
}

// writeText writes the groups to w as list prints them: in columns fitted
// to the width at a terminal (or $COLUMNS), else one line a record,
// tab-separated, nothing cut. Errors are w's, told by its Flush.
func (o *listOptions) writeText(w *bufio.Writer, e *env, groups []query.Group) {
	width, columns := listWidth(e.stdout)
	var cols listColumns
	if columns {
		var all []*ssd3.Record
		for _, g := range groups {
			all = append(all, g.Records...)
		}
		cols = fitColumns(all, width)
	}
	for i, g := range groups {
		if g.Label != "" {
			if i > 0 {
				w.WriteByte('\n')
			}
			fmt.Fprintf(w, "== %s (%d)\n", display.Text(g.Label), len(g.Records))
		}
		for _, r := range g.Records {
			if !columns {
				writeTabbed(w, r, o.long)
				continue
			}
			cols.write(w, listRow(r))
			if o.long {
				writeLong(w, r)
			}
		}
	}
}

// writeTabbed writes r as one line of tab-separated fields (display.Text
// leaves no tab or line break in a value): handle, NAME, RATING (a number,
// empty for none), CATEGORY, DATE, URI, and with long the tags (a, b) and
// the DESCRIPTION.
func writeTabbed(w *bufio.Writer, r *ssd3.Record, long bool) {
	w.Write(strconv.AppendInt(w.AvailableBuffer(), int64(r.Line()), 10))
	w.WriteByte('\t')
	w.WriteString(display.Text(r.Name()))
	w.WriteByte('\t')
	if r.Rating() > 0 {
		w.Write(strconv.AppendInt(w.AvailableBuffer(), int64(r.Rating()), 10))
	}
	for _, f := range [...]string{display.Text(r.Category()), display.Date(r.Date()), display.Text(display.URI(r.URI()))} {
		w.WriteByte('\t')
		w.WriteString(f)
	}
	if long {
		w.WriteByte('\t')
		w.WriteString(display.Text(r.Extension(ssd3.FieldTags)))
		w.WriteByte('\t')
		w.WriteString(display.Text(r.Description()))
	}
	w.WriteByte('\n')
}

// writeLong writes the lines --long adds under a record's columns: its
// tags and its description, each line of it indented.
func writeLong(w *bufio.Writer, r *ssd3.Record) {
	if tags := r.Extension(ssd3.FieldTags); tags != "" {
		fmt.Fprintf(w, "%stags: %s\n", longIndent, display.Text(tags))
	}
	if d := r.Description(); d != "" {
		for _, line := range strings.Split(display.Lines(d), "\n") {
			w.WriteString(longIndent)
			w.WriteString(line)
			w.WriteByte('\n')
		}
	}
}

// longIndent indents the lines --long adds under a record.
const longIndent = "        "

// listRow is a record's columns as list shows them: text as it reads
// (display.Text), the URI as people read it (display.URI,
// as the TUI shows it; --json keeps the stored form).
func listRow(r *ssd3.Record) [6]string {
	return [6]string{strconv.Itoa(r.Line()), display.Text(r.Name()), stars(r.Rating()), display.Text(r.Category()),
		display.Date(r.Date()), display.Text(display.URI(r.URI()))}
}

// listColumns are the widths, in terminal cells, of list's columns but the
// last, the URI, which is never cut: a line that cannot hold it whole goes
// past the width (the terminal wraps it), and the NAME gives way first.
// The first is the handle, right-aligned.
type listColumns [5]int

// listGap is the blank between two columns.
const listGap = 2

// Below these, NAME and CATEGORY are not cut further: a line that the
// other columns fill is let run past the width.
const (
	minNameWidth     = 12
	maxCategoryWidth = 24
)

// fitColumns lays list's columns out in width cells: the stars, the date
// and the URI whole (the URI's column as wide as half the width at most,
// so that one long URI does not squeeze every NAME), CATEGORY cut after
// maxCategoryWidth, and NAME in what is left, cut with "…", never below
// minNameWidth (nor wider than the longest name).
func fitColumns(recs []*ssd3.Record, width int) listColumns {
	var most [6]int
	for _, r := range recs {
		for i, v := range listRow(r) {
			most[i] = max(most[i], ansi.StringWidth(v))
		}
	}
	cols := listColumns{most[0], 0, most[2], min(most[3], maxCategoryWidth), most[4]}
	uri := min(most[5], width/2)
	cols[1] = width - uri - cols[0] - cols[2] - cols[3] - cols[4] - 5*listGap
	cols[1] = min(max(cols[1], minNameWidth), most[1])
	return cols
}

// write writes one row to w: each column but the last cut to its width
// with "…" and padded, then the URI whole.
func (c listColumns) write(w *bufio.Writer, row [6]string) {
	pad(w, c[0]-len(row[0]))
	w.WriteString(row[0])
	pad(w, listGap)
	for i, width := range c[1:] {
		v := row[i+1]
		vw := ansi.StringWidth(v)
		if vw > width {
			v = ansi.Truncate(v, width, "…")
			vw = ansi.StringWidth(v)
		}
		w.WriteString(v)
		pad(w, width-vw+listGap)
	}
	w.WriteString(row[5])
	w.WriteByte('\n')
}

// pad writes n spaces to w (none if n is not above 0).
func pad(w *bufio.Writer, n int) {
	for n > 0 {
		k := min(n, len(spaces))
		w.WriteString(spaces[:k])
		n -= k
	}
}

// spaces are what pad writes, a piece at a time.
const spaces = "                                                                "

// listWidth is the width list fits its columns to, and whether it lays
// out columns at all: the terminal's when w is one, else $COLUMNS when
// set (a user who asks for a width); else none, for a pipe, which gets
// every value whole.
func listWidth(w io.Writer) (width int, columns bool) {
	if f, ok := w.(*os.File); ok && isTerminal(f) {
		if cols, _, err := term.GetSize(f.Fd()); err == nil && cols > 0 {
			return cols, true
		}
	}
	if cols, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && cols > 0 {
		return cols, true
	}
	return 80, terminal(w)
}

// printJSON prints v as indented JSON on stdout, as the json export does
// (& < > as they are, no control character raw).
func (e *env) printJSON(v any) error {
	if err := jsonformat.Encode(e.stdout, v); err != nil {
		return refused(err)
	}
	return nil
}

// listJSON is a record as `uricat list --json` prints it: its JSON form
// and, once `uricat links` has checked it, its link's status.
type listJSON struct {
	jsonformat.Record
	// Tags are X-TAGS as a list; Line is where the record starts, its
	// handle.
	Tags []string         `json:"tags"`
	Line int              `json:"line"`
	Link linkcheck.Status `json:"link,omitempty"`
	// Snippet is a short excerpt of the archived page around what a
	// text: term found in it.
	Snippet string `json:"snippet,omitempty"`
}

// listJSONGroup is a group as `uricat list --group F --json` prints it.
type listJSONGroup struct {
	Group   string     `json:"group"`
	Records []listJSON `json:"records"`
}

// toJSON returns recs in list's JSON form, with the link statuses state
// holds (none if it is nil).
func toJSON(recs []*ssd3.Record, state *linkcheck.State) []listJSON {
	out := make([]listJSON, len(recs))
	for i, r := range recs {
		out[i].Record = jsonformat.FromRecord(r)
		out[i].Tags = ssd3.SplitTags(r.Extension(ssd3.FieldTags))
		if out[i].Tags == nil {
			out[i].Tags = []string{}
		}
		out[i].Line = r.Line()
		if state != nil {
			if res, ok := state.Get(r.URI()); ok {
				out[i].Link = res.Status
			}
		}
	}
	return out
}

func stars(n int) string {
	if n == 0 {
		return "-"
	}
	return strings.Repeat("*", n)
}
