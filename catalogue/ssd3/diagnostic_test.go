package ssd3

import (
	"errors"
	"fmt"
	"testing"

	"github.com/uricat/uricat/internal/display"
)

// Every diagnostic is shown in one form, FILE:LINE:COLUMN: KIND: MESSAGE,
// with the parts of the position that are known; without a file, in words.
func TestDiagnosticString(t *testing.T) {
	tests := []struct {
		name string
		d    Diagnostic
		want string
	}{
		{"line and column", Diagnostic{File: "b.uricat", Line: 3, Column: 7, Offset: -1, Field: FieldDate, Kind: Error,
			Msg: `DATE "31/02/2007 00:00:00": February 2007 has no day 31 (3.3)`},
			`b.uricat:3:7: error: DATE "31/02/2007 00:00:00": February 2007 has no day 31 (3.3)`},
		{"line", Diagnostic{File: "b.uricat", Line: 1, Offset: -1, Kind: Warning, Msg: "4 line(s) end in LF alone"},
			"b.uricat:1: warning: 4 line(s) end in LF alone"},
		{"line wins over offset", Diagnostic{File: "in.html", Line: 9, Offset: 120, Kind: Dropped, Msg: "x"},
			"in.html:9: dropped: x"},
		{"offset", Diagnostic{File: "in.soif", Offset: 42, Kind: Skipped, Msg: "record not imported"},
			"in.soif:@42: skipped: record not imported"},
		{"offset 0 is a position", Diagnostic{File: "in.soif", Offset: 0, Kind: Deviation, Msg: "x"},
			"in.soif:@0: deviation: x"},
		{"file only", Diagnostic{File: "in.html", Offset: -1, Kind: Info, Msg: "3 separator(s) (<HR>) not imported"},
			"in.html: note: 3 separator(s) (<HR>) not imported"},
		{"no position", Diagnostic{Offset: -1, Kind: Dropped, Msg: "record http://x/: X-A left out"},
			"dropped: record http://x/: X-A left out"},
		{"line without a file", Diagnostic{Line: 11, Column: 9, Offset: -1, Field: FieldRating, Kind: Error, Msg: `RATING "nine" must be an integer from 1 to 5 (3.6)`},
			`line 11, column 9: error: RATING "nine" must be an integer from 1 to 5 (3.6)`},
		{"line only, without a file", Diagnostic{Line: 4, Offset: -1, Kind: Warning, Msg: "w"}, "line 4: warning: w"},
		{"offset without a file", Diagnostic{Offset: 7, Kind: Skipped, Msg: "s"}, "byte 7: skipped: s"},
		{"column without a line", Diagnostic{Column: 3, Offset: -1, Kind: Error, Msg: "e"}, "column 3: error: e"},
		{"column without a line, in a file", Diagnostic{File: "f", Column: 3, Offset: -1, Kind: Error, Msg: "e"}, "f: error: e"},
		// The field is for programs (the form's row, show --json): the
		// message names it, and the form does not say it again.
		{"field not repeated", Diagnostic{File: "f", Line: 2, Offset: -1, Field: FieldName, Kind: Error, Msg: "NAME must not be blank (2.2: values must not be empty)"},
			"f:2: error: NAME must not be blank (2.2: values must not be empty)"},
		// Nothing from a file reaches the terminal as a control sequence,
		// neither from the message nor from the file's name, and what
		// would reorder the text around it is shown (display.Text).
		{"controls shown safely", Diagnostic{File: "a\x1b[2Jb", Line: 1, Offset: -1, Kind: Dropped, Msg: "NAME \x1b]52;c;eA==\x07 left\nout\u202e"},
			"ab:1: dropped: NAME  left out⟨U+202E⟩"},
		{"unknown kind", Diagnostic{Offset: -1, Kind: Kind(99), Msg: "m"}, "kind 99: m"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.d.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
			if got := tt.d.Error(); got != tt.want {
				t.Errorf("Error() = %q, want %q", got, tt.want)
			}
			if got := fmt.Sprint(tt.d); got != tt.want {
				t.Errorf("fmt.Sprint = %q, want %q", got, tt.want)
			}
			if w, m := tt.d.Where(), tt.d.Message(); w != "" && w+": "+m != tt.want || w == "" && m != tt.want {
				t.Errorf("Where() %q and Message() %q do not make %q", w, m, tt.want)
			}
		})
	}
}

// errors.Is tells a diagnostic's kind, and only its kind, whether it is
// the diagnostic itself or an error that wraps it.
func TestDiagnosticIs(t *testing.T) {
	kinds := []Kind{Error, Warning, Skipped, Dropped, Deviation, Info}
	for _, k := range kinds {
		d := Diagnostic{File: "f", Line: 1, Offset: -1, Kind: k, Msg: "m"}
		wrapped := fmt.Errorf("reading f: %w", d)
		for _, other := range kinds {
			if got := errors.Is(d, other); got != (k == other) {
				t.Errorf("errors.Is(%s diagnostic, %s) = %v", k, other, got)
			}
			if got := errors.Is(wrapped, other); got != (k == other) {
				t.Errorf("errors.Is(wrapped %s diagnostic, %s) = %v", k, other, got)
			}
		}
		var got Diagnostic
		if !errors.As(wrapped, &got) || got != d {
			t.Errorf("errors.As gives %#v, want %#v", got, d)
		}
	}
}

// Whatever a file's name or a message holds, a diagnostic is shown on one
// line with no control character, escape sequence or invisible character,
// and String is Where and Message joined.
func FuzzDiagnostic(f *testing.F) {
	f.Add("b.uricat", 3, 7, int64(-1), 0, "DATE \"x\" is bad")
	f.Add("a\x1b[2Jb", 0, 0, int64(42), 2, "\x1b]52;c;eA==\x07 \u202e\u200b\r\n\x9b")
	f.Add("", 0, 3, int64(-1), 99, "")
	f.Fuzz(func(t *testing.T, file string, line, col int, off int64, kind int, msg string) {
		d := Diagnostic{File: file, Line: line, Column: col, Offset: off, Kind: Kind(kind), Msg: msg}
		s := d.String()
		for _, r := range s {
			if r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f {
				t.Fatalf("%#v is shown as %q, with %U", d, s, r)
			}
		}
		if display.HasInvisible(s) {
			t.Fatalf("%#v is shown as %q, with an invisible character", d, s)
		}
		if w, m := d.Where(), d.Message(); w != "" && s != w+": "+m || w == "" && s != m {
			t.Fatalf("String %q is not Where %q and Message %q", s, w, m)
		}
		if !errors.Is(d, d.Kind) || d.Error() != s {
			t.Fatalf("%#v: not an error of its kind", d)
		}
	})
}
