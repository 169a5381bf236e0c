package query

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/linkcheck"
)

// qualifier is one kind of qualified term (name:, rating:, ...): all the
// package knows of it, so that a new one is one entry of qualifierTable.
type qualifier struct {
	// names are what a term starts with, before its colon: the first is
	// the one the error of an unknown qualifier lists, the rest aliases.
	// For a qualifier with a field func, the one name describes them.
	names []string
	// field, for a family of qualifiers named by pattern (x-NAME:),
	// returns the field that name looks at, and whether it is one.
	field func(name string) (string, bool)

	// within: the value is looked for within the field's text, so that
	// a term typed on finds no record the shorter one did not
	// (Query.Narrows). indexed: the field is one an Index folds (NAME,
	// CATEGORY, the tags, DESCRIPTION) and holds the value itself, so
	// that every record a term matches has the value's bytes in its
	// folded text (Query.need). Stated for each qualifier, never derived
	// from where it sits in the table.
	within, indexed bool
	// dups: the term asks whether a record looks like another (DupSet),
	// which only a search of the whole catalogue tells. links: it reads
	// the link checks' results (Query.WithLinks). text, archive: it
	// reads the archive's index (Query.WithText) or the archive's state
	// of a URI (Query.WithArchive).
	dups, links, text, archive bool

	// parse sets t's value from v, as typed after the colon; name is the
	// qualifier as typed, lower-cased, for errors.
	parse func(t *term, name, v string) error
	// eval reports whether d holds t, regardless of t.neg. A qualified
	// term filters and never scores.
	eval func(t *term, d *doc) bool
	// lights reports whether t's text lights up in field (Highlight).
	lights func(t *term, field string) bool

	// help is its line of Help (or lines). Qualifiers described together
	// hold the same text: Help shows it once, where the first of them is
	// in the table.
	help string
}

// Lines of Help that describe several qualifiers together.
const (
	helpFields = `  name:, cat:, desc:, uri:   text in that field; x-NAME:gh in field X-NAME`
	// tag: is described before in:, which the error's list names first.
	helpTagIn = `  tag:jazz     a whole tag of X-TAGS (tag:"road trip")
  in:Go/Web    CATEGORY Go/Web and those under it; in:none: no CATEGORY`
	helpLangType = `  lang:en      LANGUAGE en, en-gb, ...; type:text (text/...), type:text/html`
	helpArchive  = `  text:koln    the archived page (text:"a phrase"); archive:yes, no, failed`
	helpFlags    = `  dup:yes      its URI looks like another's; toread:yes to read; and :no`
)

// qualifierTable is every qualifier, in the order the error of an unknown
// one lists them. Parsing, matching, highlighting, Qualifiers and Help
// all read it.
var qualifierTable = []qualifier{
	{
		names: []string{"name"}, within: true, indexed: true,
		parse: parseText, eval: partHolds(partName), lights: lightsField(ssd3.FieldName),
		help: helpFields,
	},
	{
		names: []string{"cat", "category"}, within: true, indexed: true,
		parse: parseText, eval: partHolds(partCategory), lights: lightsField(ssd3.FieldCategory),
		help: helpFields,
	},
	{
		names: []string{"in"},
		parse: parseIn, eval: evalIn, lights: lightsNone,
		help: helpTagIn,
	},
	{
		names: []string{"desc", "description"}, within: true, indexed: true,
		parse: parseText, eval: evalDescription, lights: lightsField(ssd3.FieldDescription),
		help: helpFields,
	},
	{
		names: []string{"tag", "tags"}, indexed: true,
		parse: parseTag, eval: evalTag, lights: lightsField(TagsField),
		help: helpTagIn,
	},
	{
		names: []string{"uri", "url"}, within: true,
		parse: parseText, eval: evalURI, lights: lightsField(ssd3.FieldURI),
		help: helpFields,
	},
	{
		names: []string{"x-NAME"}, field: extensionField, within: true,
		parse: parseText, eval: evalExtension, lights: lightsExtension,
		help: helpFields,
	},
	{
		names: []string{"lang", "language"},
		parse: parseLanguage, eval: evalLanguage, lights: lightsNone,
		help: helpLangType,
	},
	{
		names: []string{"type"},
		parse: parseType, eval: evalType, lights: lightsNone,
		help: helpLangType,
	},
	{
		names: []string{"rating"},
		parse: parseRating, eval: evalRating, lights: lightsNone,
		help: `  rating:4     also rating:>=4 (<, <=, >, =), 1 to 5; rating:none: unrated`,
	},
	{
		names: []string{"date"},
		parse: parseDate, eval: evalDate, lights: lightsNone,
		help: `  date:2015    also date:2015-10, date:>=2015-10-31 (<, <=, >, =)`,
	},
	{
		names: []string{"toread"},
		parse: parseToRead, eval: evalToRead, lights: lightsNone,
		help: helpFlags,
	},
	{
		names: []string{"dup"}, dups: true,
		parse: parseDup, eval: evalDup, lights: lightsNone,
		help: helpFlags,
	},
	{
		names: []string{"link"}, links: true,
		parse: parseLink, eval: evalLink, lights: lightsNone,
		help: `  link:dead    what uricat links found: ok, moved, dead, unknown, unchecked`,
	},
	{
		// Not within: the index looks a short last word up as a whole
		// word, a longer one as a word's beginning, so that typing on
		// may find pages the shorter term did not.
		names: []string{"text"}, text: true,
		parse: parseText, eval: evalText, lights: lightsNone,
		help: helpArchive,
	},
	{
		names: []string{"archive"}, archive: true,
		parse: parseArchive, eval: evalArchive, lights: lightsNone,
		help: helpArchive,
	},
}

