package chromium

import (
	"strings"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// FuzzReader checks that no input makes the reader panic, loop, fail (bad
// input is a diagnostic) or emit a record the catalogue would reject, or
// text holding control characters or escape sequences.
func FuzzReader(f *testing.F) {
	f.Add([]byte(profile))
	f.Add([]byte(`{"roots": {"bookmark_bar": {"children": [{"type": "url", "url": "http://a/\u001b]8;;x\u0007", "name": "a/b\\"}], "name": "x"}}}`))
	f.Add([]byte(`{"roots": {"other": {"children": [{"children": [{"url": "rel/ative"}], "name": "f"}]}, "x": {"name": "Y", "children": [{"type": "url", "url": "http://b/", "date_added": "99999999999999999999"}]}}}`))
	f.Add([]byte(`{"roots": {"synced": {"children": [{"type": "url", "url": "http://c/", "meta_info": {"": "x", "Nickname": 5, "last_visited_desktop": "-1"}}]}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		importertest.FuzzRead(t, NewReader(strings.NewReader(string(data)), importers.Options{Now: now}), len(data))
	})
}
