package catalogue

import (
	"fmt"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// An OpenOption changes how Open reads a catalogue file.
type OpenOption func(*Catalogue)

// LookOnly reads the file for a command that looks at it once and exits
// (list, stats, check). The records keep the file's text as read, where an
// editable catalogue's pack theirs (see packer): reading then costs a
// tenth less, and no copy of the text. Such a catalogue refuses every
// edit and save (with an error that wraps ErrReadOnly): merges compare
// packed texts, so its records must never be an editable catalogue's. Add
// copies a record it is given, so they can be added to one.
func LookOnly() OpenOption {
	return func(c *Catalogue) { c.keep = true }
}

// Where reads the file as LookOnly does, for one search: the catalogue
// holds only the records that wanted accepts, and those with an ID (which
// must be checked against every other ID, 3.9). Every record is still
// read and validated, and Problems gives the problems of them all; but one
// let go costs no memory, so that a search of a large file costs what it
// finds (most records are not). Reading calls wanted once on each
// goroutine it reads with, and that goroutine alone calls the function it
// returns, with each record as read (before the whole file's checks); it
// may keep nothing of the record.
//
// Records and Valid then give the records held, in file order. A nil
// wanted holds every record, as LookOnly does.
func Where(wanted func() func(*ssd3.Record) bool) OpenOption {
	return func(c *Catalogue) { c.keep, c.wanted = true, wanted }
}

// lookOnly is the error of an edit or a save of a catalogue read with
// LookOnly or Where: a bug of the caller, which opened it to look.
func lookOnly(path, what string) error {
	return fmt.Errorf("%s was read only to look at: it cannot be %s (%w)", path, what, ErrReadOnly)
}
