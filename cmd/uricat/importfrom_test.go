package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/formats"
	"github.com/uricat/uricat/importers/netscape"
)

// chromeBookmarks is a Bookmarks file of the bookmarks (URL, name) given,
// on the bookmark bar.
func chromeBookmarks(links ...string) string {
	var b strings.Builder
	b.WriteString("{\n   \"checksum\": \"x\",\n   \"roots\": {\n      \"bookmark_bar\": {\n         \"children\": [ ")
	for i := 0; i+1 < len(links); i += 2 {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`{"date_added": "13300000000000000", "name": "` + links[i+1] + `", "type": "url", "url": "` + links[i] + `"}`)
	}
	b.WriteString(" ],\n         \"name\": \"Bookmarks bar\",\n         \"type\": \"folder\"\n      }\n   },\n   \"version\": 1\n}\n")
	return b.String()
}

// fakeHome makes a home with two Chrome profiles ("Person 1" in Default,
// "Work" in Profile 1, which has one of Default's bookmarks too), and
// sets $HOME to it, with no $XDG_CONFIG_HOME or $XDG_DATA_HOME.
func fakeHome(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("XDG_DATA_HOME", "")
	writeFiles(t, home, map[string]string{
		".config/google-chrome/Default/Bookmarks":   chromeBookmarks("https://go.dev/", "Go", "https://pkg.go.dev/", "Packages"),
		".config/google-chrome/Profile 1/Bookmarks": chromeBookmarks("https://go.dev/", "Go", "https://work.example/", "Work wiki"),
		".config/google-chrome/Local State":         `{"profile": {"info_cache": {"Default": {"name": "Person 1"}, "Profile 1": {"name": "Work"}}}}`,
	})
	return home
}

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for p, content := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestImportFromChrome(t *testing.T) {
	home := fakeHome(t)
	p := filepath.Join(t.TempDir(), "b.uricat")
	def := filepath.Join(home, ".config", "google-chrome", "Default", "Bookmarks")
	work := filepath.Join(home, ".config", "google-chrome", "Profile 1", "Bookmarks")

	// --dry-run lists the profiles found and what each would add.
	code, out, errs := uricat(t, "--catalogue", p, "import", "--from", "chrome", "--dry-run")
	want := "Google Chrome Person 1 (Default): " + def + ": would import 2 records, 0 records skipped as duplicates, 0 records skipped (chromium)\n" +
		"  + Go <https://go.dev/> [Bookmarks bar]\n" +
		"  + Packages <https://pkg.go.dev/> [Bookmarks bar]\n" +
		"Google Chrome Work (Profile 1): " + work + ": would import 1 record, 1 record skipped as duplicates, 0 records skipped (chromium)\n" +
		"  + Work wiki <https://work.example/> [Bookmarks bar]\n"
	if code != 0 || out != want || errs != "" {
		t.Fatalf("dry run: exit %d\nstdout\n%s\nwant\n%s\nstderr %q", code, out, want, errs)
	}
	if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the dry run made the catalogue: %v", err)
	}

	// --profile takes the name the browser shows, or the folder's.
	for _, name := range []string{"work", "Profile 1"} {
		code, out, _ = uricat(t, "--catalogue", p, "import", "--from", "chrome", "--profile", name, "--dry-run")
		if code != 0 || !strings.HasPrefix(out, "Google Chrome Work (Profile 1): ") || strings.Contains(out, "Person 1") {
			t.Errorf("--profile %s: exit %d, %q", name, code, out)
		}
	}

	// The import; run again (from cron), it adds only what is new.
	code, out, errs = uricat(t, "--catalogue", p, "import", "--from", "chrome")
	if code != 0 || !strings.Contains(out, def+": imported 2 records") || !strings.Contains(out, work+": imported 1 record, 1 record skipped as duplicates") {
		t.Fatalf("import: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if n := len(openCatalogue(t, p).Valid()); n != 3 {
		t.Errorf("catalogue has %d records, want 3", n)
	}
	before, _ := os.ReadFile(p)
	writeFiles(t, home, map[string]string{
		".config/google-chrome/Profile 1/Bookmarks": chromeBookmarks("https://go.dev/", "Go", "https://work.example/", "Work wiki", "https://new.example/", "New"),
	})
	code, out, _ = uricat(t, "--catalogue", p, "import", "--from", "all")
	if code != 0 || !strings.Contains(out, def+": imported 0 records, 2 records skipped as duplicates") ||
		!strings.Contains(out, work+": imported 1 record, 2 records skipped as duplicates") {
		t.Fatalf("again: exit %d, stdout %q", code, out)
	}
	after, _ := os.ReadFile(p)
	if !bytes.HasPrefix(after, before) || len(after) == len(before) {
		t.Error("the second import did not only add the new bookmark")
	}
}

// withFormats runs the test with the registry changed by change, and
// restores it at the end.
func withFormats(t *testing.T, change func([]importers.Format) []importers.Format) {
	saved := formats.Formats
	formats.Formats = change(slices.Clone(saved))
	t.Cleanup(func() { formats.Formats = saved })
}

// fakePlaces is a stand-in for the firefox format, which reads by path
// (Format.Open): its "places.sqlite" is a Netscape file, and one that says
// "locked" cannot be opened.
var fakePlaces = importers.Format{
	Name: "firefox", Title: "fake places.sqlite", Extensions: []string{".sqlite"},
	Detect:    func([]byte) bool { return false },
	NewReader: netscape.Format.NewReader,
	Open: func(path string, opts importers.Options) (importers.Reader, io.Closer, error) {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, err
		}
		if string(b) == "locked" {
			return nil, nil, errors.New("database is locked")
		}
		return netscape.NewReader(bytes.NewReader(b), opts), io.NopCloser(nil), nil
	},
}

