package dates

import (
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in, form, weekday, zone string
		want                    time.Time
		unknownZone             bool
	}{
		// RFC 2616 3.3.1's three examples.
		{in: "Sun, 06 Nov 1994 08:49:37 GMT", form: "RFC 1123", zone: "GMT", want: time.Date(1994, 11, 6, 8, 49, 37, 0, time.UTC)},
		{in: "Sunday, 06-Nov-94 08:49:37 GMT", form: "RFC 850", zone: "GMT", want: time.Date(1994, 11, 6, 8, 49, 37, 0, time.UTC)},
		{in: "Sun Nov  6 08:49:37 1994", form: "asctime", want: time.Date(1994, 11, 6, 8, 49, 37, 0, time.UTC)},
		// WDB's unpadded day; a wrong weekday is kept, the date wins.
		{in: "Mon, 2 Dec 2001 03:04:05 GMT", form: "RFC 1123", zone: "GMT", weekday: "Mon", want: time.Date(2001, 12, 2, 3, 4, 5, 0, time.UTC)},
		// RFC 822 5.1's zones are honoured: "EST" is -0500, so 10:00 EST
		// is 15:00 UTC (issue 10: the URC importer read it as 10:00 UTC).
		{in: "Mon, 03 Dec 2001 10:00:00 EST", form: "RFC 1123", zone: "EST", want: time.Date(2001, 12, 3, 15, 0, 0, 0, time.UTC)},
		{in: "Mon, 03 Dec 2001 12:00:00 PST", form: "RFC 1123", zone: "PST", want: time.Date(2001, 12, 3, 20, 0, 0, 0, time.UTC)},
		{in: "3 Dec 2001 10:00:00 EST", form: "RFC 822 without a weekday", zone: "EST", want: time.Date(2001, 12, 3, 15, 0, 0, 0, time.UTC)},
		// An unknown zone is read as GMT, and said.
		{in: "Mon, 03 Dec 2001 12:00:00 CET", form: "RFC 1123", zone: "CET", unknownZone: true, want: time.Date(2001, 12, 3, 12, 0, 0, 0, time.UTC)},
		{in: "Mon, 03 Dec 2001 23:30:00 -0700", form: "RFC 1123 with a numeric zone", want: time.Date(2001, 12, 4, 6, 30, 0, 0, time.UTC)},
		// White space as writers left it.
		{in: "  Mon,  03 Dec 2001\t10:00:00 GMT\r\n", form: "RFC 1123", zone: "GMT", want: time.Date(2001, 12, 3, 10, 0, 0, 0, time.UTC)},
		{in: "2001-12-03T10:00:00+09:00", form: "RFC 3339", want: time.Date(2001, 12, 3, 1, 0, 0, 0, time.UTC)},
	}
	for _, tt := range tests {
		d, ok := Parse(tt.in, HTTP)
		if !ok {
			t.Errorf("Parse(%q) failed", tt.in)
			continue
		}
		if !d.Time.Equal(tt.want) || d.Form.Name != tt.form || d.BadWeekday != tt.weekday || d.Zone != tt.zone || d.UnknownZone != tt.unknownZone {
			t.Errorf("Parse(%q) = %+v", tt.in, d)
		}
	}
	// The weekday is the date's own, in its zone: 23:30 at -0700 is a Monday.
	if d, _ := Parse("Mon, 03 Dec 2001 23:30:00 -0700", HTTP); d.Weekday != time.Monday || d.BadWeekday != "" {
		t.Errorf("weekday in the date's zone: %v %q", d.Weekday, d.BadWeekday)
	}
	if _, ok := Parse("yesterday", HTTP); ok {
		t.Error("Parse read \"yesterday\"")
	}
}

// TestParseIgnoresLocalZone: time.Parse takes a zone name's offset from the
// local zone when that has the name; the table must win wherever uricat runs.
func TestParseIgnoresLocalZone(t *testing.T) {
	saved := time.Local
	defer func() { time.Local = saved }()
	for _, local := range []*time.Location{time.UTC, time.FixedZone("EST", 3*3600), time.FixedZone("CET", 3600)} {
		time.Local = local
		d, ok := Parse("Mon, 03 Dec 2001 10:00:00 EST", HTTP)
		if !ok || !d.Time.Equal(time.Date(2001, 12, 3, 15, 0, 0, 0, time.UTC)) {
			t.Errorf("local zone %v: 10:00 EST read as %v", local, d.Time)
		}
		d, _ = Parse("Mon, 03 Dec 2001 10:00:00 CET", HTTP)
		if !d.UnknownZone || !d.Time.Equal(time.Date(2001, 12, 3, 10, 0, 0, 0, time.UTC)) {
			t.Errorf("local zone %v: 10:00 CET read as %v (unknown %v)", local, d.Time, d.UnknownZone)
		}
	}
}

func TestBadWeekday(t *testing.T) {
	day := time.Date(2001, 12, 2, 0, 0, 0, 0, time.UTC) // a Sunday
	for v, want := range map[string]string{"Sun, 2 Dec": "", "Sunday, 02-Dec-01": "", "SUN, 2 Dec": "", "Mon, 2 Dec": "Mon", "2 Dec 2001": "2"} {
		if got := BadWeekday(v, day); got != want {
			t.Errorf("BadWeekday(%q) = %q, want %q", v, got, want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add("Sun, 06 Nov 1994 08:49:37 EST")
	f.Fuzz(func(t *testing.T, v string) {
		d, ok := Parse(v, HTTP)
		if !ok {
			return
		}
		if d.Time.Location() != time.UTC {
			t.Fatalf("Parse(%q): %v is not in UTC", v, d.Time)
		}
		again, ok := Parse(" "+v+" ", HTTP)
		if !ok || !again.Time.Equal(d.Time) {
			t.Fatalf("Parse(%q) = %v, with blanks around it %v", v, d.Time, again.Time)
		}
	})
}
