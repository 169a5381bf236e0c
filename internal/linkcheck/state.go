package linkcheck

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// State is the results of past checks, by URI, kept in a file of its
// own: checking links is not an edit of the catalogue.
type State struct {
	path  string
	files Files
	mu    sync.Mutex
	res   map[string]Result
}

// Files is how a State reads and writes its file: as the catalogue reads
// and writes its own (catalogue.OpenInput and catalogue.WriteFile), which
// this package cannot import. Neither may be nil.
type Files struct {
	// Open opens a regular file to read it, without blocking, and
	// refuses anything else: a FIFO put in the file's place must not
	// hang a command that only wanted to search.
	Open func(path string) (*os.File, fs.FileInfo, error)
	// Write replaces the file at path with what write writes,
	// atomically and durably, calling write under a lock that every
	// other Write of a file in that directory takes too, and removes
	// the temporary files of writes that were killed.
	Write func(path string, write func(io.Writer) error) (warnings []string, err error)
}

// stateFile is the state's form on disk.
type stateFile struct {
	Version int      `json:"version"`
	Results []Result `json:"results"`
}

// LoadState reads the state at path through files; a file that does not
// exist yet is an empty state. A file that cannot be understood, or is
// not a regular file, is an error naming it, rather than results silently
// forgotten.
func LoadState(path string, files Files) (*State, error) {
	if files.Open == nil || files.Write == nil {
		return nil, fmt.Errorf("%s: linkcheck.LoadState needs both of Files' functions", path)
	}
	s := &State{path: path, files: files, res: map[string]Result{}}
	results, err := s.read()
	if err != nil {
		return nil, err
	}
	for _, r := range results {
		s.res[r.URI] = r
	}
	return s, nil
}

// read returns the results in the state's file, none if there is no file.
func (s *State) read() ([]Result, error) {
	f, _, err := s.files.Open(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("the link results: %w", err)
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.path, err)
	}
	var sf stateFile
	if err := json.Unmarshal(b, &sf); err != nil {
		return nil, fmt.Errorf("%s: %w (remove it to start the link checks afresh)", s.path, err)
	}
	return slices.DeleteFunc(sf.Results, func(r Result) bool { return r.URI == "" }), nil
}

// Path returns the file the state is kept in.
func (s *State) Path() string { return s.path }

// Get returns the last result for uri.
func (s *State) Get(uri string) (Result, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.res[uri]
	return r, ok
}

// StatusOf returns uri's status: its last result's, or Unchecked.
func (s *State) StatusOf(uri string) Status {
	if s == nil {
		return Unchecked
	}
	if r, ok := s.Get(uri); ok {
		return r.Status
	}
	return Unchecked
}

// Put records r.
func (s *State) Put(r Result) {
	s.mu.Lock()
	s.res[r.URI] = r
	s.mu.Unlock()
}

// Fresh reports whether uri was checked less than maxAge before now.
func (s *State) Fresh(uri string, maxAge time.Duration, now time.Time) bool {
	r, ok := s.Get(uri)
	return ok && maxAge > 0 && now.Sub(r.Checked) < maxAge
}

// Save writes the state through Files.Write. Under its lock it reads the
// file again and merges what other runs saved since (for each URI the
// newer check wins), so that two runs at once both keep their results
// rather than the last one to save erasing the other's; the state takes
// the merged results too. The warnings are Files.Write's (an owner that
// could not be kept).
func (s *State) Save() (warnings []string, err error) {
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		return nil, err
	}
	return s.files.Write(s.path, func(w io.Writer) error {
		theirs, err := s.read()
		if err != nil {
			return err
		}
		s.mu.Lock()
		for _, r := range theirs {
			if mine, ok := s.res[r.URI]; !ok || r.Checked.After(mine.Checked) {
				s.res[r.URI] = r
			}
		}
		f := stateFile{Version: 1, Results: make([]Result, 0, len(s.res))}
		for _, r := range s.res {
			f.Results = append(f.Results, r)
		}
		s.mu.Unlock()
		slices.SortFunc(f.Results, func(a, b Result) int { return strings.Compare(a.URI, b.URI) })
		b, err := json.MarshalIndent(f, "", " ")
		if err != nil {
			return err
		}
		_, err = w.Write(append(b, '\n'))
		return err
	})
}

// ParseAge reads a --max-age: a Go duration ("36h") or a number of days
// ("7d"); "0" checks everything again.
func ParseAge(v string) (time.Duration, error) {
	if d, ok := strings.CutSuffix(v, "d"); ok {
		n, err := strconv.ParseFloat(d, 64)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("invalid age %q: a number of days (7d) or a duration (36h)", v)
		}
		return time.Duration(n * float64(24*time.Hour)), nil
	}
	if v == "0" {
		return 0, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("invalid age %q: a number of days (7d) or a duration (36h)", v)
	}
	return d, nil
}
