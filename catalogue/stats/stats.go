// Package stats counts a collection for a picture of it: records by
// top-level category, by rating, by the year they were added, and those
// with problems; and draws the counts as bar charts of text. `uricat
// stats` prints them and the TUI's stats view shows them, so that both
// give the same numbers, drawn the same way. It counts the tags and
// categories `uricat tags` and `uricat categories` list, and groups the
// tags likely one (Similar), for `uricat tags --similar` and the TUI's
// tags view alike.
package stats

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/catalogue/categorytree"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
)

// Count is one bar: a name and its count.
type Count struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// Stats is what Of counts; its JSON is `uricat stats --json`'s.
type Stats struct {
	// Records counts every record of the file; Valid, those uricat uses.
	Records int `json:"records"`
	Valid   int `json:"valid"`
	// Categories are by the first name of the path, most records first;
	// "" is no category.
	Categories []Count `json:"categories"`
	// Ratings are "5" to "1", then "unrated".
	Ratings []Count `json:"ratings"`
	// Years are the years records were added, in order.
	Years []Count `json:"years"`
	// Invalid counts the records not used, for an error; Problems, the
	// valid records that have problems all the same (uricat check).
	Invalid  int `json:"invalid"`
	Problems int `json:"problems"`
}

// Of counts recs.
func Of(recs []*ssd3.Record) Stats {
	s := Stats{Records: len(recs), Categories: []Count{}, Ratings: []Count{}, Years: []Count{}}
	var valid []*ssd3.Record
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
		s.Categories = append(s.Categories, Count{n.Name, n.Total})
	}
	slices.SortStableFunc(s.Categories, func(a, b Count) int { return cmp.Compare(b.Count, a.Count) })
	for r := 5; r >= 1; r-- {
		s.Ratings = append(s.Ratings, Count{strconv.Itoa(r), ratings[r]})
	}
	s.Ratings = append(s.Ratings, Count{"unrated", ratings[0]})
	for y, n := range years {
		s.Years = append(s.Years, Count{strconv.Itoa(y), n})
	}
	slices.SortFunc(s.Years, func(a, b Count) int { return strings.Compare(a.Name, b.Name) })
	return s
}

// Chart is a titled bar chart.
type Chart struct {
	Title  string
	Counts []Count
}

// TopCategories is how many categories Charts draws; the others are one
// bar.
const TopCategories = 15

// Charts returns the charts of s as a person reads them: the records'
// health, the largest categories (the rest as one bar), the ratings as
// stars (stars(n) draws n of them; "-" is unrated) and the years.
func (s Stats) Charts(stars func(n int) string) []Chart {
	cats := slices.Clone(s.Categories)
	for i := range cats {
		if cats[i].Name == "" {
			cats[i].Name = "(no category)"
		}
	}
	if len(cats) > TopCategories {
		rest := 0
		for _, c := range cats[TopCategories-1:] {
			rest += c.Count
		}
		cats = append(cats[:TopCategories-1], Count{fmt.Sprintf("(%d others)", len(cats)-TopCategories+1), rest})
	}
	ratings := slices.Clone(s.Ratings)
	for i := range ratings {
		if n, err := strconv.Atoi(ratings[i].Name); err == nil {
			ratings[i].Name = stars(n)
		}
	}
	health := []Count{{"fine", s.Valid - s.Problems}, {"with problems", s.Problems}, {"not used", s.Invalid}}
	return []Chart{
		{"Records", health},
		{"By category", cats},
		{"By rating", ratings},
		{"By year added", s.Years},
	}
}

// Bars draws counts as a bar chart of width cells, a line each: the
// label (cut to a third of the width; shown as display.Text shows it),
// a bar as long as its count is to the largest (one cell at least for a
// count that is not 0), and the count. paint draws a bar of n cells
// ("#"s in plain text; a colour in the TUI).
func Bars(b *strings.Builder, counts []Count, width int, paint func(n int) string) {
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
			paint(bar), strings.Repeat(" ", barW-bar), numW, c.Count)
	}
}

// Hashes is Bars' paint for plain text: n "#"s.
func Hashes(n int) string { return strings.Repeat("#", n) }

// Values counts, over recs' valid records, each of the values values
// returns for a record (its tags, its category), and sorts them by name
// ignoring case. `uricat tags`, `uricat categories`, their completion and
// the TUI's tags view count with it, so that they give the same numbers.
func Values(recs []*ssd3.Record, values func(*ssd3.Record) []string) []Count {
	n := map[string]int{}
	for _, r := range recs {
		if r.Valid() {
			for _, v := range values(r) {
				n[v]++
			}
		}
	}
	out := make([]Count, 0, len(n))
	for name, k := range n {
		out = append(out, Count{name, k})
	}
	slices.SortFunc(out, byName)
	return out
}

// TagsOf returns r's tags (its X-TAGS, split).
func TagsOf(r *ssd3.Record) []string {
	return ssd3.SplitTags(r.Extension(ssd3.FieldTags))
}

// Tags counts the tags of recs' valid records, sorted by name ignoring
// case.
func Tags(recs []*ssd3.Record) []Count { return Values(recs, TagsOf) }
