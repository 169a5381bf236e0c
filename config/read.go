package config

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// reader reads one file into c, noting the problems.
type reader struct {
	path     string
	c        *Config
	p        unstable.Parser
	problems []Problem
	table    string // the table the keys are in: "" (the top), "searches", "rules", ...
	skip     bool   // the table is unknown: its keys are not named again
	rules    []ruleAt
	seen     map[string]bool // the keys read: a key set twice keeps its first value, as TOML's error says
}

// ruleAt is a rule and where the file has its match, for the problems.
type ruleAt struct {
	r            Rule
	line, column int
	hasMatch     bool
	bad          bool // a key of it could not be read: it is left out
}

// The keys of the file, by their dotted path, and what their values are.
var keys = map[string]func(r *reader, v *unstable.Node) error{
	"sort":  func(r *reader, v *unstable.Node) error { return str(v, &r.c.Sort, checkSort) },
	"group": func(r *reader, v *unstable.Node) error { return str(v, &r.c.Group, checkGroup) },
	"theme": func(r *reader, v *unstable.Node) error { return str(v, &r.c.Theme, checkTheme) },
	"archive_on_add": func(r *reader, v *unstable.Node) error {
		var keep bool
		err := boolean(v, &keep)
		if err == nil {
			r.c.ArchiveOnAdd = &keep
		}
		return err
	},
	"links.jobs":        func(r *reader, v *unstable.Node) error { return jobs(v, &r.c.LinksJobs) },
	"links.timeout":     func(r *reader, v *unstable.Node) error { return duration(v, &r.c.LinksTimeout) },
	"sync.browser_file": func(r *reader, v *unstable.Node) error { return str(v, &r.c.SyncBrowserFile, nil) },
}

// The keys of a [[rules]] table.
var ruleKeys = map[string]func(r *Rule, v *unstable.Node) error{
	"match":    func(r *Rule, v *unstable.Node) error { return str(v, &r.Match, nil) },
	"category": func(r *Rule, v *unstable.Node) error { return str(v, &r.Category, nil) },
	"tags":     func(r *Rule, v *unstable.Node) error { return strs(v, &r.Tags) },
	"rating":   func(r *Rule, v *unstable.Node) error { return rating(v, &r.Rating) },
	"toread": func(r *Rule, v *unstable.Node) error {
		var b bool
		err := boolean(v, &b)
		if err == nil {
			r.ToRead = &b
		}
		return err
	},
}

// tables are the tables the file may have.
var tables = []string{"searches", "rules", "links", "sync"}

// read reads data: TOML's own checks first (duplicate keys, syntax),
// then each expression, so that a problem stops only what it is in.
func (r *reader) read(data []byte) {
	var any map[string]any
	var de *toml.DecodeError
	if err := toml.Unmarshal(data, &any); errors.As(err, &de) {
		line, col := de.Position()
		r.problems = append(r.problems, Problem{File: r.path, Line: line, Column: col, Msg: strings.TrimPrefix(de.Error(), "toml: ")})
	}
	r.seen = map[string]bool{}
	r.p.Reset(data)
	for r.p.NextExpression() {
		r.expression(r.p.Expression())
	}
	if err := r.p.Error(); err != nil && len(r.problems) == 0 {
		var pe *unstable.ParserError
		line, col := 0, 0
		if errors.As(err, &pe) {
			s := r.p.Shape(r.p.Range(pe.Highlight))
			line, col = s.Start.Line, s.Start.Column
		}
		r.problems = append(r.problems, Problem{File: r.path, Line: line, Column: col, Msg: err.Error()})
	}
}

// expression reads one table header or key = value.
func (r *reader) expression(n *unstable.Node) {
	switch n.Kind {
	case unstable.Table, unstable.ArrayTable:
		name := dotted(n.Key())
		k := n.Key()
		k.Next()
		r.table, r.skip = name, false
		switch {
		case n.Kind == unstable.ArrayTable && name == "rules":
			line, col := r.at(k.Node())
			r.rules = append(r.rules, ruleAt{line: line, column: col})
		case n.Kind == unstable.Table && slices.Contains(tables, name) && name != "rules":
		default:
			r.skip = true
			r.problem(k.Node(), fmt.Sprintf("unknown table [%s] (uricat reads %s)", name, strings.Join(tableNames(), ", ")))
		}
	case unstable.KeyValue:
		if !r.skip {
			r.keyValue(n)
		}
	}
}

// tableNames are the tables as a file writes them.
func tableNames() []string {
	return []string{"[searches]", "[[rules]]", "[links]", "[sync]"}
}

