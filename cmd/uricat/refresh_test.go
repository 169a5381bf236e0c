package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// refresh shows what the pages say now that the records do not, changes
// nothing without --yes, and with it changes those records in one save;
// a page that cannot be fetched is named and changes nothing, and a value
// the page does not give is kept.
func TestRefresh(t *testing.T) {
	t.Parallel()
	s, n := pageServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/a":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, "<html lang=en><head><title>New title\x1b[31m</title><meta name=description content='What it says now'></head></html>")
		case "/same":
			fmt.Fprint(w, "<html><head><title>Same</title></head></html>")
		default:
			http.NotFound(w, r)
		}
	})
	text := "URI: " + s.URL + "/a\r\nNAME: Old title\r\nDATE: 31/10/2007 19:28:45\r\nDESCRIPTION: What it said\r\nRATING: 4\r\n\r\n" +
		"URI: " + s.URL + "/gone\r\nNAME: Gone\r\nDATE: 31/10/2007 19:28:45\r\n\r\n" +
		"URI: " + s.URL + "/same\r\nNAME: Same\r\nDATE: 31/10/2007 19:28:45\r\nTYPE: text/html\r\n\r\n" +
		"URI: ftp://ftp.example.org/pub/\r\nNAME: FTP\r\nDATE: 31/10/2007 19:28:45\r\n"
	path := writeCatalogue(t, text)
	code, out, errs := uricat(t, "--catalogue", path, "refresh")
	for _, want := range []string{"line 1: " + s.URL + "/a\n", "  NAME: \"Old title\" → \"New title\"\n",
		"  DESCRIPTION: \"What it said\" → \"What it says now\"\n", "  LANGUAGE: \"\" → \"en\"\n", "1 record of 3 would change; 1 page could not be fetched"} {
		if !strings.Contains(out, want) {
			t.Errorf("preview lacks %q:\n%s", want, out)
		}
	}
	if code != 1 || !strings.Contains(errs, "Gone") || !strings.Contains(errs, "404") || !strings.Contains(errs, "add --yes to change 1 record") {
		t.Errorf("preview: exit %d, stderr %q", code, errs)
	}
	if got := string(mustRead(t, path)); got != text {
		t.Fatalf("the preview changed the file:\n%s", got)
	}
	if n.Load() != 3 {
		t.Errorf("%d requests, want 3 (ftp is not fetched)", n.Load())
	}
	code, out, errs = uricat(t, "--catalogue", path, "refresh", "--search", "title", "--yes")
	if code != 0 || !strings.Contains(out, "refreshed 1 record of 1") {
		t.Fatalf("--yes: exit %d, %q, %q", code, out, errs)
	}
	c := openCatalogue(t, path)
	r := c.Records()[0]
	if r.Name() != "New title" || r.Description() != "What it says now" || r.Rating() != 4 || r.Extension("X-ADDED") != "31/10/2007 19:28:45" {
		t.Errorf("refreshed record:\n%s", r.Raw())
	}
	if c.Records()[1].Name() != "Gone" {
		t.Error("the record whose page is gone changed")
	}
}
