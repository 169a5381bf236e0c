package firefox

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/uricat/uricat/importers"
)

// TestBackupTitleAfterManyChildren: a folder whose title comes after its
// children (Firefox writes it before) holds its bookmarks back for the
// title only up to maxWaiting: past that they are filed as untitled, with
// a note, rather than all held in memory. Every bookmark is imported.
func TestBackupTitleAfterManyChildren(t *testing.T) {
	t.Parallel()
	n := maxWaiting + 5
	var b bytes.Buffer
	b.WriteString(`{"title":"","children":[{"type":"text/x-moz-place-container","children":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"type":"text/x-moz-place","title":"P%d","uri":"https://e.example/%d","dateAdded":1700000000000000}`, i, i)
	}
	b.WriteString(`],"title":"Late"}]}`)
	r := NewBackupReader(&b, importers.Options{Now: now})
	got, most := 0, 0
	var cats []string
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got++
		most = max(most, len(r.queue)+r.ready.Len())
		if len(cats) == 0 || cats[len(cats)-1] != rec.Category() {
			cats = append(cats, rec.Category())
		}
	}
	diags := r.Diagnostics()
	if got != n || most > maxWaiting+1 {
		t.Errorf("%d bookmarks, at most %d waiting; want %d, at most %d", got, most, n, maxWaiting+1)
	}
	if len(cats) != 1 || cats[0] != "(untitled)" {
		t.Errorf("categories %q; want the folder untitled", cats)
	}
	var saidSo bool
	for _, d := range diags {
		saidSo = saidSo || strings.Contains(d.Msg, "title comes after more than 10000 bookmarks")
	}
	if !saidSo {
		t.Errorf("no note that the folder's title came late: %v", diags)
	}
}
