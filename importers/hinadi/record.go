package hinadi

import (
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
)

// record maps an entity block to a bookmark as fieldNames says (URI is the
// URL, else Virtual with other fields; any other field is X-<NAME>), or
// returns nil (with a diagnostic) when it is not one. The values of
// experimental fields (X-...) may be RFC 2047 encoded-words, as uricat's
// export writes a multi-line DESCRIPTION: they are decoded.
func (r *Reader) record(b *block) *ssd3.Record {
	if dup, first := b.duplicate(); dup != nil {
		r.report(ssd3.Skipped, dup.line, "the block at line %d has the field %q twice (lines %d and %d): a block with duplicate field names MUST be discarded (Block); skipped", b.line, dup.name, first.line, dup.line)
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
	rec := ssd3.NewRecord(ssd3.Values{Extensions: make([]ssd3.Field, 0, len(b.fields))})
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
		r.report(ssd3.Info, vf.line, "%s: %s: this entry is kept in another Hina-Di file (Virtual); not a bookmark, not imported", vf.name, importers.Excerpt(virtual))
		return nil
	case vf != nil && virtual != "":
		// "If there are fields in the entity block other than Virtual, then
		// it takes the same meaning as the regular URL field."
		rec.SetURI(virtual)
	default:
		r.report(ssd3.Skipped, b.line, "the block at lines %d-%d has no URL (required in entity blocks, URL); skipped", b.line, b.last)
		return nil
	}
	// The fields first, then what adds an extension of its own (X-AUTHOR),
	// after X-KEYWORDS.
	for i := range fieldNames {
		if a := &fieldNames[i]; a.conv != convOneLine {
			r.setField(rec, b, used, a)
		}
	}
	for i := range fieldNames {
		if a := &fieldNames[i]; a.conv == convOneLine {
			r.setField(rec, b, used, a)
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
	return r.notes.Finish(rec, r.opts, b.line, -1, nil)
}

// setField sets the field of a from the first of a's fields in b that
// converts, and marks it used.
func (r *Reader) setField(rec *ssd3.Record, b *block, used []bool, a *fieldName) {
	switch a.conv {
	case convVersion:
		return // not kept
	case convDate:
		r.setDate(rec, b, used, a)
		return
	}
	for _, key := range a.keys {
		for i := range b.fields {
			f := &b.fields[i]
			if f.key != key || used[i] {
				continue
			}
			v := f.value
			if experimental(f.name) {
				v = decodeWords(v)
			}
			switch a.conv {
			case convText:
				a.set(rec, v)
			case convKeyword:
				// The first keyword is the CATEGORY, the others X-KEYWORDS
				// (not a copy of the CATEGORY too, which an export would
				// then write twice).
				words := splitKeywords(v)
				if len(words) > 0 {
					a.set(rec, words[0])
				}
				if len(words) > 1 {
					rec.AddExtension("X-KEYWORDS", strings.Join(words[1:], "; "))
				}
			case convOneLine:
				rec.AddExtension(a.field, importers.OneLine(v))
			case convType:
				t := mediaType(strings.TrimSpace(v))
				if ssd3.ValidateType(t) != nil {
					continue
				}
				a.set(rec, t)
			case convRating:
				n, err := ssd3.ParseRating(strings.TrimSpace(v))
				if err != nil {
					continue
				}
				rec.SetRating(n)
			case convLanguage:
				if v = strings.TrimSpace(v); ssd3.ValidateLanguage(v) != nil {
					continue
				}
				a.set(rec, v)
			case convID:
				if v = strings.TrimSpace(v); ssd3.ValidateID(v) != nil {
					continue
				}
				a.set(rec, v)
			case convOverflow:
				// uricat's own export keeps here what Keyword cannot hold.
				v = strings.TrimSpace(v)
				if a.set != nil { // CATEGORY, unless Keyword gave it
					if a.get(rec) != "" {
						continue
					}
					a.set(rec, v)
					break
				}
				if old := a.get(rec); old != "" {
					v = old + "; " + v
				}
				rec.SetExtension(a.field, v)
			}
			used[i] = true
			return
		}
	}
}

// setDate sets DATE from the first of a's fields that reads as a date,
// reporting those that do not.
func (r *Reader) setDate(rec *ssd3.Record, b *block, used []bool, a *fieldName) {
	for _, key := range a.keys {
		for i := range b.fields {
			f := &b.fields[i]
			if f.key != key || used[i] {
				continue
			}
			t, note, ok := parseDate(f.value)
			if !ok || ssd3.ValidateDate(t) != nil {
				r.report(ssd3.Deviation, f.line, "%s %q is not a date (rfc1123-date); kept as %s", f.name, importers.Excerpt(f.value), xName(f.key))
				continue
			}
			if note != "" {
				r.report(ssd3.Deviation, f.line, "%s %s; read anyway", f.name, note)
			}
			rec.SetDate(t)
			used[i] = true
			return
		}
	}
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
	if d, err := ssd3.DecodeText(v); err == nil {
		return d
	}
	return v
}
