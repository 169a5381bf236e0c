package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/display"
)

// sameFields reports how a and b differ in any field, DATE included.
func sameFields(a, b *ssd3.Record) []ssd3.Field {
	d := ssd3.Diff(a, b)
	if da, db := ssd3.GetField(a, ssd3.FieldDate), ssd3.GetField(b, ssd3.FieldDate); da != db {
		d = append(d, ssd3.Field{Name: ssd3.FieldDate, Value: db})
	}
	return d
}

func TestFieldLinesRoundTrip(t *testing.T) {
	t.Parallel()
	c, err := catalogue.Read(strings.NewReader(editCatalogue + "\r\n\r\n" + selectCatalogue +
		"\r\n\r\nURI: http://x/\r\nNAME: =?UTF-8?q?tab=09and_=3D=3F_and_=1B[31m?=\r\nDATE: 01/01/2020 00:00:00\r\nX-NOTE: =?UTF-8?q?caf=C3=A9?=\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range c.Records() {
		lines := fieldLines(r)
		for _, l := range lines {
			if display.Text(l) != l {
				t.Errorf("line %q would reach the terminal with a control character", l)
			}
		}
		back, errs := parseFieldLines(strings.Join(lines, "\n"))
		if errs != nil {
			t.Errorf("record at line %d: %q does not read back: %q", r.Line(), lines, errs)
			continue
		}
		if d := sameFields(r, back); len(d) > 0 {
			t.Errorf("record at line %d: %q reads back with %q changed", r.Line(), lines, d)
		}
	}
}

func TestParseFieldLines(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text string
		errs []string
	}{
		{"URI: http://a/\nNAME: A\n# a comment\n\nX-A: b\r\n", nil},
		{"NAME:\nURI: http://a/", nil}, // an empty value is no field
		{"NAME: A\nNAME: B", []string{"NAME is there twice: a record has each field once (SSD3 2.2)"}},
		{"just words", []string{`"just words" is not a field: write NAME: value`}},
		{"RATING: 9\nFOO: x\nNAME: =?no-such-charset?q?y?=", []string{`RATING "9" must be an integer from 1 to 5 (3.6)`,
			`field name "FOO": fields not defined by SSD3 must start with "X-" (2.2)`, "NAME: "}},
	}
	for _, tt := range tests {
		rec, errs := parseFieldLines(tt.text)
		if len(errs) != len(tt.errs) || (rec == nil) != (tt.errs != nil) {
			t.Errorf("%q: %v, %q; want %q", tt.text, rec, errs, tt.errs)
			continue
		}
		for i := range errs {
			if !strings.HasPrefix(errs[i], tt.errs[i]) {
				t.Errorf("%q: error %q, want %q", tt.text, errs[i], tt.errs[i])
			}
		}
	}
	rec, _ := parseFieldLines("URI: http://a/\nNAME: A\nX-A: b\r\n")
	if got := ssd3.FieldNames(rec); !slices.Equal(got, []string{"URI", "NAME", "X-A"}) || rec.Extension("X-A") != "b" {
		t.Errorf("fields %q", got)
	}
}

// FuzzFieldLines: the buffer reader never panics, and what it reads is
// written and read back the same; so is every record of any catalogue.
func FuzzFieldLines(f *testing.F) {
	f.Add(editCatalogue)
	f.Add(selectCatalogue)
	f.Add("URI: http://a/\nNAME: =?UTF-8?B?4oCu?=\nX-A: =?UTF-8?q?=0D=0A?=\n")
	f.Fuzz(func(t *testing.T, text string) {
		if rec, errs := parseFieldLines(text); errs == nil {
			lines := fieldLines(rec)
			back, errs := parseFieldLines(strings.Join(lines, "\n"))
			if errs != nil {
				t.Fatalf("%q reads as %q, which does not read back: %q", text, lines, errs)
			}
			if d := sameFields(rec, back); len(d) > 0 {
				t.Fatalf("%q reads as %q, which reads back with %q changed", text, lines, d)
			}
		}
		c, err := catalogue.Read(strings.NewReader(text))
		if err != nil {
			return
		}
		for _, r := range c.Records() {
			lines := fieldLines(r)
			back, errs := parseFieldLines(strings.Join(lines, "\n"))
			if errs != nil {
				t.Fatalf("record %q: %q does not read back: %q", r.Raw(), lines, errs)
			}
			if d := sameFields(r, back); len(d) > 0 {
				t.Fatalf("record %q: %q reads back with %q changed", r.Raw(), lines, d)
			}
		}
	})
}

// TestPlainText holds check's shortcut to what it stands for: a value
// plainText passes is one hiddenText has nothing to say of, and the values
// it does not pass are those with a byte that could need a word (FuzzPlainText
// tries the rest).
func TestPlainText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		v     string
		plain bool
	}{
		{"", true},
		{"A page about kernel and rust", true},
		{"two\nlines\tand a tab, longer than a word", true},
		{"short\n", true},
		{"CRLF\r\nline", false},
		{"an escape \x1b[31m in the middle of a long value", false},
		{"DEL\x7f", false},
		{"Café", false},
		{"a bidi override \u202e further than eight bytes", false},
		{"12345678\x00", false},
	} {
		if got := plainText(c.v); got != c.plain {
			t.Errorf("plainText(%q) = %v, want %v", c.v, got, c.plain)
		}
		checkPlainText(t, c.v)
	}
}

// checkPlainText fails if plainText passes v but hiddenText would note it.
func checkPlainText(t *testing.T, v string) {
	t.Helper()
	if !plainText(v) {
		return
	}
	if _, dropped := importers.SafeText(v); dropped || display.HasInvisible(v) {
		t.Errorf("plainText(%q) = true, but hiddenText notes it (dropped %v)", v, dropped)
	}
}

func FuzzPlainText(f *testing.F) {
	for _, v := range []string{"", "plain text of some length", "a\tb\nc", "\x1b[0m", "\u200b", "\r\n"} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v string) {
		checkPlainText(t, v)
		if plainText(v) != !strings.ContainsFunc(v, func(r rune) bool {
			return r >= 0x7f || r < 0x20 && r != '\n' && r != '\t'
		}) {
			t.Errorf("plainText(%q) = %v, not what a rune at a time says", v, plainText(v))
		}
	})
}
