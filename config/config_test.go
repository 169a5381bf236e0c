package config

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// writeFile writes a config file of text in a directory of the test's
// and returns its path.
func writeFile(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestLoad: every key of a good file is read.
func TestLoad(t *testing.T) {
	t.Parallel()
	p := writeFile(t, `sort = "name"
group = "category"
theme = "light"
archive_on_add = true

[links]
jobs = 3
timeout = "4s"

[sync]
browser_file = "/tmp/b.html"

[searches]
work = "cat:work rating:>=3"
good = '@work rating:5'

[[rules]]
match = "uri:github.com"
category = "Code"
tags = ["code", "git"]
rating = 4
toread = true
`)
	c, problems := Load(p)
	if len(problems) > 0 {
		t.Fatalf("problems: %v", problems)
	}
	if c.Sort != "name" || c.Group != "category" || c.Theme != "light" || !c.KeepsPages() || c.LinksJobs != 3 ||
		c.LinksTimeout != 4*time.Second || c.SyncBrowserFile != "/tmp/b.html" || !c.Exists {
		t.Errorf("defaults: %+v", c)
	}
	if len(c.Searches) != 2 || c.Searches[0] != (Search{"work", "cat:work rating:>=3", 14, 8}) || c.Searches[1].Name != "good" {
		t.Errorf("searches: %+v", c.Searches)
	}
	if len(c.Rules) != 1 || c.Rules[0].Category != "Code" || !slices.Equal(c.Rules[0].Tags, []string{"code", "git"}) ||
		c.Rules[0].Rating != 4 || c.Rules[0].ToRead == nil || !*c.Rules[0].ToRead {
		t.Errorf("rules: %+v", c.Rules)
	}
	if q, err := c.Parse("@good kernel"); err != nil || q.String() != "@good kernel" {
		t.Errorf("Parse(@good kernel) = %v, %v", q, err)
	}
}

// TestLoadMissing: no file is the defaults, and no problem.
func TestLoadMissing(t *testing.T) {
	t.Parallel()
	c, problems := Load(filepath.Join(t.TempDir(), "none.toml"))
	if len(problems) > 0 || c.Exists || len(c.Searches)+len(c.Rules) > 0 || c.Sort != "" {
		t.Errorf("Load(missing) = %+v, %v", c, problems)
	}
}

// TestLoadProblems: each thing wrong is a problem at its line and
// column, saying what is wrong, and the rest of the file is read.
func TestLoadProblems(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, text string
		want       []string // LINE:COL: part of the message
		check      func(*Config) bool
	}{
		{"unknown key", "sort = \"name\"\nsorting = \"date\"\n", []string{`2:1: unknown key "sorting"`},
			func(c *Config) bool { return c.Sort == "name" }},
		{"unknown table", "[search]\nwork = \"x\"\n[searches]\nok = \"y\"\n", []string{"1:2: unknown table [search]"},
			func(c *Config) bool { return len(c.Searches) == 1 && c.Searches[0].Name == "ok" }},
		{"wrong type", "theme = 1\ngroup = \"rating\"\n", []string{"1:9: theme: is an integer; want a string"},
			func(c *Config) bool { return c.Theme == "" && c.Group == "rating" }},
		{"bad sort", "sort = \"colour\"\n", []string{"1:8: sort: "}, func(c *Config) bool { return c.Sort == "" }},
		{"bad theme", "theme = \"blue\"\n", []string{`1:9: theme: "blue" is not dark or light`}, nil},
		{"bad jobs", "[links]\njobs = 0\ntimeout = \"soon\"\n", []string{"2:8: links.jobs: 0 is not 1 to 64", `3:11: links.timeout: "soon" is not a duration`},
			func(c *Config) bool { return c.LinksJobs == 0 && c.LinksTimeout == 0 }},
		{"syntax", "sort = \"name\"\ntheme = \"dark\n", []string{"2:"}, func(c *Config) bool { return c.Sort == "name" }},
		{"duplicate", "sort = \"name\"\nsort = \"date\"\n", []string{"2:1: key sort is already defined"}, func(c *Config) bool { return c.Sort == "name" }},
		{"bad search", "[searches]\nw = \"rating:9\"\nok = \"x\"\n", []string{"2:5: searches.w: in the saved search @w: search term rating:9 (column 1)"},
			func(c *Config) bool { return len(c.Searches) == 2 }},
		{"search loop", "[searches]\na = \"x @b\"\nb = \"@a\"\n", []string{"2:5: searches.a: the saved search @a refers to itself (through @b)", "3:5: searches.b: the saved search @b refers to itself (through @a)"}, nil},
		{"search name", "[searches]\n\"a b\" = \"x\"\n", []string{"2:9: searches.a b: a saved search's name is letters"}, func(c *Config) bool { return len(c.Searches) == 0 }},
		{"rule without match", "[[rules]]\ncategory = \"X\"\n", []string{"1:3: a rule without match is left out"}, func(c *Config) bool { return len(c.Rules) == 0 }},
		{"rule bad match", "[[rules]]\nmatch = \"rating:9\"\n[[rules]]\nmatch = \"x\"\n", []string{"2:9: rules.match: search term rating:9"},
			func(c *Config) bool { return len(c.Rules) == 1 && c.Rules[0].Match == "x" }},
		{"rule everything", "[[rules]]\nmatch = \"-x\"\n", []string{"2:9: rules.match \"-x\" matches nearly every record"}, nil},
		{"rule bad tags", "[[rules]]\nmatch = \"x\"\ntags = \"a\"\n", []string{"3:8: rules.tags: is a string; want an array"}, func(c *Config) bool { return len(c.Rules) == 0 }},
		{"rule comma tag", "[[rules]]\nmatch = \"x\"\ntags = [\"a,b\"]\n", []string{"2:9: rules: the tag \"a,b\" holds a comma"}, nil},
		{"rule rating", "[[rules]]\nmatch = \"x\"\nrating = 7\n", []string{"3:10: rules.rating: 7 is not 1 to 5"}, nil},
		{"rule key", "[[rules]]\nmatch = \"x\"\ncolour = \"red\"\n", []string{`3:1: unknown key "colour" in [[rules]]`}, func(c *Config) bool { return len(c.Rules) == 0 }},
		{"inline searches", "searches = {a = \"x\"}\n", []string{"1:1: write searches as a table"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := writeFile(t, c.text)
			cfg, problems := Load(p)
			var got []string
			for _, pr := range problems {
				got = append(got, pr.String())
			}
			for _, w := range c.want {
				if !slices.ContainsFunc(got, func(g string) bool { return strings.HasPrefix(g, p+":"+w) }) {
					t.Errorf("problems %q; want one %s:%s", got, filepath.Base(p), w)
				}
			}
			if len(got) != len(c.want) {
				t.Errorf("%d problems %q; want %d", len(got), got, len(c.want))
			}
			if c.check != nil && !c.check(cfg) {
				t.Errorf("what was read: %+v", cfg)
			}
		})
	}
}

