package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestMain lets the test binary stand in for the user's editor (see
// fakeEditor) when $URICAT_TEST_EDITOR names a directory.
func TestMain(m *testing.M) {
	if dir := os.Getenv("URICAT_TEST_EDITOR"); dir != "" && len(os.Args) == 2 {
		os.Exit(fakeEditor(dir, os.Args[1]))
	}
	os.Exit(m.Run())
}

// A round is what the fake editor does to the buffer once: each pair of
// Replace is an old and a new string; Empty empties the buffer; Exit is
// the editor's exit status.
type round struct {
	Replace []string
	Empty   bool
	Exit    int
}

// fakeEditor edits file with the next round of dir/rounds.json (none left:
// it changes nothing) and keeps a copy of the buffer it was given as
// dir/buffer-N.
func fakeEditor(dir, file string) int {
	nb, _ := os.ReadFile(filepath.Join(dir, "n"))
	n, _ := strconv.Atoi(string(nb))
	n++
	if err := os.WriteFile(filepath.Join(dir, "n"), []byte(strconv.Itoa(n)), 0o644); err != nil {
		return 100
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return 101
	}
	if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("buffer-%d", n)), data, 0o644); err != nil {
		return 102
	}
	var rounds []round
	rb, _ := os.ReadFile(filepath.Join(dir, "rounds.json"))
	if err := json.Unmarshal(rb, &rounds); err != nil {
		return 103
	}
	if n > len(rounds) {
		return 0
	}
	r := rounds[n-1]
	text := string(data)
	for i := 0; i+1 < len(r.Replace); i += 2 {
		if !strings.Contains(text, r.Replace[i]) {
			return 104
		}
		text = strings.Replace(text, r.Replace[i], r.Replace[i+1], 1)
	}
	if r.Empty {
		text = ""
	}
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		return 105
	}
	return r.Exit
}

// editor makes the test binary the editor, doing rounds, and returns a
// function that gives the buffer the editor was given in round n.
func editor(t *testing.T, rounds ...round) func(n int) string {
	t.Helper()
	dir := t.TempDir()
	data, _ := json.Marshal(rounds)
	if err := os.WriteFile(filepath.Join(dir, "rounds.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("URICAT_TEST_EDITOR", dir)
	t.Setenv("VISUAL", os.Args[0])
	t.Setenv("EDITOR", "/nonexistent/editor") // $VISUAL comes first
	return func(n int) string {
		b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("buffer-%d", n)))
		if err != nil {
			return fmt.Sprintf("(no buffer %d: %v)", n, err)
		}
		return string(b)
	}
}

func TestEdit(t *testing.T) {
	path := writeCatalogue(t, editCatalogue)
	buffer := editor(t, round{Replace: []string{"NAME: Bücher", "NAME: Books", "CATEGORY: Shops\n", ""}})
	code, out, errs := uricat(t, "--catalogue", path, "edit", "https://bücher.de/")
	if code != 0 || out != "changed \"Books\" in "+path+"\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	want := "# Editing \"Bücher\", line 1 of " + path + ".\n" +
		"# One field a line, NAME: value; lines that start with # are left out.\n" +
		"# Save and quit to change the record; leave it unchanged, or empty it, to\n" +
		"# change nothing. DATE becomes now unless you change it (SSD3 3.3).\n" +
		"URI: https://xn--bcher-kva.de/\nNAME: Bücher\nID: 7\nDATE: 01/01/2020 00:00:00\nCATEGORY: Shops\n" +
		"DESCRIPTION: =?UTF-8?q?two=0Alines?=\nX-TAGS: books, shops\n"
	if got := buffer(1); got != want {
		t.Errorf("buffer\n%s\nwant\n%s", got, want)
	}
	data := string(mustRead(t, path))
	rec, _, _ := strings.Cut(data, "\r\n\r\n")
	for _, want := range []string{"NAME: Books\r\n", "DESCRIPTION: =?UTF-8?q?two=0Alines?=\r\n", "X-TAGS: books, shops"} {
		if !strings.Contains(rec, want) {
			t.Errorf("record lacks %q:\n%s", want, rec)
		}
	}
	if strings.Contains(rec, "CATEGORY") || strings.Contains(rec, "DATE: 01/01/2020") {
		t.Errorf("CATEGORY not removed, or DATE not stamped (3.3):\n%s", rec)
	}
	if !strings.HasSuffix(data, editCatalogue[strings.Index(editCatalogue, "\r\n\r\n"):]) {
		t.Errorf("the other record changed:\n%s", data)
	}
}

