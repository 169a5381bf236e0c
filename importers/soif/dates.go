package soif

import (
	"strconv"
	"strings"
	"time"
)

// dateForm is one way SOIF writers wrote a date.
type dateForm struct {
	layout  string
	name    string
	weekday bool // starts with a weekday name, to be checked against the date
	abbrev  bool // ends with a zone abbreviation ("MST" in the layout)
}

// dateForms are the forms the SOIF draft shows or its sources used: HTTP's
// three (RFC 1123, RFC 850, asctime; Last-Modified in section 7), RFC 822
// variants, the Dublin-Core example's "February 9, 1997" and the ISO 8601
// dates later DC writers used. Days may be unpadded ("_2").
var dateForms = []dateForm{
	{"Mon, _2 Jan 2006 15:04:05 MST", "RFC 1123", true, true},
	{"Mon, _2 Jan 2006 15:04:05 -0700", "RFC 1123", true, false},
	{"Monday, _2-Jan-06 15:04:05 MST", "RFC 850", true, true},
	{"Mon, _2-Jan-06 15:04:05 MST", "RFC 850", true, true},
	{"Mon Jan _2 15:04:05 2006", "asctime", true, false},
	{"Mon, _2 Jan 06 15:04:05 MST", "RFC 822", true, true},
	{"_2 Jan 2006 15:04:05 MST", "RFC 822", false, true},
	{"_2 Jan 2006 15:04:05 -0700", "RFC 822", false, false},
	{"January _2, 2006", "month day, year", false, false},
	{"Jan _2, 2006", "month day, year", false, false},
	{"_2 January 2006", "day month year", false, false},
	{"_2 Jan 2006", "day month year", false, false},
	{time.RFC3339, "ISO 8601", false, false},
	{"2006-01-02T15:04Z07:00", "ISO 8601", false, false},
	{"2006-01-02 15:04:05", "ISO 8601", false, false},
	{"2006-01-02", "ISO 8601", false, false},
	{"2006-01", "ISO 8601", false, false},
}

// zoneOffsets are the zone names RFC 822 (5.1) defines, plus UTC and JST.
// time.Parse gives an unknown abbreviation a zero offset, silently; uricat
// decides itself.
var zoneOffsets = map[string]int{
	"GMT": 0, "UT": 0, "UTC": 0, "Z": 0,
	"EST": -5 * 3600, "EDT": -4 * 3600, "CST": -6 * 3600, "CDT": -5 * 3600,
	"MST": -7 * 3600, "MDT": -6 * 3600, "PST": -8 * 3600, "PDT": -7 * 3600,
	"JST": 9 * 3600,
}

// parseDate reads a date attribute. unixSeconds says the attribute holds a
// count of seconds since 1970 (Harvest's Update-Time and
// Last-Modification-Time, Appendix A). note is a deviation worth reporting
// (a weekday that does not match the date, an unknown zone), or "".
func parseDate(v string, unixSeconds bool) (t time.Time, note string, ok bool) {
	if strings.Contains(v, "  ") || strings.ContainsAny(v, "\t\r\n") || strings.TrimSpace(v) != v {
		v = strings.Join(strings.Fields(v), " ")
	}
	if v == "" {
		return time.Time{}, "", false
	}
	if allDigits(v) {
		if !unixSeconds && len(v) == 4 {
			t, err := time.Parse("2006", v)
			return t, "", err == nil
		}
		if !unixSeconds && len(v) == 8 {
			// DC DATE: YYYYMMDD (ANSI X3.30-1985, Appendix C).
			if t, err := time.Parse("20060102", v); err == nil {
				return t, "", true
			}
		}
		if len(v) > 12 {
			return time.Time{}, "", false // beyond year 9999
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return time.Time{}, "", false
		}
		return time.Unix(n, 0).UTC(), "", true
	}
	for _, f := range dateForms {
		t, err := time.Parse(f.layout, v)
		if err != nil {
			continue
		}
		if f.abbrev {
			abbr, _ := t.Zone()
			off, known := zoneOffsets[strings.ToUpper(abbr)]
			if !known {
				note = "unknown time zone " + strconv.Quote(abbr) + " read as GMT"
			}
			t = time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), 0, time.FixedZone(abbr, off))
		}
		if f.weekday {
			if w, day := weekdayOf(v), t.Weekday().String(); w != "" && (len(w) > len(day) || !strings.EqualFold(day[:len(w)], w)) {
				note = "weekday " + strconv.Quote(w) + " does not match the date (it was a " + t.Weekday().String() + ")"
			}
		}
		return t.UTC(), note, true
	}
	return time.Time{}, "", false
}

// weekdayOf returns the weekday word a date starts with.
func weekdayOf(v string) string {
	end := strings.IndexAny(v, ", ")
	if end < 0 {
		return ""
	}
	return v[:end]
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
