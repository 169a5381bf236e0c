package linkcheck

import (
	"encoding/json"
	"errors"
	"fmt"
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
	path string
	mu   sync.Mutex
	res  map[string]Result
}

// stateFile is the state's form on disk.
type stateFile struct {
	Version int      `json:"version"`
	Results []Result `json:"results"`
}

// LoadState reads the state at path; a file that does not exist yet is an
// empty state. A file that cannot be understood is an error naming it,
// rather than results silently forgotten.
func LoadState(path string) (*State, error) {
	s := &State{path: path, res: map[string]Result{}}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, err
	}
	var f stateFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("%s: %w (remove it to start the link checks afresh)", path, err)
	}
	for _, r := range f.Results {
		if r.URI != "" {
			s.res[r.URI] = r
		}
	}
	return s, nil
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

// Save writes the state, atomically: a temporary file renamed over it.
func (s *State) Save() error {
	s.mu.Lock()
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
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(s.path), "."+filepath.Base(s.path)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), s.path)
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
