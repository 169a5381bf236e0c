package catalogue

import (
	"bytes"
	"cmp"
	"fmt"
	"hash/crc32"
	"io"
	"runtime"
	"slices"
	"sort"
	"time"

	"github.com/uricat/uricat/catalogue/internal/record"
	"github.com/uricat/uricat/catalogue/internal/syntax"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/parallel"
)

// Catalogue is a URI-Catalogue held in memory: its records in file order,
// valid or not, and what lay between them, so that it writes back exactly
// what it read plus the edits applied to it (Apply).
//
// A Catalogue is not safe for concurrent use: one goroutine owns it and
// applies every edit. Records and Snapshot hand out values that never
// change, for other goroutines to search, draw and save.
type Catalogue struct {
	path    string
	records []*ssd3.Record    // copy-on-write: Apply makes a new slice
	head    string            // blank lines before the first record
	tail    string            // blank lines after the last record
	probs   []ssd3.Diagnostic // problems of the file as a whole
	version uint64            // edits applied since read (see Version)
	rebased uint64            // Rebases that took in another program's version
	saved   saved             // what the file holds, as far as this catalogue knows
	keys    *keys             // URIs and IDs, built on first use
	pos     map[Ref]int
	keep    bool // read with LookOnly: records hold the file's text unpacked
	// wanted, for a catalogue read for one search: each read goroutine's
	// test of which records to hold (see Where); dropped is
	// the problems of the records it let go.
	wanted  func() func(*ssd3.Record) bool
	dropped []ssd3.Diagnostic
	// lf: every line break of the file read is LF alone. SSD3 2.1.2 asks
	// for CRLF, but such a file is some tool's choice, and converting
	// it would rewrite every line of it; so the lines uricat writes into
	// it end in LF too (Snapshot.WriteTo), and the file stays one thing.
	lf bool

	// Now is the clock used to stamp DATE on records added or edited (3.3).
	Now func() time.Time
}

// saved is the state of the file when the catalogue last read or wrote it:
// what a save compares with to tell this process's changes from another
// program's.
type saved struct {
	version    uint64         // the Version it was
	records    []*ssd3.Record // the file's records, a snapshot
	head, tail string
	disk       diskState
	warnings   []string // what the save that wrote it could not keep
}

// Read reads a whole catalogue from r.
func Read(r io.Reader) (*Catalogue, error) {
	c := &Catalogue{}
	if _, err := c.readFrom(r, -1, blockSize); err != nil {
		return nil, err
	}
	return c, nil
}

// readFrom reads the catalogue from r, whose size is size bytes if known
// (else -1), in blocks of about block bytes; it returns what it read, its
// size and checksum. Every problem in the text is a Diagnostic: the error
// is r's.
//
// A block is read into memory, cut where its last whole record ends, and
// read in pieces, on every CPU: it is cut where a record ends (see
// pieceBounds), each piece's first line number is counted beforehand, and
// each piece is split into records and parsed by one goroutine, so that
// the records and problems are exactly those of reading the whole file in
// one go (FuzzPieces checks it). The records keep nothing of the block
// (see packer), whose memory reads the next: a catalogue costs its
// records, not its file and its records.
func (c *Catalogue) readFrom(r io.Reader, size int64, block int) (diskRead, error) {
	return c.readBlocks(r, size, block, nil)
}

// readBlocks is readFrom, calling done with each block once it is read
// (tests spoil it, to see that nothing keeps it).
func (c *Catalogue) readBlocks(r io.Reader, size int64, block int, done func([]byte)) (diskRead, error) {
	st := newReadState()
	first := min(block, 64<<10) // of a reader of unknown size: most are small
	if size >= 0 {
		first = int(min(int64(block), size+1)) // +1: to see the end without growing
	}
	buf := readBuffer(max(first, 1))
	carry := 0 // bytes of buf that the last block left: the start of a record not read whole
	var read diskRead
	for {
		n, err := io.ReadFull(r, buf[carry:])
		if !c.keep { // a LookOnly catalogue is never saved: it needs no checksum
			read.add(buf[carry : carry+n])
		}
		end := err == io.EOF || err == io.ErrUnexpectedEOF
		if err != nil && !end {
			return read, err
		}
		data := buf[:carry+n]
		cut := len(data)
		if !end {
			if cut = lastRecordEnd(data); cut == 0 { // a record longer than the block
				buf = slices.Grow(data, len(data))[:2*len(data)]
				carry = len(data)
				continue
			}
		}
		c.readBlock(st, data[:cut], record.PieceBounds(data[:cut], pieceSize), size)
		if done != nil {
			done(data[:cut])
		}
		if end {
			break
		}
		switch {
		case len(buf) < block: // a reader of unknown size: blocks grow to block
			buf = readBuffer(min(2*len(buf), block))
		case c.keep: // the records read keep the block's memory
			buf = readBuffer(len(buf))
		}
		carry = copy(buf, data[cut:])
	}
	c.finishRead(st)
	return read, nil
}

