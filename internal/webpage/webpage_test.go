package webpage

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/text/encoding/japanese"
)

const ua = "uricat/test (+https://github.com/uricat/uricat)"

// serve starts a server of handler for the test.
func serve(t *testing.T, handler http.HandlerFunc) *httptest.Server {
	t.Helper()
	s := httptest.NewServer(handler)
	t.Cleanup(s.Close)
	return s
}

func page(ct, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if ct != "" {
			w.Header().Set("Content-Type", ct)
		}
		fmt.Fprint(w, body)
	}
}

func TestFetch(t *testing.T) {
	sjis, err := japanese.ShiftJIS.NewEncoder().String(`<html lang="ja"><head><meta charset="shift_jis"><title>日本語のページ</title></head></html>`)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		handler http.HandlerFunc
		want    Page
	}{
		{"title", page("text/html; charset=utf-8", `<!DOCTYPE html><html lang="en-GB"><head><title>
			The   Go &amp; you </title><meta name="Description" content=" A language. "><meta property="og:title" content="not this"></head><body><svg><title>nor this</title></svg></body></html>`),
			Page{Type: "text/html", Title: "The Go & you", Description: "A language.", Lang: "en-GB"}},
		{"og fallback", page("text/html", `<html><head><meta property="og:title" content="OG title"><meta property="og:description" content="OG description"><title> </title></head></html>`),
			Page{Type: "text/html", Title: "OG title", Description: "OG description"}},
		{"windows-1252", page("text/html; charset=windows-1252", "<title>Caf\xe9 cr\xe8me \x93quoted\x94</title>"),
			Page{Type: "text/html", Title: "Café crème “quoted”"}},
		{"shift_jis by meta", page("text/html", sjis), Page{Type: "text/html", Title: "日本語のページ", Lang: "ja"}},
		{"no content type", page("", "<html><head><title>Sniffed</title>"), Page{Type: "text/html", Title: "Sniffed"}},
		{"not html", page("application/pdf", "%PDF-1.4 <title>no</title>"), Page{Type: "application/pdf"}},
		{"user agent", func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintf(w, "<title>%s</title>", r.Header.Get("User-Agent"))
		}, Page{Type: "text/html", Title: ua}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := serve(t, tt.handler)
			p, err := Fetch(context.Background(), s.Client(), s.URL+"/a", ua)
			if err != nil {
				t.Fatal(err)
			}
			tt.want.URL = s.URL + "/a"
			p.Response = nil // the answer itself: TestGet
			if *p != tt.want {
				t.Errorf("got  %+v\nwant %+v", *p, tt.want)
			}
		})
	}
}

// A fetch reads the first MaxBytes of a page and no more: a title after
// them is not found, and an endless page ends.
func TestFetchReadsOneMegabyte(t *testing.T) {
	var sent atomic.Int64
	s := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<html><head><!--")
		chunk := []byte(strings.Repeat("x", 64<<10))
		for range 1024 { // 64 MB: endless, as far as a fetch is concerned
			n, err := w.Write(chunk)
			sent.Add(int64(n))
			if err != nil {
				return
			}
		}
		fmt.Fprint(w, "--><title>too far</title>")
	})
	p, err := Fetch(context.Background(), s.Client(), s.URL, ua)
	if err != nil {
		t.Fatal(err)
	}
	if p.Title != "" {
		t.Errorf("title %q found past %d bytes", p.Title, MaxBytes)
	}
	// The connection's buffers take some, but not all 64 MB.
	if s.Close(); sent.Load() >= 64<<20 {
		t.Errorf("the server could send %d bytes: the fetch read on", sent.Load())
	}
}

func TestFetchRefuses(t *testing.T) {
	loops := 0
	var loop *httptest.Server
	loop = serve(t, func(w http.ResponseWriter, r *http.Request) {
		loops++
		http.Redirect(w, r, loop.URL+fmt.Sprintf("/%d", loops%2), http.StatusFound)
	})
	ftp := serve(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "ftp://ftp.example.org/pub/", http.StatusMovedPermanently)
	})
	missing := serve(t, func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "<title>Not here</title>", http.StatusNotFound)
	})
	slow := serve(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
	})
	fetch := func(s *httptest.Server, timeout time.Duration) error {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		_, err := Fetch(ctx, s.Client(), s.URL, ua)
		return err
	}
	if err := fetch(ftp, 5*time.Second); !errors.Is(err, ErrScheme) {
		t.Errorf("redirect to ftp: %v, want ErrScheme", err)
	}
	if err := fetch(loop, 5*time.Second); err == nil || !strings.Contains(err.Error(), "more than 10 redirects") || loops != MaxRedirects+1 {
		t.Errorf("redirect loop: %v after %d requests, want more than 10 redirects after %d", err, loops, MaxRedirects+1)
	}
	var se *StatusError
	if err := fetch(missing, 5*time.Second); !errors.As(err, &se) || se.Code != 404 {
		t.Errorf("404: %v", err)
	}
	start := time.Now()
	if err := fetch(slow, 200*time.Millisecond); !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 5*time.Second {
		t.Errorf("slow server: %v after %v, want the deadline", err, time.Since(start))
	}
	if _, err := Fetch(context.Background(), http.DefaultClient, "ftp://example.org/", ua); err == nil {
		t.Error("an ftp URL was fetched")
	}
}

// TestGet: the answer comes back whole, decompressed, up to MaxBytes
// and said to be cut past it; one that is not a page comes with its
// status and no body.
func TestGet(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("<p>x</p>", MaxBytes/8+10)
	tests := []struct {
		name      string
		handler   http.HandlerFunc
		status    int
		body      string
		truncated bool
		err       bool
	}{
		{"page", page("text/html", "<title>t</title><p>body</p>"), 200, "<title>t</title><p>body</p>", false, false},
		{"cut", page("text/html", big), 200, big[:MaxBytes], true, false},
		{"exactly the limit", page("text/html", big[:MaxBytes]), 200, big[:MaxBytes], false, false},
		{"404", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "gone", 404) }, 404, "", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := serve(t, tt.handler)
			r, err := Get(context.Background(), s.Client(), s.URL, ua)
			if (err != nil) != tt.err || r == nil {
				t.Fatalf("Get: %v, %v", r, err)
			}
			if r.Status != tt.status || string(r.Body) != tt.body || r.Truncated != tt.truncated || r.URL != s.URL {
				t.Errorf("got status %d, %d bytes, truncated %v, URL %s", r.Status, len(r.Body), r.Truncated, r.URL)
			}
		})
	}
}

// FuzzParse: any body and Content-Type are read without a panic, and what
// comes back is on one line where it should be.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"<title>a</title>", `<html lang=en><meta name=description content=x><meta property=og:title content=y>`,
		"<title>unterminated", "<svg><title>x</title></svg><title>y</title>", "\xff\xfe<\x00t\x00", `<meta charset="shift_jis"><title>\x93\xfa</title>`} {
		f.Add([]byte(s), "text/html")
	}
	f.Add([]byte("<title>x</title>"), "text/html; charset=nonesuch")
	f.Add([]byte("<title>x</title>"), "")
	f.Fuzz(func(t *testing.T, body []byte, ct string) {
		p := Parse(body, ct)
		if strings.ContainsAny(p.Title, "\n\r\t") || p.Title != strings.TrimSpace(p.Title) {
			t.Fatalf("title %q is not one trimmed line", p.Title)
		}
	})
}
