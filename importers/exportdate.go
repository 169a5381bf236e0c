package importers

import (
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// ParseExportDate reads a date as uricat's JSON and CSV exports write it
// (RFC 3339, in UTC), or in RFC 3339 with any offset, or as SSD3 writes it
// (3.3, "DD/MM/YYYY hh:mm:ss"), which people who edit those files by hand
// may copy from a catalogue.
func ParseExportDate(v string) (time.Time, error) {
	v = strings.TrimSpace(v)
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		return t.UTC(), nil
	}
	return ssd3.ParseDate(v)
}

// SetAdded gives rec the time it was added, t, from a format that carries
// it beside the DATE (uricat's JSON and CSV exports, "added"): X-ADDED
// (catalogue.FieldAdded) when t is not its DATE, which is then when it was
// last amended (SSD3 3.3); the DATE itself when it has none. A record whose
// DATE is when it was added gets no X-ADDED, so that an export of it reads
// back as it was.
func SetAdded(rec *ssd3.Record, t time.Time) {
	switch {
	case t.IsZero():
	case rec.Date().IsZero():
		rec.SetDate(t)
	case !t.Equal(rec.Date()):
		rec.SetExtension(ssd3.FieldAdded, ssd3.FormatDate(t))
	}
}
