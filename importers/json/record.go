package json

import (
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// Record is a record as `uricat list --json` and the Writer print it:
// decoded text, RFC 3339 dates, and only the fields that are present and
// valid. Added is when the record was added (catalogue.Record.Added): its
// X-ADDED, which is not among the Extensions then, or its DATE. Its
// members are the rows of keys, in order, their JSON names the keys' (a
// test checks them).
type Record struct {
	URI         string            `json:"uri"`
	Name        string            `json:"name"`
	Date        string            `json:"date"`
	Added       string            `json:"added"`
	Category    string            `json:"category,omitempty"`
	Description string            `json:"description,omitempty"`
	Rating      int               `json:"rating,omitempty"`
	Language    string            `json:"language,omitempty"`
	Type        string            `json:"type,omitempty"`
	ID          string            `json:"id,omitempty"`
	Extensions  map[string]string `json:"extensions,omitempty"`
}

// Group is a group as `uricat list --group F --json` prints it.
type Group struct {
	Group   string   `json:"group"`
	Records []Record `json:"records"`
}

// FromRecord returns r in its JSON form, made as keys says.
func FromRecord(r *ssd3.Record) Record {
	var j Record
	for i := range keys {
		k := &keys[i]
		switch k.kind {
		case valueString:
			*k.member(&j) = k.get(r)
		case valueDate:
			j.Date = r.Date().UTC().Format(time.RFC3339)
		case valueAdded:
			j.Added = r.Added().UTC().Format(time.RFC3339)
		case valueRating:
			j.Rating = r.Rating()
		case valueExtensions:
			j.Extensions = extensions(r)
		}
	}
	return j
}

// extensions returns r's extensions as a map, nil when it has none. An
// X-ADDED that is a date is Added's, not an extension; one that is not
// stays an extension.
func extensions(r *ssd3.Record) map[string]string {
	added := false
	if v := r.Extension(ssd3.FieldAdded); v != "" {
		_, err := ssd3.ParseDate(v)
		added = err == nil
	}
	var m map[string]string
	for _, f := range r.Extensions() {
		if added && f.Name == ssd3.FieldAdded {
			continue
		}
		if m == nil {
			m = make(map[string]string, len(r.Extensions()))
		}
		m[f.Name] = f.Value
	}
	return m
}
