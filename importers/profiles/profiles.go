// Package profiles finds the bookmarks that browsers and bookmark
// managers keep, where they keep them: the profiles of the Firefox family
// (Firefox, LibreWolf, Zen, Floorp, Waterfox: profiles.ini and a
// places.sqlite in each profile), of the Chromium family (Chrome,
// Chromium, Brave, Edge, Vivaldi, Opera: a Bookmarks file in Default and
// each Profile N) and buku's bookmarks.db, on Linux (Snap and Flatpak
// installs included) and macOS. Where each keeps them is a table
// (Browsers), not code per browser; each profile names the format that
// reads it (importers/formats), which imports it as any file.
//
// Discovery only looks: it reads profiles.ini and Chromium's Local State
// (for the profiles' names), each only if it is a regular file and within
// a bound (internal/regular), and stats the rest. It never opens a
// browser's database.
package profiles

import (
	"bufio"
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/uricat/uricat/internal/regular"
)

// Layout is how a browser lays out its profiles in its folder.
type Layout int

const (
	// Mozilla: profiles.ini lists the profiles, each a folder with a
	// places.sqlite.
	Mozilla Layout = iota
	// Chromium: Default and Profile 1, Profile 2, ... each hold a
	// Bookmarks file; Local State names them. A Bookmarks file in the
	// folder itself (Opera's) is a profile too.
	Chromium
	// File: the folder holds the one file, Browser.File.
	File
)

// Browser is where one browser keeps its profiles.
type Browser struct {
	Name   string // as --from takes it: firefox, chrome, buku
	Title  string // for people: "Google Chrome"
	Format string // the name of the format that reads its bookmarks
	Layout Layout
	File   string // the file, for Layout File
	// Linux and Darwin are the folders it keeps its profiles in, in the
	// form the table gives (see Browsers).
	Linux, Darwin []string
}

// Profile is one profile found: a file of bookmarks to import.
type Profile struct {
	Browser string // Browser.Name
	Title   string // Browser.Title
	// Name is the profile's: its name in profiles.ini, its folder's name
	// for Chromium ("Default", "Profile 1"), "" for buku's one file.
	Name string
	// Label is the name the browser shows, when it has one other than
	// Name (Chromium's Local State: "Work").
	Label  string
	Path   string // the file: places.sqlite, Bookmarks, bookmarks.db
	Format string // as Browser.Format
	// Default: the profile the browser opens (profiles.ini's Default=1,
	// an install's Default; Chromium's Default folder).
	Default bool
}

// Display is the profile's name as a list shows it: its label and, when
// that is not its name, the name too.
func (p Profile) Display() string {
	switch {
	case p.Label != "" && p.Name != "":
		return p.Label + " (" + p.Name + ")"
	case p.Label != "":
		return p.Label
	}
	return p.Name
}

// String names the profile for people: its browser and its name
// ("Google Chrome Work (Profile 1)").
func (p Profile) String() string { return strings.TrimSpace(p.Title + " " + p.Display()) }

// Env is what discovery needs of the environment: tests give a fake home.
type Env struct {
	Home string // the home folder
	// Getenv reads an environment variable: XDG_CONFIG_HOME, XDG_DATA_HOME.
	// Nil is none set.
	Getenv func(string) string
	// GOOS is the system whose folders are searched: "darwin" for macOS's,
	// any other for Linux's (the BSDs keep the same ones).
	GOOS string
}

func (e Env) getenv(k string) string {
	if e.Getenv == nil {
		return ""
	}
	return e.Getenv(k)
}

// All is the --from name that means every browser.
const All = "all"

// Names returns the names --from takes: every browser's, then All.
func Names() []string {
	names := make([]string, 0, len(Browsers)+1)
	for _, b := range Browsers {
		names = append(names, b.Name)
	}
	return append(names, All)
}

// ByName returns the browsers name means: one, or all of them for All.
func ByName(name string) ([]Browser, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	if n == All {
		return Browsers, nil
	}
	for _, b := range Browsers {
		if b.Name == n {
			return []Browser{b}, nil
		}
	}
	return nil, fmt.Errorf("unknown browser %q (known: %s)", name, strings.Join(Names(), ", "))
}

