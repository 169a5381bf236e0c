package hinadi

import (
	"strconv"
	"strings"
	"time"
)

// strictDate is the one date form Hina-Di allows (Date: rfc1123-date, with
// a two-digit day and "GMT").
const strictDate = "Mon, 02 Jan 2006 15:04:05 GMT"

// dateForm is a form real writers used and readers accepted (WRITERS.md:
// RFC 1123, RFC 850 and asctime; WDB wrote unpadded days).
type dateForm struct {
	layout  string
	name    string
	weekday bool // starts with a weekday, to be checked against the date
	abbrev  bool // ends with a zone abbreviation
}

var dateForms = []dateForm{
	{"Mon, _2 Jan 2006 15:04:05 MST", "RFC 1123", true, true},
	{"Mon, _2 Jan 2006 15:04:05 -0700", "RFC 1123 with a numeric zone", true, false},
	{"Monday, _2-Jan-06 15:04:05 MST", "RFC 850", true, true},
	{"Mon, _2-Jan-06 15:04:05 MST", "RFC 850", true, true},
	{"Mon Jan _2 15:04:05 2006", "asctime", true, false},
	{"Mon, _2 Jan 06 15:04:05 MST", "RFC 822 (two-digit year)", true, true},
	{"_2 Jan 2006 15:04:05 MST", "RFC 822 without a weekday", false, true},
	{"_2 Jan 2006 15:04:05 -0700", "RFC 822 without a weekday", false, false},
	{time.RFC3339, "ISO 8601", false, false},
}

// zoneOffsets are RFC 822's zone names (5.1) plus UTC and JST, the zone
// of Hina-Di's home. time.Parse would give an unknown abbreviation a zero
// offset without saying so.
var zoneOffsets = map[string]int{
	"GMT": 0, "UT": 0, "UTC": 0, "Z": 0,
	"EST": -5 * 3600, "EDT": -4 * 3600, "CST": -6 * 3600, "CDT": -5 * 3600,
	"MST": -7 * 3600, "MDT": -6 * 3600, "PST": -8 * 3600, "PDT": -7 * 3600,
	"JST": 9 * 3600,
}

// parseDate reads a Hina-Di date. note says how it departs from the
// rfc1123-date the spec requires ("" when it does not), and key names that
// kind of departure, so that a writer's habit is reported once.
func parseDate(v string) (t time.Time, key, note string, ok bool) {
	if !isOneLine(v) {
		v = strings.Join(strings.Fields(v), " ")
	}
	if t, err := time.Parse(strictDate, v); err == nil {
		if w := weekdayNote(v, t); w != "" {
			return t, "weekday", w, true
		}
		return t, "", "", true
	}
	for _, f := range dateForms {
		t, err := time.Parse(f.layout, v)
		if err != nil {
			continue
		}
		key, note = f.name, "in "+f.name+" form, not RFC 1123"
		if f.abbrev {
			abbr, _ := t.Zone()
			off, known := zoneOffsets[strings.ToUpper(abbr)]
			switch {
			case !known:
				key, note = "unknown zone", "has the unknown time zone "+strconv.Quote(abbr)+", read as GMT"
			case f.name == "RFC 1123" && off != 0:
				key, note = "zone", "has the zone "+abbr+", not GMT"
			case f.name == "RFC 1123":
				key, note = "unpadded", "has a day not padded to two digits"
			}
			t = time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), 0, time.FixedZone(abbr, off))
		}
		if f.weekday {
			if w := weekdayNote(v, t); w != "" {
				key, note = key+"+weekday", note+"; "+w
			}
		}
		return t.UTC(), key, note, true
	}
	return time.Time{}, "", "", false
}

// weekdayNote reports a weekday that does not match the date (WRITERS.md:
// writers got it wrong; the date wins).
func weekdayNote(v string, t time.Time) string {
	end := strings.IndexAny(v, ", ")
	if end <= 0 {
		return ""
	}
	w, day := v[:end], t.Weekday().String()
	if len(w) <= len(day) && strings.EqualFold(day[:len(w)], w) {
		return ""
	}
	return "its weekday " + strconv.Quote(w) + " does not match the date (a " + t.Weekday().String() + ")"
}
