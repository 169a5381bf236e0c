package catalogue

import (
	"strings"
	"testing"
	"time"
)

func TestDisplayURI(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"https://de.wikipedia.org/wiki/K%C3%B6ln", "https://de.wikipedia.org/wiki/Köln"},
		{"https://xn--bcher-kva.de/stra%C3%9Fe", "https://bücher.de/straße"},
		{"https://user@xn--bcher-kva.de:8080/", "https://user@bücher.de:8080/"},
		{"https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC%E9%83%BD", "https://ja.wikipedia.org/wiki/東京都"},
		// ASCII escapes change meaning when decoded: they stay.
		{"http://example.com/a%2Fb.txt?q=%2B%20x", "http://example.com/a%2Fb.txt?q=%2B%20x"},
		// Not UTF-8, or a lone lead byte: kept as written.
		{"http://example.com/%FF%C3", "http://example.com/%FF%C3"},
		// A bidirectional override and a no-break space stay escaped.
		{"http://example.com/a%E2%80%AEb%C2%A0c", "http://example.com/a%E2%80%AEb%C2%A0c"},
		{"mailto:someone@example.com", "mailto:someone@example.com"},
		{"http://xn--invalid-.example/", "http://xn--invalid-.example/"},
	} {
		if got := DisplayURI(tt.in); got != tt.want {
			t.Errorf("DisplayURI(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDisplayTextShowsInvisibleCharacters(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"BIDIMARK\u202Etxt.exe", "BIDIMARK⟨U+202E⟩txt.exe"},
		{"zero\u200Bwidth", "zero⟨U+200B⟩width"},
		{"plain Köln", "plain Köln"},
		{"a\u2067b\u2069", "a⟨U+2067⟩b⟨U+2069⟩"},
	} {
		if got := DisplayText(tt.in); got != tt.want {
			t.Errorf("DisplayText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	// The data keeps them.
	if CleanText("a\u202Eb") != "a\u202Eb" {
		t.Error("CleanText dropped a bidirectional character the data holds")
	}
}

func FuzzDisplayURI(f *testing.F) {
	for _, s := range []string{"https://xn--bcher-kva.de/%C3%B6", "%", "%e2%80%ae", "a://@xn--/:%zz"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := DisplayURI(s)
		for _, r := range got {
			if Invisible(r) || (r < 0x20 && r != '\t') || (r >= 0x7f && r < 0xa0) {
				if !containsRune(s, r) {
					t.Fatalf("DisplayURI(%q) = %q shows %U, which was escaped", s, got, r)
				}
			}
		}
	})
}

func containsRune(s string, r rune) bool {
	for _, x := range s {
		if x == r {
			return true
		}
	}
	return false
}

// One display of a DATE everywhere: year first, to the minute, saying UTC
// (the zone SSD3 3.3 stores), whatever zone the time was made in.
func TestDisplayDate(t *testing.T) {
	berlin := time.FixedZone("CET", 3600)
	for _, tt := range []struct {
		in   time.Time
		want string
	}{
		{time.Date(2007, 10, 30, 8, 31, 32, 0, time.UTC), "2007-10-30 08:31 UTC"},
		{time.Date(2021, 12, 12, 13, 44, 0, 0, berlin), "2021-12-12 12:44 UTC"},
		{time.Date(2000, 1, 1, 0, 30, 0, 0, berlin), "1999-12-31 23:30 UTC"},
		{time.Time{}, ""},
	} {
		if got := DisplayDate(tt.in); got != tt.want {
			t.Errorf("DisplayDate(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzHasInvisible: the scan for lead bytes agrees with decoding every rune.
func FuzzHasInvisible(f *testing.F) {
	f.Add("BIDI\u202Etxt.exe")
	f.Add("plain — text \ufeff \u061c é")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := HasInvisible(s), strings.IndexFunc(s, Invisible) >= 0; got != want {
			t.Fatalf("HasInvisible(%q) = %v, want %v", s, got, want)
		}
	})
}

// Every date a record holds shows in the one display format, whatever form
// it is stored in; what is not a date shows as stored.
func TestDisplayDateText(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{"19/05/2016 19:43:55", "2016-05-19 19:43 UTC", true},
		{"Mon, 02 Jan 2017 10:00:00 GMT", "2017-01-02 10:00 UTC", true},
		{"Mon, 02 Jan 2017 10:00:00 EST", "2017-01-02 15:00 UTC", true},
		{"2017-01-02T10:00:00+02:00", "2017-01-02 08:00 UTC", true},
		{"Mon, 02 Jan 2017 10:00:00 XYZ", "Mon, 02 Jan 2017 10:00:00 XYZ", false}, // a zone nobody knows
		{"31/02/2016 00:00:00", "31/02/2016 00:00:00", false},
		{"19/05", "19/05", false},
		{"yesterday", "yesterday", false},
	} {
		if got, ok := DisplayDateText(tt.in); got != tt.want || ok != tt.ok {
			t.Errorf("DisplayDateText(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