// qualifiers maps each name a term may start with (lower-case) to its
// qualifier, but for those named by pattern.
var qualifiers = func() map[string]*qualifier {
	m := map[string]*qualifier{}
	for i := range qualifierTable {
		if q := &qualifierTable[i]; q.field == nil {
			for _, name := range q.names {
				m[name] = q
			}
		}
	}
	return m
}()

// qualifierList names the qualifiers, for the error of an unknown one.
var qualifierList = func() string {
	names := make([]string, len(qualifierTable))
	for i, q := range qualifierTable {
		names[i] = q.names[0]
	}
	return strings.Join(names, " ")
}()

// lookupQualifier returns the qualifier a term that starts name: has, and
// for one named by pattern (x-NAME:) the field it looks at.
func lookupQualifier(name string) (*qualifier, string, bool) {
	if q, ok := qualifiers[strings.ToLower(name)]; ok {
		return q, "", true
	}
	for i := range qualifierTable {
		if q := &qualifierTable[i]; q.field != nil {
			if field, ok := q.field(name); ok {
				return q, field, true
			}
		}
	}
	return nil, "", false
}

// Qualifiers returns the names a qualified term may start with (cat,
// tag, rating…), sorted: for completing a search as it is typed.
func Qualifiers() []string {
	names := make([]string, 0, len(qualifiers))
	for name := range qualifiers {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// extensionField is the field of x-NAME: its name upper-cased, if it
// names an extension field.
func extensionField(name string) (string, bool) {
	if len(name) > 2 && strings.EqualFold(name[:2], "x-") && ssd3.ValidateExtensionName(strings.ToUpper(name)) == nil {
		return strings.ToUpper(name), true
	}
	return "", false
}

// needValue is the error of a qualifier that wants text and has none.
func needValue(name, v string) error {
	if strings.TrimSpace(v) == "" {
		//lint:ignore ST1005 the qualifier is quoted as typed, colon and all
		return fmt.Errorf("nothing to search for after %s:", name)
	}
	return nil
}

// parseText parses text to look for within a field, folded.
func parseText(t *term, name, v string) error {
	if err := needValue(name, v); err != nil {
		return err
	}
	t.text = Fold(v)
	return nil
}

// parseTag parses one whole tag, folded.
func parseTag(t *term, name, v string) error {
	if err := needValue(name, v); err != nil {
		return err
	}
	t.text = strings.TrimSpace(Fold(v))
	if strings.Contains(t.text, ",") {
		return errors.New("one tag per term: tag:a tag:b finds records with both")
	}
	return nil
}

// parseIn parses a category path, folded. in:none is the records without
// a category, as rating:none is those without a rating: the tree's node
// for them.
func parseIn(t *term, name, v string) error {
	if err := needValue(name, v); err != nil {
		return err
	}
	if t.text = Fold(v); t.text == "none" {
		t.text = ""
	}
	return nil
}

// parseLanguage parses a language tag, lower-cased.
func parseLanguage(t *term, name, v string) error {
	if err := needValue(name, v); err != nil {
		return err
	}
	t.text = strings.ToLower(v)
	if strings.Trim(t.text, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
		return errors.New("a language is a tag like en or en-gb")
	}
	return nil
}

// parseType parses a media type or its top-level type, lower-cased.
func parseType(t *term, name, v string) error {
	if err := needValue(name, v); err != nil {
		return err
	}
	t.text = strings.ToLower(v)
	return nil
}

// parseRating parses a comparison and a rating of 1 to 5, or none.
func parseRating(t *term, _, v string) error {
	t.op, v = cutOp(v)
	if t.op == "=" && strings.EqualFold(v, "none") {
		return nil // t.num 0: unrated, which no rating of 1 to 5 is
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 5 || v[0] == '+' {
		return errors.New(ratingForm)
	}
	t.num = n
	return nil
}

// parseDate parses a comparison and a year, month or day, saying how to
// write one typed day first, as SSD3 files write them.
func parseDate(t *term, name, v string) error {
	t.op, v = cutOp(v)
	from, to, err := parseDateSpan(v)
	if err != nil {
		if m := dmy().FindStringSubmatch(v); m != nil {
			op := strings.TrimPrefix(t.op, "=")
			return fmt.Errorf("dates are written year first here: %s:%s%s-%02s-%02s", name, op, m[3], m[2], m[1])
		}
		return err
	}
	t.from, t.to = from, to
	return nil
}

// parseDup parses yes (num 1) or no (0).
func parseDup(t *term, _, v string) error {
	switch strings.ToLower(v) {
	case "yes":
		t.num = 1
	case "no":
	default:
		return errors.New("dup: is yes or no (dup:yes finds records whose URI looks like another's)")
	}
	return nil
}

// parseToRead parses yes (num 1) or no (0).
func parseToRead(t *term, _, v string) error {
	switch strings.ToLower(v) {
	case "yes":
		t.num = 1
	case "no":
	default:
		return errors.New("toread: is yes or no (toread:yes finds the reading list)")
	}
	return nil
}

// parseLink parses a linkcheck.Status.
func parseLink(t *term, _, v string) error {
	if s := linkcheck.Status(strings.ToLower(v)); slices.Contains(linkcheck.Statuses, s) {
		t.text = string(s)
		return nil
	}
	return errors.New("link: is ok, moved, dead, unknown or unchecked (see uricat links)")
}

// parseArchive parses an ArchiveState.
func parseArchive(t *term, _, v string) error {
	switch strings.ToLower(v) {
	case "yes":
		t.num = int(ArchiveYes)
	case "no":
		t.num = int(ArchiveNo)
	case "failed":
		t.num = int(ArchiveFailed)
	default:
		return errors.New("archive: is yes, no or failed (see uricat archive)")
	}
	return nil
}

// partHolds is the eval of text within a part of a doc.
func partHolds(p int) func(t *term, d *doc) bool {
	return func(t *term, d *doc) bool { return strings.Contains(d.part(p), t.text) }
}

// evalDescription is partHolds(partDescription), with the search for a
// word in a long text.
func evalDescription(t *term, d *doc) bool {
	return indexShort(d.part(partDescription), t.text) >= 0
}

// evalIn: the folded CATEGORY under the folded path, name by name: a node
// of the category tree and its subtree, whatever the case.
func evalIn(t *term, d *doc) bool {
	cat := d.part(partCategory)
	if t.text == "" {
		return cat == ""
	}
	_, ok := ssd3.CategoryUnder(cat, t.text)
	return ok
}

// evalTag: a whole tag of X-TAGS.
func evalTag(t *term, d *doc) bool {
	return eachTag(d.part(partTags), func(tag string) bool { return tag == t.text })
}

func evalURI(t *term, d *doc) bool {
	return strings.Contains(Fold(d.rec.URI()), t.text)
}

func evalExtension(t *term, d *doc) bool {
	for _, f := range d.rec.Extensions() {
		if strings.EqualFold(f.Name, t.field) && strings.Contains(Fold(f.Value), t.text) {
			return true
		}
	}
	return false
}

// evalLanguage: the language or one of its subtags (lang:en finds en-gb).
func evalLanguage(t *term, d *doc) bool {
	l := lowerASCII(d.rec.Language())
	return l == t.text || len(l) > len(t.text) && l[len(t.text)] == '-' && strings.HasPrefix(l, t.text)
}

// evalType: the media type, or its top-level type (type:text finds
// text/html), without parameters.
func evalType(t *term, d *doc) bool {
	ty, _, _ := strings.Cut(d.rec.Type(), ";")
	ty = lowerASCII(strings.TrimSpace(ty))
	return ty == t.text || len(ty) > len(t.text) && ty[len(t.text)] == '/' && strings.HasPrefix(ty, t.text)
}

func evalRating(t *term, d *doc) bool {
	r := d.rec.Rating()
	if t.num == 0 {
		return r == 0 // rating:none
	}
	return r != 0 && compare(r-t.num, t.op)
}

// evalDate compares the date with the span [from, to) the term names.
func evalDate(t *term, d *doc) bool {
	date := d.rec.Date()
	switch t.op {
	case ">":
		return !date.Before(t.to)
	case ">=":
		return !date.Before(t.from)
	case "<":
		return date.Before(t.from)
	case "<=":
		return date.Before(t.to)
	}
	return !date.Before(t.from) && date.Before(t.to)
}

func evalDup(t *term, d *doc) bool {
	return d.dups[d.rec] == (t.num == 1)
}

func evalToRead(t *term, d *doc) bool {
	return ssd3.ToRead(d.rec) == (t.num == 1)
}

func evalLink(t *term, d *doc) bool {
	status := linkcheck.Unchecked
	if d.links != nil {
		status = d.links(d.rec.URI())
	}
	return string(status) == t.text
}

// evalText: the archive's index found the term's words in the page of
// the record's URI (Query.WithText); without the index, no page.
func evalText(t *term, d *doc) bool {
	_, ok := t.docHit(d)
	return ok
}

func evalArchive(t *term, d *doc) bool {
	state := ArchiveNo
	if t.archive != nil {
		state = t.archive(d.rec.URI())
	}
	return int(state) == t.num
}

// lightsField is the lights of a qualifier about one field's text.
func lightsField(name string) func(*term, string) bool {
	return func(_ *term, field string) bool { return field == name }
}

// lightsExtension: x-NAME: lights its own field.
func lightsExtension(t *term, field string) bool { return strings.EqualFold(field, t.field) }

// lightsNone is the lights of a qualifier whose value is not text shown
// as it is typed (a rating, a date, a category path).
func lightsNone(*term, string) bool { return false }
