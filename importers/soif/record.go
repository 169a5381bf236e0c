package soif

import (
	"strings"

	"golang.org/x/text/language"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/display"
)

// dateAttrs are the attributes that can give DATE, best first: when the
// resource last changed (FILE: Last-Modification-Time; DOCUMENT:
// Last-Modified), when it was made available (Dublin-Core DATE), when the
// summary was made (Update-Time). The first that reads as a date wins.
var dateAttrs = []struct {
	base        string
	unixSeconds bool
}{
	{"last-modification-time", true},
	{"last-modified", false},
	{"date", false},
	{"update-time", true},
}

// typeAttrs may hold a media type for TYPE: DOCUMENT's Content-Type,
// Dublin-Core's FORMAT, FILE's Type (Harvest wrote names such as "HTML"
// there, which stay X-TYPE).
var typeAttrs = []string{"content-type", "format", "type"}

// listAttrs hold several items, one per line (the DC-dot sample's Keywords).
var listAttrs = map[string]bool{"keywords": true, "subject": true}

// record maps an object to a bookmark as fieldAttrs says, or returns nil
// (with a diagnostic) when it is not one.
func (r *Reader) record(o *object) *ssd3.Record {
	if o.hint {
		r.report(ssd3.Skipped, o.start, "this CIP-HINT object is an index hint, not a bookmark (Appendix B); skipped")
		return nil
	}
	ps := o.pairs
	sortPairs(ps)
	rec := ssd3.NewRecord(ssd3.Values{})
	// first takes the first unused value of the first of bases present.
	first := func(bases ...string) string {
		for _, b := range bases {
			for i := range ps {
				if p := &ps[i]; p.base == b && !p.used {
					p.used = true
					return p.value
				}
			}
		}
		return ""
	}

	if !r.setURI(o, rec, ps) {
		return nil
	}
	for i := range fieldAttrs {
		r.setField(rec, ps, &fieldAttrs[i], first)
	}
	r.setExtensions(rec, ps)

	return r.notes.Finish(rec, r.opts, 0, o.start, nil)
}

// setField sets the field of a from the first of its attributes that
// converts, marking the pair it used; first takes the first unused value
// of the first of bases present.
func (r *Reader) setField(rec *ssd3.Record, ps []pair, a *fieldAttr, first func(bases ...string) string) {
	if a.conv == convText {
		a.set(rec, first(a.reads...))
		return
	}
	if a.conv == convDate {
		r.setDate(rec, ps)
		return
	}
	for _, b := range a.reads {
		for i := range ps {
			p := &ps[i]
			if p.base != b {
				continue
			}
			v := strings.TrimSpace(p.value)
			switch a.conv {
			case convRating:
				n, err := ssd3.ParseRating(v)
				if err != nil {
					continue
				}
				rec.SetRating(n)
			case convID:
				if ssd3.ValidateID(v) != nil {
					continue
				}
				rec.SetID(v)
			case convType:
				if !strings.Contains(v, "/") || ssd3.ValidateType(v) != nil {
					continue
				}
				rec.SetType(v)
			case convLanguage:
				l, ok := normalizeLanguage(p.value)
				if !ok {
					continue
				}
				rec.SetLanguage(l)
			}
			p.used = true
			return
		}
	}
}

// setDate sets DATE from the first of dateAttrs that reads as a date,
// reporting those that do not.
func (r *Reader) setDate(rec *ssd3.Record, ps []pair) {
	for _, d := range dateAttrs {
		for i := range ps {
			p := &ps[i]
			if p.base != d.base {
				continue
			}
			t, note, ok := parseDate(p.value, d.unixSeconds)
			if !ok || ssd3.ValidateDate(t) != nil {
				r.report(ssd3.Deviation, p.off, "%s: %q is not a date uricat can read; kept as %s", p.name, importers.OneLine(p.value), p.xname)
				continue
			}
			if note != "" {
				r.report(ssd3.Deviation, p.off, "%s: %s; read anyway", p.name, note)
			}
			rec.SetDate(t)
			p.used = true
			return
		}
	}
}

