package importertest

import (
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