// TestLoadUnreadable: a file that cannot be read is one problem, and the
// defaults.
func TestLoadUnreadable(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	c, problems := Load(dir) // a directory
	if len(problems) != 1 || !strings.HasPrefix(problems[0].String(), dir+": cannot be read") || c.Exists {
		t.Errorf("Load(dir) = %+v, %v", c, problems)
	}
}

// TestPathFrom: $URICAT_CONFIG, else $XDG_CONFIG_HOME/uricat/config.toml.
func TestPathFrom(t *testing.T) {
	t.Parallel()
	env := map[string]string{"XDG_CONFIG_HOME": "/x"}
	if got := PathFrom(func(k string) string { return env[k] }); got != "/x/uricat/config.toml" {
		t.Errorf("PathFrom = %q", got)
	}
	env[EnvConfig] = "/y/c.toml"
	if got := PathFrom(func(k string) string { return env[k] }); got != "/y/c.toml" {
		t.Errorf("PathFrom with %s = %q", EnvConfig, got)
	}
}

// TestSaveSearch: saving keeps every other byte of the file: comments,
// order, other tables; a name saved again has its value replaced in
// place; rm takes its line.
func TestSaveSearch(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, before, after string
	}{
		{"append", "# mine\nsort = \"name\" # keep\n\n[searches] # hdr\n# c1\nwork = \"cat:work\" # wc\n\n[[rules]]\nmatch = \"x\"\n",
			"# mine\nsort = \"name\" # keep\n\n[searches] # hdr\n# c1\nwork = \"cat:work\" # wc\nnew = 'tag:a \"b\"'\n\n[[rules]]\nmatch = \"x\"\n"},
		{"replace", "[searches]\nnew = \"old\" # why\nz = \"z\"\n", "[searches]\nnew = 'tag:a \"b\"' # why\nz = \"z\"\n"},
		{"empty table", "[searches]\n# none yet\n[links]\njobs = 2\n", "[searches]\nnew = 'tag:a \"b\"'\n# none yet\n[links]\njobs = 2\n"},
		{"no table", "sort = \"name\"", "sort = \"name\"\n\n[searches]\nnew = 'tag:a \"b\"'\n"},
		{"crlf", "[searches]\r\nw = \"x\"\r\n", "[searches]\r\nw = \"x\"\r\nnew = 'tag:a \"b\"'\r\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := writeFile(t, c.before)
			if err := SaveSearch(p, "new", `tag:a "b"`); err != nil {
				t.Fatal(err)
			}
			b, _ := os.ReadFile(p)
			if string(b) != c.after {
				t.Fatalf("after saving:\n%s\nwant:\n%s", b, c.after)
			}
			if cfg, problems := Load(p); len(problems) > 0 || cfg.Searches[len(cfg.Searches)-1].Query != `tag:a "b"` && c.name != "replace" {
				t.Errorf("read back: %+v %v", cfg.Searches, problems)
			}
			if found, err := RemoveSearch(p, "new"); !found || err != nil {
				t.Fatalf("RemoveSearch = %v, %v", found, err)
			}
			b, _ = os.ReadFile(p)
			if want := strings.Replace(c.after, "new = 'tag:a \"b\"' # why\n", "", 1); c.name == "replace" && string(b) != want {
				t.Errorf("after rm:\n%s\nwant:\n%s", b, want)
			}
			if cfg, _ := Load(p); slices.ContainsFunc(cfg.Searches, func(s Search) bool { return s.Name == "new" }) {
				t.Errorf("rm left it: %+v", cfg.Searches)
			}
		})
	}
}

