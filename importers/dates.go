package importers

import (
	"strings"
	"time"
)

// DateForm is one way writers wrote a date: a time.Parse layout and what to
// check once it fits.
type DateForm struct {
	Layout  string
	Name    string // for messages
	Weekday bool   // starts with a weekday name, to be checked against the date
	Abbrev  bool   // ends with a zone abbreviation ("MST" in the layout)
}

// HTTPDateForms are the forms of HTTP's dates (RFC 2616 3.3.1: RFC 1123,
// RFC 850, asctime), the RFC 822 variants older writers used, days padded
// or not ("_2"), and RFC 3339.
var HTTPDateForms = []DateForm{
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

// zoneOffsets are the zone names RFC 822 (5.1) defines, plus UTC and JST.
// time.Parse gives an unknown abbreviation a zero offset without saying
// so: the importers decide, and say.
var zoneOffsets = map[string]int{
	"GMT": 0, "UT": 0, "UTC": 0, "Z": 0,
	"EST": -5 * 3600, "EDT": -4 * 3600, "CST": -6 * 3600, "CDT": -5 * 3600,
	"MST": -7 * 3600, "MDT": -6 * 3600, "PST": -8 * 3600, "PDT": -7 * 3600,
	"JST": 9 * 3600,
}

// ParsedDate is a date read by ParseDate, with what a reader may report.
type ParsedDate struct {
	Time        time.Time    // in UTC
	Form        DateForm     // the form it was in
	Zone        string       // the zone abbreviation, when the form has one
	ZoneOffset  int          // its offset in seconds
	UnknownZone bool         // Zone is not one RFC 822 names: read as GMT
	BadWeekday  string       // the weekday written, when it is not the date's
	Weekday     time.Weekday // the date's weekday, in its own zone
}

// ParseDate reads v in the first of forms it fits. A weekday that does not
// match the date is kept in BadWeekday (real writers got it wrong; the
// date wins).
func ParseDate(v string, forms []DateForm) (ParsedDate, bool) {
	for _, f := range forms {
		t, err := time.Parse(f.Layout, v)
		if err != nil {
			continue
		}
		d := ParsedDate{Form: f}
		if f.Abbrev {
			d.Zone, _ = t.Zone()
			off, known := zoneOffsets[strings.ToUpper(d.Zone)]
			d.ZoneOffset, d.UnknownZone = off, !known
			t = time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), 0, time.FixedZone(d.Zone, off))
		}
		if f.Weekday {
			d.BadWeekday = BadWeekday(v, t)
		}
		d.Time, d.Weekday = t.UTC(), t.Weekday()
		return d, true
	}
	return ParsedDate{}, false
}

// BadWeekday returns the weekday word v starts with when it is not t's
// weekday (or an abbreviation of it), else "".
func BadWeekday(v string, t time.Time) string {
	end := strings.IndexAny(v, ", ")
	if end <= 0 {
		return ""
	}
	w, day := v[:end], t.Weekday().String()
	if len(w) <= len(day) && strings.EqualFold(day[:len(w)], w) {
		return ""
	}
	return w
}
