package importertest

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// fails reports whether check fails its test.
func fails(check func(t testing.TB)) bool {
	var failed bool
	t := &testing.T{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() { failed = t.Failed() }()
		check(t)
	}()
	<-done
	return failed
}

func TestCheckRecord(t *testing.T) {
	good := func() *ssd3.Record {
		return ssd3.NewRecord(ssd3.Values{URI: "http://e/", Name: "n", Date: time.Now(), Description: "two\nlines",
			Extensions: []ssd3.Field{{Name: "X-Note", Value: "a\tb"}}})
	}
	if fails(func(t testing.TB) { CheckRecord(t, good(), true) }) {
		t.Error("a good record fails")
	}
	for name, spoil := range map[string]func(*ssd3.Record){
		"invalid":        func(r *ssd3.Record) { r.SetRating(9) },
		"escape in name": func(r *ssd3.Record) { r.SetName("a\x1b[31mb") },
		"tab in name":    func(r *ssd3.Record) { r.SetName("a\tb") },
		"bad UTF-8":      func(r *ssd3.Record) { r.SetCategory("\xff") },
		"bell in desc":   func(r *ssd3.Record) { r.SetDescription("a\x07") },
		"long category":  func(r *ssd3.Record) { r.SetCategory(strings.Repeat("a/", 100)) },
	} {
		r := good()
		spoil(r)
		if !fails(func(t testing.TB) { CheckRecord(t, r, true) }) {
			t.Errorf("%s: not caught", name)
		}
	}
	if !fails(func(t testing.TB) { CheckRecord(t, good(), false) }) {
		t.Error("a tab in an X- value passes where extensions are one line")
	}
}

// A Stream gives its pieces in order, ends where they end, and cuts
// the piece its size falls in, whatever the reads' lengths.
func TestStream(t *testing.T) {
	t.Parallel()
	pieces := []string{"head\n", "one\n", "two\n"}
	for _, tt := range []struct {
		size int64
		buf  int
		want string
	}{
		{1 << 40, 512, "head\none\ntwo\n"},
		{1 << 40, 1, "head\none\ntwo\n"},
		{7, 3, "head\non"},
		{5, 512, "head\n"},
		{0, 512, ""},
	} {
		s := &Stream{Size: tt.size, Piece: func(b []byte, i int) ([]byte, bool) {
			if i == len(pieces) {
				return b, false
			}
			return append(b, pieces[i]...), true
		}}
		got, err := readBy(s, tt.buf)
		if err != nil || string(got) != tt.want {
			t.Errorf("size %d, reads of %d: %q, %v; want %q", tt.size, tt.buf, got, err, tt.want)
		}
	}
}

// readBy reads r to its end n bytes at a time.
func readBy(r io.Reader, n int) ([]byte, error) {
	var out []byte
	p := make([]byte, n)
	for {
		k, err := r.Read(p)
		out = append(out, p[:k]...)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
	}
}
