package xbel

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// Decode reads an XBEL document. Bad XML is a *ParseError naming line and
// column; an error reading r is returned as it is.
func Decode(r io.Reader) (*Document, error) {
	doc := &Document{}
	w := newWalker(r, doc)
	parents := [][]*Item{nil} // the items of each open folder, the <xbel>'s first
	for {
		ev, err := w.next()
		if errors.Is(err, io.EOF) {
			doc.Items = parents[0]
			return doc, nil
		}
		if err != nil {
			return nil, err
		}
		last := len(parents) - 1
		switch ev.kind {
		case evOpen:
			parents = append(parents, nil)
		case evClose:
			ev.item.Items = parents[last]
			parents = parents[:last]
			last--
			parents[last] = append(parents[last], ev.item)
		case evLeaf:
			parents[last] = append(parents[last], ev.item)
		}
	}
}

// timeLayouts are the forms of XBEL's dates: W3C date-times with and
// without a zone or seconds, and a bare date.
var timeLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999",
	"2006-01-02T15:04Z07:00",
	"2006-01-02T15:04",
	"2006-01-02",
}

// ParseTime reads an added, modified or visited attribute: an ISO 8601
// date-time (UTC when it has no zone), a date, or the Unix seconds some
// writers put there.
func ParseTime(s string) (time.Time, error) {
	v := strings.TrimSpace(s)
	for _, layout := range timeLayouts {
		if t, err := time.Parse(layout, v); err == nil {
			return t, nil
		}
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil && n > 0 && n < 1e11 {
		return time.Unix(n, 0).UTC(), nil
	}
	return time.Time{}, fmt.Errorf("%q is not a date", clip(s))
}

// FormatTime is t as Encode writes it: UTC, to the second or finer.
func FormatTime(t time.Time) string {
	return t.UTC().Format(time.RFC3339Nano)
}
