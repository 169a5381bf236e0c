package hinadi

import (
	"strings"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
)

// dateFields give DATE, best first (the issue: Last-Modified, else Date,
// else Last-Modified-Detected).
var dateFields = []string{"last-modified", "date", "last-modified-detected"}

// notKept are fields about the Hina-Di file rather than the page: the
// format's own bookkeeping.
var notKept = map[string]bool{"hina": true, "hina-version": true}

// fieldOf names the field record takes each of these fields (lower case)
// for: the writer must not write an extension under one of these names.
var fieldOf = map[string]string{
	"url": "URI", "virtual": "URI", "vitural": "URI", "title": "NAME", "last-modified": "DATE",
	"keyword": "CATEGORY", "author-name": "X-AUTHOR", "content-type": "TYPE",
	"x-uricat-description": "DESCRIPTION", "x-uricat-rating": "RATING", "x-uricat-language": "LANGUAGE", "x-uricat-id": "ID",
	"x-uricat-category": "CATEGORY", "x-uricat-keywords": "X-KEYWORDS", "hina": "", "hina-version": "",
}

// record maps an entity block to a bookmark, or returns nil (with a
// diagnostic) when it is not one:
//
//	URL (or Virtual with other fields)      -> URI
//	Title                                   -> NAME
//	Last-Modified, Date, Last-Modified-Detected -> DATE
//	Keyword (several, SEPARATOR between)    -> CATEGORY (the first) and X-KEYWORDS (the others)
//	Author-Name                             -> X-AUTHOR
//	Content-Type (a media type)             -> TYPE
//	X-Uricat-Description, -Rating, -Language,
//	-Id, -Category, -Keywords               -> DESCRIPTION, RATING, LANGUAGE, ID, CATEGORY, X-KEYWORDS (uricat's export)
//	any other field                         -> X-<NAME>
//
// The values of experimental fields (X-...) may be RFC 2047 encoded-words,
// as uricat's export writes a multi-line DESCRIPTION: they are decoded.
func (r *Reader) record(b *block) *catalogue.Record {
	if dup, first := b.duplicate(); dup != nil {
		r.report(catalogue.Skipped, dup.line, "the block at line %d has the field %q twice (lines %d and %d): a block with duplicate field names MUST be discarded (Block); skipped", b.line, dup.name, first.line, dup.line)
		return nil
	}
	if len(b.fields) == 0 {
		return nil // only lines that were not fields: each was reported
	}
	used := make([]bool, len(b.fields))
	take := func(key string) (string, *field) {
		for i := range b.fields {
			if b.fields[i].key == key && !used[i] {
				used[i] = true
				return b.fields[i].value, &b.fields[i]
			}
		}
		return "", nil
	}
	rec := catalogue.NewRecord(catalogue.Values{Extensions: make([]catalogue.Field, 0, len(b.fields))})
	uri, u := take("url")
	virtual, vf := take("virtual")
	if vf == nil {
		virtual, vf = take("vitural") // the original spec's spelling (Virtual)
	}
	switch {
	case u != nil && uri != "":
		rec.SetURI(uri)
		if vf != nil {
			used[index(b, vf)] = false // kept as X-VIRTUAL
		}
	case vf != nil && len(b.fields) == 1:
		r.report(catalogue.Info, vf.line, "%s: %s: this entry is kept in another Hina-Di file (Virtual); not a bookmark, not imported", vf.name, importers.Excerpt(virtual))
		return nil
	case vf != nil && virtual != "":
		// "If there are fields in the entity block other than Virtual, then
		// it takes the same meaning as the regular URL field."
		rec.SetURI(virtual)
	default:
		r.report(catalogue.Skipped, b.line, "the block at lines %d-%d has no URL (required in entity blocks, URL); skipped", b.line, b.last)
		return nil
	}
	title, _ := take("title")
	rec.SetName(title)
	for _, key := range dateFields {
		for i := range b.fields {
			f := &b.fields[i]
			if f.key != key || used[i] {
				continue
			}
			t, note, ok := parseDate(f.value)
			if !ok || catalogue.ValidateDate(t) != nil {
				r.report(catalogue.Deviation, f.line, "%s %q is not a date (rfc1123-date); kept as %s", f.name, importers.Excerpt(f.value), xName(f.key))
				continue
			}
			if note != "" {
				r.report(catalogue.Deviation, f.line, "%s %s; read anyway", f.name, note)
			}
			rec.SetDate(t)
			used[i] = true
			break
		}
		if !rec.Date().IsZero() {
			break
		}
	}
	// The first keyword is the CATEGORY, the others X-KEYWORDS (issue 10:
	// X-KEYWORDS held a copy of the CATEGORY, which an export then wrote
	// twice).
	if kw, f := take("keyword"); f != nil {
		words := splitKeywords(kw)
		if len(words) > 0 {
			rec.SetCategory(words[0])
		}
		if len(words) > 1 {
			rec.AddExtension("X-KEYWORDS", strings.Join(words[1:], "; "))
		}
	}
	// uricat's own Hina-Di export keeps the fields Hina-Di lacks as
	// experimental fields of its own, X-Uricat-..., which no other field
	// is taken for (a Netscape export's ID is an X-ID): read them back.
	if d, f := take("x-uricat-description"); f != nil {
		rec.SetDescription(decodeWords(d))
	}
	for i := range b.fields {
		f := &b.fields[i]
		if used[i] || !strings.HasPrefix(f.key, "x-uricat-") {
			continue
		}
		switch v := strings.TrimSpace(decodeWords(f.value)); {
		case f.key == "x-uricat-rating":
			if n, err := catalogue.ParseRating(v); err == nil {
				rec.SetRating(n)
				used[i] = true
			}
		case f.key == "x-uricat-language":
			if catalogue.ValidateLanguage(v) == nil {
				rec.SetLanguage(v)
				used[i] = true
			}
		case f.key == "x-uricat-id":
			if catalogue.ValidateID(v) == nil {
				rec.SetID(v)
				used[i] = true
			}
		case f.key == "x-uricat-category" && rec.Category() == "":
			rec.SetCategory(v)
			used[i] = true
		case f.key == "x-uricat-keywords":
			if old := rec.Extension("X-KEYWORDS"); old != "" {
				v = old + "; " + v
			}
			rec.SetExtension("X-KEYWORDS", v)
			used[i] = true
		}
	}
	if a, f := take("author-name"); f != nil {
		rec.AddExtension("X-AUTHOR", importers.OneLine(a))
	}
	for i := range b.fields {
		f := &b.fields[i]
		if f.key == "content-type" && !used[i] {
			if t := mediaType(strings.TrimSpace(f.value)); catalogue.ValidateType(t) == nil {
				rec.SetType(t)
				used[i] = true
			}
		}
	}
	for i := range b.fields {
		f := &b.fields[i]
		if used[i] || notKept[f.key] {
			continue
		}
		name := r.xName(f.key)
		v := f.value
		if experimental(f.name) {
			v = decodeWords(v)
		}
		v = importers.OneLine(v)
		switch old := rec.Extension(name); {
		case v == "":
		case old != "": // "X-Author" besides Author-Name: keep both
			rec.SetExtension(name, old+"; "+v)
		default:
			rec.AddExtension(name, v)
		}
	}
	diags, ok := importers.Finish(rec, r.opts, b.line, -1)
	r.diags = append(r.diags, diags...)
	if !ok {
		return nil
	}
	return rec
}

