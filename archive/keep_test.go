package archive

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/uricat/uricat/internal/webpage"
)

// TestKeep: the page add (or the TUI's add form) fetched is kept in the
// archive, made if need be, and indexed once; a page whose answer was not
// kept is nothing to keep; an archive that cannot be written keeps
// nothing and indexes nothing; an index that fails still keeps the page.
func TestKeep(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	html := &webpage.Page{Response: &webpage.Response{URL: "https://a.example/", Status: 200, ContentType: "text/html",
		Body: []byte("<html><head><title>Tides</title></head><body><article><p>The tide comes in twice a day, and goes out twice a day too, as the moon turns.</p></article></body></html>")}}
	pdf := &webpage.Page{Response: &webpage.Response{URL: "https://a.example/a.pdf", Status: 200, ContentType: "application/pdf", Body: []byte("%PDF-1.4")}}
	notWritable := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notWritable, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name      string
		dir       string // "" for a new one
		fetched   *webpage.Page
		indexErr  error
		kept      bool
		wantErr   bool
		wantIndex int
		failed    bool
	}{
		{name: "article", fetched: html, kept: true, wantIndex: 1},
		{name: "pdf kept as not archived", fetched: pdf, kept: true, wantIndex: 1, failed: true},
		{name: "no answer", fetched: &webpage.Page{}, wantErr: true},
		{name: "nothing fetched", wantErr: true},
		{name: "archive not writable", dir: filepath.Join(notWritable, "archive"), fetched: html, wantErr: true},
		{name: "index fails", fetched: html, indexErr: errors.New("disk full"), kept: true, wantErr: true, wantIndex: 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := tt.dir
			if dir == "" {
				dir = filepath.Join(t.TempDir(), "archive")
			}
			indexed := 0
			p, err := Keep(dir, "https://a.example/", tt.fetched, now, func(*Page) error { indexed++; return tt.indexErr })
			if (err != nil) != tt.wantErr || (p != nil) != tt.kept || indexed != tt.wantIndex {
				t.Fatalf("Keep: page %v, err %v, indexed %d times; want kept %v, error %v, indexed %d", p != nil, err, indexed, tt.kept, tt.wantErr, tt.wantIndex)
			}
			if tt.fetched == nil || tt.fetched.Response == nil {
				if !errors.Is(err, ErrNoAnswer) {
					t.Errorf("err %v, want ErrNoAnswer", err)
				}
				if _, err := os.Stat(dir); err == nil {
					t.Error("an archive was made for nothing to keep")
				}
			}
			if !tt.kept {
				return
			}
			if (p.Failed != "") != tt.failed || !p.Fetched.Equal(now) {
				t.Errorf("page kept: failed %q, fetched %v", p.Failed, p.Fetched)
			}
			st, err := OpenRead(dir)
			if err != nil {
				t.Fatal(err)
			}
			got, err := st.Get("https://a.example/")
			if err != nil || got.Text != p.Text {
				t.Errorf("the archive holds %v (%v), want the page kept", got, err)
			}
		})
	}
}
