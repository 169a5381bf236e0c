package catalogue

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// The edits of many records at once: a category subtree renamed, moved or
// merged (Recategorise), fields set on a selection (SetMany), tags added
// to and removed from a selection (Retag), a tag renamed, merged or
// removed everywhere (RenameTag), several tags merged into one
// (MergeTags). Each changes a record as Set does (Catalogue.amend: DATE
// now, 3.3, and X-ADDED kept the first time DATE moves), all with the
// same DATE; a record it would not change (it has the tag already) is
// left alone, not stamped. Each becomes one patch
// that replaces the records changed: applied in one pass over the
// catalogue, and undone (History) as one step in one pass too.

// errNoCategory is what Recategorise's error wraps when no valid record
// has the category it renames.
var errNoCategory = errors.New("no record has this category")

// errNoTag is what RenameTag's error wraps when no valid record has the
// tag it renames.
var errNoTag = errors.New("no record has this tag")

// Recategorise renames the category subtree From to To in every valid
// record whose CATEGORY is From or lies under it (CategoryUnder):
// "Programming/Go/Tools" becomes "Code/Go/Tools" when Programming is
// renamed Code. Moving a node under another is the same edit with To the
// other's path and the node's name; renaming onto a node that records
// have already merges the two (stats.CountUnder tells beforehand). An empty To
// moves the subtree's children to the top (and clears the CATEGORY of
// From's own records). A From that no valid record has is an error ("no
// record has this category"); renaming From to itself is ErrUnchanged.
type Recategorise struct {
	From, To string
}

// SetMany sets Fields on each of the records Refs, as Set does; a record
// that has those values already is left as it is. If no record changes,
// Apply returns ErrUnchanged. A record not in the catalogue is an error,
// and so is a value that one record may not have: then
// nothing changes.
type SetMany struct {
	Refs   []Ref
	Fields []ssd3.Field
}

// Retag adds the tags Add to the X-TAGS of each record Refs that has them
// not, after those it has, and removes the tags Remove from each that has
// them; a record whose tags would not change is left as it is. A tag is
// compared as it is written, case and all; one that holds a comma, or is
// blank, is refused (CheckTag). If no record changes, Apply returns
// ErrUnchanged.
type Retag struct {
	Refs        []Ref
	Add, Remove []string
}

// RenameTag renames the tag From to To in every valid record that has
// it, in its place among the record's tags; a record that has To already
// loses From (the two merge). An empty To removes From. A From that no
// valid record has is an error ("no record has this tag").
type RenameTag struct {
	From, To string
}

// MergeTags merges the tags From into To in every valid record that has
// one of them, as RenameTag does for each in turn but as one edit (undone
// as one step): a record's first tag of From takes To, unless it has To
// already, and the others go. To may be one of From (the spelling kept)
// or a new name; it may not be empty. When no valid record has any tag of
// From, it is an error ("no record has this tag").
type MergeTags struct {
	From []string
	To   string
}

// Preview returns how many records applying e would change, the
// catalogue left as it is: "rename 37 records" before doing it. An edit
// Apply would refuse returns its error; one that changes nothing, 0.
func (c *Catalogue) Preview(e Edit) (int, error) {
	if b, ok := e.(bulk); ok {
		changed, err := b.plan(c)
		if errors.Is(err, ErrUnchanged) {
			return 0, nil
		}
		return len(changed), err
	}
	v := c.version
	inv, err := c.Apply(e)
	if errors.Is(err, ErrUnchanged) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	n := len(Refs(inv))
	if _, err := c.Apply(inv); err != nil {
		return 0, fmt.Errorf("taking the preview back: %w", err)
	}
	c.version = v
	return n, nil
}

// bulk is an edit of many records: plan returns the records it changes,
// by Ref, each as it becomes, without changing the catalogue.
type bulk interface {
	plan(c *Catalogue) (map[Ref]*ssd3.Record, error)
}

// applyBulk applies what b plans as one patch.
func applyBulk(c *Catalogue, b bulk) (Edit, error) {
	changed, err := b.plan(c)
	if err != nil {
		return nil, err
	}
	return c.applyPatch(patch{replace: changed}), nil
}

// amendEach amends every record of recs that fields gives fields for (nil:
// none) and returns those that change, with one DATE for them all. No
// record changed is ErrUnchanged.
func (c *Catalogue) amendEach(recs []*ssd3.Record, fields func(*ssd3.Record) []ssd3.Field) (map[Ref]*ssd3.Record, error) {
	var stamp time.Time
	now := func() time.Time {
		if stamp.IsZero() {
			stamp = c.now()
		}
		return stamp
	}
	out := map[Ref]*ssd3.Record{}
	for _, r := range recs {
		fs := fields(r)
		if fs == nil {
			continue
		}
		nr, err := c.amend(r, fs, now)
		if errors.Is(err, ErrUnchanged) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out[r.Ref()] = nr
	}
	if len(out) == 0 {
		return nil, ErrUnchanged
	}
	return out, nil
}

// lookupAll returns the records refs, each once, or an error wrapping
// errNoRecord if one is not in the catalogue.
func (c *Catalogue) lookupAll(refs []Ref) ([]*ssd3.Record, error) {
	want := make(map[Ref]bool, len(refs))
	for _, ref := range refs {
		want[ref] = true
	}
	out := make([]*ssd3.Record, 0, len(want))
	for _, r := range c.records {
		if want[r.Ref()] {
			out = append(out, r)
		}
	}
	if len(out) != len(want) {
		return nil, fmt.Errorf("%d of the records: %w (another program deleted it?)", len(want)-len(out), errNoRecord)
	}
	return out, nil
}

