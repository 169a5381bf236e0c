package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/internal/display"
)

// hostile is another program's catalogue, valid SSD3, whose text decodes
// to terminal commands: a NAME that is an OSC 52 clipboard write ending in
// a right-to-left override (so that "BIDI\u202Etxt.exe" reads "BIDIexe.txt"),
// an X- field that clears the screen, a CATEGORY with a C1 CSI and a
// zero-width space (issue 10, "Safety").
const hostile = "URI: https://evil.example/\r\n" +
	"NAME: =?UTF-8?Q?=1B]52;c;aGk=3D=07BIDI=E2=80=AEtxt.exe?=\r\n" +
	"DATE: 31/10/2007 19:28:00\r\n" +
	"CATEGORY: =?UTF-8?Q?Cat=C2=9B2Jx=E2=80=8B?=\r\n" +
	"DESCRIPTION: =?UTF-8?Q?first=1B]0;title=07_line=0Asecond_line?=\r\n" +
	"X-EVIL: =?UTF-8?Q?=1B[2J?=\r\n" +
	"X-TAGS: =?UTF-8?Q?a=1B[2Jb,c=E2=80=AEd?=\r\n\r\n" +
	"URI: https://ok.example/\r\nNAME: Plain\r\nDATE: 31/10/2007 19:28:00\r\n"

// terminalCommand returns the index of the first byte of out that a
// terminal obeys rather than shows, or -1: a C0 control but line feed, tab (and
// CR before LF, as CRLF files end lines), DEL, or a C1 control in UTF-8.
func terminalCommand(out string) int {
	for i := 0; i < len(out); i++ {
		switch c := out[i]; {
		case c == '\n', c == '\t', c == '\r' && i+1 < len(out) && out[i+1] == '\n':
		case c < 0x20, c == 0x7f, c == 0xc2 && i+1 < len(out) && out[i+1] >= 0x80 && out[i+1] <= 0x9f:
			return i
		}
	}
	return -1
}

// Issue 10, "Safety": nothing from a file reaches the terminal as a control
// sequence, from any command, exports in every format included; list, show
// and check show the bidirectional override as a marker.
func TestNothingFromAFileReachesTheTerminal(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, hostile)
	dir := t.TempDir()
	type run struct {
		args   []string
		marker bool // the output must show ⟨U+202E⟩
	}
	runs := []run{
		{[]string{"list"}, true},
		{[]string{"list", "--group", "category"}, true},
		{[]string{"list", "--search", "bidi"}, true},
		{[]string{"list", "--json"}, false},
		{[]string{"show", "https://evil.example/"}, true},
		{[]string{"show", "--json", "https://evil.example/"}, false},
		{[]string{"check"}, true},
		{[]string{"categories"}, false},
		{[]string{"tags"}, true},
		{[]string{"show", "https://nowhere.example/"}, false},
	}
	for _, f := range []string{"netscape", "soif", "hinadi", "urc", "json", "csv"} {
		out := filepath.Join(dir, "export."+f)
		runs = append(runs, run{args: []string{"export", "--format", f}},
			run{args: []string{"export", "--format", f, "-o", out}},
			run{args: []string{"--catalogue", filepath.Join(dir, "dry.uricat"), "import", "--dry-run", out}, marker: true},
			run{args: []string{"--catalogue", filepath.Join(dir, f+".uricat"), "import", out}})
	}
	for _, r := range runs {
		code, stdout, stderr := uricat(t, append([]string{"--catalogue", path}, r.args...)...)
		if code == 2 {
			t.Errorf("%q: exit 2: %s", r.args, stderr)
		}
		for what, out := range map[string]string{"stdout": stdout, "stderr": stderr} {
			if i := terminalCommand(out); i >= 0 {
				t.Errorf("%q: %s holds %q at %d:\n%q", r.args, what, out[i:min(i+2, len(out))], i, out)
			}
		}
		if r.marker && !strings.Contains(stdout+stderr, "⟨U+202E⟩") {
			t.Errorf("%q: the right-to-left override is not shown as ⟨U+202E⟩:\n%s%s", r.args, stdout, stderr)
		}
		if strings.Contains(stdout+stderr, "\u202e") && !strings.HasPrefix(r.args[0], "export") && r.args[0] != "--catalogue" {
			t.Errorf("%q: the right-to-left override reaches the terminal raw:\n%s%s", r.args, stdout, stderr)
		}
	}
}

// FuzzShownText: whatever a catalogue holds, what show prints of its
// fields, and the notes show and check add, carry no control character
// but the line feeds between lines, and no invisible character raw.
func FuzzShownText(f *testing.F) {
	f.Add(hostile)
	f.Add("URI: http://a/\nNAME: =?UTF-8?B?4oCu?=\nX-A: =?UTF-8?q?=0D=0A=C2=9B?=\nDESCRIPTION: =?UTF-8?q?a=0A=E2=80=8Bb?=\n")
	f.Fuzz(func(t *testing.T, text string) {
		c, err := catalogue.Read(strings.NewReader(text))
		if err != nil {
			return
		}
		for _, r := range c.Records() {
			out := shownLines(r)
			for _, d := range hiddenText(r) {
				out = append(out, d.String())
			}
			for _, out := range out {
				if i := terminalCommand(out); i >= 0 || display.HasInvisible(out) {
					t.Fatalf("record %q is shown as %q", r.Raw(), out)
				}
			}
		}
	})
}