// blockSize is the size of the blocks a file is read in: 16 pieces, 4 MiB.
const blockSize = 16 * pieceSize

// lastRecordEnd returns where the last record of data that is followed by
// a whole blank line ends, or 0 if there is none: where to cut a block.
func lastRecordEnd(data []byte) int {
	for _, at := range []int{len(data) - len(data)/8, len(data) / 2, 0} {
		if cut := record.RecordEnd(data, at); cut < len(data) {
			last := cut
			for cut < len(data) { // the last of them
				last = cut
				next := bytes.IndexByte(data[cut:], '\n')
				if next < 0 {
					break
				}
				cut = record.RecordEnd(data, cut+next+1)
			}
			return last
		}
	}
	return 0
}

// diskRead is the size and checksum of what readFrom read.
type diskRead struct {
	size int64
	crc  uint32
}

func (d *diskRead) add(b []byte) {
	d.size += int64(len(b))
	d.crc = crc32.Update(d.crc, castagnoli(), b)
}

// pieceSize is the size of the pieces a file is read in: large enough
// that a piece's start costs nothing, small enough that the CPUs share
// the work evenly. A block smaller than two pieces is read in one, by the
// calling goroutine: parsing it takes less than starting workers.
const pieceSize = 256 << 10

// readState is what reading a file's blocks gathers from one to the next.
type readState struct {
	workers []record.Worker       // one per goroutine, reused from block to block
	rds     []*record.PieceReader // what each piece found between and after records
	ids     record.IDRun          // the records' IDs
	lines   int                   // lines read
	// The file's first record was not held (Worker.wanted): head
	// is the blank lines before it.
	head        string
	headDropped bool
	started     bool // a block was read: the next starts where a record ended
}

// newReadState returns the state of a read not yet begun.
func newReadState() *readState {
	return &readState{ids: record.IDRun{Increasing: true}}
}

// readBlock reads data, the next block of the file, cut at bounds (from 0
// to len(data)); size is the file's, to size the slice of records for
// all of them once the first block tells how long records are, or -1.
func (c *Catalogue) readBlock(st *readState, data []byte, bounds []int, size int64) {
	pieces := make([]record.Piece, len(bounds)-1)
	for i := range pieces {
		pieces[i].Start, pieces[i].End = bounds[i], bounds[i+1]
	}
	if st.workers == nil {
		st.workers = make([]record.Worker, runtime.GOMAXPROCS(0))
		for i := range st.workers {
			st.workers[i].Keep = c.keep
			if c.wanted != nil {
				st.workers[i].Wanted = c.wanted()
			}
		}
	}
	after := st.started
	if len(pieces) == 1 {
		pieces[0].Line = st.lines
		st.workers[0].Read(data, &pieces[0], after)
		st.lines += bytes.Count(data, newline)
	} else {
		// First the line numbers, then the records; each step on every
		// CPU, each piece taken by the first goroutine free.
		parallel.Each(len(pieces), func(int) func(i int) {
			return func(i int) { pieces[i].Line = bytes.Count(data[pieces[i].Start:pieces[i].End], newline) }
		})
		for i := range pieces {
			st.lines, pieces[i].Line = st.lines+pieces[i].Line, st.lines
		}
		parallel.Each(len(pieces), func(g int) func(i int) {
			w := &st.workers[g]
			return func(i int) { w.Read(data, &pieces[i], after || i > 0) }
		})
	}
	if c.records == nil {
		n := 0
		for _, p := range pieces {
			n += len(p.Recs)
		}
		if size > int64(len(data)) && len(data) > 0 { // the rest at this density, and an eighth more
			more := int(float64(n) * float64(size-int64(len(data))) / float64(len(data)))
			n += more + more/8
		}
		c.records = make([]*ssd3.Record, 0, n)
	}
	if pieces[0].HeadDropped {
		st.head, st.headDropped = pieces[0].Head, true
	}
	for _, p := range pieces {
		c.records = append(c.records, p.Recs...)
		c.dropped = append(c.dropped, p.Dropped...)
		st.rds = append(st.rds, p.Rd)
		st.ids.Join(p.IDs)
	}
	st.started = st.started || len(data) > 0
}

