package catalogue

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/uricat/uricat/catalogue/internal/record"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// wantedRules are tests of which records to hold, as a search's would be.
var wantedRules = map[string]func(*ssd3.Record) bool{
	"none":      func(*ssd3.Record) bool { return false },
	"all":       func(*ssd3.Record) bool { return true },
	"odd lines": func(r *ssd3.Record) bool { return r.Line()%2 == 1 },
	"name a":    func(r *ssd3.Record) bool { return strings.Contains(r.Name(), "a") },
}

// readWhere reads data in pieces of about size bytes as Open with Where
// does, holding the records rule accepts, and returns it with the lines of the
// records rule refused.
func readWhere(data []byte, size int, rule func(*ssd3.Record) bool) (*Catalogue, map[int]bool) {
	var mu sync.Mutex
	refused := map[int]bool{}
	c := &Catalogue{keep: true, wanted: func() func(*ssd3.Record) bool {
		return func(r *ssd3.Record) bool {
			ok := rule(r)
			if !ok {
				mu.Lock()
				refused[r.Line()] = true
				mu.Unlock()
			}
			return ok
		}
	}}
	return readPiecesInto(c, data, size), refused
}

// sameWhere reports how c, read holding only some records, differs from
// whole, the same data read holding all, or "": every problem, the same
// head and tail, and the records whole has that were not refused, each
// as whole read it; none refused has an ID.
func sameWhere(whole, c *Catalogue, refused map[int]bool) string {
	if !reflect.DeepEqual(whole.Problems(), c.Problems()) {
		return fmt.Sprintf("problems\n%v\nwant\n%v", c.Problems(), whole.Problems())
	}
	if whole.head != c.head || whole.tail != c.tail {
		return fmt.Sprintf("head %q tail %q, want %q %q", c.head, c.tail, whole.head, whole.tail)
	}
	var want []*ssd3.Record
	for _, r := range whole.records {
		if !refused[r.Line()] {
			want = append(want, r)
		} else if r.ID() != "" {
			return fmt.Sprintf("record at line %d, which has an ID, not held", r.Line())
		}
	}
	if len(want) != len(c.records) {
		return fmt.Sprintf("%d records held, want %d", len(c.records), len(want))
	}
	for i, r := range want {
		if x, y := record.StateOf(r), record.StateOf(c.records[i]); !reflect.DeepEqual(x, y) {
			return fmt.Sprintf("record %d:\n%+v\nwant\n%+v", i, y, x)
		}
	}
	return ""
}

// FuzzReadWhere: a catalogue that holds only the records a search wants
// reports every problem of the file, in the same order, and holds those
// records, read as a whole reading reads them.
func FuzzReadWhere(f *testing.F) {
	addSeeds(f)
	f.Add([]byte("\r\nURI: http://a/\r\nNAME: b\r\nDATE: 01/01/2001 00:00:00\r\nCOLOUR: red\r\n\r\nURI: http://b/\nNAME: a\nID: 2\n\t\n\nURI: http://c/\nNAME: a\nDATE: 01/01/2001 00:00:00\nID: 2\n\n\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		whole := readPiecesInto(&Catalogue{keep: true}, data, len(data)+1)
		for name, rule := range wantedRules {
			for _, size := range []int{len(data) + 1, 7, 1} {
				c, refused := readWhere(data, size, rule)
				if d := sameWhere(whole, c, refused); d != "" {
					t.Fatalf("holding %s, in pieces of %d bytes: %s", name, size, d)
				}
			}
		}
	})
}

// TestReadWhere reads a file of records with and without problems and
// IDs, holding only some: what it holds and what it reports.
func TestReadWhere(t *testing.T) {
	var b strings.Builder
	for i := range 200 {
		fmt.Fprintf(&b, "URI: http://example.org/%d\r\nNAME: %s %d\r\nDATE: 01/01/2001 00:00:00\r\n", i, []string{"alpha", "beta", "gamma"}[i%3], i)
		switch i % 7 {
		case 0:
			b.WriteString("COLOUR: red\r\n") // an unknown field
		case 1:
			fmt.Fprintf(&b, "ID: %d\r\n", 50-i%50) // IDs that repeat
		case 2:
			b.WriteString("RATING: 9\r\n") // invalid, the record valid
		case 3:
			b.WriteString("DATE: 02/01/2001 00:00:00\r\n") // a required field again: invalid
		}
		b.WriteString([]string{"\r\n", "\n", "\r\n\r\n"}[i%3])
	}
	data := []byte(b.String())
	path := filepath.Join(t.TempDir(), "c.uricat")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	all, err := Open(path, LookOnly())
	if err != nil {
		t.Fatal(err)
	}
	if len(all.Problems()) < 100 {
		t.Fatalf("only %d problems: the test reads too few", len(all.Problems()))
	}
	tests := []struct {
		name   string
		wanted func() func(*ssd3.Record) bool
		held   int // records held: those wanted, and those with a valid ID
	}{
		{"nil holds all", nil, 200},
		{"none", func() func(*ssd3.Record) bool { return wantedRules["none"] }, 29},
		{"gamma", func() func(*ssd3.Record) bool {
			return func(r *ssd3.Record) bool { return strings.HasPrefix(r.Name(), "gamma") }
		}, 29 + 66 - 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Open(path, Where(tt.wanted))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(c.Problems(), all.Problems()) {
				t.Errorf("problems:\n%v\nwant\n%v", c.Problems(), all.Problems())
			}
			if got := len(c.Records()); got != tt.held {
				t.Errorf("%d records held, want %d", got, tt.held)
			}
			for _, r := range c.Records() {
				if !strings.HasPrefix(r.Name(), "gamma") && r.ID() == "" && !hasProblem(r, "IDs must be unique") && tt.wanted != nil {
					t.Errorf("record at line %d (%s) held, neither wanted nor with an ID", r.Line(), r.Name())
				}
			}
		})
	}
}

func hasProblem(r *ssd3.Record, msg string) bool {
	for _, p := range r.Problems() {
		if strings.Contains(p.Msg, msg) {
			return true
		}
	}
	return false
}

// A record let go costs little memory: not its place in the slab, nor
// the recordMore that held its NAME decoded from an encoded-word (77
// bytes a record here, from 317 without reusing the recordMore, and more
// holding the records).
func TestReadWhereLetsGo(t *testing.T) {
	var b strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&b, "URI: http://example.org/%d\r\nNAME: =?UTF-8?Q?K=C3=B6ln_%d?=\r\nDATE: 01/01/2001 00:00:00\r\n\r\n", i, i)
	}
	data := []byte(strings.TrimSuffix(b.String(), "\r\n"))
	none := func() func(*ssd3.Record) bool { return wantedRules["none"] }
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	c := readPiecesInto(&Catalogue{keep: true, wanted: none}, data, len(data)+1)
	runtime.ReadMemStats(&after)
	if len(c.records) != 0 || len(c.Problems()) != 0 {
		t.Fatalf("%d records held, %d problems", len(c.records), len(c.Problems()))
	}
	if per := (after.TotalAlloc - before.TotalAlloc) / 5000; per > 128 {
		t.Errorf("%d bytes a record let go", per)
	}
}
