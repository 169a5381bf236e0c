package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

func TestLinks(t *testing.T) {
	var requests atomic.Int32
	var agent atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		agent.Store(r.Header.Get("User-Agent"))
		switch r.URL.Path {
		case "/ok", "/new":
		case "/old":
			http.Redirect(w, r, "/new", http.StatusMovedPermanently)
		case "/blocked":
			w.WriteHeader(http.StatusForbidden)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	path := writeCatalogue(t,
		"URI: "+srv.URL+"/ok\r\nNAME: Fine\r\nDATE: 01/02/2024 10:00:00\r\n\r\n"+
			"URI: "+srv.URL+"/gone\r\nNAME: Gone\r\nDATE: 01/02/2024 10:00:00\r\n\r\n"+
			"URI: "+srv.URL+"/old\r\nNAME: Moved\r\nDATE: 01/02/2024 10:00:00\r\n\r\n"+
			"URI: "+srv.URL+"/blocked\r\nNAME: Blocked\r\nDATE: 01/02/2024 10:00:00\r\n\r\n"+
			"URI: ftp://ftp.example.org/pub/\r\nNAME: FTP\r\nDATE: 01/02/2024 10:00:00\r\n")
	before := string(mustRead(t, path))

	code, stdout, stderr := uricat(t, "--catalogue", path, "links")
	if code != 0 {
		t.Fatalf("links: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{"dead    404  " + srv.URL + "/gone", "moved   301  " + srv.URL + "/old → " + srv.URL + "/new", "unknown 403", "checked 4 links: 1 ok, 1 moved, 1 dead, 1 unknown; 1 not http or https"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "Fine") {
		t.Errorf("an ok link is listed:\n%s", stdout)
	}
	if ua, _ := agent.Load().(string); !strings.HasPrefix(ua, "uricat/") {
		t.Errorf("User-Agent %q does not name uricat", ua)
	}
	// A check is not an edit: the catalogue is as it was.
	if got := string(mustRead(t, path)); got != before {
		t.Fatalf("links changed the catalogue:\n%s", got)
	}

	// The results are in the state file, and the search language finds
	// records by them.
	b, err := os.ReadFile(filepath.Join(os.Getenv("XDG_STATE_HOME"), "uricat", "links.json"))
	if err != nil || !strings.Contains(string(b), `"status": "dead"`) {
		t.Fatalf("state file: %v\n%s", err, b)
	}

	// --max-age: nothing is asked the second time.
	n := requests.Load()
	code, stdout, _ = uricat(t, "--catalogue", path, "links", "--max-age", "7d")
	if code != 0 || requests.Load() != n || !strings.Contains(stdout, "checked 0 links") || !strings.Contains(stdout, "4 skipped") {
		t.Fatalf("--max-age sent %d requests (exit %d):\n%s", requests.Load()-n, code, stdout)
	}

	// --update-moved rewrites the moved link, from the kept results.
	code, stdout, stderr = uricat(t, "--catalogue", path, "links", "--max-age", "7d", "--update-moved")
	if code != 0 || !strings.Contains(stdout, "updated 1 record") {
		t.Fatalf("--update-moved: exit %d\n%s%s", code, stdout, stderr)
	}
	if got := string(mustRead(t, path)); !strings.Contains(got, "URI: "+srv.URL+"/new\r\nNAME: Moved") || strings.Contains(got, "/old") {
		t.Fatalf("the moved record was not rewritten:\n%s", got)
	}

	// --json gives every result.
	code, stdout, _ = uricat(t, "--catalogue", path, "links", "--json", "--search", "Fine")
	var res []map[string]any
	if code != 0 || json.Unmarshal([]byte(stdout), &res) != nil || len(res) != 1 || res[0]["status"] != "ok" {
		t.Fatalf("--json: exit %d\n%s", code, stdout)
	}
}

func TestLinksBadFlags(t *testing.T) {
	path := writeCatalogue(t, "URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\n")
	for _, args := range [][]string{{"--max-age", "soon"}, {"--jobs", "0"}, {"--search", "foo:bar"}} {
		code, _, stderr := uricat(t, append([]string{"--catalogue", path, "links"}, args...)...)
		if code != 2 || stderr == "" {
			t.Errorf("links %v: exit %d, want 2 with a message\n%s", args, code, stderr)
		}
	}
}

// TestLinkSearch: the results of `uricat links` reach the search language
// in every command that searches (list, rm --search, links --search), and
// list --json carries each checked record's status ("link"), never an
// unchecked one's.
func TestLinkSearch(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/ok" {
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	path := writeCatalogue(t,
		"URI: "+srv.URL+"/ok\r\nNAME: Fine\r\nDATE: 01/02/2024 10:00:00\r\n\r\n"+
			"URI: "+srv.URL+"/gone\r\nNAME: Gone\r\nDATE: 01/02/2024 10:00:00\r\n\r\n"+
			"URI: ftp://ftp.example.org/pub/\r\nNAME: FTP\r\nDATE: 01/02/2024 10:00:00\r\n")
	if code, stdout, stderr := uricat(t, "--catalogue", path, "links", "--quiet"); code != 0 {
		t.Fatalf("links: exit %d\n%s%s", code, stdout, stderr)
	}

	for _, tc := range []struct{ search, want string }{
		{"link:dead", "Gone"},
		{"link:ok", "Fine"},
		{"link:unchecked", "FTP"},
		{"link:moved", ""},
	} {
		code, stdout, stderr := uricat(t, "--catalogue", path, "list", "--json", "--search", tc.search)
		var recs []map[string]any
		if code != 0 || json.Unmarshal([]byte(stdout), &recs) != nil {
			t.Fatalf("list --search %s: exit %d\n%s%s", tc.search, code, stdout, stderr)
		}
		var got []string
		for _, r := range recs {
			got = append(got, r["name"].(string))
		}
		if strings.Join(got, "|") != tc.want {
			t.Errorf("list --search %s = %q, want %q", tc.search, got, tc.want)
		}
	}

	code, stdout, _ := uricat(t, "--catalogue", path, "list", "--json")
	var recs []map[string]any
	if code != 0 || json.Unmarshal([]byte(stdout), &recs) != nil || len(recs) != 3 {
		t.Fatalf("list --json: exit %d\n%s", code, stdout)
	}
	for _, want := range []struct {
		name string
		link any
	}{{"Fine", "ok"}, {"Gone", "dead"}, {"FTP", nil}} {
		for _, r := range recs {
			if r["name"] == want.name && r["link"] != want.link {
				t.Errorf("list --json: %s has link %v, want %v", want.name, r["link"], want.link)
			}
		}
	}

	// links --search link:dead asks about the dead one alone.
	code, stdout, _ = uricat(t, "--catalogue", path, "links", "--quiet", "--search", "link:dead")
	if code != 0 || !strings.Contains(stdout, "checked 1 link: 0 ok, 0 moved, 1 dead") {
		t.Errorf("links --search link:dead: exit %d\n%s", code, stdout)
	}

	// rm --search link:dead removes the dead one.
	code, stdout, stderr := uricat(t, "--catalogue", path, "rm", "--search", "link:dead", "--yes")
	if code != 0 {
		t.Fatalf("rm --search link:dead: exit %d\n%s%s", code, stdout, stderr)
	}
	if got := string(mustRead(t, path)); strings.Contains(got, "Gone") || !strings.Contains(got, "Fine") {
		t.Errorf("rm --search link:dead left:\n%s", got)
	}
}