// setURI takes the object's URL, or, when it has none ("-", 4.5) or it is not
// a URI, the first IDENTIFIER that is one (Dublin-Core, Appendix C). It
// reports false, with the reason, when there is none.
func (r *Reader) setURI(o *object, rec *ssd3.Record, ps []pair) bool {
	var ids []*pair
	for i := range ps {
		if ps[i].base == "identifier" {
			ids = append(ids, &ps[i])
		}
	}
	if len(ids) == 0 && hasScheme(o.url) {
		rec.SetURI(o.url) // Finish validates it, and says why if it must
		return true
	}
	uri := o.url
	urlErr := ssd3.ValidateURI(uri)
	if urlErr != nil { // an IRI, say: Finish normalises it the same way
		uri = ssd3.NormalizeURI(display.Clean(o.url))
		urlErr = ssd3.ValidateURI(uri)
	}
	if o.url != "" && o.url != "-" && urlErr == nil {
		rec.SetURI(o.url)
		for _, p := range ids {
			if ssd3.NormalizeURI(display.Clean(p.value)) == uri {
				p.used = true // the same again: nothing to keep
			}
		}
		return true
	}
	for _, p := range ids {
		if ssd3.ValidateURI(ssd3.NormalizeURI(display.Clean(p.value))) == nil {
			rec.SetURI(p.value)
			p.used = true
			if o.url != "-" && o.url != "" {
				r.report(ssd3.Deviation, o.start, "the object has %q where its URL goes, which is not a URI; using its %s %q", importers.OneLine(o.url), p.name, importers.OneLine(p.value))
			}
			return true
		}
	}
	switch {
	case o.url == "" || o.url == "-":
		r.report(ssd3.Skipped, o.start, "the object has no URL (\"-\" or none) and no IDENTIFIER that is a URI; skipped")
	default:
		r.report(ssd3.Skipped, o.start, "the object's URL %q is not a URI (%v), and it has no IDENTIFIER that is one; skipped", importers.OneLine(o.url), urlErr)
	}
	return false
}

// hasScheme reports whether s starts with a URI scheme and ":" (RFC 3986
// 3.1), the cheap half of a URI check.
func hasScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}

// setExtensions keeps every value not used for a catalogue field as an X-
// field named after its attribute (Author-1, Author-2 -> X-AUTHOR), values
// joined with "; ". What is too long for metadata is dropped as bulk.
func (r *Reader) setExtensions(rec *ssd3.Record, ps []pair) {
	unused := 0
	for i := range ps {
		if !ps[i].used {
			unused++
		}
	}
	if unused > 0 {
		rec.SetExtensions(make([]ssd3.Field, 0, unused))
	}
	for i := range ps {
		p := &ps[i]
		if p.used {
			continue
		}
		// Gather every unused value with the same X- name (pairs of one
		// attribute are adjacent after sortPairs; "X-Foo" and "Foo" are not).
		name, off := p.xname, p.off
		vals := r.vals[:0]
		for j := i; j < len(ps); j++ {
			q := &ps[j]
			if q.used || q.xname != name {
				continue
			}
			q.used = true
			if q.list {
				for line := range strings.SplitSeq(q.value, "\n") {
					if v := importers.OneLine(line); v != "" {
						vals = append(vals, v)
					}
				}
			} else if v := importers.OneLine(q.value); v != "" {
				vals = append(vals, v)
			}
		}
		r.vals = vals[:0]
		var v string
		switch len(vals) {
		case 0:
			continue
		case 1:
			v = vals[0]
		default:
			v = strings.Join(vals, "; ")
		}
		switch {
		case ssd3.ValidateExtensionName(name) != nil:
			r.report(ssd3.Dropped, off, "attribute %s is not a field name the catalogue can hold; not kept", name)
		case len(v) > maxExtension:
			r.report(ssd3.Dropped, off, "%s is %d bytes long: bulk, not metadata; not kept", name, len(v))
		default:
			rec.AddExtension(name, v)
		}
	}
}

// xName names the X- field for an attribute: "creator-email" gives
// "X-CREATOR-EMAIL"; an attribute already named "X-..." keeps its name.
func xName(base string) string {
	u := strings.ToUpper(base)
	if strings.HasPrefix(u, "X-") {
		return u
	}
	return "X-" + u
}

// normalizeLanguage makes an RFC 3066 tag of a LANGUAGE value. Dublin-Core
// asks for three-letter NISO Z39.53 codes ("eng", Appendix C); RFC 3066 2.3
// says to use the two-letter ISO 639-1 code where there is one.
func normalizeLanguage(v string) (string, bool) {
	v = strings.TrimSpace(v)
	if ssd3.ValidateLanguage(v) != nil {
		return "", false
	}
	primary, rest, _ := strings.Cut(v, "-")
	if len(primary) == 3 {
		if b, err := language.ParseBase(primary); err == nil && len(b.String()) == 2 {
			primary = b.String()
		}
	}
	if rest != "" {
		return primary + "-" + rest, true
	}
	return primary, true
}
