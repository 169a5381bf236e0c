package formats

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/hinadi"
	"github.com/uricat/uricat/importers/importertest"
)

// exportTime is the clock of the Hina-Di header's Date in golden files.
var exportTime = time.Date(2026, 11, 21, 15, 4, 5, 0, time.UTC)

// writeFixed writes with f, with a fixed clock where the format has one,
// and returns the output and what the writer reported.
func writeFixed(f importers.Format, recs []*ssd3.Record) ([]byte, []ssd3.Diagnostic, error) {
	var buf bytes.Buffer
	if f.Name == "hinadi" {
		f.NewWriter = func(w io.Writer) importers.Writer {
			hw := hinadi.NewWriter(w)
			hw.Now = func() time.Time { return exportTime }
			return hw
		}
	}
	losses, err := Write(&buf, f, recs)
	return buf.Bytes(), losses, err
}

// TestEmpty: no records is a valid, almost empty file in every format.
func TestEmpty(t *testing.T) {
	want := map[string]string{"json": "[]\n", "csv": "uri,name,date,category,description,rating,language,type,id,added\r\n",
		"soif": "", "urc": ""}
	for _, f := range Writers() {
		got, _, err := writeFixed(f, nil)
		if err != nil {
			t.Errorf("%s: %v", f.Name, err)
			continue
		}
		if w, ok := want[f.Name]; ok && string(got) != w {
			t.Errorf("%s: empty export is %q, want %q", f.Name, got, w)
		}
		switch f.Name {
		case "netscape":
			if !strings.HasPrefix(string(got), "<!DOCTYPE NETSCAPE-Bookmark-file-1>") || strings.Contains(string(got), "<DT>") {
				t.Errorf("netscape: empty export is %q", got)
			}
		case "hinadi":
			if string(got) != "HINA/2.2beta\r\nUser-Agent: uricat\r\nContent-Type: text/plain; charset=UTF-8\r\nDate: Sat, 21 Nov 2026 15:04:05 GMT\r\n\r\n" {
				t.Errorf("hinadi: empty export is %q", got)
			}
		}
	}
}

// failingWriter fails once more than n bytes are written, like a full disk.
type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

// A write error reaches the caller, in every format, whether it happens at
// the first byte or at the last.
func TestWriteErrors(t *testing.T) {
	recs := importertest.Sample(t)
	for _, f := range Writers() {
		full, _, err := writeFixed(f, recs)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{0, len(full) / 2, len(full) - 1} {
			if _, err := Write(&failingWriter{n: n}, f, recs); err == nil || !strings.Contains(err.Error(), "disk full") {
				t.Errorf("%s: write failing after %d of %d bytes returned %v", f.Name, n, len(full), err)
			}
		}
	}
}

// No writer lets a control character that came from the data reach its
// output: a NAME of another catalogue, =?UTF-8?Q?=1B]52;c;...=07?=, decodes
// to an OSC 52 clipboard write, and a DESCRIPTION holds ESC [2J and the C1
// CSI (U+009B). JSON writes them as \u escapes, which read back the same;
// the others leave them out and say so (importers.Reporter).
func TestNoControlCharacters(t *testing.T) {
	c, err := catalogue.Read(strings.NewReader("URI: http://evil.example/\r\nNAME: =?UTF-8?Q?=1B]52;c;cHduZWQ=3D=07?=name\r\n" +
		"DATE: 01/03/2024 12:00:00\r\nDESCRIPTION: =?UTF-8?Q?clear=1B[2J_csi=C2=9B31m_del=7F?=\r\nX-NOTE: =?UTF-8?Q?bell=07?=\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	recs := c.Valid()
	if len(recs) != 1 || !strings.Contains(recs[0].Name(), "\x1b]52") || !strings.Contains(recs[0].Description(), "\u009b") {
		t.Fatalf("the catalogue did not decode the escapes: %d records", len(recs))
	}
	for _, f := range Writers() {
		var buf bytes.Buffer
		losses, err := Write(&buf, f, recs)
		if err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		for i, r := range out {
			if r < 0x20 && r != '\n' && r != '\r' && r != '\t' || r >= 0x7f && r <= 0x9f {
				t.Errorf("%s: control character %U at byte %d of\n%q", f.Name, r, i, out)
				break
			}
		}
		if f.Name == "json" {
			if !strings.Contains(out, `\u001b]52;c;cHduZWQ=\u0007name`) || !strings.Contains(out, `\u009b31m`) || !strings.Contains(out, `del\u007f`) {
				t.Errorf("json: the controls are not escaped:\n%s", out)
			}
			continue
		}
		if len(losses) != 1 || !strings.HasPrefix(losses[0].Msg, "record http://evil.example/: control characters") || losses[0].Kind != ssd3.Dropped {
			t.Errorf("%s: report %v, want one line about control characters", f.Name, losses)
		}
	}
}
