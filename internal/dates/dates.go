// Package dates reads the dates of Internet text formats, HTTP's and RFC
// 822's and the variants real writers produced, with one table of time
// zones: every importer reads "10:00 EST" as 15:00 UTC, whatever the zone
// of the machine it runs on.
package dates

import (
	"strings"
	"time"
)

// Form is one way writers wrote a date: a time.Parse layout and what to
// check once it fits.
type Form struct {
	Layout  string
	Name    string // for messages: "RFC 1123", "asctime"
	Weekday bool   // starts with a weekday name, to be checked against the date
	Zone    bool   // ends with a zone name ("MST" in the layout), read by RFC 822's table
}

// HTTP are the forms of HTTP's dates (RFC 2616 3.3.1: RFC 1123, RFC 850,
// asctime), the RFC 822 variants older writers used, days padded or not
// ("_2"), and RFC 3339.
var HTTP = []Form{
	{"Mon, _2 Jan 2006 15:04:05 MST", "RFC 1123", true, true},
	{"Mon, _2 Jan 2006 15:04:05 -0700", "RFC 1123 with a numeric zone", true, false},
	{"Monday, _2-Jan-06 15:04:05 MST", "RFC 850", true, true},
	{"Mon, _2-Jan-06 15:04:05 MST", "RFC 850", true, true},
	{"Mon Jan _2 15:04:05 2006", "asctime", true, false},
	{"Mon, _2 Jan 06 15:04:05 MST", "RFC 822 (two-digit year)", true, true},
	{"Mon, _2 Jan 06 15:04:05 -0700", "RFC 822 (two-digit year)", true, false},
	{"_2 Jan 2006 15:04:05 MST", "RFC 822 without a weekday", false, true},
	{"_2 Jan 2006 15:04:05 -0700", "RFC 822 without a weekday", false, false},
	{time.RFC3339, "RFC 3339", false, false},
}

// zones are the zone names RFC 822 (5.1) defines, plus UTC, Z and JST
// (Japan's Hina-Di writers). time.Parse gives a name it does not know a
// zero offset without saying so, or the local zone's offset when the local
// zone has that name: neither is right, so the table decides, and a name
// not in it is reported.
var zones = map[string]int{
	"GMT": 0, "UT": 0, "UTC": 0, "Z": 0,
	"EST": -5 * 3600, "EDT": -4 * 3600, "CST": -6 * 3600, "CDT": -5 * 3600,
	"MST": -7 * 3600, "MDT": -6 * 3600, "PST": -8 * 3600, "PDT": -7 * 3600,
	"JST": 9 * 3600,
}

// locations are zones' locations, made once: a listing has thousands of
// dates in one zone.
var locations = func() map[string]*time.Location {
	m := map[string]*time.Location{}
	for name, off := range zones {
		m[name] = time.FixedZone(name, off)
	}
	return m
}()

// Date is a date read by Parse, with what a reader may report.
type Date struct {
	Time        time.Time    // in UTC
	Form        Form         // the form it was in
	Zone        string       // the zone name, when the form has one
	ZoneOffset  int          // its offset in seconds
	UnknownZone bool         // Zone is not one RFC 822 names: read as GMT
	BadWeekday  string       // the weekday written, when it is not the date's
	Weekday     time.Weekday // the date's weekday, in its own zone
}

// Parse reads v in the first of forms it fits, runs of white space read as
// one space and blanks at either end ignored. A weekday that does not
// match the date is kept in BadWeekday (real writers got it wrong: the
// date wins).
func Parse(v string, forms []Form) (Date, bool) {
	v = fold(v)
	for _, f := range forms {
		t, err := time.Parse(f.Layout, v)
		if err != nil {
			continue
		}
		d := Date{Form: f}
		if f.Zone {
			d.Zone, _ = t.Zone()
			name := d.Zone
			if !isUpper(name) {
				name = strings.ToUpper(name)
			}
			off, known := zones[name]
			d.ZoneOffset, d.UnknownZone = off, !known
			loc := locations[name]
			if loc == nil {
				loc = time.UTC // an unknown zone is read as GMT
			}
			t = time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), loc)
		}
		if f.Weekday {
			d.BadWeekday = BadWeekday(v, t)
		}
		d.Time, d.Weekday = t.UTC(), t.Weekday()
		return d, true
	}
	return Date{}, false
}

// fold makes each run of white space in v one space and trims both ends.
func fold(v string) string {
	for i := 0; i < len(v); i++ {
		switch c := v[i]; c {
		case '\t', '\n', '\r', '\v', '\f':
			return strings.Join(strings.Fields(v), " ")
		case ' ':
			if i == 0 || i == len(v)-1 || v[i+1] == ' ' {
				return strings.Join(strings.Fields(v), " ")
			}
		}
	}
	return v
}

// BadWeekday returns the weekday word v starts with when it is not t's
// weekday (nor an abbreviation of it), else "".
func BadWeekday(v string, t time.Time) string {
	end := 0
	for end < len(v) && v[end] != ',' && v[end] != ' ' {
		end++
	}
	if end == 0 || end == len(v) {
		return ""
	}
	w, day := v[:end], t.Weekday().String()
	if len(w) <= len(day) && strings.EqualFold(day[:len(w)], w) {
		return ""
	}
	return w
}

func isUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 'a' && s[i] <= 'z' {
			return false
		}
	}
	return true
}
