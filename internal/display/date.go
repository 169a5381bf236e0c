package display

import "time"

// DateLayout is how a DATE is shown to people, in the TUI and in `uricat
// list`: year first (no DD/MM or MM/DD to guess), to the minute, and in
// UTC, as SSD3 3.3 stores it, saying so. A DATE is typed, and written to
// the file, as catalogue.DateLayout.
const DateLayout = "2006-01-02 15:04 UTC"

// Date returns t as DateLayout shows it, "" for the zero time (no DATE).
func Date(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(DateLayout)
}
