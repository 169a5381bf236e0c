package query

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/linkcheck"
)

// qualifierCase is a qualifier at work: a term, a record it finds, and
// what of the record lights up.
type qualifierCase struct {
	term  string
	rec   ssd3.Values // a record term finds; a record of its URI alone it does not
	typed string      // term as it is typed, a beginning of it: "" if none parses
	field string      // the field whose value lights up ("": none does)
}

// qualifierCases has a case for each qualifier of qualifierTable, by its
// first name: a qualifier added without one fails TestQualifierTable.
func qualifierCases() map[string]qualifierCase {
	const uri = "https://www.koeln.de/stadt"
	return map[string]qualifierCase{
		"name":   {"name:dom", ssd3.Values{URI: uri, Name: "Kölner Dom"}, "name:do", ssd3.FieldName},
		"cat":    {"cat:trav", ssd3.Values{URI: uri, Category: "Travel/Germany"}, "cat:tra", ssd3.FieldCategory},
		"in":     {"in:travel", ssd3.Values{URI: uri, Category: "Travel/Germany"}, "in:trav", ""},
		"desc":   {"desc:rhein", ssd3.Values{URI: uri, Description: "Die Stadt am Rhein"}, "desc:rh", ssd3.FieldDescription},
		"tag":    {"tag:hiking", ssd3.Values{URI: uri, Extensions: tags("road trip, Hiking")}, "tag:hik", TagsField},
		"uri":    {"uri:koeln", ssd3.Values{URI: uri}, "uri:koe", ssd3.FieldURI},
		"x-NAME": {"x-keyword:alps", ssd3.Values{URI: uri, Extensions: []ssd3.Field{{Name: "X-KEYWORD", Value: "Alps"}}}, "x-keyword:al", "X-KEYWORD"},
		"lang":   {"lang:de", ssd3.Values{URI: uri, Language: "de-DE"}, "lang:d", ""},
		"type":   {"type:text", ssd3.Values{URI: uri, Type: "text/html; charset=utf-8"}, "type:te", ""},
		"rating": {"rating:>=4", ssd3.Values{URI: uri, Rating: 5}, "", ""},
		"date":   {"date:2015-10", ssd3.Values{URI: uri, Date: date("31/10/2015 10:00:00")}, "date:2015", ""},
		"toread": {"toread:yes", ssd3.Values{URI: uri, Extensions: []ssd3.Field{{Name: ssd3.FieldToRead, Value: ssd3.ToReadMark}}}, "", ""},
		"dup":    {"dup:yes", ssd3.Values{URI: uri}, "", ""},
		"link":   {"link:dead", ssd3.Values{URI: uri}, "", ""},
		// The pages text: and archive: read are the archive's: its
		// hooks (archiveHooks) hold the page of uri alone.
		"text":    {"text:rhein", ssd3.Values{URI: uri}, "text:rh", ""},
		"archive": {"archive:yes", ssd3.Values{URI: uri}, "", ""},
	}
}

// TestQualifierTable walks qualifierTable: every qualifier parses under
// each of its names, finds its record (through Filter and an Index, and
// not when excluded), lights up what it should, narrows as typed on only
// if its value is looked for within a text, and has its lines in Help,
// so that a qualifier half added fails.
func TestQualifierTable(t *testing.T) {
	t.Parallel()
	cases := qualifierCases()
	for i := range qualifierTable {
		qual := &qualifierTable[i]
		name := qual.names[0]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if qual.parse == nil || qual.eval == nil || qual.lights == nil {
				t.Fatalf("qualifier %s: parse, eval or lights missing", name)
			}
			if qual.help == "" || !strings.Contains(Help, qual.help) || !strings.Contains(qual.help, name+":") {
				t.Errorf("qualifier %s: no line of Help names it (help %q)", name, qual.help)
			}
			c, ok := cases[name]
			if !ok {
				t.Fatalf("qualifier %s: no case in qualifierCases", name)
			}
			checkQualifierNames(t, qual, c)
			checkQualifierFinds(t, qual, c)
			checkQualifierLights(t, c)
			checkQualifierNarrows(t, qual, c)
		})
	}
}

// checkQualifierNames: each of the qualifier's names, in either case,
// starts a term of it.
func checkQualifierNames(t *testing.T, qual *qualifier, c qualifierCase) {
	t.Helper()
	_, value, _ := strings.Cut(c.term, ":")
	typed, _, _ := strings.Cut(c.term, ":")
	names := []string{typed, strings.ToUpper(typed)}
	if qual.field == nil {
		names = append(names, qual.names...)
	}
	for _, n := range names {
		q, err := Parse(n + ":" + value)
		if err != nil || len(q.terms) != 1 || q.terms[0].qual != qual {
			t.Errorf("%s:%s is not a term of %s: %v", n, value, qual.names[0], err)
		}
	}
	if slices.Contains(Qualifiers(), typed) != (qual.field == nil) {
		t.Errorf("Qualifiers() and %s: disagree", typed)
	}
}

