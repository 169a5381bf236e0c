package soif

import (
	"strconv"
	"strings"
	"time"

	"github.com/uricat/uricat/internal/dates"
)

// dateForms are the forms the SOIF draft shows or its sources used: HTTP's
// (Last-Modified in section 7) and RFC 822's, the Dublin-Core example's
// "February 9, 1997" and the ISO 8601 dates later DC writers used.
var dateForms = append(append([]dates.Form(nil), dates.HTTP...),
	dates.Form{Layout: "January _2, 2006", Name: "month day, year"},
	dates.Form{Layout: "Jan _2, 2006", Name: "month day, year"},
	dates.Form{Layout: "_2 January 2006", Name: "day month year"},
	dates.Form{Layout: "_2 Jan 2006", Name: "day month year"},
	dates.Form{Layout: "2006-01-02T15:04Z07:00", Name: "ISO 8601"},
	dates.Form{Layout: "2006-01-02 15:04:05", Name: "ISO 8601"},
	dates.Form{Layout: "2006-01-02", Name: "ISO 8601"},
	dates.Form{Layout: "2006-01", Name: "ISO 8601"},
)

// parseDate reads a date attribute. unixSeconds says the attribute holds a
// count of seconds since 1970 (Harvest's Update-Time and
// Last-Modification-Time, Appendix A). note is a deviation worth reporting
// (a weekday that does not match the date, an unknown zone), or "".
func parseDate(v string, unixSeconds bool) (t time.Time, note string, ok bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return time.Time{}, "", false
	}
	if unixSeconds && len(v) > 1 && v[0] == '-' && allDigits(v[1:]) && len(v) <= 13 {
		// Before 1970: uricat's own export writes such dates so.
		n, err := strconv.ParseInt(v, 10, 64)
		return time.Unix(n, 0).UTC(), "", err == nil
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
	d, ok := dates.Parse(v, dateForms)
	if !ok {
		return time.Time{}, "", false
	}
	if d.UnknownZone {
		note = "unknown time zone " + strconv.Quote(d.Zone) + " read as GMT"
	}
	if d.BadWeekday != "" {
		note = "weekday " + strconv.Quote(d.BadWeekday) + " does not match the date (it was a " + d.Weekday.String() + ")"
	}
	return d.Time, note, true
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