// keyValue reads key = value in the table it is in.
func (r *reader) keyValue(n *unstable.Node) {
	k := n.Key()
	k.Next()
	keyNode := k.Node()
	name := dotted(n.Key())
	v := n.Value()
	full := name
	if r.table != "" {
		full = r.table + "." + name
	}
	var err error
	switch {
	case r.table == "rules":
		rule := &r.rules[len(r.rules)-1].r
		set, ok := ruleKeys[name]
		if !ok {
			r.rules[len(r.rules)-1].bad = true
			r.problem(keyNode, fmt.Sprintf("unknown key %q in [[rules]] (a rule has match, category, tags, rating, toread); the rule is left out", name))
			return
		}
		if name == "match" {
			r.rules[len(r.rules)-1].hasMatch = true
			r.rules[len(r.rules)-1].line, r.rules[len(r.rules)-1].column = r.at(valueOr(v, keyNode))
		}
		if err = set(rule, v); err != nil {
			r.rules[len(r.rules)-1].bad = true
			r.problem(valueOr(v, keyNode), fmt.Sprintf("rules.%s: %v; the rule is left out", name, err))
			return
		}
	case strings.HasPrefix(full, "searches."):
		err = r.search(strings.TrimPrefix(full, "searches."), v, keyNode)
	case v.Kind == unstable.InlineTable && slices.Contains(tables, full):
		r.problem(keyNode, fmt.Sprintf("write %s as a table, [%s], with a key = value on each line", full, full))
		return
	default:
		set, ok := keys[full]
		if ok && r.seen[full] {
			return
		}
		if !ok {
			r.problem(keyNode, fmt.Sprintf("unknown key %q", full))
			return
		}
		r.seen[full] = true
		err = set(r, v)
	}
	if err != nil {
		r.problem(valueOr(v, keyNode), fmt.Sprintf("%s: %v", full, err))
	}
}

// search reads a saved search.
func (r *reader) search(name string, v, key *unstable.Node) error {
	if !query.ValidSavedName(name) {
		return fmt.Errorf("a saved search's name is letters, digits, - and _")
	}
	var q string
	if err := str(v, &q, nil); err != nil {
		return err
	}
	if _, dup := r.c.Saved(name); dup {
		return nil // TOML's own check has named it
	}
	line, col := r.at(valueOr(v, key))
	r.c.Searches = append(r.c.Searches, Search{Name: name, Query: q, Line: line, Column: col})
	return nil
}

// problem notes what is wrong at n.
func (r *reader) problem(n *unstable.Node, msg string) {
	line, col := r.at(n)
	r.problems = append(r.problems, Problem{File: r.path, Line: line, Column: col, Msg: msg})
}

// at is where n starts in the file.
func (r *reader) at(n *unstable.Node) (line, col int) {
	s := r.p.Shape(n.Raw)
	return s.Start.Line, s.Start.Column
}

// valueOr is v if the parser kept its place in the file, else key (an
// array or an inline table: the key says where they are).
func valueOr(v, key *unstable.Node) *unstable.Node {
	if v.Raw.Length > 0 && v.Kind != unstable.InlineTable {
		return v
	}
	return key
}

// dotted is a key's parts joined by ".".
func dotted(it unstable.Iterator) string {
	var parts []string
	for it.Next() {
		parts = append(parts, string(it.Node().Data))
	}
	return strings.Join(parts, ".")
}

// checkSearches notes each saved search that cannot be parsed (it refers
// to itself, to one there is not, or has a bad term); it is kept, so
// that using it says the same.
func (r *reader) checkSearches() {
	for _, s := range r.c.Searches {
		if _, err := r.c.Parse("@" + s.Name); err != nil {
			var e *query.Error
			msg := err.Error()
			if errors.As(err, &e) {
				msg = e.Reason
			}
			r.problems = append(r.problems, Problem{File: r.path, Line: s.Line, Column: s.Column, Msg: fmt.Sprintf("searches.%s: %s", s.Name, msg)})
		}
	}
}

