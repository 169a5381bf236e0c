package archive

import (
	"errors"
	"fmt"
	"time"

	"github.com/uricat/uricat/internal/webpage"
)

// ErrNoAnswer is Keep's error for a page fetched without its answer kept
// (a fetch that failed, or was not made): there is nothing to archive.
var ErrNoAnswer = errors.New("the page's answer was not kept")

// Keep keeps fetched, the page fetched for uri as its bookmark was added
// (uricat add, the TUI's add form), in the archive in dir, made if need
// be: the same answer, not a second request, its extraction cut as a
// run's is (at the default timeout). It then hands the page to
// index (nil: none), so that the next text: search finds it without
// looking through the archive. It returns the page kept, which may say
// why it holds no text (Page.Failed); with an error, the page is nil if
// it was not kept, and non-nil if it was kept but not indexed.
func Keep(dir, uri string, fetched *webpage.Page, now time.Time, index func(*Page) error) (*Page, error) {
	if fetched == nil || fetched.Response == nil {
		return nil, ErrNoAnswer
	}
	st, err := Open(dir)
	if err != nil {
		return nil, err
	}
	p := extractWithin(uri, fetched.Response, now, defaultTimeout, FromResponse)
	if err := st.Put(p); err != nil {
		return nil, err
	}
	if index != nil {
		if err := index(p); err != nil {
			return p, fmt.Errorf("indexing the page: %w", err)
		}
	}
	return p, nil
}
