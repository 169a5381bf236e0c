package importers

import (
	"testing"
	"time"
)

func TestParseDate(t *testing.T) {
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
		// RFC 822 zones are honoured; an unknown one is read as GMT, and said.
		{in: "Mon, 03 Dec 2001 12:00:00 PST", form: "RFC 1123", zone: "PST", want: time.Date(2001, 12, 3, 20, 0, 0, 0, time.UTC)},
		{in: "Mon, 03 Dec 2001 12:00:00 CET", form: "RFC 1123", zone: "CET", unknownZone: true, want: time.Date(2001, 12, 3, 12, 0, 0, 0, time.UTC)},
		{in: "Mon, 03 Dec 2001 23:30:00 -0700", form: "RFC 1123 with a numeric zone", want: time.Date(2001, 12, 4, 6, 30, 0, 0, time.UTC)},
	}
	for _, tt := range tests {
		d, ok := ParseDate(tt.in, HTTPDateForms)
		if !ok {
			t.Errorf("ParseDate(%q) failed", tt.in)
			continue
		}
		if !d.Time.Equal(tt.want) || d.Form.Name != tt.form || d.BadWeekday != tt.weekday || d.Zone != tt.zone || d.UnknownZone != tt.unknownZone {
			t.Errorf("ParseDate(%q) = %+v", tt.in, d)
		}
	}
	// The weekday is the date's own, in its zone: 23:30 at -0700 is a Monday.
	if d, _ := ParseDate("Mon, 03 Dec 2001 23:30:00 -0700", HTTPDateForms); d.Weekday != time.Monday || d.BadWeekday != "" {
		t.Errorf("weekday in the date's zone: %v %q", d.Weekday, d.BadWeekday)
	}
	if _, ok := ParseDate("yesterday", HTTPDateForms); ok {
		t.Error("ParseDate read \"yesterday\"")
	}
}
