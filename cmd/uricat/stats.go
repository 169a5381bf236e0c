package main

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/categorytree"
	"github.com/uricat/uricat/internal/display"
)

// statsOptions are the flags of `uricat stats`.
type statsOptions struct {
	json bool
}

func newStatsCmd(e *env) *cobra.Command {
	var o statsOptions
	cmd := &cobra.Command{
		Use:   "stats",
		Short: "Show the collection at a glance: records by category, rating and year, as bar charts",
		Long: `Stats counts the valid records by top-level category (the first name of
their CATEGORY path; the largest ones, the rest together), by rating, and
by the year they were added (X-ADDED, else DATE), and counts the records
with problems and those not used for an error (uricat check says which),
and draws each count as a bar as wide as the terminal allows. With --json it prints the counts.`,
		Example: "  uricat stats\n  uricat stats --json",
		Args:    noArgs,
		RunE:    func(*cobra.Command, []string) error { return o.run(e) },
	}
	cmd.Flags().BoolVar(&o.json, "json", false, `print JSON: {"records": ..., "categories": [{"name": ..., "count": ...}], ...}`)
	return cmd
}

// collectionStats is what stats counts; its JSON is --json's.
type collectionStats struct {
	// Records counts every record of the file; Valid, those uricat uses.
	Records int `json:"records"`
	Valid   int `json:"valid"`
	// Categories are by the first name of the path; "" is no category.
	Categories []count `json:"categories"`
	// Ratings are "1" to "5", then "unrated".
	Ratings []count `json:"ratings"`
	// Years are the years records were added, in order.
	Years []count `json:"years"`
	// Invalid counts the records not used, for an error; Problems, the
	// valid records that have problems all the same (uricat check).
	Invalid  int `json:"invalid"`
	Problems int `json:"problems"`
}

// topCategories is how many categories stats draws; the others are one bar.
const topCategories = 15

func (o *statsOptions) run(e *env) error {
	c, err := e.openReadOnly()
	if err != nil {
		return err
	}
	s := countStats(c.Records())
	if o.json {
		return e.printJSON(s)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d records in %s\n", s.Records, display.Text(c.Path()))
	width := listWidth(e.stdout)
	cats := slices.Clone(s.Categories)
	for i := range cats {
		if cats[i].Name == "" {
			cats[i].Name = "(no category)"
		}
	}
	if len(cats) > topCategories {
		rest := 0
		for _, c := range cats[topCategories-1:] {
			rest += c.Count
		}
		cats = append(cats[:topCategories-1], count{fmt.Sprintf("(%d others)", len(cats)-topCategories+1), rest})
	}
	ratings := slices.Clone(s.Ratings)
	for i := range ratings {
		if n, err := strconv.Atoi(ratings[i].Name); err == nil {
			ratings[i].Name = stars(n)
		}
	}
	health := []count{{"fine", s.Valid - s.Problems}, {"with problems", s.Problems}, {"not used", s.Invalid}}
	for _, chart := range []struct {
		title  string
		counts []count
	}{
		{"Records", health},
		{"By category", cats},
		{"By rating", ratings},
		{"By year added", s.Years},
	} {
		fmt.Fprintf(&b, "\n%s\n", chart.title)
		drawBars(&b, chart.counts, width)
	}
	if _, err := fmt.Fprint(e.stdout, b.String()); err != nil {
		return refused(err)
	}
	return nil
}

// countStats counts recs.
func countStats(recs []*catalogue.Record) collectionStats {
	s := collectionStats{Records: len(recs), Categories: []count{}, Ratings: []count{}, Years: []count{}}
	var valid []*catalogue.Record
	ratings := make([]int, 6)
	years := map[int]int{}
	for _, r := range recs {
		if !r.Valid() {
			s.Invalid++
			continue
		}
		valid = append(valid, r)
		if len(r.Problems()) > 0 {
			s.Problems++
		}
		ratings[r.Rating()]++
		if t := r.Added(); !t.IsZero() {
			years[t.Year()]++
		}
	}
	s.Valid = len(valid)
	tree := categorytree.Build(valid)
	for _, i := range tree.Top() {
		n := tree.Nodes[i]
		s.Categories = append(s.Categories, count{n.Name, n.Total})
	}
	slices.SortStableFunc(s.Categories, func(a, b count) int { return cmp.Compare(b.Count, a.Count) })
	for r := 5; r >= 1; r-- {
		s.Ratings = append(s.Ratings, count{strconv.Itoa(r), ratings[r]})
	}
	s.Ratings = append(s.Ratings, count{"unrated", ratings[0]})
	for y, n := range years {
		s.Years = append(s.Years, count{strconv.Itoa(y), n})
	}
	slices.SortFunc(s.Years, func(a, b count) int { return strings.Compare(a.Name, b.Name) })
	return s
}

// drawBars draws counts as a bar chart of width cells: each label (cut
// to a third of the width), a bar of "#" as long as its count is to the
// largest (one "#" at least for a count that is not 0), and the count.
func drawBars(b *strings.Builder, counts []count, width int) {
	if len(counts) == 0 {
		b.WriteString("  (none)\n")
		return
	}
	labelW, most := 0, 0
	labels := make([]string, len(counts))
	for i, c := range counts {
		labels[i] = display.Text(c.Name)
		labelW = max(labelW, ansi.StringWidth(labels[i]))
		most = max(most, c.Count)
	}
	labelW = min(labelW, max(width/3, 8))
	numW := len(strconv.Itoa(most))
	barW := max(width-2-labelW-2-2-numW, 1)
	for i, c := range counts {
		label := labels[i]
		if ansi.StringWidth(label) > labelW {
			label = ansi.Truncate(label, labelW, "…")
		}
		bar := 0
		if most > 0 {
			bar = (c.Count*barW + most - 1) / most // rounded up: a count that is not 0 shows
		}
		fmt.Fprintf(b, "  %s%s  %s%s  %*d\n", label, strings.Repeat(" ", labelW-ansi.StringWidth(label)),
			strings.Repeat("#", bar), strings.Repeat(" ", barW-bar), numW, c.Count)
	}
}