func index(b *block, f *field) int {
	for i := range b.fields {
		if &b.fields[i] == f {
			return i
		}
	}
	return -1
}

// mediaType takes the media type from a Content-Type value. The spec's
// grammar repeats the field name inside the value (rfc1521-type =
// "Content-Type" ":" type "/" subtype), so a value that does so is read too.
func mediaType(v string) string {
	if len(v) > len("content-type:") && strings.EqualFold(v[:len("content-type:")], "content-type:") {
		v = strings.TrimSpace(v[len("content-type:"):])
	}
	return v
}

// splitKeywords splits a Keyword value at each SEPARATOR (":" and blanks:
// keywords = TOKEN *(SEPARATOR TOKEN)).
func splitKeywords(v string) []string {
	var words []string
	for {
		i := strings.Index(v, ":")
		for i >= 0 && (i+1 >= len(v) || v[i+1] != ' ' && v[i+1] != '\t') {
			j := strings.Index(v[i+1:], ":")
			if j < 0 {
				i = -1
				break
			}
			i += 1 + j
		}
		if i < 0 {
			break
		}
		if w := trimBlanks(importers.OneLine(v[:i])); w != "" {
			words = append(words, w)
		}
		v = v[i+1:]
	}
	if w := trimBlanks(importers.OneLine(v)); w != "" {
		words = append(words, w)
	}
	return words
}

// xName is xName, remembered: files repeat the same few field names.
func (r *Reader) xName(key string) string { return r.xnames.Get(key, xName) }

// xName names the X- field for a field: "image-width" gives
// "X-IMAGE-WIDTH"; an experimental "X-..." field keeps its name.
func xName(key string) string {
	u := strings.ToUpper(key)
	if strings.HasPrefix(u, "X-") {
		return u
	}
	return "X-" + u
}

// decodeWords decodes the RFC 2047 encoded-words in the value of an
// experimental field; a value that does not decode is kept as it is.
func decodeWords(v string) string {
	if !strings.Contains(v, "=?") {
		return v
	}
	if d, err := catalogue.DecodeText(v); err == nil {
		return d
	}
	return v
}