// An error opens the editor again with the messages at the top, and the
// user's version below; fixed, it is saved. A DATE the user changes is
// kept, and the one it replaces too, as X-ADDED.
func TestEditErrorsReopen(t *testing.T) {
	path := writeCatalogue(t, editCatalogue)
	buffer := editor(t,
		round{Replace: []string{"NAME: Bücher\n", "NAME: Bücher\nRATING: nine\nFOO: bar\nnot a field\n", "DATE: 01/01/2020 00:00:00", "DATE: 02/03/2021 04:05:06"}},
		round{Replace: []string{"RATING: nine", "RATING: 5", "FOO: bar\nnot a field\n", ""}},
	)
	code, _, errs := uricat(t, "--catalogue", path, "edit", "id:7")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	second := buffer(2)
	wantTop := "# ERROR: this version was not saved:\n" +
		"#   RATING \"nine\" must be an integer from 1 to 5 (3.6)\n" +
		"#   field name \"FOO\": fields not defined by SSD3 must start with \"X-\" (2.2)\n"
	if !strings.HasPrefix(second, wantTop) || !strings.Contains(second, "#   \"not a field\" is not a field: write NAME: value\n") ||
		!strings.Contains(second, "# Fix it and save, or quit without saving to change nothing.\n") {
		t.Errorf("second buffer does not open with the errors:\n%s", second)
	}
	if !strings.Contains(second, "\nNAME: Bücher\nRATING: nine\nFOO: bar\nnot a field\n") {
		t.Errorf("second buffer lost the user's version:\n%s", second)
	}
	if strings.Count(second, "# Editing ") != 1 {
		t.Errorf("the header is there twice:\n%s", second)
	}
	rec, _, _ := strings.Cut(string(mustRead(t, path)), "\r\n\r\n")
	// The DATE it had, which the user's replaces, is when it was added.
	if !strings.HasSuffix(rec, "RATING: 5\r\nX-ADDED: 01/01/2020 00:00:00") || !strings.Contains(rec, "DATE: 02/03/2021 04:05:06\r\n") {
		t.Errorf("not saved with RATING 5, the DATE given and X-ADDED the old one:\n%s", rec)
	}
}

// Unchanged, emptied, an error left as it was, an editor that fails: the
// file stays as it was.
func TestEditChangesNothing(t *testing.T) {
	tests := []struct {
		name   string
		rounds []round
		code   int
		stderr string
	}{
		{"unchanged", nil, 0, "uricat edit: unchanged; nothing was changed\n"},
		{"only comments changed", []round{{Replace: []string{"# Editing", "# I was here. Editing"}}}, 0, "uricat edit: unchanged; nothing was changed\n"},
		{"same values, moved", []round{{Replace: []string{"URI: https://xn--bcher-kva.de/\n", "", "X-TAGS: books, shops\n", "X-TAGS: books, shops\n\nURI: https://xn--bcher-kva.de/\n"}}}, 0, "uricat edit: no field changed; nothing was changed\n"},
		{"emptied", []round{{Empty: true}}, 1, "uricat edit: the record was emptied; nothing was changed (uricat rm removes a record)\n"},
		{"only comments left", []round{{Replace: []string{"URI: https://xn--bcher-kva.de/\n", "", "NAME: Bücher\nID: 7\nDATE: 01/01/2020 00:00:00\nCATEGORY: Shops\n", "", "DESCRIPTION: =?UTF-8?q?two=0Alines?=\nX-TAGS: books, shops\n", ""}}}, 1, "the record was emptied"},
		{"error, then quit", []round{{Replace: []string{"ID: 7", "ID: 0"}}}, 1, "uricat edit: the record still has the errors above it; nothing was changed\n"},
		{"editor fails", []round{{Replace: []string{"NAME: Bücher", "NAME: x"}, Exit: 3}}, 1, "uricat edit: the editor " + os.Args[0] + ": exit status 3; nothing was changed\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeCatalogue(t, editCatalogue)
			editor(t, tt.rounds...)
			code, out, errs := uricat(t, "--catalogue", path, "edit", "https://xn--bcher-kva.de/")
			if code != tt.code || out != "" || !strings.Contains(errs, tt.stderr) {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d and %q", code, out, errs, tt.code, tt.stderr)
			}
			if got := string(mustRead(t, path)); got != editCatalogue {
				t.Errorf("the file changed:\n%s", got)
			}
		})
	}
}

// A record uricat does not use can be found by its line and fixed: the
// buffer lists its problems.
func TestEditFixesAnInvalidRecord(t *testing.T) {
	path := writeCatalogue(t, editCatalogue)
	buffer := editor(t, round{Replace: []string{"NAME: No date\n", "NAME: No date\nRATING: 3\n"}})
	if code, _, errs := uricat(t, "--catalogue", path, "edit", "line:9"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"#   line 11, column 9: error: RATING \"nine\" must be an integer from 1 to 5 (3.6)\n",
		"#   line 9: error: record has no DATE field"} {
		if !strings.Contains(buffer(1), want) {
			t.Errorf("buffer lacks %q:\n%s", want, buffer(1))
		}
	}
	code, out, errs := uricat(t, "--catalogue", path, "check")
	if code != 0 {
		t.Errorf("check after the fix: exit %d\n%s%s", code, out, errs)
	}
}

// editCatalogue: a record with every kind of field, and one without DATE
// and with an invalid RATING, at line 9.
const editCatalogue = "URI: https://xn--bcher-kva.de/\r\nNAME: =?UTF-8?q?B=C3=BCcher?=\r\nID: 7\r\nDATE: 01/01/2020 00:00:00\r\n" +
	"CATEGORY: Shops\r\nDESCRIPTION: =?UTF-8?q?two=0Alines?=\r\nX-TAGS: books, shops\r\n\r\n" +
	"URI: http://nodate.example/\r\nNAME: No date\r\nRATING: nine\r\n"
