package display

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode"
)

func TestURI(t *testing.T) {
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
		if got := URI(tt.in); got != tt.want {
			t.Errorf("URI(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestTextShowsInvisibleCharacters(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"BIDIMARK\u202Etxt.exe", "BIDIMARK⟨U+202E⟩txt.exe"},
		{"zero\u200Bwidth", "zero⟨U+200B⟩width"},
		{"plain Köln", "plain Köln"},
		{"a\u2067b\u2069", "a⟨U+2067⟩b⟨U+2069⟩"},
	} {
		if got := Text(tt.in); got != tt.want {
			t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	// The data keeps them.
	if Clean("a\u202Eb") != "a\u202Eb" {
		t.Error("Clean dropped a bidirectional character the data holds")
	}
}

func FuzzURI(f *testing.F) {
	for _, s := range []string{"https://xn--bcher-kva.de/%C3%B6", "%", "%e2%80%ae", "a://@xn--/:%zz"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := URI(s)
		for _, r := range got {
			if Invisible(r) || (r < 0x20 && r != '\t') || (r >= 0x7f && r < 0xa0) {
				if !containsRune(s, r) {
					t.Fatalf("URI(%q) = %q shows %U, which was escaped", s, got, r)
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
func TestDate(t *testing.T) {
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
		if got := Date(tt.in); got != tt.want {
			t.Errorf("Date(%v) = %q, want %q", tt.in, got, tt.want)
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

// Issue 22: the invisible code points that were never marked, as the
// issue lists them, are marked now, each alone and inside a name; and so
// are the ones marked before.
func TestInvisibleMarksEveryDefaultIgnorable(t *testing.T) {
	for _, tt := range []struct {
		what   string
		lo, hi rune
	}{
		{"language tag", 0xE0001, 0xE0001},
		{"tag characters", 0xE0020, 0xE007F},
		{"invisible math operators", 0x2061, 0x2064},
		{"Mongolian vowel separator", 0x180E, 0x180E},
		{"soft hyphen", 0x00AD, 0x00AD},
		{"deprecated format characters", 0x206A, 0x206F},
		{"interlinear annotation", 0xFFF9, 0xFFFB},
		{"variation selectors", 0xFE00, 0xFE0F},
		{"variation selectors supplement", 0xE0100, 0xE01EF},
		{"combining grapheme joiner", 0x034F, 0x034F},
		{"Hangul filler", 0x3164, 0x3164},
		{"Hangul choseong filler", 0x115F, 0x115F},
		{"musical symbol format controls", 0x1D173, 0x1D17A},
		// Marked before issue 22.
		{"bidirectional embeddings and overrides", 0x202A, 0x202E},
		{"bidirectional isolates", 0x2066, 0x2069},
		{"marks", 0x200E, 0x200F},
		{"Arabic letter mark", 0x061C, 0x061C},
		{"zero-width characters", 0x200B, 0x200D},
		{"word joiner", 0x2060, 0x2060},
		{"byte order mark", 0xFEFF, 0xFEFF},
	} {
		for r := tt.lo; r <= tt.hi; r++ {
			name := "pay" + string(r) + "pal.com"
			want := fmt.Sprintf("pay⟨U+%04X⟩pal.com", r)
			if !Invisible(r) || !HasInvisible(name) || Text(name) != want {
				t.Errorf("%s %U: Invisible %v, HasInvisible %v, Text %q, want %q",
					tt.what, r, Invisible(r), HasInvisible(name), Text(name), want)
			}
		}
	}
}

// What fonts show is not marked: letters, digits, punctuation and symbols
// of every script, spaces, and the format characters shown as glyphs
// (the Arabic number sign, Egyptian hieroglyph format controls).
func TestInvisibleLeavesShownTextAlone(t *testing.T) {
	for _, s := range []string{
		"plain ASCII ~!@#$%^&*()", "Köln Straße café © ° £ ½ ¿", "Tiếng Việt",
		"東京都・ニュース　ウィキペディア", "한국어 위키백과", "ภาษาไทย", "Ελληνικά Русский עברית العربية",
		"ខ្មែរ ᠮᠣᠩᠭᠣᠯ", "हिन्दी", "🎉🚀😀 🇩🇪", "a\u00a0b\u2003c\u3000d",
		"\u0600\u06dd\u070f\U000110bd", "\U00013430\U0001343f",
	} {
		if HasInvisible(s) || Text(s) != s {
			t.Errorf("Text(%q) = %q, want it unchanged", s, Text(s))
		}
	}
}

// InvisibleLeads, which scans for invisible characters rely on, are the
// lead bytes of the set, each and only.
func TestInvisibleLeads(t *testing.T) {
	leads := map[byte]bool{}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if Invisible(r) {
			leads[string(r)[0]] = true
		}
	}
	var want []byte
	for c := range 256 {
		if leads[byte(c)] {
			want = append(want, byte(c))
		}
	}
	if InvisibleLeads != string(want) {
		t.Errorf("InvisibleLeads = %q, want %q", InvisibleLeads, want)
	}
}
