package archive

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"

	"github.com/uricat/uricat/internal/webpage"
)

// gzipOf is s compressed.
func gzipOf(s []byte) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	_, _ = w.Write(s)
	_ = w.Close()
	return b.Bytes()
}

// TestArchivePages: what a page of each kind leaves in the archive, and
// that a page that fails is noted and does not stop anything.
func TestArchivePages(t *testing.T) {
	t.Parallel()
	w1252, _ := charmap.Windows1252.NewEncoder().String(`<html><head><title>Caf` + "é" + `</title></head><body><article><h1>Crème</h1><p>` + strings.Repeat("Un café crème, s’il vous plaît, avec des croissants. ", 12) + `</p></article></body></html>`)
	sjis, _ := japanese.ShiftJIS.NewEncoder().String(`<html lang="ja"><head><meta charset="shift_jis"><title>日本語のページ</title></head><body><article><p>` + strings.Repeat("川は曲がりくねって流れる。外側の岸は削られ、内側には砂がたまる。", 10) + `</p></article></body></html>`)
	bomb := gzipOf(bytes.Repeat([]byte("<p>aaaaaaaaaaaaaaaaaaaa</p>\n"), (64<<20)/28))
	tests := []struct {
		name     string
		handler  http.HandlerFunc
		outcome  Outcome
		reason   string
		has      []string // in the text
		hasNot   []string
		check    func(t *testing.T, p *Page)
		maxTaken time.Duration
		timeout  time.Duration // 30 s unless given: a slow machine cuts no page that is not slow
	}{
		{name: "article", handler: html(articlePage), outcome: Archived,
			has: []string{"By Ada Riverside", "## The outer bank", "A river never runs straight for long.", "- faster water outside the bend",
				"[measured in metres a year](http://article.test/glossary/erosion)", "```\nfor i := range points {", "| Mississippi | 1.9", "oxbow lake"},
			hasNot: []string{"BUY CHEAP WIDGETS", "Subscribe now", "First! Great post", "Copyright 2026", "Ten best kayaks"},
			check: func(t *testing.T, p *Page) {
				if p.Title != "How rivers meander | The Field Notes" || p.Byline != "Ada Riverside" || p.Language != "en-GB" || p.SiteName != "The Field Notes" ||
					p.Status != 200 || p.ContentType != "text/html" || p.Size != int64(len(articlePage)) {
					t.Errorf("metadata: %q %q %q %q %d %q %d", p.Title, p.Byline, p.Language, p.SiteName, p.Status, p.ContentType, p.Size)
				}
			}},
		{name: "windows-1252", handler: typed("text/html; charset=windows-1252", w1252), outcome: Archived, has: []string{"Un café crème, s’il vous plaît"},
			check: func(t *testing.T, p *Page) {
				if p.Title != "Café" {
					t.Errorf("title %q", p.Title)
				}
			}},
		{name: "shift_jis", handler: typed("text/html", sjis), outcome: Archived, has: []string{"川は曲がりくねって流れる。"},
			check: func(t *testing.T, p *Page) {
				if p.Title != "日本語のページ" || p.Language != "ja" {
					t.Errorf("title %q language %q", p.Title, p.Language)
				}
			}},
		{name: "hostile", handler: html("<html><head><title>Evil\x1b]52;c;cm0gLXJmIH4=\x07 \x1b[2Jtitle\u009b</title></head><body><article><p>" +
			strings.Repeat("Text with \x1b[31mred\x1b[0m and a bell\x07 and \u202eRTL\u202c kept marked. ", 10) + "</p></article></body></html>"), outcome: Archived,
			has: []string{"Text with red and a bell and \u202eRTL\u202c kept marked."},
			check: func(t *testing.T, p *Page) {
				if p.Title != "Evil title" {
					t.Errorf("title %q", p.Title)
				}
			}},
		{name: "plain text", handler: typed("text/plain; charset=utf-8", "Just text.\n\tIndented.\n"), outcome: Archived, has: []string{"Just text.\n\tIndented.\n"}},
		{name: "pdf", handler: typed("application/pdf", "%PDF-1.4 binary"), outcome: NotArchived, reason: "not archived: application/pdf"},
		{name: "image", handler: typed("image/png", "\x89PNG\r\n\x1a\n"), outcome: NotArchived, reason: "not archived: image/png"},
		{name: "404", handler: func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) }, outcome: Failed, reason: "the server answered 404 Not Found"},
		{name: "redirect loop", handler: func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, fmt.Sprintf("/loop%d", time.Now().UnixNano()%3), http.StatusFound)
		}, outcome: Failed, reason: "more than 10 redirects"},
		{name: "redirect to file", handler: func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "file:///etc/passwd", http.StatusFound)
		}, outcome: Failed, reason: webpage.ErrScheme.Error()},
		{name: "compression bomb", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Header().Set("Content-Encoding", "gzip")
			_, _ = w.Write(bomb)
		}, outcome: Cut, reason: "cut at 5 MB", check: func(t *testing.T, p *Page) {
			if p.Size != webpage.MaxBytes {
				t.Errorf("size %d, want the cap %d", p.Size, webpage.MaxBytes)
			}
			// Extracting 5 MB takes long under the race detector on a
			// busy machine, and the timeout bounds the extraction too.
		}, timeout: 3 * time.Minute},
		{name: "endless", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			chunk := bytes.Repeat([]byte("endless text\n"), 5000)
			for r.Context().Err() == nil {
				if _, err := w.Write(chunk); err != nil {
					return
				}
			}
		}, outcome: Cut, reason: "cut at 5 MB"},
		{name: "dribble", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			for r.Context().Err() == nil {
				_, _ = w.Write([]byte("<p>a"))
				w.(http.Flusher).Flush()
				time.Sleep(20 * time.Millisecond)
			}
		}, outcome: Failed, reason: "timed out after 500ms", maxTaken: 5 * time.Second, timeout: 500 * time.Millisecond},
		{name: "hang", handler: func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() },
			outcome: Failed, reason: "timed out after 500ms", maxTaken: 5 * time.Second, timeout: 500 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := serveMux(t, tt.handler)
			s := openTemp(t)
			uri := "http://article.test/a"
			var events []Progress
			start := time.Now()
			sum, err := Run(context.Background(), s, []string{uri}, Options{Jobs: 1, Timeout: cmp.Or(tt.timeout, 30*time.Second), Client: hostsClient(srv),
				Progress: func(p Progress) { events = append(events, p) }})
			if err != nil {
				t.Fatal(err)
			}
			if tt.maxTaken > 0 && time.Since(start) > tt.maxTaken {
				t.Errorf("took %v", time.Since(start))
			}
			if len(events) != 1 || events[0].Outcome != tt.outcome || events[0].Reason != tt.reason || events[0].Host != "article.test" {
				t.Fatalf("events %+v, want one of outcome %d reason %q", events, tt.outcome, tt.reason)
			}
			p, err := s.Get(uri)
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range tt.has {
				if !strings.Contains(p.Text, h) {
					t.Errorf("the text lacks %q:\n%s", h, p.Text)
				}
			}
			for _, h := range tt.hasNot {
				if strings.Contains(p.Text, h) {
					t.Errorf("the text has %q:\n%s", h, p.Text)
				}
			}
			if tt.check != nil {
				tt.check(t, p)
			}
			raw, _ := os.ReadFile(s.Path(uri))
			if hasControl(string(raw)) {
				t.Errorf("the file holds a control character")
			}
			if (tt.outcome == Failed || tt.outcome == NotArchived) && (p.Failed != tt.reason || p.Text != "") {
				t.Errorf("Failed %q text %q, want %q and none", p.Failed, p.Text, tt.reason)
			}
			_ = sum
		})
	}
}

func typed(ct, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", ct)
		fmt.Fprint(w, body)
	}
}

func html(body string) http.HandlerFunc { return typed("text/html; charset=utf-8", body) }
