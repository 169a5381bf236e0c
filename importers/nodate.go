package importers

import (
	"fmt"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/plural"
)

// FallbackDate is the DATE that Finish gives a record that has none, and
// what that date is, for messages: the file's date, else the import's.
func FallbackDate(opts Options) (time.Time, string) {
	switch {
	case !opts.FileDate.IsZero():
		return opts.FileDate.UTC().Truncate(time.Second), "the file's date"
	case !opts.Now.IsZero():
		return opts.Now.UTC().Truncate(time.Second), "the time of the import"
	}
	return time.Now().UTC().Truncate(time.Second), "the time of the import"
}

// noDateNote is the one diagnostic a reader gives, at the end of a file,
// for the n bookmarks that had no date of their own: SSD3 3.3 requires
// one, and the one Finish gives them is worth saying once, not n times.
func noDateNote(n int, opts Options) ssd3.Diagnostic {
	t, what := FallbackDate(opts)
	return ssd3.Diagnostic{Offset: -1, Kind: ssd3.Info,
		Msg: fmt.Sprintf("%s had no date: DATE set to %s, %s (SSD3 3.3 requires one)", plural.Of(n, "bookmark"), what, ssd3.FormatDate(t))}
}
