package xbel

import (
	"bytes"
	"io"

	"github.com/uricat/uricat/importers"
)

// Format is XBEL, as the registry lists it.
var Format = importers.Format{
	Name:       "xbel",
	Title:      "XBEL (floccus, buku, KDE, GTK)",
	Extensions: []string{".xbel", ".xml"},
	Detect:     Detect,
	NewReader: func(r io.Reader, opts importers.Options) importers.Reader {
		return NewReader(r, opts)
	},
	NewWriter: func(w io.Writer) importers.Writer { return NewWriter(w) },
}

// Detect reports whether head, the first bytes of a file, is XBEL: after
// the XML declaration, comments and processing instructions, the XBEL
// DOCTYPE (KDE writes a bare `<!DOCTYPE xbel>`) or the <xbel> element.
func Detect(head []byte) bool {
	h := importers.TrimHead(head)
	for len(h) > 0 {
		var end []byte
		switch {
		case bytes.HasPrefix(h, []byte("<?")):
			end = []byte("?>")
		case bytes.HasPrefix(h, []byte("<!--")):
			end = []byte("-->")
		case hasFoldPrefix(h, "<!doctype"):
			return name(bytes.TrimLeft(h[len("<!doctype"):], " \t\r\n"), "xbel")
		case bytes.HasPrefix(h, []byte("<")):
			return name(h[1:], "xbel")
		default:
			return false
		}
		i := bytes.Index(h, end)
		if i < 0 {
			return false
		}
		h = bytes.TrimLeft(h[i+len(end):], " \t\r\n")
	}
	return false
}

// name reports whether b starts with the XML name n, whole.
func name(b []byte, n string) bool {
	if !hasFoldPrefix(b, n) {
		return false
	}
	if len(b) == len(n) {
		return true
	}
	switch b[len(n)] {
	case ' ', '\t', '\r', '\n', '>', '/', '[':
		return true
	}
	return false
}

func hasFoldPrefix(b []byte, p string) bool {
	return len(b) >= len(p) && bytes.EqualFold(b[:len(p)], []byte(p))
}
