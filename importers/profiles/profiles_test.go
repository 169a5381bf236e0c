package profiles

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// put writes the files of a fake home: path (slash-separated, under
// home) to content.
func put(t *testing.T, home string, files map[string]string) {
	t.Helper()
	for p, content := range files {
		full := filepath.Join(home, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

const firefoxINI = `[Install4F96D1932A9F858E]
Default=Profiles/abcd1234.default-release
Locked=1

[Profile1]
Name=default
IsRelative=1
Path=Profiles/wxyz.default
Default=1

[Profile0]
Name=default-release
IsRelative=1
Path=Profiles/abcd1234.default-release

[Profile2]
Name=no places yet
IsRelative=1
Path=Profiles/empty.new

[General]
StartWithLastProfile=1
Version=2
`

// row is a profile as the tests compare it: browser, name, label, path
// under home, default.
type row struct {
	browser, name, label, path string
	def                        bool
}

func rows(home string, ps []Profile) []row {
	var out []row
	for _, p := range ps {
		rel, err := filepath.Rel(home, p.Path)
		if err != nil {
			rel = p.Path
		}
		out = append(out, row{p.Browser, p.Name, p.Label, filepath.ToSlash(rel), p.Default})
	}
	return out
}

func TestDiscoverLinux(t *testing.T) {
	home := t.TempDir()
	config := filepath.Join(home, "elsewhere", "config")
	put(t, home, map[string]string{
		".mozilla/firefox/profiles.ini":                                           firefoxINI,
		".mozilla/firefox/Profiles/abcd1234.default-release/places.sqlite":        "x",
		".mozilla/firefox/Profiles/wxyz.default/places.sqlite":                    "x",
		"snap/firefox/common/.mozilla/firefox/profiles.ini":                       "[Profile0]\nName=snappy\nIsRelative=1\nPath=s.default\n",
		"snap/firefox/common/.mozilla/firefox/s.default/places.sqlite":            "x",
		".var/app/com.google.Chrome/config/google-chrome/Default/Bookmarks":       "{}",
		".var/app/com.google.Chrome/config/google-chrome/Profile 10/Bookmarks":    "{}",
		".var/app/com.google.Chrome/config/google-chrome/Profile 2/Bookmarks":     "{}",
		".var/app/com.google.Chrome/config/google-chrome/Profile 3/Preferences":   "{}", // no bookmarks yet
		".var/app/com.google.Chrome/config/google-chrome/Guest Profile/Bookmarks": "{}",
		".var/app/com.google.Chrome/config/google-chrome/Local State": `{"profile": {"info_cache": {
			"Default": {"name": "Person 1"}, "Profile 2": {"name": "Work"}, "Profile 10": {"name": "Profile 10"}}}}`,
		"elsewhere/config/chromium/Default/Bookmarks":     "{}",
		".config/chromium/Default/Bookmarks":              "{}", // not $XDG_CONFIG_HOME: not looked at
		"elsewhere/config/opera/Bookmarks":                "{}",
		".local/share/buku/bookmarks.db":                  "x",
		".var/app/com.brave.Browser/config/BraveSoftware": "not a folder",
	})
	env := Env{Home: home, GOOS: "linux", Getenv: func(k string) string {
		return map[string]string{"XDG_CONFIG_HOME": config}[k]
	}}
	found, problems := Discover(env, Browsers)
	if len(problems) > 0 {
		t.Errorf("problems: %v", problems)
	}
	want := []row{
		{"firefox", "default", "", ".mozilla/firefox/Profiles/wxyz.default/places.sqlite", true},
		{"firefox", "default-release", "", ".mozilla/firefox/Profiles/abcd1234.default-release/places.sqlite", true},
		{"firefox", "snappy", "", "snap/firefox/common/.mozilla/firefox/s.default/places.sqlite", false},
		{"chrome", "Default", "Person 1", ".var/app/com.google.Chrome/config/google-chrome/Default/Bookmarks", true},
		{"chrome", "Profile 2", "Work", ".var/app/com.google.Chrome/config/google-chrome/Profile 2/Bookmarks", false},
		{"chrome", "Profile 10", "", ".var/app/com.google.Chrome/config/google-chrome/Profile 10/Bookmarks", false},
		{"chromium", "Default", "", "elsewhere/config/chromium/Default/Bookmarks", true},
		{"opera", "", "", "elsewhere/config/opera/Bookmarks", true},
		{"buku", "", "", ".local/share/buku/bookmarks.db", true},
	}
	if got := rows(home, found); !slices.Equal(got, want) {
		t.Errorf("found\n%v\nwant\n%v", got, want)
	}
	for _, p := range found {
		if p.Format == "" || p.Title == "" {
			t.Errorf("%+v lacks its format or title", p)
		}
	}
}

func TestDiscoverDarwin(t *testing.T) {
	home := t.TempDir()
	put(t, home, map[string]string{
		"Library/Application Support/Google/Chrome/Default/Bookmarks":          "{}",
		"Library/Application Support/Firefox/profiles.ini":                     "[Profile0]\nName=mac\nIsRelative=1\nPath=Profiles/m.default\nDefault=1\n",
		"Library/Application Support/Firefox/Profiles/m.default/places.sqlite": "x",
		"Library/Application Support/buku/bookmarks.db":                        "x",
		".config/google-chrome/Default/Bookmarks":                              "{}", // Linux's: not looked at
	})
	found, problems := Discover(Env{Home: home, GOOS: "darwin"}, Browsers)
	want := []row{
		{"firefox", "mac", "", "Library/Application Support/Firefox/Profiles/m.default/places.sqlite", true},
		{"chrome", "Default", "", "Library/Application Support/Google/Chrome/Default/Bookmarks", true},
		{"buku", "", "", "Library/Application Support/buku/bookmarks.db", true},
	}
	if got := rows(home, found); len(problems) > 0 || !slices.Equal(got, want) {
		t.Errorf("found\n%v\nwant\n%v\nproblems %v", got, want, problems)
	}
}

// A profiles.ini that cannot be read is a problem naming it and the line;
// the other browsers' profiles are found all the same.
func TestDiscoverProblems(t *testing.T) {
	home := t.TempDir()
	put(t, home, map[string]string{
		".librewolf/profiles.ini":           "[Profile0]\nName=x\nthis is not ini\n",
		".config/vivaldi/Default/Bookmarks": "{}",
	})
	found, problems := Discover(Env{Home: home}, Browsers)
	if len(found) != 1 || found[0].Browser != "vivaldi" {
		t.Errorf("found %v", rows(home, found))
	}
	want := filepath.Join(home, ".librewolf", "profiles.ini") + ": line 3: neither a [section] nor a key=value"
	if len(problems) != 1 || problems[0].Error() != want {
		t.Errorf("problems %v, want %q", problems, want)
	}
}

func TestParseProfilesINI(t *testing.T) {
	got, err := ParseProfilesINI([]byte("\xef\xbb\xbf; comment\r\n[Profile0]\r\nPath=/abs/olute\r\nIsRelative=0\r\n[Profile1]\r\nName=\r\nPath=rel/x.y\r\n[Profile2]\r\nName=no path\r\n"))
	want := []INIProfile{{Name: "olute", Path: "/abs/olute"}, {Name: "x.y", Path: "rel/x.y", Relative: true}}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("got %+v, %v; want %+v", got, err, want)
	}
	if _, err := ParseProfilesINI([]byte("[Profile0\n")); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("unclosed section: %v", err)
	}
}

func TestSelect(t *testing.T) {
	ps := []Profile{{Name: "Default", Label: "Person 1"}, {Name: "Profile 2", Label: "Work"}, {Name: "default-release", Path: "/p/places.sqlite"}}
	for _, tc := range []struct {
		name string
		want int
	}{{"", 3}, {"work", 1}, {"DEFAULT", 1}, {"Person 1", 1}, {"/p/places.sqlite", 1}, {"nobody", 0}} {
		if got := Select(ps, tc.name); len(got) != tc.want {
			t.Errorf("Select(%q) = %v, want %d", tc.name, got, tc.want)
		}
	}
}

func TestByName(t *testing.T) {
	if bs, err := ByName("ALL"); err != nil || len(bs) != len(Browsers) {
		t.Errorf("all: %d, %v", len(bs), err)
	}
	if bs, err := ByName("brave"); err != nil || len(bs) != 1 || bs[0].Format != "chromium" {
		t.Errorf("brave: %v, %v", bs, err)
	}
	if _, err := ByName("netscape"); err == nil || !strings.Contains(err.Error(), "firefox, librewolf, zen, floorp, waterfox, chrome, chromium, brave, edge, vivaldi, opera, buku, all") {
		t.Errorf("unknown: %v", err)
	}
}

// Every folder of the table is one the expansion understands, and every
// browser has folders on both systems.
func TestTable(t *testing.T) {
	for _, b := range Browsers {
		if len(b.Linux) == 0 || len(b.Darwin) == 0 || b.Format == "" || b.Title == "" {
			t.Errorf("%s is incomplete", b.Name)
		}
		for _, d := range append(slices.Clone(b.Linux), b.Darwin...) {
			if !strings.HasPrefix(d, "~/") && !strings.HasPrefix(d, "$XDG_CONFIG_HOME/") && !strings.HasPrefix(d, "$XDG_DATA_HOME/") {
				t.Errorf("%s: folder %q is not under the home", b.Name, d)
			}
		}
	}
}

func TestString(t *testing.T) {
	for _, tc := range []struct {
		p    Profile
		want string
	}{
		{Profile{Title: "Google Chrome", Name: "Profile 1", Label: "Work"}, "Google Chrome Work (Profile 1)"},
		{Profile{Title: "Firefox", Name: "default-release"}, "Firefox default-release"},
		{Profile{Title: "buku"}, "buku"},
	} {
		if got := tc.p.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.p, got, tc.want)
		}
	}
}
