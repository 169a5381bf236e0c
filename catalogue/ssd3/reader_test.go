package ssd3_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// readAll reads every record of text, the ParseErrors beside them.
func readAll(t *testing.T, rd *ssd3.Reader) (recs []*ssd3.Record, errs []error) {
	t.Helper()
	for {
		rec, err := rd.Read()
		if err == io.EOF {
			return recs, errs
		}
		var pe *ssd3.ParseError
		if err != nil && !errors.As(err, &pe) {
			t.Fatalf("Read: %v", err)
		}
		if rec == nil {
			t.Fatalf("Read returned no record with %v", err)
		}
		recs = append(recs, rec)
		errs = append(errs, err)
	}
}

// crlf makes the lines of s end in CRLF, as SSD3's examples do (the copy
// in shared/specs lost its line breaks: see its README).
func crlf(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }

// The examples of SSD3 section 4 read as the spec says.
func TestReaderSpecExamples(t *testing.T) {
	t.Parallel()
	ex41, err := os.ReadFile("../testdata/ex41.uricat")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		text  string
		names []string
		lines []int
	}{
		{"4.1 full example, two records", string(ex41),
			[]string{"Google", `SSD3 - "Specification of URI-Catalogue format"`}, []int{1, 11}},
		{"4.2 minimum example", crlf("URI: http://shadyindustries.biz/ssd/ssd3.txt\nNAME: SSD3 - \"Specification of URI-Catalogue format\"\nDATE: 31/10/2007 19:28:45\n"),
			[]string{`SSD3 - "Specification of URI-Catalogue format"`}, []int{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			recs, errs := readAll(t, ssd3.NewReader(strings.NewReader(tt.text)))
			if len(recs) != len(tt.names) {
				t.Fatalf("read %d records, want %d", len(recs), len(tt.names))
			}
			for i, r := range recs {
				if errs[i] != nil || !r.Valid() || r.Name() != tt.names[i] || r.Line() != tt.lines[i] {
					t.Errorf("record %d: %q at line %d, valid %v, error %v; want %q at line %d", i, r.Name(), r.Line(), r.Valid(), errs[i], tt.names[i], tt.lines[i])
				}
			}
		})
	}
}

// A record with problems is returned with them, and with a ParseError
// whose kind errors.Is tells; the next record is read all the same.
func TestReaderErrorsHaveKinds(t *testing.T) {
	t.Parallel()
	const good = "URI: http://e/\nNAME: n\nDATE: 31/10/2007 19:03:34\n"
	tests := []struct {
		name   string
		line   string // added to a valid record, at its line 4
		kind   error
		column int
	}{
		{"a line that is not a field (2.1.2)", "just words", ssd3.ErrBareLine, 1},
		{"an unknown field (2.2)", "COLOUR: red", ssd3.ErrFieldName, 1},
		{"a bad byte in a name (2.1.3)", "X-A B: c", ssd3.ErrFieldName, 4},
		{"a byte that is not ASCII (2.1.1)", "X-NOTE: caf\xc3\xa9", ssd3.ErrNotASCII, 12},
		{"no space after the colon (2.1.2)", "X-NOTE:x", ssd3.ErrFieldSyntax, 8},
		{"an invalid RATING (3.6)", "RATING: 9", ssd3.ErrValue, 9},
		{"a field twice (2.2)", "NAME: m", ssd3.ErrDuplicate, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			text := crlf(good + tt.line + "\n\n" + good)
			recs, errs := readAll(t, ssd3.NewReader(strings.NewReader(text)))
			if len(recs) != 2 {
				t.Fatalf("read %d records, want 2: a bad record is not dropped", len(recs))
			}
			var pe *ssd3.ParseError
			if !errors.As(errs[0], &pe) || !errors.Is(errs[0], tt.kind) || !errors.Is(errs[0], ssd3.Error) {
				t.Fatalf("error %v, want a ParseError of %v", errs[0], tt.kind)
			}
			if pe.Line != 4 || pe.Column != tt.column {
				t.Errorf("at line %d, column %d; want line 4, column %d", pe.Line, pe.Column, tt.column)
			}
			if len(recs[0].Problems()) == 0 || errs[1] != nil || recs[1].Line() != 6 {
				t.Errorf("problems %v; second record at line %d, error %v", recs[0].Problems(), recs[1].Line(), errs[1])
			}
		})
	}
}

// What lies between records is kept: the blank lines before each, those
// after the last, and the problems of each; StartLine numbers the lines.
func TestReaderSeparators(t *testing.T) {
	t.Parallel()
	const rec = "URI: http://e/\r\nNAME: n\r\nDATE: 31/10/2007 19:03:34\r\n"
	rd := ssd3.NewReader(strings.NewReader("\r\n" + rec + "\r\n\r\n" + rec + " \r\n"))
	rd.StartLine = 10
	recs, _ := readAll(t, rd)
	if len(recs) != 2 || recs[0].Line() != 11 || recs[1].Line() != 16 {
		t.Fatalf("read %d records, want 2 at lines 11 and 16", len(recs))
	}
	if rd.Trailer() != " \r\n" {
		t.Errorf("trailer %q", rd.Trailer())
	}
	var kinds []string
	for _, p := range rd.Problems() {
		if !errors.Is(p, ssd3.ErrBlankLine) {
			t.Errorf("problem %v is not ErrBlankLine", p)
		}
		kinds = append(kinds, p.Msg)
	}
	if len(kinds) != 4 { // before the first, an extra one, white space, after the last
		t.Errorf("problems between records: %q", kinds)
	}
}

