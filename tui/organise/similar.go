package organise

import (
	"fmt"
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/catalogue/stats"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/dialog"
)

// The tags view's groups of similar tags ("AdTech", "ad-tech", "#adtech"),
// found by stats.Similar as `uricat tags --similar` finds them: marked
// "≈" among the tags, shown together on their own (~), and merged in one
// edit (m).

// tagCounts are what the view counts in a command: the tags, and their
// groups of similar ones.
type tagCounts struct {
	tags   []Tag
	groups []stats.Group
}

// countAll counts the tags of recs' valid records and groups the similar
// ones.
func countAll(recs []*ssd3.Record) tagCounts {
	tags := CountTags(recs)
	return tagCounts{tags, stats.Similar(tags)}
}

// Group returns the group of similar tags that the tag under the cursor
// is in, nil when it is in none.
func (v *Tags) Group() *stats.Group {
	t := v.Tag()
	if t == nil {
		return nil
	}
	i, ok := v.groupOf[t.Name]
	if !ok {
		return nil
	}
	return &v.groups[i]
}

// shownGroups returns the tags of the groups that hold a tag the filter
// keeps, each group's together, its most used first; the groups by their
// suggested name or, byCount, by how many uses they have.
func (v *Tags) shownGroups() []Tag {
	gs := make([]stats.Group, 0, len(v.groups))
	for _, g := range v.groups {
		if slices.ContainsFunc(g, func(t Tag) bool { return v.list.Filter.Holds(t.Name) }) {
			gs = append(gs, g)
		}
	}
	if v.byCount {
		slices.SortStableFunc(gs, func(a, b stats.Group) int { return b.Total() - a.Total() })
	}
	var out []Tag
	for _, g := range gs {
		out = append(out, g...)
	}
	return out
}

// marks returns what row i of the tags shown has before its name and
// after it: showing the groups, a bracket that joins a group's rows
// ("┌", "│", "└"); showing every tag, "≈" after a tag that has similar
// ones.
func (v *Tags) marks(i int) (before, after string) {
	g, grouped := v.groupOf[v.tags[i].Name]
	if !v.similar {
		if grouped {
			return "", " ≈"
		}
		return "", ""
	}
	same := func(j int) bool {
		if j < 0 || j >= len(v.tags) {
			return false
		}
		h, ok := v.groupOf[v.tags[j].Name]
		return ok && h == g
	}
	switch {
	case !same(i - 1):
		return "┌ ", ""
	case !same(i + 1):
		return "└ ", ""
	}
	return "│ ", ""
}

// mergePrompt asks for the name to merge the group g into, offering its
// most used spelling (any other name will do): one edit, MergeTags, that
// u undoes as one.
func (v *Tags) mergePrompt(g stats.Group) *prompt {
	from := g.Names()
	quoted := make([]string, len(from))
	for i, t := range from {
		quoted[i] = "“" + t + "”"
	}
	plan := func(val string) (string, catalogue.MergeTags, error) {
		to := strings.TrimSpace(val)
		e := catalogue.MergeTags{From: from, To: to}
		if err := ssd3.CheckTag(to); err != nil {
			return "", e, err
		}
		n, err := v.ctx.Store.Catalogue().Preview(e)
		if err != nil {
			return "", e, err
		}
		say := fmt.Sprintf("merges %s into “%s”", strings.Join(quoted, ", "), to)
		if !slices.Contains(from, to) {
			if i := slices.IndexFunc(v.all, func(t Tag) bool { return t.Name == to }); i >= 0 {
				say += fmt.Sprintf(" (%s there already)", plural.Of(v.all[i].Count, "record"))
			}
		}
		return fmt.Sprintf("%s: changes %s; %s", say, plural.Of(n, "record"), amended), e, nil
	}
	return newPrompt(v.ctx, fmt.Sprintf("Merge %d similar tags into", len(from)), from[0],
		func(val string) (string, error) { say, _, err := plan(val); return say, err },
		func(val string) (tea.Cmd, error) {
			_, e, _ := plan(val)
			what := fmt.Sprintf("merged %s into “%s”", plural.Of(len(from), "tag"), e.To)
			return v.ctx.Store.Apply(e, display.Text(what)+dialog.UndoHint)
		}).completing(from)
}
