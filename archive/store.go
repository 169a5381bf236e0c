package archive

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/adrg/xdg"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// Store is a directory of page files.
type Store struct {
	dir string
}

// ext is a page file's extension: the files are plain text, for less
// and rg.
const ext = ".txt"

// tmpPrefix starts the name of a file being written: List and Walk pass
// over it, and Open clears those a killed writer left.
const tmpPrefix = ".tmp-"

// DefaultDir is where the archive is kept unless told: $URICAT_ARCHIVE,
// else $XDG_DATA_HOME/uricat/archive (read at each call, so that a test or
// a wrapper can move it).
func DefaultDir() string { return DirFrom(os.Getenv) }

// DirFrom is DefaultDir with the environment read by getenv (a command's,
// which tests give).
func DirFrom(getenv func(string) string) string {
	if d := getenv("URICAT_ARCHIVE"); d != "" {
		return d
	}
	data := getenv("XDG_DATA_HOME")
	if data == "" {
		data = xdg.DataHome
	}
	return filepath.Join(data, "uricat", "archive")
}

// Open opens the archive in dir, making the directory if it is missing.
func Open(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("opening the archive: %w", err)
	}
	s := &Store{dir: dir}
	s.clearTemps()
	return s, nil
}

// OpenRead opens the archive in dir to read its pages: it makes no
// directory (reading makes no archive; that is the archiver's) and
// leaves other writers' files alone. An error wrapping fs.ErrNotExist
// says there is no archive there.
func OpenRead(dir string) (*Store, error) {
	fi, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("opening the archive: %w", err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("opening the archive: %s is not a directory", dir)
	}
	return &Store{dir: dir}, nil
}

// staleTemp is how old a temporary file must be before Open takes it for
// one a killed writer left, not one another writer is still writing.
const staleTemp = time.Hour

// clearTemps removes the temporary files and claims of writers that were
// killed.
func (s *Store) clearTemps() {
	temps, _ := filepath.Glob(filepath.Join(s.dir, tmpPrefix+"*"))
	claims, _ := filepath.Glob(filepath.Join(s.dir, claimPrefix+"*"))
	for _, m := range append(temps, claims...) {
		if fi, err := os.Stat(m); err == nil && time.Since(fi.ModTime()) > staleTemp {
			_ = os.Remove(m)
		}
	}
}

// Dir returns the store's directory.
func (s *Store) Dir() string { return s.dir }

// Path returns the file of uri's page, named from its key
// (catalogue.URIKey: two spellings of one URI share it): the host, for
// people listing the directory, then a hash of the key. Only letters,
// digits, dots and hyphens come from the URI, so that no URI can name a
// file outside the directory.
func (s *Store) Path(uri string) string {
	key := ssd3.URIKey(uri)
	sum := sha256.Sum256([]byte(key))
	return filepath.Join(s.dir, hostPart(key)+"-"+hex.EncodeToString(sum[:16])+ext)
}

// hostPart is the host of key as a safe piece of a file name: lower-case
// letters, digits, dots and hyphens, at most 63 of them, not starting
// with a dot; "page" for a URI without a host.
func hostPart(key string) string {
	host := ""
	if u, err := url.Parse(key); err == nil {
		host = u.Hostname()
	}
	var b strings.Builder
	for _, c := range []byte(strings.ToLower(host)) {
		if b.Len() == 63 {
			break
		}
		if 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '.' && b.Len() > 0 {
			b.WriteByte(c)
		}
	}
	if b.Len() == 0 {
		return "page"
	}
	return b.String()
}

// Put writes p's page file, atomically (a temporary file renamed over
// it), so that a reader, another writer or a kill never sees half of
// one. A page already in the store that was fetched after p is kept: of
// two runs that archive one page at once, the later fetch wins.
func (s *Store) Put(p *Page) error {
	q := Sanitize(p)
	if q.URI == "" {
		return errors.New("archiving a page: no URI")
	}
	path := s.Path(q.URI)
	if old, err := s.Stat(q.URI); err == nil && old.Fetched.After(q.Fetched) {
		return nil
	}
	f, err := os.CreateTemp(s.dir, tmpPrefix+"*")
	if err != nil {
		return fmt.Errorf("archiving %s: %w", q.URI, err)
	}
	w := bufio.NewWriterSize(f, 64<<10)
	err = format(w, q)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		_ = os.Remove(f.Name())
		return fmt.Errorf("archiving %s: %w", q.URI, err)
	}
	return nil
}

