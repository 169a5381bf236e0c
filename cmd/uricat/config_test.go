package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
)

// configEnv is an environment of the test's own: a catalogue of text, a
// config file of cfg ("" for none), and nothing of the user's.
func configEnv(t *testing.T, text, cfg string) (vars map[string]string, catPath, cfgPath string) {
	t.Helper()
	dir := t.TempDir()
	catPath = filepath.Join(dir, "c.uricat")
	if err := os.WriteFile(catPath, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cfgPath = filepath.Join(dir, "config", "uricat", "config.toml")
	if cfg != "" {
		if err := os.MkdirAll(filepath.Dir(cfgPath), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(cfgPath, []byte(cfg), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	vars = map[string]string{"URICAT_CATALOGUE": catPath, "XDG_CONFIG_HOME": filepath.Join(dir, "config"),
		"XDG_CACHE_HOME": filepath.Join(dir, "cache"), "XDG_STATE_HOME": filepath.Join(dir, "state"), "URICAT_ARCHIVE": filepath.Join(dir, "archive")}
	return vars, catPath, cfgPath
}

// uricatOn runs uricat as uricatWith does, on the catalogue at cat
// (--catalogue: the default path is the process's environment's).
func uricatOn(t *testing.T, vars map[string]string, args ...string) (int, string, string) {
	t.Helper()
	return uricatWith(t, vars, false, "", append([]string{"--catalogue", vars["URICAT_CATALOGUE"]}, args...)...)
}

// rulesFixture has records for searches and rules to find.
const rulesFixture = "URI: https://github.com/golang/go\r\nNAME: Go\r\nDATE: 01/03/2009 00:00:00\r\nRATING: 5\r\n\r\n" +
	"URI: https://github.com/x/y\r\nNAME: Y\r\nDATE: 01/03/2010 00:00:00\r\nCATEGORY: Misc\r\nRATING: 2\r\n\r\n" +
	"URI: https://example.com/\r\nNAME: Example\r\nDATE: 01/03/2011 00:00:00\r\nCATEGORY: Work\r\nRATING: 4\r\n"

// TestSearchSaveListRm: saved searches are saved, checked, listed with
// their counts, used as @NAME in --search, and removed.
func TestSearchSaveListRm(t *testing.T) {
	t.Parallel()
	vars, _, cfgPath := configEnv(t, rulesFixture, "")
	for _, c := range []struct {
		args           []string
		code           int
		stdout, stderr string
	}{
		{[]string{"search", "list"}, 0, "no saved search in", ""},
		{[]string{"search", "save", "gh", "uri:github.com"}, 0, "saved @gh in " + cfgPath, ""},
		{[]string{"search", "save", "good", "@gh rating:>=4"}, 0, "saved @good", ""},
		{[]string{"search", "save", "bad", "go rating:9"}, 2, "", "search term rating:9 (column 4)"},
		{[]string{"search", "save", "loop", "x @loop"}, 2, "", "the saved search @loop refers to itself"},
		{[]string{"search", "save", "gh", "@good"}, 2, "", "refers to itself (through @good)"},
		{[]string{"search", "save", "a b", "x"}, 2, "", "cannot be a saved search's name"},
		{[]string{"search", "save", "none", "@nope"}, 2, "", "there is no saved search @nope"},
		{[]string{"search", "list"}, 0, "     2  @gh  uri:github.com\n     1  @good  @gh rating:>=4\n", ""},
		{[]string{"list", "--search", "@good"}, 0, "Go", ""},
		{[]string{"list", "--search", "@gh rating:<3"}, 0, "Y", ""},
		{[]string{"list", "--search", "name:example OR @good"}, 2, "", "cannot be one side of OR"},
		{[]string{"list", "--search", "-@gh"}, 0, "Example", ""},
		{[]string{"export", "--format", "json", "--search", "@good"}, 0, "golang", ""},
		{[]string{"list", "--search", "@work"}, 2, "", "search term @work (column 1): there is no saved search @work"},
		{[]string{"search", "rm", "good"}, 0, "removed @good", ""},
		{[]string{"search", "rm", "good"}, 1, "", "there is no saved search \"good\""},
		{[]string{"search", "list"}, 0, "     2  @gh  uri:github.com\n", ""},
	} {
		code, stdout, stderr := uricatOn(t, vars, c.args...)
		if code != c.code || !strings.Contains(stdout, c.stdout) || !strings.Contains(stderr, c.stderr) {
			t.Errorf("uricat %q: exit %d\nstdout: %s\nstderr: %s\nwant exit %d, stdout with %q, stderr with %q", c.args, code, stdout, stderr, c.code, c.stdout, c.stderr)
		}
		if c.args[0] == "list" && c.code == 0 {
			for _, other := range []string{"Go", "Y", "Example"} {
				if other != c.stdout && strings.Contains(stdout, "\t"+other+"\t") {
					t.Errorf("uricat %q lists %s:\n%s", c.args, other, stdout)
				}
			}
		}
	}
}

// TestSearchSaveKeepsComments: search save changes one line of the file.
func TestSearchSaveKeepsComments(t *testing.T) {
	t.Parallel()
	cfg := "# my settings\nsort = \"name\" # by name\n\n[searches]\n# mine\nold = \"x\" # keep\n"
	vars, _, cfgPath := configEnv(t, rulesFixture, cfg)
	if code, _, stderr := uricatOn(t, vars, "search", "save", "new", "tag:a"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got := string(mustRead(t, cfgPath)); got != cfg+"new = 'tag:a'\n" {
		t.Errorf("the file:\n%s", got)
	}
}

// TestConfigCommand: config prints the path, the settings in effect and
// the problems, with their lines and columns; the defaults stand for
// what cannot be read, and the command goes on.
func TestConfigCommand(t *testing.T) {
	t.Parallel()
	vars, _, cfgPath := configEnv(t, rulesFixture, "sort = \"rating:desc\"\ngroup = 7\n[searches]\ngh = \"uri:github.com\"\n[[rules]]\nmatch = \"@gh\"\ncategory = \"Code\"\ncolour = 1\n[[rules]]\nmatch = \"in:none\"\ntags = [\"inbox\"]\n")
	code, stdout, stderr := uricatOn(t, vars, "config")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{cfgPath + "\n", "sort = rating:desc\n", "group = (default)\n", "@gh = uri:github.com\n", "1 rule(s):\n  in:none -> tags +inbox\n"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	for _, want := range []string{cfgPath + ":2:9: group: is an integer; want a string\n", cfgPath + ":8:1: unknown key \"colour\" in [[rules]]"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	// A bad file does not stop a command; its defaults are used.
	code, stdout, stderr = uricatOn(t, vars, "list")
	if code != 0 || !strings.Contains(stderr, ":2:9: group:") || strings.Index(stdout, "Go") > strings.Index(stdout, "Y") {
		t.Errorf("list with a bad config: exit %d\n%s\n%s", code, stdout, stderr)
	}
	// No file: the defaults, said, and nothing created.
	vars, _, cfgPath = configEnv(t, rulesFixture, "")
	if code, stdout, _ := uricatOn(t, vars, "config"); code != 0 || !strings.Contains(stdout, "(no file: the defaults") {
		t.Errorf("config without a file: %d %s", code, stdout)
	}
	if _, err := os.Stat(cfgPath); err == nil {
		t.Error("config created the file")
	}
}

// TestConfigEdit: config edit creates the template and opens it in the
// editor the environment names.
func TestConfigEdit(t *testing.T) {
	t.Parallel()
	vars, _, cfgPath := configEnv(t, rulesFixture, "")
	var got *configEditOptions
	cmd := newConfigEditCmd(&env{lookupEnv: func(k string) string { return map[string]string{"VISUAL": "", "EDITOR": "nano -w"}[k] }},
		func(o *configEditOptions) error { got = o; return nil })
	cmd.SetArgs(nil)
	if err := cmd.Execute(); err != nil || got == nil || got.editor != "nano -w" {
		t.Fatalf("options: %+v, %v", got, err)
	}
	// An editor that adds a line at the top: the file is the template and it.
	script := filepath.Join(t.TempDir(), "ed.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\n{ echo 'theme = \"blue\"'; cat \"$1\"; } > \"$1.new\" && mv \"$1.new\" \"$1\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	vars["EDITOR"] = script
	code, _, stderr := uricatOn(t, vars, "config", "edit")
	body := string(mustRead(t, cfgPath))
	if code != 1 || !strings.HasPrefix(body, "theme = \"blue\"\n# uricat's configuration") || !strings.Contains(stderr, `theme: "blue" is not dark or light`) {
		t.Errorf("config edit: exit %d, %s\nthe file:\n%s", code, stderr, body)
	}
}

// TestRulesOnAddAndImport: rules file the records add and import bring,
// and only those; the summary says how many.
func TestRulesOnAddAndImport(t *testing.T) {
	t.Parallel()
	cfg := "[[rules]]\nmatch = \"uri:github.com\"\ncategory = \"Code\"\ntags = [\"code\"]\n[[rules]]\nmatch = \"uri:github.com/golang\"\nrating = 5\n"
	vars, catPath, _ := configEnv(t, rulesFixture, cfg)
	code, stdout, stderr := uricatOn(t, vars, "add", "--no-fetch", "https://github.com/golang/tools")
	if code != 0 || !strings.Contains(stdout, "rules filed 1 record\n") {
		t.Fatalf("add: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, _ = uricatOn(t, vars, "add", "--no-fetch", "https://example.org/")
	if code != 0 || strings.Contains(stdout, "rules filed") {
		t.Errorf("add of a record no rule matches: %d %s", code, stdout)
	}
	html := filepath.Join(t.TempDir(), "b.html")
	if err := os.WriteFile(html, []byte(`<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
<DT><A HREF="https://github.com/a/b" ADD_DATE="1600000000">A</A>
<DT><A HREF="https://github.com/x/y" ADD_DATE="1600000000">Y again</A>
<DT><A HREF="https://example.net/" ADD_DATE="1600000000">Net</A>
</DL><p>
`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = uricatOn(t, vars, "import", "--dry-run", html)
	if code != 0 || !strings.Contains(stdout, "rules would file 1 record\n") {
		t.Errorf("import --dry-run: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = uricatOn(t, vars, "import", html)
	if code != 0 || !strings.Contains(stdout, "rules filed 1 record\n") { // github.com/x/y is there already: not new
		t.Fatalf("import: exit %d\n%s%s", code, stdout, stderr)
	}
	c, err := catalogue.Open(catPath)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"https://github.com/golang/tools": "Code code 5", "https://example.org/": "  0",
		"https://github.com/a/b": "Code code 0", "https://github.com/x/y": "Misc  2", "https://example.net/": "  0"}
	for _, r := range c.Records() {
		w, ok := want[r.URI()]
		if !ok {
			continue
		}
		if got := r.Category() + " " + r.Extension("X-TAGS") + " " + string(rune('0'+r.Rating())); got != w {
			t.Errorf("%s: %q, want %q", r.URI(), got, w)
		}
	}
}

// TestRulesApplyCommand: rules apply previews, and with --yes changes the
// records as one edit.
func TestRulesApplyCommand(t *testing.T) {
	t.Parallel()
	cfg := "[[rules]]\nmatch = \"uri:github.com\"\ncategory = \"Code\"\n"
	vars, catPath, _ := configEnv(t, rulesFixture, cfg)
	before := string(mustRead(t, catPath))
	code, stdout, stderr := uricatOn(t, vars, "rules", "apply")
	if code != 1 || !strings.Contains(stdout, `"Go" <https://github.com/golang/go>: CATEGORY="Code"`) || !strings.Contains(stderr, "add --yes to change these 2 records") {
		t.Fatalf("preview: exit %d\n%s%s", code, stdout, stderr)
	}
	if string(mustRead(t, catPath)) != before {
		t.Fatal("the preview changed the catalogue")
	}
	code, stdout, stderr = uricatOn(t, vars, "rules", "apply", "--search", "rating:5", "--yes")
	if code != 0 || !strings.Contains(stdout, "rules filed 1 record in") {
		t.Fatalf("apply: exit %d\n%s%s", code, stdout, stderr)
	}
	c, err := catalogue.Open(catPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range c.Records() {
		if want := map[string]string{"Go": "Code", "Y": "Misc", "Example": "Work"}[r.Name()]; r.Category() != want {
			t.Errorf("%s: CATEGORY %q, want %q", r.Name(), r.Category(), want)
		}
	}
	if code, stdout, _ := uricatOn(t, vars, "rules", "apply", "--search", "rating:5"); code != 0 || !strings.Contains(stdout, "change no record") {
		t.Errorf("again: %d %s", code, stdout)
	}
}
