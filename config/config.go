package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/adrg/xdg"

	"github.com/uricat/uricat/catalogue/query"
)

// EnvConfig names the environment variable that overrides Path, as
// $URICAT_CATALOGUE does the catalogue's.
const EnvConfig = "URICAT_CONFIG"

// Config is what the configuration file says, with the defaults for what
// it does not say or could not be read.
type Config struct {
	// Path is the file it was read from.
	Path string
	// Exists reports whether the file was there.
	Exists bool
	// Searches are the saved searches, in the file's order.
	Searches []Search
	// Rules are the rules, in the file's order.
	Rules Rules
	// Sort and Group are the default sort key and grouping of lists
	// (query.ParseSortKey, query.ParseGroupKey); "" is uricat's own.
	Sort, Group string
	// Theme is "dark", "light" or "" (the terminal's).
	Theme string
	// ArchiveOnAdd is whether add keeps the page it fetches for a record
	// (uricat archive) as the file says it; nil (unset) is yes: use
	// KeepsPages.
	ArchiveOnAdd *bool
	// LinksJobs and LinksTimeout are uricat links' defaults; 0 is its own.
	LinksJobs    int
	LinksTimeout time.Duration
	// SyncBrowserFile is the browser's bookmarks file that sync reads
	// and writes; "" is none.
	SyncBrowserFile string
	// Problems are what Load found wrong in the file, as it returned
	// them, for a program that shows them later (the TUI's status line).
	Problems []Problem
}

// Search is a saved search: @Name in a search stands for Query.
type Search struct {
	Name, Query  string
	Line, Column int // where the file has its query; 0 for one not read from a file
}

// Problem is something in the file that could not be read: the rest of
// the file is read, and the defaults stand for it.
type Problem struct {
	File         string
	Line, Column int // from 1; 0 when the problem is the whole file's
	Msg          string
}

func (p Problem) String() string {
	if p.Line == 0 {
		return fmt.Sprintf("%s: %s", p.File, p.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Column, p.Msg)
}

// Path returns the configuration file's path from the process's
// environment: $URICAT_CONFIG, else $XDG_CONFIG_HOME/uricat/config.toml.
func Path() string { return PathFrom(os.Getenv) }

// PathFrom is Path reading the environment with getenv, for commands run
// with an environment of their own (tests).
func PathFrom(getenv func(string) string) string {
	if p := getenv(EnvConfig); p != "" {
		return p
	}
	dir := getenv("XDG_CONFIG_HOME")
	if dir == "" {
		dir = xdg.ConfigHome
	}
	return filepath.Join(dir, "uricat", "config.toml")
}

// Load reads the configuration file at path. A missing file is the
// defaults, with no problem; a file that cannot be read, or that says
// something wrong, is what could be read of it, the defaults for the
// rest, and the problems. Load never fails.
func Load(path string) (*Config, []Problem) {
	c := &Config{Path: path}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		c.Problems = []Problem{{File: path, Msg: fmt.Sprintf("cannot be read (%v); using the defaults", unwrapPath(err))}}
		return c, c.Problems
	}
	c.Exists = true
	r := &reader{path: path, c: c}
	r.read(data)
	r.checkSearches()
	r.checkRules()
	c.Problems = r.problems
	return c, c.Problems
}

// unwrapPath is err without the path os puts in front, which the
// problem names already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Saved looks up the saved search name, for query.WithSaved.
func (c *Config) Saved(name string) (string, bool) {
	for _, s := range c.Searches {
		if s.Name == name {
			return s.Query, true
		}
	}
	return "", false
}

// Lookup is the option that gives Parse the saved searches.
func (c *Config) Lookup() query.Option { return query.WithSaved(c.Saved) }

// Parse parses a search with the saved searches.
func (c *Config) Parse(s string) (*query.Query, error) { return query.Parse(s, c.Lookup()) }

// KeepsPages reports whether add (the CLI's and the TUI's) keeps the page
// it fetches in the archive: yes, unless the file says archive_on_add =
// false.
func (c *Config) KeepsPages() bool {
	return c == nil || c.ArchiveOnAdd == nil || *c.ArchiveOnAdd
}