// Get reads uri's page; errors.Is(err, ErrNotArchived) when there is none.
func (s *Store) Get(uri string) (*Page, error) {
	path := s.Path(uri)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w", uri, ErrNotArchived)
	}
	if err != nil {
		return nil, err
	}
	p, err := parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if ssd3.URIKey(p.URI) != ssd3.URIKey(uri) {
		return nil, fmt.Errorf("%s: %w (the file holds %s)", uri, ErrNotArchived, p.URI)
	}
	return p, nil
}

// Stat reads the header of uri's page, not its text.
func (s *Store) Stat(uri string) (Info, error) {
	info, err := statFile(s.Path(uri))
	if errors.Is(err, fs.ErrNotExist) {
		return Info{}, fmt.Errorf("%s: %w", uri, ErrNotArchived)
	}
	if err == nil && ssd3.URIKey(info.URI) != ssd3.URIKey(uri) {
		return Info{}, fmt.Errorf("%s: %w (the file holds %s)", uri, ErrNotArchived, info.URI)
	}
	return info, err
}

// statFile reads the header of the page file at path.
func statFile(path string) (Info, error) {
	f, err := os.Open(path)
	if err != nil {
		return Info{}, err
	}
	defer f.Close()
	var p Page
	n, err := readHeader(bufio.NewReaderSize(f, 4<<10), &p)
	if err == nil && p.URI == "" {
		err = errors.New("the header has no URI")
	}
	if err != nil {
		return Info{}, fmt.Errorf("%s: %w", path, err)
	}
	fi, err := f.Stat()
	if err != nil {
		return Info{}, err
	}
	return Info{URI: p.URI, Fetched: p.Fetched, Size: p.Size, TextLen: int(fi.Size()) - n, Failed: p.Failed, Title: p.Title}, nil
}

// files lists the page files of the store.
func (s *Store) files() ([]string, error) {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return nil, fmt.Errorf("listing the archive: %w", err)
	}
	var names []string
	for _, e := range entries {
		if n := e.Name(); !strings.HasPrefix(n, ".") && strings.HasSuffix(n, ext) && e.Type().IsRegular() {
			names = append(names, filepath.Join(s.dir, n))
		}
	}
	return names, nil
}

// List returns every page's Info, keyed by catalogue.URIKey(Info.URI). A
// file it cannot read is named in the error, which comes with what it
// could read.
func (s *Store) List() (map[string]Info, error) {
	names, err := s.files()
	if err != nil {
		return nil, err
	}
	out := make(map[string]Info, len(names))
	var errs []error
	for _, n := range names {
		info, err := statFile(n)
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) { // removed since the listing
				errs = append(errs, err)
			}
			continue
		}
		out[ssd3.URIKey(info.URI)] = info
	}
	return out, errors.Join(errs...)
}

// Walk calls fn with every page, for a reindex, and stops at fn's first
// error. A file it cannot read is named in the error it returns at the
// end; the others are walked all the same.
func (s *Store) Walk(fn func(*Page) error) error {
	names, err := s.files()
	if err != nil {
		return err
	}
	var errs []error
	for _, n := range names {
		data, err := os.ReadFile(n)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		var p *Page
		if err == nil {
			p, err = parse(data)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", n, err))
			continue
		}
		if err := fn(p); err != nil {
			return err
		}
	}
	return errors.Join(errs...)
}

// Remove removes uri's page; a page that is not there is no error.
func (s *Store) Remove(uri string) error {
	err := os.Remove(s.Path(uri))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("removing the archived page of %s: %w", uri, err)
	}
	return nil
}

// Wayback returns the Wayback Machine's address of uri as it was when it
// was bookmarked (added), or its latest copy when added is zero. No
// request is made.
func Wayback(uri string, added time.Time) string {
	if added.IsZero() {
		return "https://web.archive.org/web/" + uri
	}
	return "https://web.archive.org/web/" + added.UTC().Format("20060102150405") + "/" + uri
}