var newline = []byte{'\n'}

// finishRead takes what follows the records from the pieces' readers and
// checks the IDs.
func (c *Catalogue) finishRead(st *readState) {
	rd, ids := record.JoinReaders(st.rds), st.ids
	c.tail = rd.Trailer()
	if st.headDropped {
		c.head = st.head
	} else if len(c.records) > 0 {
		c.head = record.Sep(c.records[0])
		record.SetSep(c.records[0], "", 0)
	}
	// In line order, as Problems gives them: a piece's reader notes the
	// blank line it starts with before the problems of the record above.
	c.probs = rd.Problems()
	c.lf = rd.LF() > 0 && rd.LF() == st.lines // st.lines counts every LF
	slices.SortStableFunc(c.probs, func(a, b ssd3.Diagnostic) int { return cmp.Compare(a.Line, b.Line) })
	if ids.N > 0 && !ids.Increasing { // IDs that only ever increase cannot repeat
		c.checkIDs(ids.N)
	}
	c.saved = saved{version: c.version, records: c.records, head: c.head, tail: c.tail}
}

// checkIDs enforces 3.9: an ID must not be the ID of another record. The
// first record keeps it; in later ones the field is invalid and not used,
// but stays in the file. A version a merge marked (FieldConflict) right
// after the one it stands beside is the same record: it keeps the ID. It runs only when the IDs do not only ever
// increase (see record.IDRun); n is how many records have one.
func (c *Catalogue) checkIDs(n int) {
	ids := make(map[string]*ssd3.Record, n)
	for i, r := range c.records {
		if r.ID() == "" || !r.Valid() {
			continue
		}
		key := syntax.CanonicalID(r.ID())
		if other, ok := ids[key]; ok {
			if i > 0 && c.records[i-1] == other && ssd3.ConflictSide(r) != "" {
				// A merge's conflict pair: one record in two versions,
				// each with its ID (the pair is a warning of its own).
				continue
			}
			record.AddProblem(r, ssd3.Diagnostic{Line: record.FieldLine(r, ssd3.FieldID), Offset: -1, Field: ssd3.FieldID, Kind: ssd3.Error,
				Msg: fmt.Sprintf("ID %s is already that of the record at line %d; IDs must be unique (3.9)", r.ID(), other.Line())})
			r.SetID("")
			record.Unaccept(r, ssd3.FieldID)
			continue
		}
		ids[key] = r
	}
}

// Path returns the file the catalogue was opened from ("" if read from a stream).
func (c *Catalogue) Path() string { return c.path }

// Len returns the number of records, valid or not.
func (c *Catalogue) Len() int { return len(c.records) }

// Records returns every record in file order, including invalid ones. The
// slice is a snapshot: later changes to the catalogue make a new slice and
// leave it alone, so another goroutine may read it while the catalogue
// changes. Do not modify it.
func (c *Catalogue) Records() []*ssd3.Record { return c.records }

// Valid returns the valid records in file order: those SSD3 says to use (2.2).
func (c *Catalogue) Valid() []*ssd3.Record {
	out := make([]*ssd3.Record, 0, len(c.records))
	for _, r := range c.records {
		if r.Valid() {
			out = append(out, r)
		}
	}
	return out
}

// Problems returns every problem of the file and its records, by line.
func (c *Catalogue) Problems() []ssd3.Diagnostic {
	n := len(c.probs) + len(c.dropped)
	for _, r := range c.records {
		n += len(r.Problems())
	}
	ps := append(make([]ssd3.Diagnostic, 0, n), c.probs...)
	// Those of the records a Where let go: no two records share a
	// line, so sorting by line puts them where their records were.
	ps = append(ps, c.dropped...)
	for _, r := range c.records {
		ps = append(ps, r.Problems()...)
	}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Line < ps[j].Line })
	return ps
}

// Modified reports whether the catalogue has edits not yet saved.
func (c *Catalogue) Modified() bool { return c.version != c.saved.version }

func (c *Catalogue) now() time.Time {
	if c.Now != nil {
		return c.Now().UTC().Truncate(time.Second)
	}
	return time.Now().UTC().Truncate(time.Second)
}

// WriteTo writes the catalogue in URI-Catalogue format. Records nobody
// changed are written byte for byte as they were read.
func (c *Catalogue) WriteTo(w io.Writer) (int64, error) {
	return c.Snapshot().WriteTo(w)
}