// TestSaveSearchNewFile: saving to no file makes the template with the
// search in it; a bad name and a file that cannot be parsed are refused,
// the file left as it was.
func TestSaveSearchNewFile(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "sub", "config.toml")
	if err := SaveSearch(p, "work", "cat:work"); err != nil {
		t.Fatal(err)
	}
	c, problems := Load(p)
	if len(problems) > 0 || len(c.Searches) != 1 || c.Searches[0].Query != "cat:work" {
		t.Fatalf("Load = %+v, %v", c, problems)
	}
	if b, _ := os.ReadFile(p); !strings.HasPrefix(string(b), "# uricat's configuration") {
		t.Errorf("not the template:\n%s", b)
	}
	if err := SaveSearch(p, "a b", "x"); err == nil {
		t.Error("saved a name with a space")
	}
	bad := writeFile(t, "sort = \n")
	if err := SaveSearch(bad, "w", "x"); err == nil || !strings.Contains(err.Error(), "cannot be changed") {
		t.Errorf("SaveSearch on a bad file: %v", err)
	}
	if b, _ := os.ReadFile(bad); string(b) != "sort = \n" {
		t.Errorf("the bad file changed: %q", b)
	}
	dotted := writeFile(t, "searches.w = \"x\"\n")
	if err := SaveSearch(dotted, "v", "x"); err == nil || !strings.Contains(err.Error(), "by hand") {
		t.Errorf("SaveSearch with a dotted key: %v", err)
	}
}

// TestCreate: the template is made once, and reads without a problem.
func TestCreate(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "config.toml")
	if made, err := Create(p); !made || err != nil {
		t.Fatalf("Create = %v, %v", made, err)
	}
	if made, err := Create(p); made || err != nil {
		t.Fatalf("Create again = %v, %v", made, err)
	}
	if c, problems := Load(p); len(problems) > 0 || len(c.Searches)+len(c.Rules) > 0 {
		t.Errorf("the template: %+v, %v", c, problems)
	}
}

