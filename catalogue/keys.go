package catalogue

import (
	"hash/maphash"
	"math/bits"

	"github.com/uricat/uricat/catalogue/dupset"
	"github.com/uricat/uricat/catalogue/internal/syntax"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// HasURI reports whether a valid record has uri, compared with ssd3.URIKey.
func (c *Catalogue) HasURI(uri string) bool {
	return c.keyIndex().uris.first(ssd3.URIKey(uri)) != nil
}

// FindURI returns the valid records whose URI is uri, compared with ssd3.URIKey.
func (c *Catalogue) FindURI(uri string) []*ssd3.Record {
	if !c.HasURI(uri) {
		return nil
	}
	return dupset.FindURIIn(c.records, uri)
}

// keys indexes the URIs and IDs of the valid records, for duplicate and
// uniqueness checks in constant time. It is built on first use and kept
// up to date by every edit after.
type keys struct {
	uris uriTable       // the valid records, by ssd3.URIKey
	ids  map[string]Ref // canonical ID → the record that has it
}

func (c *Catalogue) keyIndex() *keys {
	if c.keys == nil {
		c.keys = buildKeys(c.records)
	}
	return c.keys
}

func buildKeys(recs []*ssd3.Record) *keys {
	k := &keys{uris: newURITable(len(recs)), ids: map[string]Ref{}}
	for _, r := range recs {
		k.add(r)
	}
	return k
}

// KeyIndex is the index of a snapshot's URIs and IDs that adds, imports
// and HasURI use to find duplicates. Built on another goroutine
// (Snapshot.KeyIndex) and handed to the catalogue's owner (UseKeyIndex), it
// spares the first add to a large catalogue the time to build it (about a
// tenth of a second at 100,000 records).
type KeyIndex struct {
	version uint64
	k       *keys
}

// KeyIndex builds the snapshot's key index. It reads only the snapshot.
func (s *Snapshot) KeyIndex() *KeyIndex {
	return &KeyIndex{version: s.Version, k: buildKeys(s.records)}
}

// UseKeyIndex installs ki if it was built from the catalogue's current
// Version and the catalogue has none, and reports whether it did.
func (c *Catalogue) UseKeyIndex(ki *KeyIndex) bool {
	if ki == nil || ki.version != c.version || c.keys != nil {
		return false
	}
	c.keys = ki.k
	return true
}

// NeedsKeyIndex reports whether the catalogue has no key index (none was
// built yet, or a large edit dropped it).
func (c *Catalogue) NeedsKeyIndex() bool { return c.keys == nil }

func (k *keys) add(r *ssd3.Record) {
	if k == nil || !r.Valid() {
		return
	}
	k.uris.add(r)
	if r.ID() != "" {
		if _, ok := k.ids[syntax.CanonicalID(r.ID())]; !ok {
			k.ids[syntax.CanonicalID(r.ID())] = r.Ref()
		}
	}
}

func (k *keys) remove(r *ssd3.Record) {
	if k == nil || !r.Valid() {
		return
	}
	k.uris.remove(r)
	if r.ID() != "" && k.ids[syntax.CanonicalID(r.ID())] == r.Ref() {
		delete(k.ids, syntax.CanonicalID(r.ID()))
	}
}

// uriTable is a multiset of records by the ssd3.URIKey of their URI: an open
// addressing hash table (linear probing, at most four fifths full) of the
// records themselves, each with a byte of its key's hash. It holds no
// key: a probe compares the ssd3.URIKey of a record whose byte matches, so it
// costs a fraction of a map from each key, and an answer is exact, not a
// hash's guess.
type uriTable struct {
	slots []*ssd3.Record // nil: empty
	tags  []uint8        // a byte of the hash of each slot's key
	n     int
}

// uriSeed seeds the hash of every uriTable; one per process suffices,
// since tables are never compared.
var uriSeed = maphash.MakeSeed()

// newURITable returns a table sized for n records, three quarters full.
func newURITable(n int) uriTable {
	size := max(64, n+n/3+1)
	return uriTable{slots: make([]*ssd3.Record, size), tags: make([]uint8, size)}
}

// home returns the slot where a probe for key starts, and the byte of
// key's hash the table keeps.
func (t *uriTable) home(key string) (int, uint8) {
	h := maphash.String(uriSeed, key)
	hi, _ := bits.Mul64(h, uint64(len(t.slots))) // h's place in [0, len)
	return int(hi), uint8(h)
}

// first returns a record whose URI has the ssd3.URIKey key, or nil.
func (t *uriTable) first(key string) *ssd3.Record {
	if len(t.slots) == 0 {
		return nil
	}
	i, tag := t.home(key)
	for ; t.slots[i] != nil; i = t.next(i) {
		if r := t.slots[i]; t.tags[i] == tag && sameKey(r.URI(), key) {
			return r
		}
	}
	return nil
}

func (t *uriTable) next(i int) int {
	if i++; i == len(t.slots) {
		return 0
	}
	return i
}

// sameKey reports whether ssd3.URIKey(uri) is key, without computing the key
// when uri is key itself.
func sameKey(uri, key string) bool {
	return uri == key || ssd3.URIKey(uri) == key
}

func (t *uriTable) add(r *ssd3.Record) {
	if 5*(t.n+1) > 4*len(t.slots) {
		t.grow()
	}
	t.put(r, ssd3.URIKey(r.URI()))
	t.n++
}

func (t *uriTable) put(r *ssd3.Record, key string) {
	i, tag := t.home(key)
	for t.slots[i] != nil {
		i = t.next(i)
	}
	t.slots[i], t.tags[i] = r, tag
}

func (t *uriTable) grow() {
	old := t.slots
	*t = newURITable(max(t.n+1, 3*len(old)/2))
	for _, r := range old {
		if r != nil {
			t.put(r, ssd3.URIKey(r.URI()))
			t.n++
		}
	}
}

// remove takes r itself (not another record with its URI) out of the
// table; it does nothing if r is not there.
func (t *uriTable) remove(r *ssd3.Record) {
	if len(t.slots) == 0 {
		return
	}
	i, _ := t.home(ssd3.URIKey(r.URI()))
	for t.slots[i] != r {
		if t.slots[i] == nil {
			return
		}
		i = t.next(i)
	}
	t.slots[i] = nil
	t.n--
	// Move back the records after the gap that a probe from their home
	// would otherwise no longer reach (Knuth's algorithm R), so that no
	// tombstones are needed.
	for j := t.next(i); t.slots[j] != nil; j = t.next(j) {
		h, _ := t.home(ssd3.URIKey(t.slots[j].URI()))
		// The record at j may move to the gap at i unless its home lies
		// cyclically in (i, j].
		if (j > i && (h <= i || h > j)) || (j < i && h <= i && h > j) {
			t.slots[i], t.tags[i] = t.slots[j], t.tags[j]
			t.slots[j] = nil
			i = j
		}
	}
}