// Dirs returns the folders b keeps its profiles in under env, each once.
func (b Browser) Dirs(env Env) []string {
	list := b.Linux
	if env.GOOS == "darwin" {
		list = b.Darwin
	}
	var out []string
	for _, d := range list {
		if p := env.expand(d); p != "" && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// expand makes a folder of the table a path: "" when it needs a home and
// there is none.
func (e Env) expand(d string) string {
	xdg := func(v, def string) string {
		if p := e.getenv(v); filepath.IsAbs(p) { // the spec ignores a relative one
			return p
		}
		if e.Home == "" {
			return ""
		}
		return filepath.Join(e.Home, def)
	}
	var base, rest string
	switch {
	case strings.HasPrefix(d, "~/"):
		base, rest = e.Home, d[2:]
	case strings.HasPrefix(d, "$XDG_CONFIG_HOME/"):
		base, rest = xdg("XDG_CONFIG_HOME", ".config"), d[len("$XDG_CONFIG_HOME/"):]
	case strings.HasPrefix(d, "$XDG_DATA_HOME/"):
		base, rest = xdg("XDG_DATA_HOME", filepath.Join(".local", "share")), d[len("$XDG_DATA_HOME/"):]
	default:
		return filepath.FromSlash(d)
	}
	if base == "" {
		return ""
	}
	return filepath.Join(base, filepath.FromSlash(rest))
}

// Discover finds the profiles of browsers under env, in the order of the
// table, then of each browser's folders. Problems are what could not be
// read (a profiles.ini that cannot be), each naming its file; the
// profiles found are returned all the same.
func Discover(env Env, browsers []Browser) (found []Profile, problems []error) {
	for _, b := range browsers {
		for _, dir := range b.Dirs(env) {
			ps, err := b.find(dir)
			found = append(found, ps...)
			if err != nil {
				problems = append(problems, err)
			}
		}
	}
	return found, problems
}

// find finds b's profiles in dir.
func (b Browser) find(dir string) ([]Profile, error) {
	switch b.Layout {
	case Mozilla:
		return b.mozilla(dir)
	case Chromium:
		return b.chromium(dir)
	}
	p := filepath.Join(dir, b.File)
	if !isFile(p) {
		return nil, nil
	}
	return []Profile{b.profile("", p, true)}, nil
}

func (b Browser) profile(name, path string, def bool) Profile {
	return Profile{Browser: b.Name, Title: b.Title, Name: name, Path: path, Format: b.Format, Default: def}
}

// isFile reports whether path is a regular file (following links).
func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

// What discovery reads of the files that name the profiles, at most: a
// profiles.ini lists a few profiles in a few hundred bytes, and Chromium's
// Local State, which holds much else, is some hundreds of KB. A link to
// /dev/zero, or a file of gigabytes, is refused, not read into memory.
const (
	maxINI        = 1 << 20
	maxLocalState = 16 << 20
)

// mozilla finds the profiles that dir's profiles.ini lists, those that
// have a places.sqlite.
func (b Browser) mozilla(dir string) ([]Profile, error) {
	ini := filepath.Join(dir, "profiles.ini")
	data, err := regular.ReadFile(ini, maxINI)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err // it names the file
	}
	entries, err := ParseProfilesINI(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ini, err)
	}
	var out []Profile
	for _, e := range entries {
		path := filepath.FromSlash(e.Path)
		if e.Relative {
			path = filepath.Join(dir, path)
		}
		places := filepath.Join(path, "places.sqlite")
		if !isFile(places) {
			continue
		}
		out = append(out, b.profile(e.Name, places, e.Default))
	}
	return out, nil
}

// INIProfile is a profile as profiles.ini lists it.
type INIProfile struct {
	Name     string
	Path     string // as written: relative to the folder when Relative
	Relative bool
	// Default: Default=1 in its section, or an [Install...] section's
	// Default= names its Path (the default of an install, which
	// Firefox 67 and later go by).
	Default bool
}

