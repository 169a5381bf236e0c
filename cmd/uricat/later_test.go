package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// laterCatalogue has one record marked to read (added in 2019), one not
// (added in 2020), and one read by Pinboard's "0".
const laterCatalogue = "URI: https://queued.example/\r\nNAME: Queued\r\nDATE: 01/06/2021 10:00:00\r\nX-ADDED: 01/01/2019 10:00:00\r\nX-TOREAD: 1\r\n\r\n" +
	"URI: https://plain.example/\r\nNAME: Plain\r\nDATE: 01/01/2020 10:00:00\r\n\r\n" +
	"URI: https://read.example/\r\nNAME: Read\r\nDATE: 01/01/2018 10:00:00\r\nX-TOREAD: 0\r\n"

// listNames runs later --json and returns the names it lists, in order.
func laterNames(t *testing.T, path string) []string {
	t.Helper()
	code, out, errs := uricat(t, "--catalogue", path, "later", "--json")
	var recs []struct{ Name string }
	if err := json.Unmarshal([]byte(out), &recs); code != 0 || err != nil {
		t.Fatalf("later --json: exit %d, %v, stderr %q\n%s", code, err, errs, out)
	}
	var names []string
	for _, r := range recs {
		names = append(names, r.Name)
	}
	return names
}

// TestLater: later marks a record the catalogue has (an amendment: DATE
// now, X-ADDED kept), adds one it has not, marked, with add's flags, and
// alone lists the reading list oldest first.
func TestLater(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, laterCatalogue)
	if got := strings.Join(laterNames(t, path), ","); got != "Queued" {
		t.Fatalf("the reading list is %q, want Queued", got)
	}
	code, out, errs := uricat(t, "--catalogue", path, "later", "https://plain.example/")
	if code != 0 || out != `marked "Plain" to read in `+path+"\n" {
		t.Fatalf("later an existing URI: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	file := string(mustRead(t, path))
	plain := file[strings.Index(file, "URI: https://plain.example/"):]
	plain, _, _ = strings.Cut(plain, "\r\n\r\n")
	if !strings.Contains(plain, "X-TOREAD: 1") || !strings.Contains(plain, "X-ADDED: 01/01/2020 10:00:00") || strings.Contains(plain, "DATE: 01/01/2020") {
		t.Errorf("marked record: want X-TOREAD 1, DATE now and X-ADDED the old DATE:\n%s", plain)
	}
	code, out, _ = uricat(t, "--catalogue", path, "later", "1")
	if code != 0 || out != `"Queued" is on the reading list already`+"\n" {
		t.Errorf("later a marked record: exit %d, %q", code, out)
	}
	code, out, errs = uricat(t, "--catalogue", path, "later", "https://new.example/a", "--no-fetch", "--category", "Reading")
	if code != 0 || !strings.Contains(out, `added "a"`) {
		t.Fatalf("later a new URI: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	file = string(mustRead(t, path))
	if !strings.Contains(file, "URI: https://new.example/a\r\nNAME: a\r\n") || !strings.Contains(file, "CATEGORY: Reading\r\nX-TOREAD: 1") {
		t.Errorf("the new record lacks add's fields or the mark:\n%s", file)
	}
	// Queued (2019), Plain (2020, marked now), the new one (now).
	if got := strings.Join(laterNames(t, path), ","); got != "Queued,Plain,a" {
		t.Errorf("the reading list is %q, want Queued,Plain,a", got)
	}
	code, out, _ = uricat(t, "--catalogue", path, "later")
	if code != 0 || strings.Count(out, "\n") != 3 || strings.Index(out, "Queued") > strings.Index(out, "Plain") {
		t.Errorf("later: exit %d\n%s", code, out)
	}
}

func TestLaterRefusals(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, laterCatalogue)
	for _, tc := range []struct {
		args []string
		code int
		errs string
	}{
		{[]string{"later", "https://plain.example/", "--json"}, 2, "--json and --long list the reading list"},
		{[]string{"later", "a", "b"}, 2, "accepts at most 1 arg"},
		{[]string{"later", "line:999"}, 1, "line 999"},
		{[]string{"later", "not a uri"}, 1, "URI"},
		{[]string{"set", "1", "--to-read", "--read"}, 2, "give one"},
	} {
		code, _, errs := uricat(t, append([]string{"--catalogue", path}, tc.args...)...)
		if code != tc.code || !strings.Contains(errs, tc.errs) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, errs, tc.code, tc.errs)
		}
	}
	if string(mustRead(t, path)) != laterCatalogue {
		t.Errorf("a refusal changed the file")
	}
	empty := filepath.Join(t.TempDir(), "empty.uricat")
	if code, out, _ := uricat(t, "--catalogue", empty, "later"); code != 0 || !strings.Contains(out, "the reading list is empty") {
		t.Errorf("an empty reading list: exit %d, %q", code, out)
	}
}

// TestSetToRead: set --to-read and --read mark and unmark, one record or
// a search's, and toread: finds them.
func TestSetToRead(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, laterCatalogue)
	if code, _, errs := uricat(t, "--catalogue", path, "set", "https://plain.example/", "--to-read"); code != 0 {
		t.Fatalf("set --to-read: exit %d, %s", code, errs)
	}
	if got := strings.Join(laterNames(t, path), ","); got != "Queued,Plain" {
		t.Errorf("after set --to-read: %q", got)
	}
	if code, _, errs := uricat(t, "--catalogue", path, "set", "--search", "toread:yes", "--read", "--yes"); code != 0 {
		t.Fatalf("set --search toread:yes --read: exit %d, %s", code, errs)
	}
	if got := laterNames(t, path); len(got) != 0 {
		t.Errorf("after --read: %q", got)
	}
	if strings.Contains(string(mustRead(t, path)), "X-TOREAD: 1") {
		t.Errorf("--read left a mark:\n%s", mustRead(t, path))
	}
	code, out, _ := uricat(t, "--catalogue", path, "list", "--search", "toread:no")
	if code != 0 || strings.Count(out, "\n") != 3 {
		t.Errorf("list --search toread:no: exit %d\n%s", code, out)
	}
}
