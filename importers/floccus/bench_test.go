//go:build unix

package floccus

import (
	"bytes"
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers/xbel"
)

// BenchmarkSyncWork is a sync's own work with 10,000 bookmarks on both
// sides and a few changes on each, git's left out (the file as git has
// it read, the catalogue read, the browser's changes taken in and merged,
// the browser file written in one pass): what a sync costs beyond git's
// own time.
func BenchmarkSyncWork(b *testing.B) {
	const n = 10000
	var text strings.Builder
	for i := range n {
		fmt.Fprintf(&text, "URI: https://site%d.example/page\r\nNAME: Page %d\r\nDATE: 01/02/2024 10:00:00\r\nCATEGORY: Folder %d/Sub %d\r\nRATING: 3\r\n\r\n", i, i, i%50, i%7)
	}
	baseCat, err := catalogue.Read(strings.NewReader(text.String()))
	if err != nil {
		b.Fatal(err)
	}
	baseDoc := &xbel.Document{}
	_, baseBytes, err := render(baseDoc, baseCat.Records(), "b.xbel")
	if err != nil {
		b.Fatal(err)
	}
	// floccus: one renamed, one moved, one removed, one added.
	cur, _ := xbel.Decode(bytes.NewReader(baseBytes))
	it, _ := find(cur, "https://site10.example/page")
	it.Title = "Renamed"
	it, _ = find(cur, "https://site20.example/page")
	remove(cur, it)
	*folderOf(cur, "Folder 3") = append(*folderOf(cur, "Folder 3"), it)
	it, _ = find(cur, "https://site30.example/page")
	remove(cur, it)
	addBookmark(cur, "New", "https://new.example/", "Folder 1")
	var curBytes bytes.Buffer
	if err := xbel.Encode(&curBytes, cur); err != nil {
		b.Fatal(err)
	}
	// The terminal: a rating, a re-filing, an addition.
	ours, _ := catalogue.Read(strings.NewReader(text.String()))
	recs := ours.Records()
	edits := []catalogue.Edit{
		catalogue.Set{Ref: recs[40].Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldRating, Value: "5"}}},
		catalogue.Set{Ref: recs[50].Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldCategory, Value: "Elsewhere"}}},
		catalogue.Add{Records: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "https://here.example/", Name: "Here"})}},
	}
	for _, e := range edits {
		if _, err := ours.Apply(e); err != nil {
			b.Fatal(err)
		}
	}
	var oursText bytes.Buffer
	if _, err := ours.WriteTo(&oursText); err != nil {
		b.Fatal(err)
	}
	now := time.Date(2026, 11, 29, 3, 0, 0, 0, time.UTC)
	b.ResetTimer()
	cpu0 := cpuTime()
	for range b.N {
		base := base{cat: mustRead(b, text.String())}
		base.doc, _ = xbel.Decode(bytes.NewReader(baseBytes))
		doc, err := xbel.Decode(bytes.NewReader(curBytes.Bytes()))
		if err != nil {
			b.Fatal(err)
		}
		o := mustRead(b, oursText.String())
		merged, c, conflicts, err := takeIn(base, doc, "b.xbel", o, now, nil, func(string) {})
		if err != nil || len(conflicts) > 0 || c.Bookmarks != 4 {
			b.Fatalf("took in %v, %d conflicts, %v", c, len(conflicts), err)
		}
		var out bytes.Buffer
		if _, err := merged.WriteTo(&out); err != nil {
			b.Fatal(err)
		}
		if _, _, err := render(doc, merged.Records(), "b.xbel"); err != nil {
			b.Fatal(err)
		}
	}
	// On a machine shared with other work the wall clock says little:
	// the CPU time is what the sync costs.
	b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
}

// cpuTime is the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func mustRead(b *testing.B, text string) *catalogue.Catalogue {
	c, err := catalogue.Read(strings.NewReader(text))
	if err != nil {
		b.Fatal(err)
	}
	return c
}
