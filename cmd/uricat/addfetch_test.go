package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// pageServer serves handler and counts its requests.
func pageServer(t *testing.T, handler http.HandlerFunc) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		handler(w, r)
	}))
	t.Cleanup(s.Close)
	return s, &n
}

// lastRecord reads the catalogue at path and returns its last record.
func lastRecord(t *testing.T, path string) *ssd3.Record {
	t.Helper()
	c := openCatalogue(t, path)
	recs := c.Records()
	return recs[len(recs)-1]
}

// add without --name takes NAME, DESCRIPTION, LANGUAGE and TYPE from the
// page, where no flag gives them, and says who asks in User-Agent.
func TestAddFetchesTitle(t *testing.T) {
	t.Parallel()
	var agent atomic.Value
	s, _ := pageServer(t, func(w http.ResponseWriter, r *http.Request) {
		agent.Store(r.Header.Get("User-Agent"))
		w.Header().Set("Content-Type", "text/html; charset=windows-1252")
		fmt.Fprint(w, "<html lang=fr><head><title>Caf\xe9 cr\xe8me</title><meta name=description content='Une recette.'></head></html>")
	})
	path := writeCatalogue(t, example41)
	code, out, errs := uricat(t, "--catalogue", path, "add", s.URL+"/creme", "--type", "text/plain")
	if code != 0 || errs != "" || out != "added \"Café crème\" to "+path+"\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	r := lastRecord(t, path)
	if r.Name() != "Café crème" || r.Description() != "Une recette." || r.Language() != "fr" || r.Type() != "text/plain" {
		t.Errorf("record %q", r.Raw())
	}
	if ua, _ := agent.Load().(string); !strings.HasPrefix(ua, "uricat/") || !strings.HasSuffix(ua, " (+https://github.com/uricat/uricat)") {
		t.Errorf("User-Agent %q", ua)
	}
}

// A page that cannot be fetched (404, a redirect to ftp:, a server slower
// than --timeout) is added all the same, named from its URI, with a note.
func TestAddFetchFails(t *testing.T) {
	missing, _ := pageServer(t, func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) })
	ftp, _ := pageServer(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "ftp://ftp.example.org/pub/file.txt", http.StatusFound)
	})
	slow, _ := pageServer(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
	})
	tests := []struct {
		args       []string
		name, note string
	}{
		{[]string{missing.URL + "/gone/report.pdf"}, "report.pdf", "the server answered 404 Not Found"},
		{[]string{ftp.URL + "/moved"}, "moved", "redirect to a scheme other than http or https refused"},
		{[]string{slow.URL + "/slow", "--timeout", "100ms"}, "slow", "no answer within 100ms (--timeout)"},
	}
	for _, tt := range tests {
		path := writeCatalogue(t, example41)
		start := time.Now()
		code, out, errs := uricat(t, append([]string{"--catalogue", path, "add"}, tt.args...)...)
		if code != 0 || !strings.Contains(out, "added \""+tt.name+"\"") || !strings.Contains(errs, "uricat add: note: the page could not be fetched (") || !strings.Contains(errs, tt.note) {
			t.Errorf("add %q: exit %d, stdout %q, stderr %q", tt.args, code, out, errs)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("add %q took %v", tt.args, d)
		}
		if r := lastRecord(t, path); r.Name() != tt.name {
			t.Errorf("add %q: NAME %q, want %q", tt.args, r.Name(), tt.name)
		}
	}
}

// --no-fetch sends no request; --name neither.
func TestAddNoFetch(t *testing.T) {
	t.Parallel()
	s, n := pageServer(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "<title>fetched</title>") })
	path := writeCatalogue(t, example41)
	if code, out, errs := uricat(t, "--catalogue", path, "add", s.URL+"/docs/intro.html", "--no-fetch"); code != 0 || out != "added \"intro.html\" to "+path+"\n" || errs != "" {
		t.Errorf("--no-fetch: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, _, errs := uricat(t, "--catalogue", path, "add", s.URL+"/named", "--name", "Named"); code != 0 {
		t.Errorf("--name: exit %d, stderr %q", code, errs)
	}
	// A URI the catalogue has is refused without a request.
	if code, _, errs := uricat(t, "--catalogue", path, "add", s.URL+"/named"); code != 1 || !strings.Contains(errs, "already there") {
		t.Errorf("again: exit %d, stderr %q", code, errs)
	}
	if n.Load() != 0 {
		t.Errorf("%d requests", n.Load())
	}
}

// What a page says reaches neither the catalogue nor the terminal as a
// control sequence: a hostile title is cleaned as an import's text is.
func TestAddFetchHostileTitle(t *testing.T) {
	t.Parallel()
	s, _ := pageServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<title>\x1b]0;owned\x07Nice\x1b[2J &#27;[31mpage\x9b1m\r\nhere</title><meta name=description content='line\x1b[1m one&#10;two'><html lang='en\x1b[0m'>")
	})
	path := writeCatalogue(t, example41)
	code, out, errs := uricat(t, "--catalogue", path, "add", s.URL+"/x")
	if code != 0 || strings.ContainsAny(out+errs, "\x1b\x07") || strings.Contains(out+errs, "\u009b") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	r := lastRecord(t, path)
	t.Logf("stdout %q, stderr %q, record %q", out, errs, r.Raw())
	if strings.ContainsAny(r.Name()+r.Description()+r.Language(), "\x1b\x07\r") || strings.Contains(r.Name(), "\u009b") || !strings.Contains(r.Name(), "Nice") {
		t.Errorf("record %q", r.Raw())
	}
}