// TestRulesApply: every rule that matches, in order; tags added once;
// records no rule matches are returned as they were.
func TestRulesApply(t *testing.T) {
	t.Parallel()
	yes := true
	c := &Config{Searches: []Search{{Name: "gh", Query: "uri:github.com"}}}
	var rs Rules
	for _, r := range []Rule{
		{Match: "@gh", Category: "Code", Tags: []string{"code"}},
		{Match: "uri:github.com/golang", Category: "Code/Go", Tags: []string{"go", "Code"}, Rating: 4},
		{Match: "in:none", ToRead: &yes},
	} {
		rule, err := NewRule(r, c)
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, rule)
	}
	for _, tc := range []struct {
		uri, category, tags string
		wantCat, wantTags   string
		rating              int
		toread              string
		changed             bool
	}{
		{"https://github.com/x/y", "", "", "Code", "code", 0, "1", true},
		{"https://github.com/golang/go", "Old", "mine", "Code/Go", "mine, code, go", 4, "", true},
		{"https://example.com/", "Kept", "", "Kept", "", 0, "", false},
		{"https://example.com/", "", "a", "", "a", 0, "1", true},
		{"https://github.com/x", "Code", "code", "Code", "code", 0, "", false}, // already so
	} {
		r := ssd3.NewRecord(ssd3.Values{URI: tc.uri, Name: "n", Category: tc.category})
		if tc.tags != "" {
			r.SetExtension("X-TAGS", tc.tags)
		}
		before := r.Clone()
		out, changed := rs.Apply(r)
		if changed != tc.changed || out.Category() != tc.wantCat || out.Extension("X-TAGS") != tc.wantTags ||
			out.Rating() != tc.rating || out.Extension(ssd3.FieldToRead) != tc.toread {
			t.Errorf("%s in %q: changed %v, %q %q %d %q", tc.uri, tc.category, changed, out.Category(), out.Extension("X-TAGS"), out.Rating(), out.Extension(ssd3.FieldToRead))
		}
		if len(ssd3.Diff(before, r)) > 0 {
			t.Errorf("%s: Apply changed the record it was given", tc.uri)
		}
		if !changed && out != r {
			t.Errorf("%s: unchanged, yet a copy", tc.uri)
		}
		// File makes the same changes in place.
		if rs.File(r) != tc.changed || len(ssd3.Diff(out, r)) > 0 {
			t.Errorf("%s: File differs from Apply: %v", tc.uri, ssd3.Diff(out, r))
		}
	}
}

// FuzzLoad: any file loads without panicking; every problem has a line
// and column inside the file (or none, for the whole file), and what was
// read is kept to the keys' forms.
func FuzzLoad(f *testing.F) {
	for _, s := range []string{"", Template, "sort = 1", "[searches]\na = \"@a\"", "[[rules]]\nmatch=\"x\"\ntags=[1,\"a\"]",
		"a = [\n", "x = \"\n", "[links]\njobs = 0x10\ntimeout = 5", "searches = {a = \"b\"}", "[[rules]]\n[rules.x]\n",
		"\xff = 1", "[searches]\n'a' = \"b\"\n\"c.d\" = 'e'", "theme = \"\"\"\ndark\"\"\"", "a.b.c = 1\n[a]\nb = 2"} {
		f.Add(s)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, text string) {
		p := filepath.Join(dir, "config.toml")
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		c, problems := Load(p)
		lines := strings.Count(text, "\n") + 1
		for _, pr := range problems {
			if pr.File != p || pr.Msg == "" || pr.Line < 1 || pr.Line > lines || pr.Column < 1 {
				t.Fatalf("%q: problem %+v", text, pr)
			}
		}
		for _, s := range c.Searches {
			if s.Name == "" || s.Line < 1 {
				t.Fatalf("%q: search %+v", text, s)
			}
		}
		for _, r := range c.Rules {
			if r.q == nil || r.Match == "" {
				t.Fatalf("%q: rule %+v", text, r)
			}
		}
	})
}

// add keeps the page it fetches unless the file says archive_on_add =
// false: a file that does not mention it, or no file, keeps it.
func TestKeepsPages(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"", true},
		{"theme = \"dark\"\n", true},
		{"archive_on_add = true\n", true},
		{"archive_on_add = false\n", false},
	} {
		p := filepath.Join(t.TempDir(), "config.toml")
		if err := os.WriteFile(p, []byte(tc.text), 0o600); err != nil {
			t.Fatal(err)
		}
		if c, _ := Load(p); c.KeepsPages() != tc.want {
			t.Errorf("%q: KeepsPages %v, want %v", tc.text, c.KeepsPages(), tc.want)
		}
	}
	if !(*Config)(nil).KeepsPages() {
		t.Error("no configuration does not keep pages")
	}
}
