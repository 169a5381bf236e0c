package tui

import "testing"

// Every date a record holds shows in the one display format, whatever form
// it is stored in; what is not a date shows as stored.
func TestDateText(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{"19/05/2016 19:43:55", "2016-05-19 19:43 UTC", true},
		{"Mon, 02 Jan 2017 10:00:00 GMT", "2017-01-02 10:00 UTC", true},
		{"Mon, 02 Jan 2017 10:00:00 EST", "2017-01-02 15:00 UTC", true},
		{"2017-01-02T10:00:00+02:00", "2017-01-02 08:00 UTC", true},
		{"Mon, 02 Jan 2017 10:00:00 XYZ", "Mon, 02 Jan 2017 10:00:00 XYZ", false}, // a zone nobody knows
		{"31/02/2016 00:00:00", "31/02/2016 00:00:00", false},
		{"19/05", "19/05", false},
		{"yesterday", "yesterday", false},
	} {
		if got, ok := dateText(tt.in); got != tt.want || ok != tt.ok {
			t.Errorf("dateText(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
