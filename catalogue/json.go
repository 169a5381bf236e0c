package catalogue

import (
	"time"
)

// JSONRecord is a record as `uricat list --json` and `uricat export
// --format json` print it: decoded text, RFC 3339 dates, and only the fields
// that are present and valid. Added is when the record was added
// (Record.Added): its X-ADDED, which is not among the Extensions then, or
// its DATE.
type JSONRecord struct {
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

// JSON returns r in its JSON form.
func (r *Record) JSON() JSONRecord {
	j := JSONRecord{URI: r.URI(), Name: r.Name(), Date: r.Date().UTC().Format(time.RFC3339),
		Added:    r.Added().UTC().Format(time.RFC3339),
		Category: r.Category(), Description: r.Description(), Rating: r.Rating(),
		Language: r.Language(), Type: r.Type(), ID: r.ID()}
	_, inAdded := r.addedField() // an X-ADDED that is not a date stays an extension
	for _, f := range r.Extensions() {
		if inAdded && f.Name == FieldAdded {
			continue
		}
		if j.Extensions == nil {
			j.Extensions = make(map[string]string, len(r.Extensions()))
		}
		j.Extensions[f.Name] = f.Value
	}
	return j
}

// JSONGroup is a group as `uricat list --group F --json` prints it.
type JSONGroup struct {
	Group   string       `json:"group"`
	Records []JSONRecord `json:"records"`
}