// A reader reads a record whose line is longer than any buffer, and an
// input that gives a byte at a time.
func TestReaderLongLinesAndSlowInput(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("d", 100000)
	text := crlf("URI: http://e/\nNAME: n\nDATE: 31/10/2007 19:03:34\nDESCRIPTION: " + long + "\n")
	recs, _ := readAll(t, ssd3.NewReader(iotest.OneByteReader(strings.NewReader(text))))
	if len(recs) != 1 || recs[0].Description() != long {
		t.Fatalf("read %d records", len(recs))
	}
}

// An input that fails is an error of its own, not io.EOF.
func TestReaderInputError(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	rd := ssd3.NewReader(io.MultiReader(strings.NewReader("URI: http://e/\r\n"), iotest.ErrReader(boom)))
	if _, err := rd.Read(); !errors.Is(err, boom) {
		t.Fatalf("Read: %v, want boom", err)
	}
}

// accounted checks that the records' separators and text, and the
// trailer, are the input, byte for byte, and returns the records.
func accounted(t *testing.T, data []byte) []*ssd3.Record {
	rd := ssd3.NewReader(bytes.NewReader(data))
	var b strings.Builder
	var recs []*ssd3.Record
	for {
		rec, err := rd.Read()
		if err == io.EOF {
			break
		}
		var pe *ssd3.ParseError
		if err != nil && !errors.As(err, &pe) {
			t.Fatalf("Read: %v", err)
		}
		b.WriteString(rd.Separator())
		b.WriteString(rec.Raw())
		recs = append(recs, rec)
	}
	b.WriteString(rd.Trailer())
	if b.String() != string(data) {
		t.Fatalf("records, separators and trailer\n%q\nare not the input\n%q", b.String(), data)
	}
	if rd.InputOffset() != int64(len(data)) {
		t.Fatalf("InputOffset %d of %d bytes", rd.InputOffset(), len(data))
	}
	return recs
}

func seeds(f *testing.F) {
	for _, name := range []string{"../testdata/ex41.uricat", "../testdata/ex42.uricat"} {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("\r\n\r\nURI: http://e/\nNAME: =?UTF-8?Q?Caf=C3=A9?=\r\nX-A: b\r\nX-A: c\r\n \r\n\r\nbare\r\n\r\n"))
	f.Add([]byte("URI: http://e/\rNAME: n\r\n\tDATE: 1\r\n\r\n\r\n"))
}

// FuzzReader: the reader never panics, and every byte of its input is a
// record's, a separator's or the trailer's.
func FuzzReader(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		accounted(t, data)
	})
}

// FuzzWriterRoundTrip: records read and written back read as the same
// records, and records read unchanged are written back byte for byte.
func FuzzWriterRoundTrip(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		recs := accounted(t, data)
		rd := ssd3.NewReader(bytes.NewReader(data))
		var out bytes.Buffer
		w := ssd3.NewWriter(&out)
		for range recs {
			rec, _ := rd.Read()
			if err := w.Write(rec); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := rd.Read(); err != io.EOF {
			t.Fatalf("no io.EOF after the records: %v", err)
		}
		if err := w.WriteTrailer(rd.Trailer()); err != nil {
			t.Fatal(err)
		}
		w.Flush()
		if err := w.Error(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), data) {
			t.Fatalf("written back\n%q\nnot\n%q", out.Bytes(), data)
		}
		// Built from its values, each record writes and reads back as the
		// same values.
		out.Reset()
		w = ssd3.NewWriter(&out)
		for _, r := range recs {
			if r.Valid() {
				w.Write(ssd3.NewRecord(r.Values()))
			}
		}
		w.Flush()
		again, _ := readAll(t, ssd3.NewReader(&out))
		k := 0
		for _, r := range recs {
			if !r.Valid() {
				continue
			}
			if k >= len(again) || !sameValues(r, again[k]) {
				t.Fatalf("record at line %d did not read back the same from\n%q", r.Line(), out.String())
			}
			k++
		}
	})
}

func sameValues(a, b *ssd3.Record) bool {
	if len(ssd3.Diff(a, b)) > 0 || len(ssd3.Diff(b, a)) > 0 {
		return false
	}
	return a.Date().Equal(b.Date())
}

// A reader streams: it returns a record once the blank line after it is
// read, before the rest of the input (here an error) is asked for.
func TestReaderStreams(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	first := "URI: http://e/\r\nNAME: n\r\nDATE: 31/10/2007 19:03:34\r\n\r\n"
	rd := ssd3.NewReader(io.MultiReader(iotest.OneByteReader(strings.NewReader(first)), iotest.ErrReader(boom)))
	rec, err := rd.Read()
	if err != nil || rec.Name() != "n" {
		t.Fatalf("first Read: %v, %v; want the first record before the input's error", rec, err)
	}
	if _, err := rd.Read(); !errors.Is(err, boom) {
		t.Fatalf("second Read: %v, want boom", err)
	}
}
