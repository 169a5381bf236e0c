package catalogue

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// readBoth reads data as Open does and as OpenReadOnly does, in blocks of
// block bytes (small ones make records cross blocks).
func readBoth(t *testing.T, data []byte, block int) (packed, kept *Catalogue) {
	t.Helper()
	packed, kept = &Catalogue{}, &Catalogue{keep: true}
	if _, err := packed.readFrom(bytes.NewReader(data), -1, block); err != nil {
		t.Fatal(err)
	}
	if _, err := kept.readFrom(bytes.NewReader(data), -1, block); err != nil {
		t.Fatal(err)
	}
	return packed, kept
}

// sameAsOpen fails unless kept read every record as packed did: the
// same text, values, validity and problems, in the same order.
func sameAsOpen(t *testing.T, packed, kept *Catalogue) {
	t.Helper()
	a, b := packed.Records(), kept.Records()
	if len(a) != len(b) {
		t.Fatalf("read-only: %d records, Open: %d", len(b), len(a))
	}
	for i := range a {
		if a[i].Raw() != b[i].Raw() {
			t.Fatalf("record %d: read-only text %q, Open's %q", i, b[i].Raw(), a[i].Raw())
		}
		if !reflect.DeepEqual(a[i].values(), b[i].values()) || a[i].Valid() != b[i].Valid() || a[i].Line() != b[i].Line() {
			t.Fatalf("record %d at line %d: read-only\n%+v (valid %v)\nOpen\n%+v (valid %v)", i, a[i].Line(), b[i].values(), b[i].Valid(), a[i].values(), a[i].Valid())
		}
		if !reflect.DeepEqual(a[i].Extensions(), b[i].Extensions()) || a[i].Date() != b[i].Date() ||
			a[i].flags != b[i].flags || a[i].sep() != b[i].sep() {
			t.Fatalf("record %d: extensions, date, flags or separator differ", i)
		}
	}
	if packed.head != kept.head || packed.tail != kept.tail {
		t.Fatalf("read-only head %q tail %q, Open's %q %q", kept.head, kept.tail, packed.head, packed.tail)
	}
	if pa, pb := packed.Problems(), kept.Problems(); !reflect.DeepEqual(pa, pb) {
		t.Fatalf("read-only problems\n%v\nOpen's\n%v", pb, pa)
	}
}

// FuzzReadOnly: OpenReadOnly reads any input as Open does, whether its
// records keep their text (the common case) or, with a line that starts
// with a byte packing escapes, are packed after all.
func FuzzReadOnly(f *testing.F) {
	addSeeds(f)
	f.Add([]byte("URI: http://e/\r\nNAME: n\r\n\x91x\r\nDATE: 01/01/2001 00:00:00\r\n\r\nURI: http://f/\r\nNAME: \xc3\xa9\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, block := range []int{blockSize, 64} {
			packed, kept := readBoth(t, data, block)
			sameAsOpen(t, packed, kept)
		}
	})
}

// TestOpenReadOnly reads the spec's examples and a generated catalogue
// from files as Open does; a missing file is an empty catalogue.
func TestOpenReadOnly(t *testing.T) {
	dir := t.TempDir()
	gen := filepath.Join(dir, "gen.uricat")
	if err := os.WriteFile(gen, []byte(generate(3000)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"testdata/ex41.uricat", "testdata/ex42.uricat", gen} {
		c, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		ro, err := OpenReadOnly(path)
		if err != nil {
			t.Fatal(err)
		}
		if ro.Path() != path || len(ro.Valid()) != len(c.Valid()) || len(ro.Valid()) == 0 {
			t.Fatalf("%s: read-only %d valid records, Open %d", path, len(ro.Valid()), len(c.Valid()))
		}
		sameAsOpen(t, c, ro.c)
	}
	ro, err := OpenReadOnly(filepath.Join(dir, "missing.uricat"))
	if err != nil || len(ro.Records()) != 0 {
		t.Fatalf("a missing file: %v, %d records", err, len(ro.Records()))
	}
}

// TestReadOnlyRecordsKeepTheText: the records of a ReadOnly hold the
// file's text itself, not a packed copy (what makes it cheaper), except
// one with a line packing must escape.
func TestReadOnlyRecordsKeepTheText(t *testing.T) {
	data := []byte("URI: http://e/\r\nNAME: plain\r\nDATE: 01/01/2001 00:00:00\r\n\r\nURI: http://f/\r\nNAME: odd\r\n\x91x\r\n")
	_, kept := readBoth(t, data, blockSize)
	recs := kept.Records()
	if len(recs) != 2 {
		t.Fatalf("%d records", len(recs))
	}
	if recs[0].raw != recs[0].Raw() {
		t.Errorf("a plain record holds %q, not the file's text", recs[0].raw)
	}
	if recs[1].raw == recs[1].Raw() || recs[1].raw != packText(recs[1].Raw()) {
		t.Errorf("a record with a line starting 0x91 holds %q, not its packed text", recs[1].raw)
	}
}
