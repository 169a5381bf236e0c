package importers

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

func TestKindKey(t *testing.T) {
	same := [][2]ssd3.Diagnostic{
		{{Line: 3, Kind: ssd3.Deviation, Msg: `column "x" is named twice in the 200 line`}, {Line: 9, Kind: ssd3.Deviation, Msg: `column "y\"z" is named twice in the 200 line`}},
		{{Offset: 10, Kind: ssd3.Dropped, Msg: "Title{3} at @10: the size does not match"}, {Offset: 99, Kind: ssd3.Dropped, Msg: "Title{45} at @99: the size does not match"}},
		{{Kind: ssd3.Skipped, Msg: "record http://a.example/x not imported: NAME is required"}, {Kind: ssd3.Skipped, Msg: "record ftp://b/ not imported: NAME is required"}},
	}
	for _, p := range same {
		if a, b := kindKey(p[0]), kindKey(p[1]); a != b {
			t.Errorf("%q and %q are of one kind, but their keys differ: %q, %q", p[0].Msg, p[1].Msg, a, b)
		}
	}
	differ := [][2]ssd3.Diagnostic{
		{{Kind: ssd3.Deviation, Msg: "lines end in LF alone"}, {Kind: ssd3.Deviation, Msg: "lines end in CR alone"}},
		{{Kind: ssd3.Deviation, Msg: `column "x" is named twice`}, {Kind: ssd3.Dropped, Msg: `column "x" is named twice`}},
	}
	for _, p := range differ {
		if kindKey(p[0]) == kindKey(p[1]) {
			t.Errorf("%+v and %+v are not of one kind", p[0], p[1])
		}
	}
}

// floodReader gives one record and n diagnostics of one kind, and a few of
// another.
type floodReader struct {
	n    int
	done bool
}

func (r *floodReader) Read() (*ssd3.Record, error) {
	if r.done {
		return nil, io.EOF
	}
	r.done = true
	return ssd3.NewRecord(ssd3.Values{URI: "http://example.org/", Name: "x", Date: time.Unix(1, 0)}), nil
}

func (r *floodReader) Diagnostics() []ssd3.Diagnostic {
	if r.n == 0 {
		return nil
	}
	var ds []ssd3.Diagnostic
	for i := 0; i < r.n; i++ {
		ds = append(ds, ssd3.Diagnostic{Line: i + 2, Offset: -1, Kind: ssd3.Deviation, Msg: fmt.Sprintf("column %q is named twice in the 200 line; the first one is used", fmt.Sprint("c", i%7))})
		if i%100000 == 0 {
			ds = append(ds, ssd3.Diagnostic{Line: i + 2, Offset: -1, Kind: ssd3.Dropped, Msg: "a different matter"})
		}
	}
	r.n = 0
	return ds
}

// TestFlood: a flood of one diagnostic is summarised: after the first few
// of a kind, one line "and N more like this" (issue 10: an http-index file
// with 500,000 repeated column names printed 500,000 lines). Other kinds
// are kept, in order, and the counts stay true.
func TestFlood(t *testing.T) {
	f := Format{Name: "flood", NewReader: func(io.Reader, Options) Reader { return &floodReader{n: 500_000} }}
	s, err := NewPlan(false).Read(context.Background(), f, strings.NewReader(""), ReadConfig{Source: "listing.idx"})
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, d := range s.Diagnostics {
		lines = append(lines, d.In("listing.idx").String())
	}
	want := []string{
		`listing.idx:2: deviation: column "c0" is named twice in the 200 line; the first one is used`,
		`listing.idx:2: dropped: a different matter`,
		`listing.idx:3: deviation: column "c1" is named twice in the 200 line; the first one is used`,
		`listing.idx:4: deviation: column "c2" is named twice in the 200 line; the first one is used`,
		`listing.idx:5: deviation: column "c3" is named twice in the 200 line; the first one is used`,
		`listing.idx:6: deviation: column "c4" is named twice in the 200 line; the first one is used`,
		`listing.idx:7: deviation: and 499995 more like this, the last at line 500001`,
		`listing.idx:100002: dropped: a different matter`,
		`listing.idx:200002: dropped: a different matter`,
		`listing.idx:300002: dropped: a different matter`,
		`listing.idx:400002: dropped: a different matter`,
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if s.Dropped != 5 || s.Imported != 1 {
		t.Errorf("summary %s: the counts must count everything", s)
	}
}