// checkQualifierFinds: the term finds its record and not one of its URI
// alone, the exclusion the other way round, by Filter, an Index and
// Match alike; and the query says what it needs of the catalogue.
func checkQualifierFinds(t *testing.T, qual *qualifier, c qualifierCase) {
	t.Helper()
	rec := ssd3.NewRecord(c.rec)
	recs := []*ssd3.Record{rec, ssd3.NewRecord(ssd3.Values{URI: "https://other.example/"})}
	if qual.dups {
		recs = append(recs, ssd3.NewRecord(ssd3.Values{URI: strings.Replace(c.rec.URI, "https", "http", 1)}))
	}
	dead := func(uri string) linkcheck.Status {
		if uri == c.rec.URI {
			return linkcheck.Dead
		}
		return linkcheck.OK
	}
	for _, text := range []string{c.term, "-" + c.term} {
		q, err := Parse(text)
		if err != nil {
			t.Fatalf("Parse(%q): %v", text, err)
		}
		if q.dup != qual.dups || q.HasLink() != qual.links || q.HasText() != qual.text || q.HasArchive() != qual.archive {
			t.Errorf("%q: dup %v, link %v, text %v, archive %v; the qualifier says %v, %v, %v, %v", text,
				q.dup, q.HasLink(), q.HasText(), q.HasArchive(), qual.dups, qual.links, qual.text, qual.archive)
		}
		if indexed := q.need != 0; indexed != (qual.indexed && text[0] != '-') {
			t.Errorf("%q: needs the bytes %#x of every match's text; the qualifier says indexed %v", text, q.need, qual.indexed)
		}
		q = archiveHooks(t, q.WithLinks(dead), c.rec.URI)
		got := Filter(recs, q)
		if slices.Contains(got, rec) == (text[0] == '-') || slices.Contains(got, recs[1]) != (text[0] == '-') {
			t.Errorf("%q finds %s", text, uris(got))
		}
		hits, err := NewIndex(recs, 1).Search(context.Background(), q, nil)
		if err != nil || len(hits) != len(got) || len(hits) > 0 && recs[hits[0].Pos] != got[0] {
			t.Errorf("%q: an index finds %v, Filter %s", text, hits, uris(got))
		}
		if !qual.dups && q.Match(rec) == (text[0] == '-') {
			t.Errorf("%q: Match(%v) is %v", text, c.rec, q.Match(rec))
		}
	}
}

// archiveHooks returns q with an archive that holds the page of uri
// alone, saying "Die Stadt am Rhein".
func archiveHooks(t *testing.T, q *Query, uri string) *Query {
	t.Helper()
	q, err := q.WithText(func(tt TextTerm) (TextAnswer, error) {
		if strings.HasPrefix("rhein", tt.Text) {
			return TextAnswerOf(map[string]TextHit{ssd3.URIKey(uri): {Score: 1}}), nil
		}
		return TextAnswer{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return q.WithArchive(func(u string) ArchiveState {
		if u == uri {
			return ArchiveYes
		}
		return ArchiveNo
	})
}

// checkQualifierLights: the term lights up its field's value, and no
// other field's.
func checkQualifierLights(t *testing.T, c qualifierCase) {
	t.Helper()
	q, _ := Parse(c.term)
	values := map[string]string{
		ssd3.FieldName: "Kölner Dom", ssd3.FieldCategory: "Travel/Germany", ssd3.FieldDescription: "Die Stadt am Rhein",
		TagsField: "road trip, Hiking", ssd3.FieldURI: c.rec.URI, "X-KEYWORD": "Alps",
		ssd3.FieldLanguage: "de-DE", ssd3.FieldType: "text/html",
	}
	for field, value := range values {
		lit := slices.Contains(q.Highlight(field, value), true)
		if lit != (field == c.field) {
			t.Errorf("%q lights %s %q: %v", c.term, field, value, lit)
		}
	}
}

// checkQualifierNarrows: a term typed on narrows the search it was when
// its qualifier looks for its value within a text, and only then.
func checkQualifierNarrows(t *testing.T, qual *qualifier, c qualifierCase) {
	t.Helper()
	if c.typed == "" {
		return
	}
	prev, err1 := Parse(c.typed)
	next, err2 := Parse(c.term)
	if err1 != nil || err2 != nil {
		t.Fatalf("Parse(%q), Parse(%q): %v, %v", c.typed, c.term, err1, err2)
	}
	if next.Narrows(prev) != qual.within {
		t.Errorf("%q narrows %q: %v; the qualifier says within %v", c.term, c.typed, next.Narrows(prev), qual.within)
	}
	// What narrows finds nothing the search before did not.
	rec := []*ssd3.Record{ssd3.NewRecord(c.rec)}
	prev, next = archiveHooks(t, prev, c.rec.URI), archiveHooks(t, next, c.rec.URI)
	if next.Narrows(prev) && len(Filter(rec, prev)) < len(Filter(rec, next)) {
		t.Errorf("%q narrows %q, but finds a record it does not", c.term, c.typed)
	}
}

// uris lists the URIs of recs, for errors.
func uris(recs []*ssd3.Record) string {
	var out []string
	for _, r := range recs {
		out = append(out, r.URI())
	}
	return strings.Join(out, " ")
}
