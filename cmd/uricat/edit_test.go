package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
)

// TestMain lets the test binary stand in for the user's editor (see
// fakeEditor) when $URICAT_TEST_EDITOR names a directory, and for uricat
// itself, whole process and all, when $URICAT_TEST_RUN is 1.
func TestMain(m *testing.M) {
	if os.Getenv("URICAT_TEST_RUN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	if dir := os.Getenv("URICAT_TEST_EDITOR"); dir != "" && len(os.Args) == 2 {
		os.Exit(fakeEditor(dir, os.Args[1]))
	}
	keepGoEnv()
	// add archives the pages it fetches, and indexes them: never in the
	// archive or the cache of the user running the tests.
	archiveDir, err := os.MkdirTemp("", "uricat-test-archive-")
	if err == nil {
		os.Setenv("URICAT_ARCHIVE", archiveDir)
		os.Setenv("XDG_CACHE_HOME", archiveDir+"/cache")
	}
	code := m.Run()
	os.RemoveAll(archiveDir)
	removeBinary()
	os.Exit(code)
}

// A round is what the fake editor does to the buffer once: each pair of
// Replace is an old and a new string; Empty empties the buffer; Text, when
// not empty, is what it writes instead; Exit is the editor's exit status.
// The last round, when Again, is done again every time after.
type round struct {
	Replace []string
	Empty   bool
	Text    string
	Exit    int
	Again   bool
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
	if n > len(rounds) && (len(rounds) == 0 || !rounds[len(rounds)-1].Again) {
		return 0
	}
	r := rounds[min(n, len(rounds))-1]
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
	if r.Text != "" {
		text = r.Text
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

// uricatAtTerminal is uricatIn with a standard input that passes for a
// terminal (interactive), on which a person types answers.
func uricatAtTerminal(t *testing.T, answers string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return uricatTyped(t, true, answers, args...)
}

// uricatTyped is uricatIn with answers on a pipe, not a strings.Reader, so
// that the editor, which inherits it, takes none of them; terminal says
// whether it passes for a terminal (interactive).
func uricatTyped(t *testing.T, terminal bool, answers string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := w.WriteString(answers); err != nil {
		t.Fatal(err)
	}
	w.Close()
	var out, errb bytes.Buffer
	code = runEnv(&env{stdin: r, stdout: &out, stderr: &errb,
		interactive: func(io.Reader) bool { return terminal }}, args)
	return code, out.String(), errb.String()
}

// ran says how many times the editor of buffer ran.
func ran(buffer func(n int) string) int {
	n := 0
	for !strings.HasPrefix(buffer(n+1), "(no buffer") {
		n++
	}
	return n
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
	code, _, errs := uricatAtTerminal(t, "\n", "--catalogue", path, "edit", "id:7")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if want := "uricat edit: not saved, the record has errors:\n  RATING \"nine\" must be an integer from 1 to 5 (3.6)\n"; !strings.HasPrefix(errs, want) ||
		!strings.Contains(errs, "\nEdit it again? [Y/n] ") {
		t.Errorf("stderr %q does not say what is wrong and ask", errs)
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
		name    string
		rounds  []round
		answers string // at a terminal, what the user types; "" when not at one
		code    int
		stderr  string
	}{
		{"unchanged", nil, "", 0, "uricat edit: unchanged; nothing was changed\n"},
		{"only comments changed", []round{{Replace: []string{"# Editing", "# I was here. Editing"}}}, "", 0, "uricat edit: unchanged; nothing was changed\n"},
		{"same values, moved", []round{{Replace: []string{"URI: https://xn--bcher-kva.de/\n", "", "X-TAGS: books, shops\n", "X-TAGS: books, shops\n\nURI: https://xn--bcher-kva.de/\n"}}}, "", 0, "uricat edit: no field changed; nothing was changed\n"},
		{"emptied", []round{{Empty: true}}, "", 1, "uricat edit: the record was emptied; nothing was changed (uricat rm removes a record)\n"},
		{"only comments left", []round{{Replace: []string{"URI: https://xn--bcher-kva.de/\n", "", "NAME: Bücher\nID: 7\nDATE: 01/01/2020 00:00:00\nCATEGORY: Shops\n", "", "DESCRIPTION: =?UTF-8?q?two=0Alines?=\nX-TAGS: books, shops\n", ""}}}, "", 1, "the record was emptied"},
		{"error, then quit", []round{{Replace: []string{"ID: 7", "ID: 0"}}}, "y\n", 1, "uricat edit: the record still has the errors above it; nothing was changed\n"},
		{"editor fails", []round{{Replace: []string{"NAME: Bücher", "NAME: x"}, Exit: 3}}, "", 1, "uricat edit: the editor " + os.Args[0] + ": exit status 3; nothing was changed\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeCatalogue(t, editCatalogue)
			editor(t, tt.rounds...)
			args := []string{"--catalogue", path, "edit", "https://xn--bcher-kva.de/"}
			run := func() (int, string, string) { return uricat(t, args...) }
			if tt.answers != "" {
				run = func() (int, string, string) { return uricatAtTerminal(t, tt.answers, args...) }
			}
			code, out, errs := run()
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

// Issue 22: an editor that writes the same invalid text each time ran
// 9,565 times in 10 s. It now runs once without a terminal (the problems
// are printed, exit 1), and at a terminal at most twice, however often the
// user says yes: a version saved again as it was refused ends the edit.
func TestEditNeverLoops(t *testing.T) {
	invalid := "URI: https://xn--bcher-kva.de/\nNAME: Bücher\nRATING: nine\n"
	tests := []struct {
		name     string
		terminal bool
		answers  string
		runs     int
		stderr   string
	}{
		{"no terminal", false, "y\ny\ny\n", 1, "uricat edit: not saved: the record has errors; nothing was changed:\n  RATING \"nine\" must be an integer from 1 to 5 (3.6)\n"},
		{"yes, always", true, strings.Repeat("y\n", 100), 2, "uricat edit: the record still has the errors above it; nothing was changed\n"},
		{"no", true, "n\n", 1, "Edit it again? [Y/n] uricat edit: not saved: the record has errors"},
		{"no answer", true, "", 1, "Edit it again? [Y/n] \nuricat edit: not saved: the record has errors"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeCatalogue(t, editCatalogue)
			buffer := editor(t, round{Text: invalid, Again: true})
			args := []string{"--catalogue", path, "edit", "id:7"}
			code, _, errs := uricatTyped(t, tt.terminal, tt.answers, args...)
			if code != 1 || !strings.Contains(errs, tt.stderr) {
				t.Errorf("exit %d, stderr %q; want 1 and %q", code, errs, tt.stderr)
			}
			if n := ran(buffer); n != tt.runs {
				t.Errorf("the editor ran %d times, want %d", n, tt.runs)
			}
			if got := string(mustRead(t, path)); got != editCatalogue {
				t.Errorf("the file changed:\n%s", got)
			}
		})
	}
}

// Issue 22: edit refuses a URI another record has, as add does, unless
// --allow-duplicate.
func TestEditDuplicateURI(t *testing.T) {
	path := writeCatalogue(t, editCatalogue+"\r\nURI: http://other.example/\r\nNAME: Other\r\nDATE: 01/01/2020 00:00:00\r\n")
	before := string(mustRead(t, path))
	change := round{Replace: []string{"URI: https://xn--bcher-kva.de/", "URI: HTTP://Other.example:80/"}}
	editor(t, change)
	code, _, errs := uricat(t, "--catalogue", path, "edit", "id:7")
	if want := "uricat edit: not saved: the record has errors; nothing was changed:\n  URI HTTP://Other.example:80/: already there: \"Other\", line 13 of " + path +
		"; change it, or quit and run uricat edit --allow-duplicate to keep it\n"; code != 1 || errs != want {
		t.Errorf("exit %d, stderr %q; want 1 and %q", code, errs, want)
	}
	if string(mustRead(t, path)) != before {
		t.Errorf("the file changed")
	}
	editor(t, change)
	if code, _, errs := uricat(t, "--catalogue", path, "edit", "--allow-duplicate", "id:7"); code != 0 {
		t.Fatalf("--allow-duplicate: exit %d, stderr %q", code, errs)
	}
	if n := len(mustOpen(t, path).FindURI("http://other.example/")); n != 2 {
		t.Errorf("%d records of http://other.example/, want 2", n)
	}
	// The same URI as it was, in another form, is no duplicate.
	editor(t, round{Replace: []string{"URI: HTTP://Other.example:80/", "URI: http://other.example/", "NAME: Bücher", "NAME: Books"}})
	if code, _, errs := uricat(t, "--catalogue", path, "edit", "id:7"); code != 0 {
		t.Errorf("the record's own URI: exit %d, stderr %q", code, errs)
	}
}

func mustOpen(t *testing.T, path string) *catalogue.Catalogue {
	t.Helper()
	c, err := catalogue.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Issue 22: a buffer an edit left behind when it was killed is removed by
// the next edit once its process is gone; others' are kept.
func TestEditRemovesStaleBuffers(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	gone := exec.Command(os.Args[0], "-test.run=^$")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-48 * time.Hour)
	files := []struct {
		name string
		old  bool
		kept bool
	}{
		{fmt.Sprintf("uricat-edit-%d-123.txt", gone.Process.Pid), false, false}, // killed
		{"uricat-edit-1-456.txt", true, true},                                   // pid 1 is there
		{fmt.Sprintf("uricat-edit-%d-789.txt", os.Getpid()), false, true},       // this process's
		{"uricat-edit-1234567.txt", true, false},                                // an older uricat's, a day old
		{"uricat-edit-7654321.txt", false, true},                                // an older uricat's, maybe in use
		{"notes.txt", true, true},
	}
	for _, f := range files {
		p := filepath.Join(tmp, f.name)
		if err := os.WriteFile(p, []byte("URI: x\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if f.old {
			if err := os.Chtimes(p, old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	path := writeCatalogue(t, editCatalogue)
	editor(t)
	if code, _, errs := uricat(t, "--catalogue", path, "edit", "id:7"); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, f := range files {
		_, err := os.Stat(filepath.Join(tmp, f.name))
		if kept := err == nil; kept != f.kept {
			t.Errorf("%s: kept %v, want %v", f.name, kept, f.kept)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, fmt.Sprintf("uricat-edit-%d-*.txt", os.Getpid()))); len(left) != 1 {
		t.Errorf("this edit's buffer is left, or not named with its pid: %v", left)
	}
}
