package json

import (
	"bufio"
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/display"
)

// Writer writes records as one indented JSON array of Record,
// byte for byte what Encode makes of the []Record that
// `uricat list --json` prints, but one record at a time, so that a large
// export does not build the whole document in memory.
type Writer struct {
	arr                   *arrayWriter
	closed                bool
	importers.WriterNotes // what Diagnostics returns
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer { return &Writer{arr: newArrayWriter(w)} }

// arrayWriter writes an array as Encode indents it, an item at a time:
// the Writer's records, and EncodeArray's items.
type arrayWriter struct {
	bw  *bufio.Writer
	buf bytes.Buffer
	// One encoder into one buffer for all items: it reuses its buffers,
	// where MarshalIndent would allocate two per item.
	enc *stdjson.Encoder
	n   int // the items begun
}

func newArrayWriter(w io.Writer) *arrayWriter {
	a := &arrayWriter{bw: bufio.NewWriterSize(w, 64<<10)}
	a.enc = newEncoder(&a.buf)
	a.enc.SetIndent("  ", "  ")
	return a
}

// encode begins the next item, v, and encodes it; write writes it.
func (a *arrayWriter) encode(v any) error {
	if a.n == 0 {
		a.bw.WriteString("[\n  ")
	} else {
		a.bw.WriteString(",\n  ")
	}
	a.n++
	a.buf.Reset()
	return a.enc.Encode(v)
}

// write writes the item encode encoded.
func (a *arrayWriter) write() error {
	_, err := writeEscaped(a.bw, bytes.TrimSuffix(a.buf.Bytes(), []byte("\n")))
	return err
}

// end ends the array, "[]" if it had no item, and flushes.
func (a *arrayWriter) end() error {
	if a.n == 0 {
		a.bw.WriteString("[]\n")
	} else {
		a.bw.WriteString("\n]\n")
	}
	return a.bw.Flush()
}

// newEncoder returns an encoder that writes &, < and > as they are: the
// output is data, not HTML to embed in a page (encoding/json's default
// writes them as \u0026, \u003c, \u003e).
func newEncoder(w io.Writer) *stdjson.Encoder {
	enc := stdjson.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}

// Write writes rec.
func (w *Writer) Write(rec *ssd3.Record) error {
	if w.closed {
		return errors.New("json: Write after Close")
	}
	if err := w.arr.encode(FromRecord(rec)); err != nil {
		return fmt.Errorf("json: record %d (%s): %w", w.arr.n, rec.URI(), err)
	}
	if hasInvalidText(rec) {
		w.Record(rec.URI())
		w.Note(ssd3.Deviation, "text that is not UTF-8 is written as U+FFFD: JSON text is Unicode")
	}
	return w.arr.write()
}

// hasInvalidText reports whether some text of rec is not valid UTF-8,
// which encoding/json replaces with U+FFFD.
func hasInvalidText(rec *ssd3.Record) bool {
	for _, f := range ssd3.Fields {
		if f.Text && !utf8.ValidString(f.Get(rec)) {
			return true
		}
	}
	for _, f := range rec.Extensions() {
		if !utf8.ValidString(f.Value) {
			return true
		}
	}
	return false
}

// Close ends the array and flushes, reporting the first error.
func (w *Writer) Close() error {
	if w.closed {
		return errors.New("json: Close called twice")
	}
	w.closed = true
	if err := w.arr.end(); err != nil {
		return fmt.Errorf("json: %w", err)
	}
	return nil
}

// Encode writes v as `uricat list --json` prints it: indented by two
// spaces, &, < and > as they are, and no control character raw (see
// writeEscaped).
func Encode(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := newEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := writeEscaped(w, buf.Bytes())
	return err
}

// EncodeArray writes items byte for byte as Encode writes them, one at a
// time, as the Writer does: the memory of one item's encoding is reused
// for the next, where Encode builds the whole document three times over
// (encoded, indented, buffered), in memory a short-lived command touches
// for the first time (`uricat list --json` spent a tenth of its page
// faults there).
func EncodeArray[T any](w io.Writer, items []T) error {
	if len(items) == 0 {
		return Encode(w, items) // null or []
	}
	a := newArrayWriter(w)
	for i := range items {
		if err := a.encode(items[i]); err != nil {
			return err
		}
		if err := a.write(); err != nil {
			return err
		}
	}
	return a.end()
}

// writeEscaped writes encoded JSON to w with DEL, the C1 controls (U+0080
// to U+009F) and the invisible characters (display.Invisible: the
// bidirectional controls and the default-ignorable code points) as \u escapes: encoding/json escapes
// the C0 controls but writes those raw, and a terminal takes U+009B for CSI
// and U+009D for OSC, as it takes ESC [ and ESC ], and shows
// "BIDI\u202Etxt.exe" as "BIDIexe.txt". Outside strings, JSON is plain
// ASCII, so every such character is inside a string, where the escape
// means the same character: the data is kept, and shows visibly.
func writeEscaped(w io.Writer, b []byte) (int, error) {
	if !needsEscape(b) {
		return w.Write(b)
	}
	out := make([]byte, 0, len(b)+32)
	for i := 0; i < len(b); {
		r, n := rune(b[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRune(b[i:])
		}
		if escaped(r) {
			// Above U+FFFF (tag characters, variation selectors), JSON
			// escapes a UTF-16 surrogate pair.
			if hi, lo := utf16.EncodeRune(r); hi != utf8.RuneError {
				out = appendEscape(out, hi)
				r = lo
			}
			out = appendEscape(out, r)
		} else {
			out = append(out, b[i:i+n]...)
		}
		i += n
	}
	return w.Write(out)
}

const hex = "0123456789abcdef"

// appendEscape appends the \u escape of r, at most U+FFFF.
func appendEscape(out []byte, r rune) []byte {
	return append(out, '\\', 'u', hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf])
}

// escaped reports whether writeEscaped writes r as a \u escape.
func escaped(r rune) bool { return r == 0x7f || r >= 0x80 && r <= 0x9f || display.Invisible(r) }

// needsEscape reports whether b holds a character writeEscaped escapes.
// Only DEL, 0xC2 (a C1 control) and display.InvisibleLeads can start one:
// vectorised scans for those rule out most text at once.
func needsEscape(b []byte) bool {
	maybe := false
	for _, c := range []byte("\x7f\xc2" + display.InvisibleLeads) {
		maybe = maybe || bytes.IndexByte(b, c) >= 0
	}
	for i := 0; maybe && i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if escaped(r) {
			return true
		}
		i += n
	}
	return false
}
