// Package formats is the one registry of the foreign formats uricat reads
// and writes: their names (and the other names people use), file name
// extensions, how to recognise a file of each, and their readers and
// writers. Each format lives in its own package under importers/, Reader
// and Writer side by side; `uricat import`, `uricat export` and the TUI's
// import and export screens find them here.
//
// What each writer carries (the packages' docs give the details):
//
//	format    URI NAME DATE CATEGORY DESCRIPTION RATING LANGUAGE TYPE ID  extensions
//	netscape  yes yes  yes  folders  <DD>        yes    HREFLANG yes  yes all, as attributes
//	soif      yes yes  yes  yes      yes         yes    yes      yes  yes all
//	hinadi    yes yes  yes  Keyword  one line    X-     X-       yes  X-  all (X-AUTHOR as Author-Name)
//	urc       yes yes  yes  yes      yes         yes    yes      yes  yes all (X-URN as a URN element)
//	xbel      yes yes  yes  folders  <desc>      meta   meta     meta meta X-TAGS as TAGS, the rest in <metadata>
//	pinboard  yes yes  yes  key      extended    key    key      key  key X-TAGS, X-TOREAD, X-PRIVATE as tags, toread, shared; the rest as keys
//	json      all fields and extensions, as uricat list --json
//	csv       all fields and extensions, one column each
//
// Some are read only: Firefox's places.sqlite (firefox) and JSON backups
// (firefox-json), and buku's bookmarks.db (buku). A database is read from
// a file, never a stream (importers.Format.Open), and recognised by its
// schema once its first bytes say "SQLite" (importers.Format.DetectPath):
// SniffFile and SniffPath know them, Sniff, which sees only a head, not.
//
// Writers take the records in the order given and buffer their output;
// none of them fails on any text a record can hold, none writes a control
// character that came from the data, and a writer that has to leave
// something out says so (importers.Reporter).
package formats

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/buku"
	"github.com/uricat/uricat/importers/chromium"
	"github.com/uricat/uricat/importers/csv"
	"github.com/uricat/uricat/importers/firefox"
	"github.com/uricat/uricat/importers/hinadi"
	"github.com/uricat/uricat/importers/httpindex"
	"github.com/uricat/uricat/importers/json"
	"github.com/uricat/uricat/importers/netscape"
	"github.com/uricat/uricat/importers/pinboard"
	"github.com/uricat/uricat/importers/safari"
	"github.com/uricat/uricat/importers/servicecsv"
	"github.com/uricat/uricat/importers/soif"
	"github.com/uricat/uricat/importers/urc"
	"github.com/uricat/uricat/importers/urllist"
	"github.com/uricat/uricat/importers/xbel"
	"github.com/uricat/uricat/internal/sqlitecopy"
)

// Formats are the formats, in the order Sniff tries them and lists show
// them: the browsers' format first (what an export proposes), and Safari's
// own property list (binary, or XML of WebBookmarkType), then the
// read-later services' HTML (which a Netscape Detect does not take), then
// the ones whose files announce themselves ("@TEMPLATE {", a "HINA/"
// header, a URC citation "<...;", a Chromium Bookmarks object with
// "roots", a JSON array with "uri", Pinboard's JSON array with "href" and
// "description", a CSV header with uri, XML whose root is <xbel>, then
// the services' CSV headers, which have none), then the browsers' and
// buku's own stores (a JSON object of "text/x-moz-place" nodes or
// "mozLz40", and SQLite databases,
// told apart by their schema), then the line-shaped http-index-format,
// and a plain list of URLs last: any text file could be one, so it takes
// only what no other format does. URC comes after the HTML formats: their
// files start with "<" too.
var Formats = []importers.Format{
	netscape.Format,
	safari.Format,
	netscape.PocketFormat,
	netscape.InstapaperFormat,
	soif.Format,
	hinadi.Format,
	urc.Format,
	chromium.Format,
	json.Format,
	pinboard.Format,
	csv.Format,
	xbel.Format,
	servicecsv.PocketFormat,
	servicecsv.InstapaperFormat,
	servicecsv.RaindropFormat,
	firefox.BackupFormat,
	firefox.Format,
	buku.Format,
	httpindex.Format,
	urllist.Format,
}

// HeadSize is how many bytes of a file Sniff needs to see.
const HeadSize = 8 << 10

// ErrNotRecognised is what Sniff's error wraps when no format recognises
// the input.
var ErrNotRecognised = errors.New("no known format recognised")

// ErrUnsupported is what Sniff's error wraps when the input is a bookmark
// file that uricat recognises but cannot import (a browser's JSON).
var ErrUnsupported = errors.New("a format uricat does not import")

// Readers returns the formats uricat imports, in the order of Formats.
func Readers() []importers.Format { return filter(canRead) }

// canRead reports whether uricat imports f: as a stream, or from a file.
func canRead(f importers.Format) bool { return f.NewReader != nil || f.Open != nil }

// Writers returns the formats uricat exports to, in the order of Formats.
func Writers() []importers.Format {
	return filter(func(f importers.Format) bool { return f.NewWriter != nil })
}

