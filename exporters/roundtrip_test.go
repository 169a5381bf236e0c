package exporters

import (
	"bytes"
	"errors"
	"io"
	"maps"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/exporters/netscape"
	"github.com/uricat/uricat/importers"
	hinadiimport "github.com/uricat/uricat/importers/hinadi"
	netscapeimport "github.com/uricat/uricat/importers/netscape"
	soifimport "github.com/uricat/uricat/importers/soif"
	urcimport "github.com/uricat/uricat/importers/urc"
)

// roundTrip is one format exported and read back with our own importer.
type roundTrip struct {
	format string
	read   importers.Format
	// carried returns the record the importer should give back for r: what
	// the format carries, where the importer puts it.
	carried func(r *catalogue.Record) *catalogue.Record
}

// ext returns r's extensions plus the given pairs (name, value; empty
// values left out) as a map.
func ext(r *catalogue.Record, pairs ...string) map[string]string {
	m := map[string]string{}
	for _, f := range r.Extensions {
		m[f.Name] = f.Value
	}
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] != "" {
			m[pairs[i]] = pairs[i+1]
		}
	}
	return m
}

var roundTrips = []roundTrip{
	{"netscape", netscapeimport.Format, func(r *catalogue.Record) *catalogue.Record {
		// Browsers have no place for RATING, LANGUAGE, TYPE, ID or other
		// extensions (see the netscape package doc).
		w := &catalogue.Record{URI: r.URI, Name: r.Name, Date: r.Date, Category: r.Category, Description: r.Description}
		// Our importer writes the tags "a, b" where the export has "a,b".
		w.SetExtension("X-TAGS", strings.ReplaceAll(netscape.Tags(r.Extension("X-TAGS")), ",", ", "))
		return w
	}},
	{"soif", soifimport.Format, func(r *catalogue.Record) *catalogue.Record {
		// SOIF carries every field (importers/soif: the Writer's doc).
		return r.Clone()
	}},
	{"hinadi", hinadiimport.Format, func(r *catalogue.Record) *catalogue.Record {
		// Hina-Di carries every field (importers/hinadi: the Writer's doc).
		return r.Clone()
	}},
	{"urc", urcimport.Format, func(r *catalogue.Record) *catalogue.Record {
		// URC carries every field (importers/urc: the Writer's doc).
		return r.Clone()
	}},
}

// TestRoundTrip exports the sample catalogue in each format that has an
// importer, imports the result with that importer, and checks that every
// record comes back with what the format can carry: URI, NAME, DATE to the
// second, CATEGORY, DESCRIPTION, RATING...
func TestRoundTrip(t *testing.T) {
	recs := loadSample(t)
	for _, rt := range roundTrips {
		t.Run(rt.format, func(t *testing.T) {
			f, err := ByName(rt.format)
			if err != nil {
				t.Fatal(err)
			}
			data, err := writeFixed(f, recs)
			if err != nil {
				t.Fatal(err)
			}
			if !rt.read.Detect(data) {
				t.Errorf("the %s importer does not recognise the export", rt.read.Name)
			}
			now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC) // a DATE that was not carried would show as this
			rd := rt.read.NewReader(bytes.NewReader(data), importers.Options{Now: now})
			got := map[string]*catalogue.Record{}
			for {
				rec, err := rd.Read()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				if got[rec.URI] != nil {
					t.Errorf("%s imported twice", rec.URI)
				}
				got[rec.URI] = rec
			}
			for _, d := range rd.Diagnostics() {
				if d.Kind == importers.Skipped || d.Kind == importers.Dropped {
					t.Errorf("import diagnostic: %s: %s", d.Where(rt.format), d)
				}
			}
			if len(got) != len(recs) {
				t.Errorf("%d records imported, want %d", len(got), len(recs))
			}
			for _, r := range recs {
				want := rt.carried(r)
				g := got[want.URI]
				if g == nil {
					t.Errorf("%s was not imported back", r.URI)
					continue
				}
				if g.Name != want.Name || !g.Date.Equal(want.Date) || g.Category != want.Category ||
					g.Description != want.Description || g.Rating != want.Rating || g.Language != want.Language ||
					g.Type != want.Type || g.ID != want.ID {
					t.Errorf("%s came back as\n%s\nwant\n%s", r.URI, describe(g), describe(want))
				}
				if gx, wx := ext(g), ext(want); !maps.Equal(gx, wx) {
					t.Errorf("%s: extensions came back as %q, want %q", r.URI, gx, wx)
				}
			}
		})
	}
}

func describe(r *catalogue.Record) string {
	return "NAME " + strconv.Quote(r.Name) + ", DATE " + r.Date.Format(time.RFC3339) + ", CATEGORY " + strconv.Quote(r.Category) +
		", DESCRIPTION " + strconv.Quote(r.Description) + ", RATING " + strconv.Itoa(r.Rating) + ", LANGUAGE " + r.Language +
		", TYPE " + strconv.Quote(r.Type) + ", ID " + r.ID
}
