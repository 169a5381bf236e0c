package tui

import (
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/dates"
	"github.com/uricat/uricat/internal/display"
)

// dateText returns the text of a date field (an X-ADDED, the
// X-LAST-MODIFIED and X-LAST-VISIT an import kept) as display.Date shows a
// DATE, and true: so that every date reads the same way, whatever form it
// is stored in. The text is read in DATE's form (3.3), which uricat writes,
// else in the Internet forms the importers read (internal/dates: HTTP's,
// RFC 822's, RFC 3339). Text that is not a date, or whose time zone is not
// known, is returned as it is, with false: it is what the user has.
func dateText(v string) (string, bool) {
	if t, err := ssd3.ParseDate(v); err == nil {
		return display.Date(t), true
	}
	if d, ok := dates.Parse(v, dates.HTTP); ok && !d.UnknownZone {
		return display.Date(d.Time), true
	}
	return v, false
}