func filter(keep func(importers.Format) bool) []importers.Format {
	var out []importers.Format
	for _, f := range Formats {
		if keep(f) {
			out = append(out, f)
		}
	}
	return out
}

// Names returns the names of fs, for messages and usage lines.
func Names(fs []importers.Format) []string {
	names := make([]string, len(fs))
	for i, f := range fs {
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
	"url-list":          "urls",
	"txt":               "urls",
	"plist":             "safari",
}

// ByName returns the format called name (case-insensitive; "hina-di",
// "http-index-format", "html" and the like are accepted too) among fs,
// Readers() or Writers(). The error names the formats of fs, and says so
// when name is a format that can only be read, or only written.
func ByName(fs []importers.Format, name string) (importers.Format, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	if a, ok := aliases[n]; ok {
		n = a
	}
	for _, f := range fs {
		if f.Name == n {
			return f, nil
		}
	}
	list := strings.Join(Names(fs), ", ")
	for _, f := range Formats {
		if f.Name == n {
			verb := "write"
			if !canRead(f) {
				verb = "read"
			}
			return importers.Format{}, fmt.Errorf("uricat does not %s format %s (formats: %s)", verb, f.Name, list)
		}
	}
	return importers.Format{}, fmt.Errorf("unknown format %q (formats: %s)", name, list)
}

// Sniff returns the first format of Formats that can be read and whose
// Detect recognises head, the first bytes (HeadSize or fewer) of a file.
// Its error names the formats it knows and wraps ErrNotRecognised, or
// ErrUnsupported for a browser's JSON file, which it names, and for a
// database, which is read from a file only (see SniffPath).
func Sniff(head []byte) (importers.Format, error) { return sniff(head, "") }

// SniffPath is Sniff for the head of the file at path: it also tells
// apart the formats whose heads are alike (Format.DetectPath: SQLite
// databases).
func SniffPath(head []byte, path string) (importers.Format, error) { return sniff(head, path) }

// SniffFile finds the format of the file at path (SniffPath), which must
// be a regular file (catalogue.OpenInput: a FIFO with no writer would
// block for ever). The error names the file.
func SniffFile(path string) (importers.Format, error) {
	in, _, err := catalogue.OpenInput(path)
	if err != nil {
		return importers.Format{}, err
	}
	defer in.Close()
	head := make([]byte, HeadSize)
	n, err := io.ReadFull(in, head)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return importers.Format{}, fmt.Errorf("%s: %w", path, err)
	}
	in.Close() // before DetectPath opens it again
	f, err := SniffPath(head[:n], path)
	if err != nil {
		return importers.Format{}, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

func sniff(head []byte, path string) (importers.Format, error) {
	var byPath []string // formats whose head it is, which only a path tells apart
	for _, f := range Formats {
		if f.Detect == nil || !canRead(f) || !f.Detect(head) {
			continue
		}
		switch {
		case f.DetectPath == nil:
			return f, nil
		case path != "" && f.DetectPath(path):
			return f, nil
		}
		byPath = append(byPath, f.Name)
	}
	switch {
	case len(byPath) > 0 && path == "":
		return importers.Format{}, fmt.Errorf("%w: this is a database (%s), which uricat reads from a file, not from standard input",
			ErrUnsupported, strings.Join(byPath, ", "))
	case len(byPath) > 0:
		// A database that cannot be read says why, as the reader of
		// the format named by --format would (cut short, say).
		if _, err := sqlitecopy.Tables(path); err != nil {
			return importers.Format{}, err
		}
		return importers.Format{}, fmt.Errorf("%w: a database, but none of %s (its tables are not theirs)",
			ErrNotRecognised, strings.Join(byPath, ", "))
	case len(head) == 0:
		return importers.Format{}, fmt.Errorf("%w: the input is empty", ErrNotRecognised)
	}
	return importers.Format{}, fmt.Errorf("%w in the first %d bytes (formats: %s); name one with --format",
		ErrNotRecognised, min(len(head), HeadSize), strings.Join(Names(Readers()), ", "))
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

// Write writes recs to w in format f and returns what the format could not
// hold as it was (importers.Reporter: a diagnostic per record and kind,
// naming the record), and the first error.
func Write(w io.Writer, f importers.Format, recs []*ssd3.Record) ([]ssd3.Diagnostic, error) {
	if f.NewWriter == nil {
		return nil, fmt.Errorf("uricat does not write format %s", f.Name)
	}
	fw := f.NewWriter(w)
	rep, _ := fw.(importers.Reporter)
	var diags []ssd3.Diagnostic
	for _, r := range recs {
		if err := fw.Write(r); err != nil {
			fw.Close()
			return nil, err
		}
		if rep != nil {
			diags = append(diags, rep.Diagnostics()...)
		}
	}
	if err := fw.Close(); err != nil {
		return nil, err
	}
	if rep != nil {
		diags = append(diags, rep.Diagnostics()...)
	}
	return diags, nil
}
