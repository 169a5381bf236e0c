package main

import (
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/catalogue/stats"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/internal/plural"
)

// The shell completion of values: the records a SELECTOR names, the
// categories and tags in use, the sort and group keys, and the search
// language's qualifiers and their values. Every command's completions are
// declared here, in one table, rather than beside each command's flags.

// maxCompletions bounds what one completion offers: a shell shows no more
// usefully, and a catalogue of a million records is not listed whole.
const maxCompletions = 500

// noFiles ends a completion that offers values, never file names.
const noFiles = cobra.ShellCompDirectiveNoFileComp

// completion is one command's completions: of its arguments, by position,
// and of its flags.
type completion struct {
	path  []string // the command, under the root
	args  []func(e *env, toComplete string) []string
	flags map[string]func(e *env, toComplete string) []string
}

// completions are every command's completions of values.
var completions = []completion{
	{path: []string{"show"}, args: records},
	{path: []string{"open"}, args: records},
	{path: []string{"edit"}, args: records},
	{path: []string{"rm"}, args: records, flags: searchFlag},
	{path: []string{"set"}, args: records, flags: map[string]func(*env, string) []string{
		"category": completeCategories, "add-tags": completeTagList, "remove-tags": completeTagList,
		"tags": completeTagList, "search": completeSearch,
	}},
	{path: []string{"add"}, flags: map[string]func(*env, string) []string{"category": completeCategories, "tags": completeTagList}},
	{path: []string{"list"}, flags: map[string]func(*env, string) []string{
		"sort": completeSortKeys, "group": completeGroupKeys, "search": completeSearch,
	}},
	{path: []string{"links"}, flags: searchFlag},
	{path: []string{"categories", "rename"}, args: twice(completeCategories)},
	{path: []string{"categories", "merge"}, args: twice(completeCategories)},
	{path: []string{"tags", "rename"}, args: twice(completeTags)},
	{path: []string{"tags", "merge"}, args: twice(completeTags)},
	{path: []string{"tags", "rm"}, args: []func(*env, string) []string{completeTags}},
}

// records completes a SELECTOR, any number of them (rm takes several).
var records = []func(*env, string) []string{completeRecords}

// searchFlag completes --search.
var searchFlag = map[string]func(*env, string) []string{"search": completeSearch}

// twice completes the two arguments of a rename or merge alike.
func twice(f func(*env, string) []string) []func(*env, string) []string {
	return []func(*env, string) []string{f, f}
}

// addCompletions gives the commands of root their completions.
func addCompletions(root *cobra.Command, e *env) {
	for _, c := range completions {
		cmd, _, err := root.Find(c.path)
		if err != nil || cmd == root || cmd.Name() != c.path[len(c.path)-1] {
			continue // a run of one command builds the others not
		}
		if len(c.args) > 0 {
			args := c.args
			cmd.ValidArgsFunction = func(_ *cobra.Command, given []string, toComplete string) ([]string, cobra.ShellCompDirective) {
				f := args[min(len(given), len(args)-1)]
				if len(given) >= len(args) && len(args) > 1 {
					return nil, noFiles // a rename takes two
				}
				return startingWith(f(e, toComplete), toComplete), noFiles
			}
		}
		for name, f := range c.flags {
			_ = cmd.RegisterFlagCompletionFunc(name, func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
				values := startingWith(f(e, toComplete), toComplete)
				if name == "search" || strings.HasSuffix(name, "tags") {
					// A search's qualifier, a list's comma: more may follow.
					return values, noFiles | cobra.ShellCompDirectiveNoSpace
				}
				return values, noFiles
			})
		}
	}
}

// startingWith keeps the values (before their description's tab) that
// start with what is typed, ignoring case.
func startingWith(values []string, typed string) []string {
	out := values[:0]
	for _, v := range values {
		text, _, _ := strings.Cut(v, "\t")
		if strings.HasPrefix(strings.ToLower(text), strings.ToLower(typed)) {
			out = append(out, v)
		}
	}
	return out
}

// readForCompletion reads the catalogue to complete from, or nil: a
// completion says nothing of a catalogue it cannot read.
func (e *env) readForCompletion() *catalogue.Catalogue {
	if e.catalogue == "" {
		e.catalogue = defaultPath() // PersistentPreRun does not run for completions
	}
	c, err := catalogue.Open(e.catalogue, catalogue.LookOnly())
	if err != nil {
		return nil
	}
	return c
}

