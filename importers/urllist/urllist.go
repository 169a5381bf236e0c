// Package urllist reads a plain list of URLs, one a line, as people keep
// them in a text file and as browsers' "copy all tab URLs" and many tools
// write them:
//
//	# Reading list
//	https://go.dev/doc/effective_go
//
//	https://research.swtch.com/
//
// A line that starts with "#" (after blanks) is a comment, a blank line is
// nothing; any other line is one URL, with the blanks around it left out.
// A URL relative to nothing is read against --base (Options.Base), as in
// every format. Line breaks are LF, CR LF or CR (internal/lines).
//
// # Field mapping
//
// A URL is all a line has: the record's NAME is made from it
// (importers.NameFromURI: its last path segment, else its host), and its
// DATE is the file's (importers.FallbackDate), said once.
//
//	line    field  value
//	URL     URI    as is
//	URL     NAME   importers.NameFromURI
//	-       DATE   the file's date
//
// # Detection
//
// Any text file could be a list of words, so Detect is strict, and the
// formats registry tries it last: every line of the head but comments and
// blank lines must be an absolute URI (a scheme, ":", then no blank), with
// at least one; the last line of a head that is cut short is not looked at.
package urllist

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/lines"
)

// Format is a list of URLs, for the formats registry.
var Format = importers.Format{
	Name:       "urls",
	Title:      "List of URLs, one a line",
	Extensions: []string{".txt"},
	Detect:     Detect,
	NewReader: func(r io.Reader, opts importers.Options) importers.Reader {
		return NewReader(r, opts)
	},
}

// Detect reports whether every line of head but comments and blank lines
// is an absolute URI, and there is at least one. The last line is left out
// when head does not end with a line break: it may be cut short.
func Detect(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	if i := bytes.LastIndexAny(head, "\r\n"); i < 0 {
		// One line, whole or not: what is there must be a URI.
	} else if i < len(head)-1 {
		head = head[:i+1]
	}
	n := 0
	for len(head) > 0 {
		i := bytes.IndexAny(head, "\r\n")
		if i < 0 {
			i = len(head)
		}
		line := bytes.TrimSpace(head[:i])
		head = head[i:]
		if len(head) > 0 {
			head = head[1:]
		}
		switch {
		case len(line) == 0 || line[0] == '#':
		case !absolute(line):
			return false
		default:
			n++
		}
	}
	return n > 0
}

// absolute reports whether line is an absolute URI as a list holds one: a
// scheme (a letter, then letters, digits, "+", "-", "."), ":", and at
// least one more byte, none of them a blank or a control character.
func absolute(line []byte) bool {
	colon := bytes.IndexByte(line, ':')
	if colon < 1 || colon == len(line)-1 || !isAlpha(line[0]) {
		return false
	}
	for _, c := range line[1:colon] {
		if !isAlpha(c) && !('0' <= c && c <= '9') && c != '+' && c != '-' && c != '.' {
			return false
		}
	}
	for _, c := range line[colon+1:] {
		if c <= ' ' || c == 0x7f {
			return false
		}
	}
	return true
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// maxLine bounds the memory one line may take: no URL comes near it.
const maxLine = 1 << 20

// Reader reads the URLs of a list, one by one.
type Reader struct {
	lr    *lines.Reader
	opts  importers.Options
	done  bool
	notes importers.ReaderNotes
}

// NewReader returns a Reader of r.
func NewReader(r io.Reader, opts importers.Options) *Reader {
	return &Reader{lr: lines.NewReader(r, maxLine), opts: opts}
}

// Diagnostics returns the diagnostics gathered since the last call.
func (r *Reader) Diagnostics() []ssd3.Diagnostic { return r.notes.Diagnostics() }

// Read returns the next record, or io.EOF after the last.
func (r *Reader) Read() (*ssd3.Record, error) {
	for !r.done {
		l, err := r.lr.Read()
		if err != nil {
			r.done = true
			r.notes.End(r.opts)
			if err == io.EOF {
				return nil, io.EOF
			}
			return nil, fmt.Errorf("urls: %w", err)
		}
		text := l.Text
		if l.Number == 1 {
			text = bytes.TrimPrefix(text, []byte("\xef\xbb\xbf"))
		}
		line := strings.TrimSpace(string(text))
		note := func(kind ssd3.Kind, format string, a ...any) {
			r.notes.Note(l.Number, l.Offset, kind, format, a...)
		}
		switch {
		case line == "" || line[0] == '#':
			continue
		case l.Cut:
			note(ssd3.Skipped, "line not imported: longer than %d bytes, it is no URL", maxLine)
			continue
		case strings.ContainsAny(line, " \t"):
			note(ssd3.Skipped, "line not imported: %q is not one URL (a URL has no blanks; a comment starts with #)", importers.Excerpt(line))
			continue
		}
		rec := ssd3.NewRecord(ssd3.Values{URI: line})
		if rec := r.notes.Finish(rec, r.opts, l.Number, l.Offset, nil); rec != nil {
			return rec, nil
		}
	}
	return nil, io.EOF
}
