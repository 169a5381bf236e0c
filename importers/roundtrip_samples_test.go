package importers_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/hinadi"
	"github.com/uricat/uricat/importers/httpindex"
	"github.com/uricat/uricat/importers/importertest"
	"github.com/uricat/uricat/importers/soif"
	"github.com/uricat/uricat/importers/urc"
)

// samples is where the real files other programs wrote are, beside the
// module (../shared/samples from its root).
const samples = "../../shared/samples"

// writers are the formats whose writers this test runs.
var writers = []importers.Format{soif.Format, hinadi.Format, urc.Format}

// TestRoundTripRealFiles imports every real SOIF and http-index-format
// file, exports the records in each format that has a writer here, and
// imports them again: the same records come back, fields, dates and
// categories, or the writer says what it could not hold
// (importertest.RoundTrip).
func TestRoundTripRealFiles(t *testing.T) {
	for _, dir := range []struct {
		folder string
		format importers.Format
	}{{"soif", soif.Format}, {"http-index-format", httpindex.Format}} {
		t.Run(dir.folder, func(t *testing.T) {
			path := filepath.Join(samples, dir.folder)
			files, err := os.ReadDir(path)
			if err != nil {
				t.Skipf("no real files to read: ../shared/samples/%s is not beside the repository (%v)", dir.folder, err)
			}
			for _, f := range files {
				t.Run(f.Name(), func(t *testing.T) {
					data, err := os.ReadFile(filepath.Join(path, f.Name()))
					if err != nil {
						t.Fatal(err)
					}
					recs := readAll(t, dir.format, data)
					for _, w := range writers {
						importertest.RoundTrip(t, w, recs)
					}
				})
			}
		})
	}
}

// readAll reads every record of data in format f.
func readAll(t *testing.T, f importers.Format, data []byte) []*ssd3.Record {
	t.Helper()
	r := f.NewReader(bytes.NewReader(data), importers.Options{Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)})
	var recs []*ssd3.Record
	for {
		rec, err := r.Read()
		r.Diagnostics()
		if errors.Is(err, io.EOF) {
			return recs
		}
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
}
