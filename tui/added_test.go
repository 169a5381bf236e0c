package tui

import (
	"os"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// A Firefox bookmark added in 2016, as an import keeps it.
const firefoxFixture = "URI: https://example.org/\r\nNAME: Example\r\nDATE: 19/05/2016 19:43:55\r\n" +
	"X-LAST-MODIFIED: 19/05/2016 19:43:55\r\nX-LAST-VISIT: Mon, 02 Jan 2017 10:00:00 GMT\r\nX-NOTE: 19/05\r\n"

// Rating a bookmark stamps DATE (SSD3 3.3) but keeps when it was added: the
// detail pane says both, every date in the one display format; undo takes
// the stamp back whole.
func TestRatingKeepsWhenTheBookmarkWasAdded(t *testing.T) {
	t.Parallel()
	h := newHarness(t, firefoxFixture, 120, 30)
	d := detailAt(h, 60, 20)
	for _, want := range []string{"Added            2016-05-19 19:43 UTC", "X-LAST-MODIFIED  2016-05-19 19:43 UTC", "X-LAST-VISIT     2017-01-02 10:00 UTC", "X-NOTE           19/05"} {
		if !strings.Contains(d, want) {
			t.Errorf("before the edit, the pane lacks %q:\n%s", want, d)
		}
	}
	if strings.Contains(d, "Changed") || strings.Contains(d, "19/05/2016") {
		t.Errorf("a bookmark never edited has no Changed, and no date as stored:\n%s", d)
	}

	h.keys("5")
	data, err := os.ReadFile(h.m.store.Catalogue().Path())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "DATE: 06/05/2024 07:08:09\r\n") || !strings.Contains(string(data), "X-ADDED: 19/05/2016 19:43:55") {
		t.Errorf("the file after 5 lacks the stamped DATE or X-ADDED:\n%s", data)
	}
	d = detailAt(h, 60, 20)
	for _, want := range []string{"Added            2016-05-19 19:43 UTC", "Changed          2024-05-06 07:08 UTC"} {
		if !strings.Contains(d, want) {
			t.Errorf("after 5, the pane lacks %q:\n%s", want, d)
		}
	}
	if strings.Contains(d, "X-ADDED") {
		t.Errorf("X-ADDED is shown as Added, not twice:\n%s", d)
	}

	h.keys("u")
	if data, _ := os.ReadFile(h.m.store.Catalogue().Path()); string(data) != firefoxFixture {
		t.Errorf("undo did not give back the file:\n%q", data)
	}
}

// A change to the value a record has is no change: nothing to undo, and
// the file is not written.
func TestAChangeThatChangesNothing(t *testing.T) {
	t.Parallel()
	h := newHarness(t, firefoxFixture, 120, 30)
	rec := h.m.list.Current()
	info, err := os.Stat(h.m.store.Catalogue().Path())
	if err != nil {
		t.Fatal(err)
	}
	h.run(h.m.edit(catalogue.Set{Ref: rec.Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldName, Value: "Example"}}}, "renamed", rec.Ref()))
	if !strings.Contains(h.m.status.msg, "nothing changed") {
		t.Errorf("message %q, want nothing changed", h.m.status.msg)
	}
	after, err := os.Stat(h.m.store.Catalogue().Path())
	if err != nil {
		t.Fatal(err)
	}
	if !after.ModTime().Equal(info.ModTime()) || !h.m.store.Catalogue().Records()[0].Date().Equal(rec.Date()) {
		t.Error("a change that changes nothing wrote the file or stamped DATE")
	}
	h.keys("u")
	if !strings.Contains(h.m.status.msg, "nothing to undo") {
		t.Errorf("undo after it: %q", h.m.status.msg)
	}
}
