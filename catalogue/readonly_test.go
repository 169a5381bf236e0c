package catalogue

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/internal/record"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// readBoth reads data as Open does and as Open with LookOnly does, in blocks of
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
		if !reflect.DeepEqual(a[i].Values(), b[i].Values()) || a[i].Valid() != b[i].Valid() || a[i].Line() != b[i].Line() {
			t.Fatalf("record %d at line %d: read-only\n%+v (valid %v)\nOpen\n%+v (valid %v)", i, a[i].Line(), b[i].Values(), b[i].Valid(), a[i].Values(), a[i].Valid())
		}
		if !reflect.DeepEqual(a[i].Extensions(), b[i].Extensions()) || a[i].Date() != b[i].Date() ||
			record.StateOf(a[i]).Flags != record.StateOf(b[i]).Flags || record.Sep(a[i]) != record.Sep(b[i]) {
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

// FuzzReadOnly: Open with LookOnly reads any input as Open does, whether
// its records keep their text (the common case) or, with a line that starts
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

// TestOpenReadOnly: Open with LookOnly reads the spec's examples and a
// generated catalogue from files as Open does; a missing file is an empty catalogue.
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
		ro, err := Open(path, LookOnly())
		if err != nil {
			t.Fatal(err)
		}
		if ro.Path() != path || len(ro.Valid()) != len(c.Valid()) || len(ro.Valid()) == 0 {
			t.Fatalf("%s: read-only %d valid records, Open %d", path, len(ro.Valid()), len(c.Valid()))
		}
		sameAsOpen(t, c, ro)
	}
	ro, err := Open(filepath.Join(dir, "missing.uricat"), LookOnly())
	if err != nil || len(ro.Records()) != 0 {
		t.Fatalf("a missing file: %v, %d records", err, len(ro.Records()))
	}
}

// TestReadOnlyRecordsKeepTheText: the records of a LookOnly read hold the
// file's text itself, not a packed copy (what makes it cheaper), except
// one with a line packing must escape.
func TestReadOnlyRecordsKeepTheText(t *testing.T) {
	data := []byte("URI: http://e/\r\nNAME: plain\r\nDATE: 01/01/2001 00:00:00\r\n\r\nURI: http://f/\r\nNAME: odd\r\n\x91x\r\n")
	_, kept := readBoth(t, data, blockSize)
	recs := kept.Records()
	if len(recs) != 2 {
		t.Fatalf("%d records", len(recs))
	}
	if record.Packed(recs[0]) != recs[0].Raw() {
		t.Errorf("a plain record holds %q, not the file's text", record.Packed(recs[0]))
	}
	if record.Packed(recs[1]) == recs[1].Raw() || record.Packed(recs[1]) != record.PackText(recs[1].Raw()) {
		t.Errorf("a record with a line starting 0x91 holds %q, not its packed text", record.Packed(recs[1]))
	}
}

// TestLookOnlyRefusesEditsAndSaves: a catalogue read only to look at (its
// records unpacked, or some let go) is never edited or saved, so that the
// file on disk stays as it was, and it stays so when read again.
func TestLookOnlyRefusesEditsAndSaves(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/ex41.uricat")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		opt  OpenOption
	}{
		{"LookOnly", LookOnly()},
		{"Where", Where(func() func(*ssd3.Record) bool { return func(*ssd3.Record) bool { return false } })},
		{"Where nil", Where(nil)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "c.uricat")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			c, err := Open(path, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Reload(); err != nil {
				t.Fatal(err)
			}
			add := Add{Records: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://new/", Name: "new"})}}
			if _, err := c.Apply(add); !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), path) {
				t.Errorf("edit: %v, want an ErrReadOnly naming %s", err, path)
			}
			if err := c.Save(); !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), path) {
				t.Errorf("save: %v, want an ErrReadOnly naming %s", err, path)
			}
			if _, err := BeginSave(c.Snapshot(), 0); !errors.Is(err, ErrReadOnly) {
				t.Errorf("BeginSave: %v, want ErrReadOnly", err)
			}
			if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, data) {
				t.Errorf("the file changed (%v)", err)
			}
		})
	}
}