// completeRecords offers the URIs that start with what is typed, each
// described by its NAME, or the handles (the lines records start at)
// when digits are typed.
func completeRecords(e *env, toComplete string) []string {
	c := e.readForCompletion()
	if c == nil {
		return nil
	}
	digits := toComplete != "" && strings.Trim(toComplete, "0123456789") == ""
	var out []string
	for _, r := range c.Valid() {
		value := r.URI()
		if digits {
			value = strconv.Itoa(r.Line())
		}
		if !strings.HasPrefix(value, toComplete) {
			continue
		}
		out = append(out, value+"\t"+display.Text(r.Name()))
		if len(out) == maxCompletions {
			break
		}
	}
	return out
}

// completeCategories offers the categories in use that start with what
// is typed (ignoring case), the most used first.
func completeCategories(e *env, toComplete string) []string {
	return completeCounted(e, toComplete, func(r *ssd3.Record) []string {
		if r.Category() == "" {
			return nil
		}
		return []string{r.Category()}
	})
}

// completeTags offers the tags in use that start with what is typed.
func completeTags(e *env, toComplete string) []string {
	return completeCounted(e, toComplete, stats.TagsOf)
}

// completeTagList completes the last tag of a comma-separated list.
func completeTagList(e *env, toComplete string) []string {
	i := strings.LastIndexByte(toComplete, ',')
	before := toComplete[:i+1]
	var out []string
	for _, t := range completeTags(e, strings.TrimLeft(toComplete[i+1:], " ")) {
		out = append(out, before+t)
	}
	return out
}

// completeCounted offers the values that values gives the valid records,
// those that start with toComplete (ignoring case), the most used first,
// each described by its count.
func completeCounted(e *env, toComplete string, values func(*ssd3.Record) []string) []string {
	c := e.readForCompletion()
	if c == nil {
		return nil
	}
	counts := countValues(c, values)
	slices.SortStableFunc(counts, func(a, b stats.Count) int { return b.Count - a.Count })
	var out []string
	for _, v := range counts {
		if display.Text(v.Name) != v.Name {
			continue // a value that would reach the shell's screen unlike itself (escapes, tabs)
		}
		if strings.HasPrefix(strings.ToLower(v.Name), strings.ToLower(toComplete)) {
			out = append(out, v.Name+"\t"+plural.Of(v.Count, "record"))
		}
		if len(out) == maxCompletions {
			break
		}
	}
	return out
}

// completeSortKeys offers list's sort keys, each way.
func completeSortKeys(*env, string) []string {
	return []string{"name", "name:desc", "date", "date:desc", "rating", "rating:desc"}
}

// completeGroupKeys offers list's group keys.
func completeGroupKeys(*env, string) []string {
	var out []string
	for _, k := range query.GroupKeys {
		out = append(out, k.String())
	}
	return out
}

// completeSearch completes the last term of a search: a qualifier, or
// the value of one (a category, a tag, a rating, a link's status); what
// comes before it is kept as typed.
func completeSearch(e *env, toComplete string) []string {
	i := strings.LastIndexByte(toComplete, ' ')
	before, last := toComplete[:i+1], toComplete[i+1:]
	neg := ""
	if strings.HasPrefix(last, "-") {
		neg, last = "-", last[1:]
	}
	name, value, qualified := strings.Cut(last, ":")
	var values []string
	switch {
	case !qualified:
		for _, q := range query.Qualifiers() {
			values = append(values, q+":")
		}
	case name == "cat" || name == "category" || name == "in":
		values = withPrefix(name+":", completeCategories(e, value))
	case name == "tag" || name == "tags":
		values = withPrefix(name+":", completeTags(e, value))
	case name == "rating":
		values = withPrefix(name+":", []string{"1", "2", "3", "4", "5", ">=3", ">=4", "none"})
	case name == "link":
		values = withPrefix(name+":", []string{string(linkcheck.OK), string(linkcheck.Moved), string(linkcheck.Dead), string(linkcheck.Unknown), string(linkcheck.Unchecked)})
	case name == "dup":
		values = withPrefix(name+":", []string{"yes", "no"})
	}
	var out []string
	for _, v := range values {
		if strings.HasPrefix(strings.ToLower(v), strings.ToLower(last)) {
			out = append(out, before+neg+v)
		}
	}
	return out
}

// withPrefix puts prefix before each value (its description, after a
// tab, is left out: a search's completion is its text).
func withPrefix(prefix string, values []string) []string {
	out := make([]string, len(values))
	for i, v := range values {
		v, _, _ = strings.Cut(v, "\t")
		if strings.ContainsAny(v, " \"") {
			v = strconv.Quote(v)
		}
		out[i] = prefix + v
	}
	return out
}