// checkRules keeps the rules whose match parses, noting the others.
func (r *reader) checkRules() {
	for _, ra := range r.rules {
		if ra.bad {
			continue // said where it is
		}
		if !ra.hasMatch {
			r.problems = append(r.problems, Problem{File: r.path, Line: ra.line, Column: ra.column, Msg: "a rule without match is left out (match = \"uri:github.com\")"})
			continue
		}
		q, err := r.c.Parse(ra.r.Match)
		if err != nil {
			r.problems = append(r.problems, Problem{File: r.path, Line: ra.line, Column: ra.column, Msg: fmt.Sprintf("rules.match: %v; the rule is left out", err)})
			continue
		}
		if q.Empty() || q.OnlyNegations() {
			r.problems = append(r.problems, Problem{File: r.path, Line: ra.line, Column: ra.column,
				Msg: fmt.Sprintf("rules.match %q matches nearly every record; the rule is left out", ra.r.Match)})
			continue
		}
		if err := checkSets(&ra.r); err != nil {
			r.problems = append(r.problems, Problem{File: r.path, Line: ra.line, Column: ra.column, Msg: fmt.Sprintf("rules: %v; the rule is left out", err)})
			continue
		}
		ra.r.q = q
		r.c.Rules = append(r.c.Rules, ra.r)
	}
}

// The values, each read or refused with why.

func str(v *unstable.Node, dst *string, check func(string) error) error {
	if v.Kind != unstable.String {
		return fmt.Errorf("is %s; want a string", kindName(v.Kind))
	}
	s := string(v.Data)
	if check != nil {
		if err := check(s); err != nil {
			return err
		}
	}
	*dst = s
	return nil
}

func strs(v *unstable.Node, dst *[]string) error {
	if v.Kind != unstable.Array {
		return fmt.Errorf("is %s; want an array of strings ([\"a\", \"b\"])", kindName(v.Kind))
	}
	var out []string
	for it := v.Children(); it.Next(); {
		e := it.Node()
		if e.Kind == unstable.Comment {
			continue
		}
		if e.Kind != unstable.String {
			return fmt.Errorf("holds %s; want strings", kindName(e.Kind))
		}
		out = append(out, string(e.Data))
	}
	*dst = out
	return nil
}

func boolean(v *unstable.Node, dst *bool) error {
	if v.Kind != unstable.Bool {
		return fmt.Errorf("is %s; want true or false", kindName(v.Kind))
	}
	*dst = string(v.Data) == "true"
	return nil
}

func integer(v *unstable.Node) (int64, error) {
	if v.Kind != unstable.Integer {
		return 0, fmt.Errorf("is %s; want a whole number", kindName(v.Kind))
	}
	n, err := strconv.ParseInt(string(v.Data), 0, 64)
	if err != nil {
		return 0, fmt.Errorf("%s is out of range", v.Data)
	}
	return n, nil
}

func jobs(v *unstable.Node, dst *int) error {
	n, err := integer(v)
	if err == nil && (n < 1 || n > 64) {
		err = fmt.Errorf("%d is not 1 to 64", n)
	}
	if err == nil {
		*dst = int(n)
	}
	return err
}

func rating(v *unstable.Node, dst *int) error {
	n, err := integer(v)
	if err == nil && (n < 1 || n > 5) {
		err = fmt.Errorf("%d is not 1 to 5", n)
	}
	if err == nil {
		*dst = int(n)
	}
	return err
}

func duration(v *unstable.Node, dst *time.Duration) error {
	var s string
	if err := str(v, &s, nil); err != nil {
		return fmt.Errorf("%w, a duration (\"10s\", \"1m\")", err)
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return fmt.Errorf("%q is not a duration (\"10s\", \"1m\")", s)
	}
	*dst = d
	return nil
}

func checkSort(s string) error {
	_, err := query.ParseSortKey(s)
	return err
}

func checkGroup(s string) error {
	_, err := query.ParseGroupKey(s)
	return err
}

func checkTheme(s string) error {
	if s != "dark" && s != "light" {
		return fmt.Errorf("%q is not dark or light", s)
	}
	return nil
}

// kindName is a TOML value's kind as the TOML spec names it.
func kindName(k unstable.Kind) string {
	switch k {
	case unstable.String:
		return "a string"
	case unstable.Bool:
		return "a boolean"
	case unstable.Integer:
		return "an integer"
	case unstable.Float:
		return "a float"
	case unstable.Array:
		return "an array"
	case unstable.InlineTable:
		return "a table"
	}
	return "a date or time"
}

// checkSets refuses a rule whose CATEGORY or tags a record cannot hold,
// as SSD3 says (a control character, a comma in a tag).
func checkSets(rule *Rule) error {
	scratch := ssd3.NewRecord(ssd3.Values{})
	if rule.Category != "" {
		if err := ssd3.SetField(scratch, ssd3.FieldCategory, rule.Category); err != nil {
			return err
		}
	}
	for _, t := range rule.Tags {
		if strings.Contains(t, ",") {
			return fmt.Errorf("the tag %q holds a comma, which separates tags", t)
		}
		if err := ssd3.SetField(scratch, query.TagsField, t); err != nil {
			return err
		}
	}
	return nil
}
