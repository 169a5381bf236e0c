package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMergeDriverKeepsDuplicates runs the merge driver on versions made
// by the commands themselves: theirs adds two duplicates of a URI on
// purpose, ours rates another record. Each is a record of its own in the
// merged file, and with no conflict the driver says none and exits 0.
func TestMergeDriverKeepsDuplicates(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	base := filepath.Join(dir, "base.uricat")
	text := "URI: http://x.example/\r\nNAME: X\r\nDATE: 01/01/2020 00:00:00\r\n\r\n" +
		"URI: http://y.example/\r\nNAME: Y\r\nDATE: 01/01/2020 00:00:00\r\n"
	ours, theirs := filepath.Join(dir, "ours.uricat"), filepath.Join(dir, "theirs.uricat")
	for _, p := range []string{base, ours, theirs} {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"--catalogue", theirs, "add", "http://x.example/", "--allow-duplicate", "--name", "A"},
		{"--catalogue", theirs, "add", "http://x.example/", "--allow-duplicate", "--name", "B"},
		{"--catalogue", ours, "set", "http://y.example/", "--rating", "4"},
	} {
		if code, out, errs := uricat(t, args...); code != 0 {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errs)
		}
	}
	code, out, errs := uricat(t, "merge", base, ours, theirs, "bookmarks.uricat")
	if code != 0 || strings.Contains(errs, "conflict") {
		t.Errorf("merge: exit %d, want 0 and no conflict\n%s%s", code, out, errs)
	}
	got := string(mustRead(t, ours))
	for _, want := range []string{"NAME: X\r\n", "NAME: A\r\n", "NAME: B\r\n", "RATING: 4\r\n"} {
		if strings.Count(got, want) != 1 {
			t.Errorf("the merged file holds %q %d times, want once:\n%s", want, strings.Count(got, want), got)
		}
	}
	if n := strings.Count(got, "URI: http://x.example/"); n != 3 {
		t.Errorf("%d records of http://x.example/, want 3:\n%s", n, got)
	}
}

// TestMergeCopiesKeepsEveryVersion merges a Syncthing copy that holds two
// versions of one URI, one renamed and rated, the other added beside it:
// each stays a record of its own, the original gains nothing, and no
// conflict is claimed.
func TestMergeCopiesKeepsEveryVersion(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "bookmarks.uricat")
	copyPath := filepath.Join(dir, "bookmarks.sync-conflict-20260101-101010-ABCDEFG.uricat")
	text := "URI: http://x.example/\r\nNAME: First\r\nDATE: 01/01/2020 00:00:00\r\n"
	for _, p := range []string{path, copyPath} {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"--catalogue", copyPath, "set", "http://x.example/", "--name", "Second", "--rating", "3"},
		{"--catalogue", copyPath, "add", "http://x.example/", "--allow-duplicate", "--name", "Third"},
	} {
		if code, out, errs := uricat(t, args...); code != 0 {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errs)
		}
	}
	code, out, errs := uricat(t, "--catalogue", path, "merge", "--copies")
	if code != 0 || strings.Contains(errs, "conflict") {
		t.Errorf("merge --copies: exit %d, want 0 and no conflict\n%s%s", code, out, errs)
	}
	got := string(mustRead(t, path))
	for _, want := range []string{"NAME: First\r\nDATE: 01/01/2020 00:00:00\r\n\r\n", "NAME: Second\r\n", "NAME: Third\r\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("the catalogue lacks %q:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "RATING: 3"); n != 1 {
		t.Errorf("RATING 3 %d times, want once (Second's):\n%s", n, got)
	}
	if _, err := os.Stat(copyPath); !os.IsNotExist(err) {
		t.Error("the copy was not removed")
	}
}

// TestMergeDriverCountsMarkedRecords: one record whose NAME and RATING
// both sides set differently is one conflict in the file (one marked
// version), and the message counts it once.
func TestMergeDriverCountsMarkedRecords(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	x := "URI: http://x.example/\r\nNAME: X\r\nDATE: 01/01/2020 00:00:00\r\n"
	base, ours, theirs := filepath.Join(dir, "base.uricat"), filepath.Join(dir, "ours.uricat"), filepath.Join(dir, "theirs.uricat")
	for p, s := range map[string]string{
		base:   x,
		ours:   strings.Replace(x, "NAME: X", "NAME: Ours\r\nRATING: 1", 1),
		theirs: strings.Replace(x, "NAME: X", "NAME: Theirs\r\nRATING: 5", 1),
	} {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, _, errs := uricat(t, "merge", base, ours, theirs, "bookmarks.uricat")
	if code != 1 || !strings.Contains(errs, "bookmarks.uricat: 1 conflict left to settle") {
		t.Errorf("merge: exit %d, want 1 and one conflict:\n%s", code, errs)
	}
	if n := strings.Count(string(mustRead(t, ours)), "X-CONFLICT"); n != 1 {
		t.Errorf("%d marked records, want 1", n)
	}
}
