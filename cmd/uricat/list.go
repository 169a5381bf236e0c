package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	jsonformat "github.com/uricat/uricat/importers/json"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/linkcheck"
)

// listOptions are the flags of `uricat list`.
type listOptions struct {
	json           bool
	sort, group, q string
}

func newListCmd(e *env) *cobra.Command {
	var o listOptions
	cmd := &cobra.Command{
		Use:   "list",
		Short: "Print the valid records, in file order unless sorted",
		Long: `List prints the valid records (SSD3 2.2: those with a valid URI, NAME and
DATE), in file order unless sorted, optionally grouped and searched, as
text or as JSON. The invalid records are reported on stderr. The search
language: uricat help search.`,
		Example: `  uricat list --sort rating:desc
  uricat list --group category --json
  uricat list --search 'cat:programming rating:>=4 -"old stuff"'`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error { return o.run(e) },
	}
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print JSON")
	f.StringVar(&o.sort, "sort", "", "sort by `KEY`: name, date or rating, with :desc for descending")
	f.StringVar(&o.group, "group", "", "group by `FIELD`: name, date[:year|month|day], category, rating, language or type")
	f.StringVar(&o.q, "search", "", "only the records that match the search `QUERY` (see uricat help search)")
	return cmd
}

func (o *listOptions) run(e *env) error {
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
	q, err := query.Parse(o.q)
	if err != nil {
		return usageError(err)
	}
	recs, err := e.search(q)
	if err != nil {
		return err
	}
	query.Sort(recs, key)
	var groups []query.Group
	if !group.IsZero() {
		groups = query.GroupRecords(recs, group)
	}
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
				out = append(out, listJSONGroup{Group: g.Label, Records: toJSON(g.Records, state)})
			}
			return e.printJSON(out)
		}
		// One record at a time: the same bytes as printJSON's, in a
		// small part of its memory.
		if err := jsonformat.EncodeArray(e.stdout, toJSON(recs, state)); err != nil {
			return refused(err)
		}
		return nil
	}
	if groups == nil {
		groups = []query.Group{{Records: recs}}
	}
	var all []*catalogue.Record
	for _, g := range groups {
		all = append(all, g.Records...)
	}
	cols := fitColumns(all, listWidth(e.stdout))
	var b strings.Builder
	for i, g := range groups {
		if g.Label != "" {
			if i > 0 {
				b.WriteByte('\n')
			}
			fmt.Fprintf(&b, "== %s (%d)\n", display.Text(g.Label), len(g.Records))
		}
		for _, r := range g.Records {
			cols.write(&b, listRow(r))
		}
	}
	if _, err := io.WriteString(e.stdout, b.String()); err != nil {
		return refused(err)
	}
	return nil
}

// listRow is a record's columns as list shows them: text as it reads
// (display.Text), the URI as people read it (display.URI,
// as the TUI shows it; --json keeps the stored form).
func listRow(r *catalogue.Record) [5]string {
	return [5]string{display.Text(r.Name()), stars(r.Rating()), display.Text(r.Category()),
		display.Date(r.Date()), display.Text(display.URI(r.URI()))}
}

// listColumns are the widths, in terminal cells, of list's columns but the
// last, the URI, which is never cut: a line that cannot hold it whole goes
// past the width (the terminal wraps it), and the NAME gives way first.
type listColumns [4]int

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
func fitColumns(recs []*catalogue.Record, width int) listColumns {
	var most [5]int
	for _, r := range recs {
		for i, v := range listRow(r) {
			most[i] = max(most[i], ansi.StringWidth(v))
		}
	}
	cols := listColumns{0, most[1], min(most[2], maxCategoryWidth), most[3]}
	uri := min(most[4], width/2)
	cols[0] = width - uri - cols[1] - cols[2] - cols[3] - 4*listGap
	cols[0] = min(max(cols[0], minNameWidth), most[0])
	return cols
}

// write writes one row: each column but the last cut to its width with "…"
// and padded, then the URI whole.
func (c listColumns) write(b *strings.Builder, row [5]string) {
	for i, w := range c {
		v := row[i]
		if ansi.StringWidth(v) > w {
			v = ansi.Truncate(v, w, "…")
		}
		b.WriteString(v)
		b.WriteString(strings.Repeat(" ", w-ansi.StringWidth(v)+listGap))
	}
	b.WriteString(row[4])
	b.WriteByte('\n')
}

// listWidth is the width list fits its lines to: the terminal's, when w
// is one, else $COLUMNS (set by most shells, and by users who pipe
// list), else 80.
func listWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok && isTerminal(f) {
		if cols, _, err := term.GetSize(f.Fd()); err == nil && cols > 0 {
			return cols
		}
	}
	if cols, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && cols > 0 {
		return cols
	}
	return 80
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
	Link linkcheck.Status `json:"link,omitempty"`
}

// listJSONGroup is a group as `uricat list --group F --json` prints it.
type listJSONGroup struct {
	Group   string     `json:"group"`
	Records []listJSON `json:"records"`
}

// toJSON returns recs in list's JSON form, with the link statuses state
// holds (none if it is nil).
func toJSON(recs []*catalogue.Record, state *linkcheck.State) []listJSON {
	out := make([]listJSON, len(recs))
	for i, r := range recs {
		out[i].Record = jsonformat.FromRecord(r)
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
