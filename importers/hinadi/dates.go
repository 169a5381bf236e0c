package hinadi

import (
	"strconv"
	"strings"
	"time"

	"github.com/uricat/uricat/internal/dates"
)

// strictDate is the one date form Hina-Di allows (Date: rfc1123-date, with
// a two-digit day and "GMT").
const strictDate = "Mon, 02 Jan 2006 15:04:05 GMT"

// parseDate reads a Hina-Di date. note says how it departs from the
// rfc1123-date the spec requires ("" when it does not).
func parseDate(v string) (t time.Time, note string, ok bool) {
	if strings.Contains(v, "  ") || strings.IndexByte(v, '\t') >= 0 {
		v = strings.Join(strings.Fields(v), " ") // values are trimmed: only inner runs
	}
	if t, err := time.Parse(strictDate, v); err == nil {
		if w := dates.BadWeekday(v, t); w != "" {
			return t, weekdayNote(w, t.Weekday()), true
		}
		return t, "", true
	}
	// Forms real writers used and readers accepted (WRITERS.md: RFC 1123,
	// RFC 850 and asctime; WDB wrote unpadded days).
	d, ok := dates.Parse(v, dates.HTTP)
	if !ok {
		return time.Time{}, "", false
	}
	note = "in " + d.Form.Name + " form, not RFC 1123"
	if d.Form.Zone {
		switch {
		case d.UnknownZone:
			note = "has the unknown time zone " + strconv.Quote(d.Zone) + ", read as GMT"
		case d.Form.Name == "RFC 1123" && d.ZoneOffset != 0:
			note = "has the zone " + d.Zone + ", not GMT"
		case d.Form.Name == "RFC 1123":
			note = "has a day not padded to two digits"
		}
	}
	if d.BadWeekday != "" {
		note += "; " + weekdayNote(d.BadWeekday, d.Weekday)
	}
	return d.Time, note, true
}

// weekdayNote says that the weekday w written does not match the date
// (WRITERS.md: writers got it wrong; the date wins).
func weekdayNote(w string, day time.Weekday) string {
	return "its weekday " + strconv.Quote(w) + " does not match the date (a " + day.String() + ")"
}