// A profile that cannot be read is reported, naming it, and the others
// are imported; a format that is not registered is such a profile. The
// browsers are found by the names of their formats, whatever reads them.
func TestImportFromAll(t *testing.T) {
	home := fakeHome(t)
	withFormats(t, func(fs []importers.Format) []importers.Format {
		fs = slices.DeleteFunc(fs, func(f importers.Format) bool { return f.Name == "buku" || f.Name == "firefox" })
		return append([]importers.Format{fakePlaces}, fs...)
	})
	writeFiles(t, home, map[string]string{
		".mozilla/firefox/profiles.ini":                   "[Profile0]\nName=main\nIsRelative=1\nPath=p/main\nDefault=1\n\n[Profile1]\nName=old\nIsRelative=1\nPath=p/old\n",
		".mozilla/firefox/p/main/places.sqlite":           "<DL><DT><A HREF=\"https://firefox.example/\" ADD_DATE=\"1700000000\">Fx</A></DL>",
		".mozilla/firefox/p/old/places.sqlite":            "locked",
		".local/share/buku/bookmarks.db":                  "x",
		"snap/chromium/common/chromium/Default/Bookmarks": "{\"roots\": [",
	})
	p := filepath.Join(t.TempDir(), "b.uricat")
	code, out, errs := uricat(t, "--catalogue", p, "import", "--from", "all")
	old := filepath.Join(home, ".mozilla", "firefox", "p", "old", "places.sqlite")
	buku := filepath.Join(home, ".local", "share", "buku", "bookmarks.db")
	chromium := filepath.Join(home, "snap", "chromium", "common", "chromium", "Default", "Bookmarks")
	for _, want := range []string{
		"uricat import: Firefox old: " + old + ": database is locked\n",
		"uricat import: buku: " + buku + ": unknown format \"buku\" (formats: firefox, netscape,",
		chromium + ":1: skipped: not valid JSON here (the file ends in the middle: it may have been cut short): nothing imported",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	for _, want := range []string{
		"Firefox main: " + filepath.Join(home, ".mozilla", "firefox", "p", "main", "places.sqlite") + ": imported 1 record",
		"Google Chrome Person 1 (Default): ",
		"Google Chrome Work (Profile 1): ",
		"Chromium Default: " + chromium + ": imported 0 records, 0 records skipped as duplicates, 1 record skipped (chromium)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if code != 1 {
		t.Errorf("exit %d, want 1 (a profile read but not imported)", code)
	}
	if n := len(openCatalogue(t, p).Valid()); n != 4 {
		t.Errorf("catalogue has %d records, want 4", n)
	}
}

func TestImportFromErrors(t *testing.T) {
	home := fakeHome(t)
	p := filepath.Join(t.TempDir(), "b.uricat")
	edge := filepath.Join(home, ".config", "microsoft-edge")
	for _, tc := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"--from", "edge"}, 1, "uricat import: no Microsoft Edge profile found; looked in " + edge + ", " +
			filepath.Join(home, ".var", "app", "com.microsoft.Edge", "config", "microsoft-edge") + "\n"},
		{[]string{"--from", "chrome", "--profile", "Home"}, 1, `uricat import: no Google Chrome profile called "Home"; found: Google Chrome Person 1 (Default), Google Chrome Work (Profile 1)` + "\n"},
		{[]string{"--from", "netscape"}, 2, `uricat import: --from: unknown browser "netscape" (known: firefox, librewolf, zen, floorp, waterfox, chrome, chromium, brave, edge, vivaldi, opera, buku, all)`},
		{[]string{"--profile", "Work", "x.html"}, 2, "uricat import: --profile names a profile of the browser --from names"},
		{nil, 2, "uricat import: expects one FILE or more (\"-\" for standard input), or --from BROWSER; got 0 argument(s)"},
	} {
		code, _, errs := uricat(t, append([]string{"--catalogue", p, "import"}, tc.args...)...)
		if code != tc.code || !strings.Contains(errs, tc.err) {
			t.Errorf("%v: exit %d, stderr %q; want %d, %q", tc.args, code, errs, tc.code, tc.err)
		}
	}
}

// Without a home there is nowhere to look: the message says so.
func TestImportFromNoHome(t *testing.T) {
	fakeHome(t)
	t.Setenv("HOME", "")
	code, _, errs := uricat(t, "--catalogue", filepath.Join(t.TempDir(), "b.uricat"), "import", "--from", "firefox")
	if want := "uricat import: no Firefox profile found: $HOME is not set, and the browsers keep their profiles in it\n"; code != 1 || errs != want {
		t.Errorf("exit %d, stderr %q; want 1, %q", code, errs, want)
	}
}

func TestImportFromCompletion(t *testing.T) {
	fakeHome(t)
	code, out, _ := uricat(t, "__complete", "import", "--from", "")
	if code != 0 || !strings.HasPrefix(out, "firefox\nlibrewolf\n") || !strings.Contains(out, "\nbuku\nall\n:4\n") {
		t.Errorf("--from completes to %q", out)
	}
	code, out, _ = uricat(t, "__complete", "import", "--from", "chrome", "--profile", "")
	if code != 0 || !strings.HasPrefix(out, "Person 1\nDefault\nWork\nProfile 1\n:4\n") {
		t.Errorf("--profile completes to %q", out)
	}
}