func (e Recategorise) plan(c *Catalogue) (map[Ref]*ssd3.Record, error) {
	if e.From == "" {
		return nil, errors.New("rename a category: no category named")
	}
	if err := ssd3.SetField(&ssd3.Record{}, ssd3.FieldCategory, e.To); err != nil {
		return nil, err
	}
	if e.From == e.To {
		return nil, ErrUnchanged
	}
	found := false
	out, err := c.amendEach(c.Valid(), func(r *ssd3.Record) []ssd3.Field {
		cat, ok := ssd3.Recategorised(r.Category(), e.From, e.To)
		if !ok {
			return nil
		}
		found = true
		return []ssd3.Field{{Name: ssd3.FieldCategory, Value: cat}}
	})
	if !found {
		return nil, fmt.Errorf("category %q: %w", e.From, errNoCategory)
	}
	return out, err
}

func (e Recategorise) applyTo(c *Catalogue) (Edit, error) { return applyBulk(c, e) }

func (e SetMany) plan(c *Catalogue) (map[Ref]*ssd3.Record, error) {
	recs, err := c.lookupAll(e.Refs)
	if err != nil {
		return nil, fmt.Errorf("set: %w", err)
	}
	return c.amendEach(recs, func(*ssd3.Record) []ssd3.Field { return e.Fields })
}

func (e SetMany) applyTo(c *Catalogue) (Edit, error) { return applyBulk(c, e) }

func (e Retag) plan(c *Catalogue) (map[Ref]*ssd3.Record, error) {
	for _, t := range slices.Concat(e.Add, e.Remove) {
		if err := ssd3.CheckTag(t); err != nil {
			return nil, err
		}
	}
	recs, err := c.lookupAll(e.Refs)
	if err != nil {
		return nil, fmt.Errorf("tag: %w", err)
	}
	return c.amendEach(recs, func(r *ssd3.Record) []ssd3.Field {
		was := r.Extension(ssd3.FieldTags)
		tags := slices.DeleteFunc(ssd3.SplitTags(was), func(t string) bool { return slices.Contains(e.Remove, t) })
		for _, t := range e.Add {
			if !slices.Contains(tags, t) {
				tags = append(tags, t)
			}
		}
		return retagged(was, tags)
	})
}

func (e Retag) applyTo(c *Catalogue) (Edit, error) { return applyBulk(c, e) }

func (e RenameTag) plan(c *Catalogue) (map[Ref]*ssd3.Record, error) {
	if err := ssd3.CheckTag(e.From); err != nil {
		return nil, err
	}
	if e.To != "" {
		if err := ssd3.CheckTag(e.To); err != nil {
			return nil, err
		}
	}
	return planMerge(c, []string{e.From}, e.To)
}

func (e RenameTag) applyTo(c *Catalogue) (Edit, error) { return applyBulk(c, e) }

func (e MergeTags) plan(c *Catalogue) (map[Ref]*ssd3.Record, error) {
	if err := ssd3.CheckTag(e.To); err != nil {
		return nil, err
	}
	return planMerge(c, e.From, e.To)
}

func (e MergeTags) applyTo(c *Catalogue) (Edit, error) { return applyBulk(c, e) }

// planMerge plans RenameTag and MergeTags: every tag of from becomes to
// (checked already), or goes when to is "".
func planMerge(c *Catalogue, from []string, to string) (map[Ref]*ssd3.Record, error) {
	for _, f := range from {
		if err := ssd3.CheckTag(f); err != nil {
			return nil, err
		}
	}
	from = slices.DeleteFunc(slices.Clone(from), func(f string) bool { return f == to })
	if len(from) == 0 {
		return nil, ErrUnchanged
	}
	found := false
	out, err := c.amendEach(c.Valid(), func(r *ssd3.Record) []ssd3.Field {
		was := r.Extension(ssd3.FieldTags)
		if was == "" {
			return nil
		}
		tags := ssd3.SplitTags(was)
		if !slices.ContainsFunc(tags, func(t string) bool { return slices.Contains(from, t) }) {
			return nil
		}
		found = true
		// To takes the first place of a tag of from, unless the record
		// has To already; every other goes (a tag written twice is still
		// one tag).
		keep := to == "" || slices.Contains(tags, to)
		out := tags[:0]
		for _, t := range tags {
			switch {
			case !slices.Contains(from, t):
				out = append(out, t)
			case !keep:
				out = append(out, to)
				keep = true
			}
		}
		return retagged(was, out)
	})
	if !found {
		return nil, fmt.Errorf("tag %s: %w", quoteTags(from), errNoTag)
	}
	return out, err
}

// quoteTags quotes tags for an error: `"a" or "b"`.
func quoteTags(tags []string) string {
	q := make([]string, len(tags))
	for i, t := range tags {
		q[i] = strconv.Quote(t)
	}
	return strings.Join(q, " or ")
}

// retagged is the Field that gives a record whose X-TAGS was was the
// tags, or nil when they are the ones it has: a record only written
// differently ("a,b" for "a, b") is not changed, nor stamped.
func retagged(was string, tags []string) []ssd3.Field {
	if slices.Equal(ssd3.SplitTags(was), tags) {
		return nil
	}
	return []ssd3.Field{{Name: ssd3.FieldTags, Value: ssd3.JoinTags(tags)}}
}
