package importers

import (
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue"
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
	return catalogue.ParseDate(v)
}
