package catalogue

import "github.com/uricat/uricat/catalogue/ssd3"

// ReadOnly is a catalogue file read for a command that looks at it once
// and exits (list, export --search). Its records keep the file's text as
// read, where a Catalogue's pack theirs (see packer): reading then costs
// a tenth less, and no copy of the text. It has no edits and no save:
// merges compare packed texts, so its records must never be a
// Catalogue's. Add copies a record it is given, so they can be added to
// one.
type ReadOnly struct {
	c *Catalogue
}

// OpenReadOnly reads the catalogue file at path as Open does, for a look.
// A file that does not exist is an empty catalogue.
func OpenReadOnly(path string) (*ReadOnly, error) { return OpenReadOnlyWhere(path, nil) }

// OpenReadOnlyWhere reads the catalogue file at path as OpenReadOnly
// does, for one search: it holds only the records that wanted accepts,
// and those with an ID (which must be checked against every other ID,
// 3.9). Every record is still read and validated, and Problems gives the
// problems of them all; but one let go costs no memory, so that a search
// of a large file costs what it finds (most records are not). Reading
// calls wanted once on each goroutine it reads with, and that goroutine
// alone calls the function it returns, with each record as read (before
// the whole file's checks); it may keep nothing of the record.
//
// Records and Valid then give the records held, in file order. A nil
// wanted holds every record, as OpenReadOnly does.
func OpenReadOnlyWhere(path string, wanted func() func(*Record) bool) (*ReadOnly, error) {
	c := &Catalogue{path: path, keep: true, wanted: wanted}
	if err := c.load(); err != nil {
		return nil, err
	}
	return &ReadOnly{c: c}, nil
}

// Path returns the file the catalogue was read from.
func (r *ReadOnly) Path() string { return r.c.Path() }

// Records returns every record in file order, including invalid ones.
func (r *ReadOnly) Records() []*Record { return r.c.Records() }

// Valid returns the valid records in file order (see Catalogue.Valid).
func (r *ReadOnly) Valid() []*Record { return r.c.Valid() }

// Problems returns every problem of the file and its records, by line.
func (r *ReadOnly) Problems() []ssd3.Diagnostic { return r.c.Problems() }
