package record

import (
	"strings"
	"unsafe"
)

// Piece is a stretch of the file from a record's end to another's, as
// one goroutine reads it.
type Piece struct {
	Start, End int
	Line       int          // lines before start
	Rd         *PieceReader // what it found between and after records
	Recs       []*Record    // in file order
	Dropped    []Diagnostic // the problems of the records not held (Worker.wanted)
	// The file's first record was not held: the blank lines before it,
	// which are the catalogue's head.
	Head        string
	HeadDropped bool
	IDs         IDRun // its records' IDs
}

// Worker reads pieces one after another, with the memory it reuses.
type Worker struct {
	cache *valueCache
	slab  []Record  // records not yet handed out
	arena textArena // their packed texts
	Keep  bool      // records keep the text read (LookOnly)
	// wanted tells the records to hold; nil: all. It is this goroutine's
	// own (see Where).
	Wanted func(*Record) bool
	// spare is the recordMore of a record not held, for the next record
	// read (most records that have one decoded an encoded-word, and a
	// search holds few of them).
	spare *recordMore
}

// slabSize is how many records are allocated at once: a catalogue's
// records are made together and live as long as each other, so that
// allocating them one by one would only cost time and padding. A slab
// fills 64 KiB, the pages it is given, to within a record.
const slabSize = 64 << 10 / unsafe.Sizeof(Record{})

// record returns the slab's next record, to parse into; take hands it
// out. One not taken is zeroed and parses the next.
func (w *Worker) record() *Record {
	if len(w.slab) == 0 {
		w.slab = make([]Record, slabSize)
	}
	return &w.slab[0]
}

func (w *Worker) take() { w.slab = w.slab[1:] }

// Read splits and parses the piece p of data; after says whether a
// record ended where it starts.
func (w *Worker) Read(data []byte, p *Piece, after bool) {
	if w.cache == nil {
		w.cache = newValueCache()
	}
	rd := newPieceReader(data, p.Start, p.End, p.Line, after)
	defer rd.detach()
	p.Rd = rd
	p.IDs = IDRun{Increasing: true}
	p.Recs = make([]*Record, 0, sampleRecords)
	for {
		rr, err := rd.next()
		if err != nil { // from memory, only io.EOF, at the end
			break
		}
		if len(p.Recs) == cap(p.Recs) {
			// Room for the records the rest of the piece holds at the
			// density of those read, rather than append's growth: the
			// arrays it grows out of are garbage made while the
			// collector is off (BenchmarkLoad's bytes show them).
			more := recordsLeft(len(p.Recs), rd.off-p.Start, p.End-rd.off)
			p.Recs = append(make([]*Record, 0, len(p.Recs)+more), p.Recs...)
		}
		rec := w.record()
		if w.spare != nil {
			w.spare.owner, rec.more = rec, w.spare
		}
		how := parseHow{cache: w.cache, arena: &w.arena, end: atBlankLine}
		if w.Keep {
			how.life = textKept
		}
		rd.done(parseRecordInto(rec, rr.text, rr.first, how))
		if m := w.spare; m != nil && rec.more == m {
			if m.set != 0 || len(m.problems) > 0 || m.ext != nil {
				w.spare = nil // the record's now
			} else {
				rec.more = nil // unused: the record has none, as if read alone
			}
		}
		if w.Wanted != nil && rec.ID() == "" && !w.Wanted(rec) {
			// Validated, and let go: its problems are kept, and its
			// place in the slab parses the next record, so that a
			// search's misses cost no memory. (One with an ID is held,
			// for checkIDs to see every ID.)
			p.Dropped = append(p.Dropped, rec.Problems()...)
			if !after && rd.records == 1 {
				p.Head, p.HeadDropped = strings.Clone(rr.sep), true
			}
			if m := rec.more; m != nil && m.owner == rec {
				// Its problems are copied out: their array is reused.
				*m = recordMore{problems: m.problems[:0]}
				w.spare = m
			}
			*rec = Record{}
			continue
		}
		w.take()
		rec.setSep(rr.sep, 0)
		if rec.flags&flagSepMore != 0 { // kept as it is, not as a flag
			rec.more.sep = strings.Clone(rec.more.sep) // not to keep the reader's memory
		}
		p.Recs = append(p.Recs, rec)
		p.IDs.Add(rec)
	}
	first := NewRefs(len(p.Recs))
	for i, r := range p.Recs {
		r.ref = first + Ref(i)
	}
}

// sampleRecords is how many records a piece's reader reads before it
// estimates how many the piece holds.
const sampleRecords = 16

// recordsLeft estimates how many records the rest of a piece holds, rest
// bytes, when n records took done bytes: as many at that density, an
// eighth more, since records vary in length, and a few for a short piece.
func recordsLeft(n, done, rest int) int {
	more := rest / max(done/max(n, 1), 1)
	return more + more/8 + sampleRecords
}

// IDRun sums up the IDs of consecutive records, so that checkIDs can tell
// without a map of them that they only ever increase, as they do in a
// file whose IDs a program numbered.
type IDRun struct {
	N           int    // valid records with an ID
	First, Last string // the first and last of their IDs
	Increasing  bool   // every ID is greater than the one before
}

// Add adds r, the record after the run's last.
func (a *IDRun) Add(r *Record) {
	if r.ID() == "" || r.invalid {
		return
	}
	if a.N > 0 && CompareIDs(a.Last, r.ID()) >= 0 {
		a.Increasing = false
	}
	if a.N == 0 {
		a.First = r.ID()
	}
	a.N, a.Last = a.N+1, r.ID()
}

// Join adds the run b, which follows a.
func (a *IDRun) Join(b IDRun) {
	if b.N == 0 {
		return
	}
	a.Increasing = a.Increasing && b.Increasing && (a.N == 0 || CompareIDs(a.Last, b.First) < 0)
	if a.N == 0 {
		a.First = b.First
	}
	a.N, a.Last = a.N+b.N, b.Last
}
