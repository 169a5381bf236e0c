package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/uricat/uricat/catalogue/query"
)

// Template is the file `uricat config edit` creates: every key, commented
// out, with what it does.
const Template = `# uricat's configuration. uricat config prints the settings in effect;
# a line starting with # is a comment.

# The order and grouping of lists (uricat list, the terminal UI):
# sort = "date:desc"        # name, date or rating, :desc for descending
# group = "category"        # name, date[:year|month|day], category, rating, language, type
# theme = "dark"            # or "light"; unset, the terminal's
# archive_on_add = false    # add keeps no page in the archive (it does unless this says false)

# [links]                   # uricat links
# jobs = 8                  # links checked at once
# timeout = "10s"           # how long to wait for one answer

# [sync]
# browser_file = ""         # floccus's XBEL file sync reads and writes, from the repository's top

# Saved searches: @work in a search stands for the search saved as work
# (uricat search save work 'cat:work rating:>=3').
[searches]

# Rules file the records add, import and sync bring (and uricat rules apply,
# the records there are): every rule whose match a record meets, in this
# order; a later rule's category, rating and toread replace an earlier
# one's, the tags of all are added.
# [[rules]]
# match = "uri:github.com"  # a search
# category = "Code"         # any of: category, tags (added), rating, toread
# tags = ["code"]
`

// Create writes Template at path unless there is a file there; created
// reports whether it did.
func Create(path string) (created bool, err error) {
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		return false, err
	}
	return true, write(path, []byte(Template), 0o600)
}

// searchesTable is where the [searches] table is in a file, as SaveSearch
// and RemoveSearch change it.
type searchesTable struct {
	found   bool
	header  int // the offset just past the header's line
	entries []searchEntry
}

// searchEntry is one saved search in the file: its name and the byte
// ranges of its whole key = value and of its value.
type searchEntry struct {
	name         string
	start, end   int // key = value
	vstart, vend int // the value
}

// findSearches finds the [searches] table of data, refusing a file that
// cannot be parsed or that has saved searches elsewhere (a dotted key or
// an inline table), which are edited by hand.
func findSearches(path string, data []byte) (searchesTable, error) {
	var st searchesTable
	var p unstable.Parser
	p.Reset(data)
	table := ""
	for p.NextExpression() {
		n := p.Expression()
		switch n.Kind {
		case unstable.Table, unstable.ArrayTable:
			table = dotted(n.Key())
			if table == "searches" && n.Kind == unstable.Table {
				st.found = true
				st.header = lineEnd(data, int(n.Raw.Offset+n.Raw.Length))
				if n.Raw.Length == 0 {
					k := n.Key()
					k.Next()
					st.header = lineEnd(data, int(k.Node().Raw.Offset))
				}
			}
		case unstable.KeyValue:
			name := dotted(n.Key())
			full := name
			if table != "" {
				full = table + "." + name
			}
			if table != "searches" {
				if full == "searches" || strings.HasPrefix(full, "searches.") {
					return st, fmt.Errorf("%s: saved searches outside a [searches] table; edit them by hand (uricat config edit)", path)
				}
				continue
			}
			v := n.Value()
			st.entries = append(st.entries, searchEntry{name: name, start: int(n.Raw.Offset), end: int(n.Raw.Offset + n.Raw.Length),
				vstart: int(v.Raw.Offset), vend: int(v.Raw.Offset + v.Raw.Length)})
		}
	}
	if err := p.Error(); err != nil {
		return st, fmt.Errorf("%s cannot be changed: %v (uricat config shows where)", path, err)
	}
	var any map[string]any
	if err := toml.Unmarshal(data, &any); err != nil {
		return st, fmt.Errorf("%s cannot be changed: %s (uricat config shows where)", path, strings.TrimPrefix(err.Error(), "toml: "))
	}
	return st, nil
}

// lineEnd is the offset just past the end of the line that holds i.
func lineEnd(data []byte, i int) int {
	if i > len(data) {
		return len(data)
	}
	if j := bytes.IndexByte(data[i:], '\n'); j >= 0 {
		return i + j + 1
	}
	return len(data)
}

// lineStart is the offset of the start of the line that holds i.
func lineStart(data []byte, i int) int {
	return bytes.LastIndexByte(data[:i], '\n') + 1
}

// SaveSearch saves the search q as name in the file at path: its value
// replaced if the file has one of that name, else a line added to the
// [searches] table (the table added at the end if there is none). The
// rest of the file, comments and order, is kept byte for byte; a missing
// file is created with only that table.
func SaveSearch(path, name, q string) error {
	if !query.ValidSavedName(name) {
		return fmt.Errorf("%q cannot be a saved search's name: letters, digits, - and _", name)
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		data = []byte(Template) // saved with the others' keys, to find
	} else if err != nil {
		return err
	}
	st, err := findSearches(path, data)
	if err != nil {
		return err
	}
	line, err := toml.Marshal(map[string]string{name: q})
	if err != nil {
		return fmt.Errorf("saving %s: %w", name, err)
	}
	nl := "\n"
	if bytes.Contains(data, []byte("\r\n")) {
		nl = "\r\n"
	}
	line = append(bytes.TrimRight(line, "\n"), nl...)
	var out []byte
	switch i := st.index(name); {
	case i >= 0:
		e := st.entries[i]
		_, value, _ := bytes.Cut(bytes.TrimRight(line, "\r\n"), []byte(" = "))
		out = splice(data, e.vstart, e.vend, value)
	case len(st.entries) > 0:
		at := lineEnd(data, st.entries[len(st.entries)-1].end)
		out = splice(data, at, at, withNewline(data, at, line, nl))
	case st.found:
		out = splice(data, st.header, st.header, withNewline(data, st.header, line, nl))
	default:
		add := append([]byte("[searches]"+nl), line...)
		if len(data) > 0 {
			add = append([]byte(nl), add...)
		}
		out = splice(data, len(data), len(data), withNewline(data, len(data), add, nl))
	}
	return write(path, out, 0o600)
}

// withNewline is line, after a newline if it goes at the end of data
// whose last line has none.
func withNewline(data []byte, at int, line []byte, nl string) []byte {
	if at == len(data) && at > 0 && data[at-1] != '\n' {
		return append([]byte(nl), line...)
	}
	return line
}

// RemoveSearch removes the saved search name from the file at path: its
// line, with the comment at its end; found reports whether it was there.
func RemoveSearch(path, name string) (found bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	st, err := findSearches(path, data)
	if err != nil {
		return false, err
	}
	i := st.index(name)
	if i < 0 {
		return false, nil
	}
	e := st.entries[i]
	return true, write(path, splice(data, lineStart(data, e.start), lineEnd(data, e.end), nil), 0o600)
}

// index is where name is among the table's entries, or -1.
func (st *searchesTable) index(name string) int {
	for i, e := range st.entries {
		if e.name == name {
			return i
		}
	}
	return -1
}

// splice is data with [from, to) replaced by with.
func splice(data []byte, from, to int, with []byte) []byte {
	out := make([]byte, 0, len(data)-(to-from)+len(with))
	out = append(out, data[:from]...)
	out = append(out, with...)
	return append(out, data[to:]...)
}

// write replaces the file at path with data, whole or not at all: a
// file beside it, renamed over it. It keeps the file's permissions, or
// gives a new one perm.
func write(path string, data []byte, perm fs.FileMode) error {
	if fi, err := os.Stat(path); err == nil {
		perm = fi.Mode().Perm()
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".config-*.toml")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(perm); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
