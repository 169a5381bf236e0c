package formats

import (
	"bytes"
	"errors"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// ext returns r's extensions plus the given pairs (name, value; empty
// values left out) as a map.
func ext(r *ssd3.Record, pairs ...string) map[string]string {
	m := map[string]string{}
	for _, f := range r.Extensions() {
		m[f.Name] = f.Value
	}
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] != "" {
			m[pairs[i]] = pairs[i+1]
		}
	}
	return m
}

// roundTrip exports recs in f, reads the export back with f's reader and
// returns the records by URI, failing t on a record read twice or on a
// diagnostic that skips or drops something.
func roundTrip(t *testing.T, f importers.Format, recs []*ssd3.Record) (map[string]*ssd3.Record, []ssd3.Diagnostic) {
	t.Helper()
	data, losses, err := writeFixed(f, recs)
	if err != nil {
		t.Fatal(err)
	}
	if !f.Detect(data) {
		t.Errorf("the %s reader does not recognise the export", f.Name)
	}
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC) // a DATE that was not carried would show as this
	rd := f.NewReader(bytes.NewReader(data), importers.Options{Now: now})
	got := map[string]*ssd3.Record{}
	for {
		rec, err := rd.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if got[rec.URI()] != nil {
			t.Errorf("%s imported twice", rec.URI())
		}
		got[rec.URI()] = rec
	}
	for _, d := range rd.Diagnostics() {
		if d.Kind == ssd3.Skipped || d.Kind == ssd3.Dropped {
			t.Errorf("import diagnostic: %s", d.In(f.Name))
		}
	}
	return got, losses
}

// TestRoundTrip exports the sample catalogue in each format that has a
// reader, imports the result, and checks that every record comes back
// with every field, and that the writer reported no loss.
func TestRoundTrip(t *testing.T) {
	recs := importertest.Sample(t)
	for _, f := range Writers() {
		if f.NewReader == nil {
			continue
		}
		t.Run(f.Name, func(t *testing.T) {
			got, losses := roundTrip(t, f, recs)
			if len(losses) > 0 {
				t.Errorf("the writer reports losses: %v", losses)
			}
			if len(got) != len(recs) {
				t.Errorf("%d records imported, want %d", len(got), len(recs))
			}
			for _, r := range recs {
				want := expected(f, r)
				g := got[want.URI()]
				if g == nil {
					t.Errorf("%s was not imported back", r.URI())
					continue
				}
				if d := sameRecord(g, want); d != nil {
					t.Errorf("%s came back changed: %s", r.URI(), strings.Join(d, "; "))
				}
			}
		})
	}
}

// expected is what rec reads back as from an export in f: a Pinboard post
// always says toread and shared, so a record without X-TOREAD or X-PRIVATE
// comes back with them "0", which means what their absence meant.
func expected(f importers.Format, rec *ssd3.Record) *ssd3.Record {
	if f.Name != "pinboard" {
		return rec
	}
	want := rec.Clone()
	for _, name := range []string{ssd3.FieldToRead, "X-PRIVATE"} {
		if want.Extension(name) == "" {
			want.SetExtension(name, "0")
		}
	}
	return want
}

// sameRecord lists how got differs from want, with extensions compared as
// sets: SSD3 2.2 says fields may come in any order.
func sameRecord(got, want *ssd3.Record) []string {
	g, w := got.Clone(), want.Clone()
	g.SetExtensions(nil)
	w.SetExtensions(nil)
	d := importertest.Diff(g, w)
	if gx, wx := ext(got), ext(want); !maps.Equal(gx, wx) {
		d = append(d, "extensions "+strconv.Quote(strings.Join(sortedPairs(gx), ", "))+", want "+strconv.Quote(strings.Join(sortedPairs(wx), ", ")))
	}
	return d
}

func sortedPairs(m map[string]string) []string {
	var out []string
	for k, v := range m {
		out = append(out, k+"="+v)
	}
	slices.Sort(out)
	return out
}