// ParseProfilesINI reads Firefox's profiles.ini: its [ProfileN] sections
// (Name=, Path=, IsRelative=, Default=) and its [Install...] sections,
// whose Default= is the path of that install's default profile. Other
// sections and keys are passed over; a line that is not a section, a
// key=value, a comment or blank is an error naming its line.
func ParseProfilesINI(data []byte) ([]INIProfile, error) {
	var out []INIProfile
	var installs []string
	cur, install := -1, false
	sc := bufio.NewScanner(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || line[0] == ';' || line[0] == '#':
			continue
		case line[0] == '[':
			if !strings.HasSuffix(line, "]") {
				return nil, fmt.Errorf("line %d: a section name without its ]", n)
			}
			sec := strings.ToLower(line[1 : len(line)-1])
			cur, install = -1, strings.HasPrefix(sec, "install")
			if strings.HasPrefix(sec, "profile") {
				cur = len(out)
				out = append(out, INIProfile{Relative: true})
			}
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fmt.Errorf("line %d: neither a [section] nor a key=value", n)
		}
		k, v = strings.ToLower(strings.TrimSpace(k)), strings.TrimSpace(v)
		switch {
		case install && k == "default":
			installs = append(installs, v)
		case cur < 0:
		case k == "name":
			out[cur].Name = v
		case k == "path":
			out[cur].Path = v
		case k == "isrelative":
			out[cur].Relative = v != "0"
		case k == "default":
			out[cur].Default = v == "1"
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	kept := out[:0]
	for _, p := range out {
		if p.Path == "" {
			continue // not a profile: nothing to read
		}
		if slices.Contains(installs, p.Path) {
			p.Default = true
		}
		if p.Name == "" {
			p.Name = filepath.Base(filepath.FromSlash(p.Path))
		}
		kept = append(kept, p)
	}
	return kept, nil
}

// chromium finds the Chromium-family profiles in dir: Default and each
// Profile N with a Bookmarks file, named as Local State names them, and
// a Bookmarks file in dir itself (Opera's).
func (b Browser) chromium(dir string) ([]Profile, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, nil // not there (or a file where the folder would be)
	}
	var out []Profile
	if p := filepath.Join(dir, "Bookmarks"); isFile(p) {
		out = append(out, b.profile("", p, true))
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return out, err // a PathError names the folder
	}
	type numbered struct {
		n    int
		name string
	}
	var dirs []numbered
	for _, e := range entries {
		name := e.Name()
		switch {
		case name == "Default":
			dirs = append(dirs, numbered{0, name})
		case strings.HasPrefix(name, "Profile "):
			if n, err := strconv.Atoi(name[len("Profile "):]); err == nil && n > 0 {
				dirs = append(dirs, numbered{n, name})
			}
		}
	}
	slices.SortFunc(dirs, func(a, b numbered) int { return a.n - b.n })
	labels, lerr := localStateNames(filepath.Join(dir, "Local State"))
	for _, d := range dirs {
		p := filepath.Join(dir, d.name, "Bookmarks")
		if !isFile(p) {
			continue
		}
		pr := b.profile(d.name, p, d.name == "Default")
		if l := labels[d.name]; l != d.name {
			pr.Label = l
		}
		out = append(out, pr)
	}
	return out, lerr
}

// localStateNames reads the names Chromium shows for its profiles from
// its Local State file (profile.info_cache: folder to name); none when it
// cannot, the folders' names doing then. The error is for a Local State
// that is there but not a regular file of at most maxLocalState bytes
// (regular.ReadFile): a FIFO would hang discovery, /dev/zero fill memory.
// One that is not the JSON expected is only passed over: its names are
// a nicety.
func localStateNames(path string) (map[string]string, error) {
	data, err := regular.ReadFile(path, maxLocalState)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%w; the profiles are named by their folders", err)
	}
	var ls struct {
		Profile struct {
			InfoCache map[string]struct {
				Name string `json:"name"`
			} `json:"info_cache"`
		} `json:"profile"`
	}
	if stdjson.Unmarshal(data, &ls) != nil {
		return nil, nil
	}
	out := make(map[string]string, len(ls.Profile.InfoCache))
	for dir, info := range ls.Profile.InfoCache {
		if n := strings.TrimSpace(info.Name); n != "" {
			out[dir] = n
		}
	}
	return out, nil
}

// Select returns the profiles of ps that name means: those whose Name or
// Label is name (case-insensitive), or whose Path is; all of them for "".
func Select(ps []Profile, name string) []Profile {
	if name == "" {
		return ps
	}
	var out []Profile
	for _, p := range ps {
		if strings.EqualFold(p.Name, name) || p.Label != "" && strings.EqualFold(p.Label, name) || p.Path == name {
			out = append(out, p)
		}
	}
	return out
}
