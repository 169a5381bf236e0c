package display

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// shownSafely fails t unless out, shown to people, is UTF-8 with no
// control character but line feed (and tab, when tabs is true), and no
// invisible character but as a marker.
func shownSafely(t *testing.T, in, out string, tabs bool) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("%q is shown as %q, not UTF-8", in, out)
	}
	for _, r := range out {
		if unicode.IsControl(r) && r != '\n' && (r != '\t' || !tabs) || Invisible(r) {
			t.Fatalf("%q is shown as %q, which holds %U", in, out, r)
		}
	}
}

// FuzzLines: what Lines and Text show carries no
// control character but Lines' line feeds, and no invisible
// character but as a marker; shown again, it stays as it is.
func FuzzLines(f *testing.F) {
	for _, s := range []string{"plain", "evil\x1b]52;c;aGk=\x07.html", "BIDI\u202etxt.exe", "a\u00adb\U000E0041c\ufe0f", "\xff\u009b2J\r\n\t\u2028\U0001D173", "\u3164\u115f\u180e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lines, text := Lines(s), Text(s)
		shownSafely(t, s, lines, false)
		shownSafely(t, s, text, false)
		if strings.Contains(text, "\n") {
			t.Fatalf("Text(%q) = %q spans lines", s, text)
		}
		if Lines(lines) != lines || Text(text) != text {
			t.Fatalf("shown again, %q changes", s)
		}
	})
}

// FuzzWriter: text written to a Writer in pieces, split
// anywhere (inside an escape sequence, a character, a CRLF), shows as
// written at once: as Lines shows it, with tabs kept.
func FuzzWriter(f *testing.F) {
	f.Add("evil\x1b]52;c;aGk=\x07.html\n", uint16(7), uint16(3))
	f.Add("a\r\nb\u202e\u200bc\t\xe2\x80", uint16(2), uint16(1))
	f.Add("\u009d0;title\u009c \x1b[2J\U000E0001", uint16(1), uint16(9))
	f.Fuzz(func(t *testing.T, s string, at, step uint16) {
		var out strings.Builder
		w := NewWriter(&out)
		rest := s
		for n := int(at); rest != ""; n = int(step) + 1 {
			n = min(n, len(rest))
			if _, err := w.Write([]byte(rest[:n])); err != nil {
				t.Fatal(err)
			}
			rest = rest[n:]
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		want := MarkInvisible(Clean(s))
		if len(s) < maxHeld && out.String() != want {
			t.Fatalf("%q written in pieces shows %q, at once %q", s, out.String(), want)
		}
		shownSafely(t, s, out.String(), true)
	})
}

// An OSC 52 clipboard write (a file named "evil\e]52;c;…\a.html") and a
// bidirectional override reach the terminal neither at once nor split
// across writes, nor does a sequence cut short by the end of the output.
func TestWriter(t *testing.T) {
	for _, tt := range []struct {
		writes []string
		want   string
	}{
		{[]string{"cannot open evil\x1b]52;c;aGk=\x07.html: no such file\n"}, "cannot open evil.html: no such file\n"},
		{[]string{"evil\x1b]5", "2;c;aGk=", "\x07.html\n"}, "evil.html\n"},
		{[]string{"BIDI\xe2\x80", "\xaetxt.exe\tok\r", "\n"}, "BIDI⟨U+202E⟩txt.exe\tok\n"},
		{[]string{"Delete? "}, "Delete? "},
		{[]string{"end\x1b[3"}, "end"},
	} {
		var out strings.Builder
		w := NewWriter(&out)
		for _, s := range tt.writes {
			w.Write([]byte(s))
		}
		if tt.want == "Delete? " && out.String() != tt.want {
			t.Errorf("a prompt is held back: %q shown before Flush", out.String())
		}
		w.Flush()
		if out.String() != tt.want {
			t.Errorf("%q shows %q, want %q", tt.writes, out.String(), tt.want)
		}
	}
}
