package config

import (
	"fmt"
	"slices"
	"strings"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/readinglist"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// Rule files the records its match finds: what it sets, and what it
// leaves as it is (the zero values).
type Rule struct {
	Match    string   // a search (the search language, saved searches too)
	Category string   // CATEGORY to set; "" leaves it
	Tags     []string // tags to add
	Rating   int      // RATING to set, 1 to 5; 0 leaves it
	ToRead   *bool    // to read (true) or read (false); nil leaves it
	q        *query.Query
}

// NewRule returns the rule r with its match parsed with the saved
// searches of c (nil: none), for rules not read from a file (tests).
func NewRule(r Rule, c *Config) (Rule, error) {
	var opts []query.Option
	if c != nil {
		opts = append(opts, c.Lookup())
	}
	q, err := query.Parse(r.Match, opts...)
	if err != nil {
		return Rule{}, fmt.Errorf("match %q: %w", r.Match, err)
	}
	r.q = q
	return r, nil
}

// Rules are the rules of a file, in its order.
type Rules []Rule

// Apply returns r filed by every rule whose match r meets, as it came:
// in order, a later rule's CATEGORY, rating and to-read replacing an
// earlier's, the tags of all added. It returns r itself, unchanged, when
// no rule matches or the rules change nothing, and a copy otherwise; ok
// reports which. Matches see r alone (dup: finds nothing). This is the
// one place rules are applied: add, import, sync and `uricat rules
// apply` call it.
func (rs Rules) Apply(r *ssd3.Record) (out *ssd3.Record, ok bool) {
	out = r
	for i := range rs {
		rule := &rs[i]
		if rule.q == nil || !rule.q.Match(r) {
			continue
		}
		if out == r {
			out = r.Clone()
		}
		rule.set(out)
	}
	if out == r || len(ssd3.Diff(r, out)) == 0 {
		return r, false
	}
	return out, true
}

// set sets what rule says on r.
func (rule *Rule) set(r *ssd3.Record) {
	if rule.Category != "" {
		r.SetCategory(rule.Category)
	}
	if len(rule.Tags) > 0 {
		tags := ssd3.SplitTags(r.Extension(query.TagsField))
		for _, t := range rule.Tags {
			if t = strings.TrimSpace(t); t != "" && !slices.ContainsFunc(tags, func(have string) bool { return strings.EqualFold(have, t) }) {
				tags = append(tags, t)
			}
		}
		r.SetExtension(query.TagsField, ssd3.JoinTags(tags))
	}
	if rule.Rating > 0 {
		r.SetRating(rule.Rating)
	}
	if rule.ToRead != nil {
		f := readinglist.Field(*rule.ToRead)
		r.SetExtension(f.Name, f.Value)
	}
}

// Describe says what the rule sets, for a preview: "CATEGORY Code, tags
// +code".
func (rule *Rule) Describe() string {
	var parts []string
	if rule.Category != "" {
		parts = append(parts, "CATEGORY "+rule.Category)
	}
	if len(rule.Tags) > 0 {
		parts = append(parts, "tags +"+strings.Join(rule.Tags, " +"))
	}
	if rule.Rating > 0 {
		parts = append(parts, fmt.Sprintf("RATING %d", rule.Rating))
	}
	if rule.ToRead != nil {
		parts = append(parts, map[bool]string{true: "to read", false: "read"}[*rule.ToRead])
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// File files r, a record not in a catalogue yet (one add, import or sync
// brings), in place, as Apply would: it reports whether a rule changed
// it. The records an import reads are shared with its plan, so they are
// changed, not replaced.
func (rs Rules) File(r *ssd3.Record) bool {
	out, changed := rs.Apply(r)
	if !changed {
		return false
	}
	for _, f := range ssd3.Diff(r, out) {
		// Load checked what each rule sets (checkSets): the values
		// are ones a record holds.
		_ = ssd3.SetField(r, f.Name, f.Value)
	}
	return true
}

// FileAll files each of recs (the new records an add, import or sync
// brings) as File does, and returns those a rule changed; nil when there
// are no rules.
func (rs Rules) FileAll(recs []*ssd3.Record) map[*ssd3.Record]bool {
	if len(rs) == 0 {
		return nil
	}
	filed := map[*ssd3.Record]bool{}
	for _, r := range recs {
		if rs.File(r) {
			filed[r] = true
		}
	}
	return filed
}

// CountFiled returns how many of recs FileAll filed (filed) that the
// catalogue took (refs, an AddReport's, one for each of recs: 0 for a
// record left out), for the summary's "rules filed N records".
func CountFiled(filed map[*ssd3.Record]bool, recs []*ssd3.Record, refs []catalogue.Ref) int {
	n := 0
	for i, r := range recs {
		if filed[r] && i < len(refs) && refs[i] != 0 {
			n++
		}
	}
	return n
}
