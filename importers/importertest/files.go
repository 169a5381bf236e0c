package importertest

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// dir is this package's directory, whatever package's test asks.
func dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(file)
}

// SamplePath is the sample catalogue every writer's golden file and round
// trip is made of: six valid records with non-ASCII text, quotes, ";", "%",
// "<", "&", multi-line descriptions and extensions, and one without DATE.
func SamplePath() string { return filepath.Join(dir(), "testdata", "sample.uricat") }

// Sample returns the valid records of the sample catalogue (SamplePath).
func Sample(t testing.TB) []*ssd3.Record {
	t.Helper()
	f, err := os.Open(SamplePath())
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := catalogue.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	recs := c.Valid()
	if len(recs) != 6 || c.Len() != 7 {
		t.Fatalf("sample.uricat: %d valid records of %d, want 6 of 7", len(recs), c.Len())
	}
	return recs
}

// SharedSamples returns the folder of real files sub (a folder name of
// ../shared/samples, beside the module's root: "netscape-bookmark-file"),
// or skips t, naming the folder, when it is absent: the tests pass on a
// clone that has no ../shared.
func SharedSamples(t testing.TB, sub string) string {
	t.Helper()
	root := filepath.Join(dir(), "..", "..", "..", "shared", "samples", sub)
	if st, err := os.Stat(root); err != nil || !st.IsDir() {
		t.Skipf("the real samples in %s are not there: skipped", root)
	}
	return root
}

// Added returns three records for the exports of when a bookmark was
// added (X-ADDED): one edited since it was added, one never edited, and
// one whose X-ADDED is not a date.
func Added(t testing.TB) []*ssd3.Record {
	t.Helper()
	c, err := catalogue.Read(strings.NewReader("URI: http://edited/\r\nNAME: E\r\nDATE: 01/03/2026 12:00:00\r\nX-TAGS: t\r\nX-ADDED: 19/05/2016 19:43:55\r\n\r\n" +
		"URI: http://new/\r\nNAME: N\r\nDATE: 19/05/2016 19:43:55\r\n\r\n" +
		"URI: http://odd/\r\nNAME: O\r\nDATE: 01/03/2026 12:00:00\r\nX-ADDED: last year\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	return c.Records()
}
