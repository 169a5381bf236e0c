// Package detect knows every format uricat imports: it finds one by the
// name --format takes, or by looking at the first bytes of a file.
package detect

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/hinadi"
	"github.com/uricat/uricat/importers/httpindex"
	"github.com/uricat/uricat/importers/netscape"
	"github.com/uricat/uricat/importers/soif"
	"github.com/uricat/uricat/importers/urc"
)

// Formats are the importable formats, in the order Sniff tries them: the
// ones whose files announce themselves most surely come first (a DOCTYPE,
// "@TEMPLATE {", a "HINA/" header), then the line-shaped http-index-format,
// and URC last: a Netscape bookmark file is HTML and starts with "<" as a
// URC does.
var Formats = []importers.Format{
	netscape.Format,
	soif.Format,
	hinadi.Format,
	httpindex.Format,
	urc.Format,
}

// HeadSize is how many bytes of a file Sniff needs to see.
const HeadSize = 8 << 10

// ErrNotRecognised is what Sniff's error wraps when no format recognises
// the input.
var ErrNotRecognised = errors.New("no known format recognised")

// Names returns the names --format takes, in the order of Formats.
func Names() []string {
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = f.Name
	}
	return names
}

// aliases are other names people use for the formats.
var aliases = map[string]string{
	"http-index-format": "httpindex",
	"http-index":        "httpindex",
	"hina-di":           "hinadi",
	"hina":              "hinadi",
	"html":              "netscape",
	"bookmarks":         "netscape",
}

// ByName returns the format called name (case-insensitive; "hina-di" and
// "http-index-format" are accepted too).
func ByName(name string) (importers.Format, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	if a, ok := aliases[n]; ok {
		n = a
	}
	for _, f := range Formats {
		if f.Name == n {
			return f, nil
		}
	}
	return importers.Format{}, fmt.Errorf("unknown format %q (formats: %s)", name, strings.Join(Names(), ", "))
}

// Sniff returns the first format of Formats whose Detect recognises head,
// the first bytes (HeadSize or fewer) of a file. Its error names the
// formats it knows, and wraps ErrNotRecognised.
func Sniff(head []byte) (importers.Format, error) {
	for _, f := range Formats {
		if f.Detect != nil && f.Detect(head) {
			return f, nil
		}
	}
	if len(head) == 0 {
		return importers.Format{}, fmt.Errorf("%w: the input is empty", ErrNotRecognised)
	}
	return importers.Format{}, fmt.Errorf("%w in the first %d bytes (formats: %s); name one with --format",
		ErrNotRecognised, min(len(head), HeadSize), strings.Join(Names(), ", "))
}

// SniffReader looks at the head of r and returns its format, with a reader
// that gives all of r's bytes again, head included.
func SniffReader(r io.Reader) (importers.Format, io.Reader, error) {
	br := bufio.NewReaderSize(r, HeadSize)
	head, err := br.Peek(HeadSize)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return importers.Format{}, br, err
	}
	f, err := Sniff(head)
	return f, br, err
}
