package archive

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/textclip"
)

// Page is what was kept of one bookmarked page.
type Page struct {
	URI                               string    // the record's URI as bookmarked
	FinalURL                          string    // after redirects
	Status                            int       // HTTP status of the final answer (0: no answer)
	ContentType                       string    // media type, e.g. "text/html"
	Title, Byline, Language, SiteName string    // what the page says of itself
	Fetched                           time.Time // when it was fetched (UTC)
	Size                              int64     // bytes of body read (after decompression)
	Text                              string    // the article as Markdown, or plain text; "" when not archived
	Failed                            string    // why there is no text; "" when archived
}

// Info is what a page's file header says, without its text.
type Info struct {
	URI     string
	Fetched time.Time
	Size    int64
	TextLen int // bytes of text in the file
	Failed  string
	Title   string
}

// ErrNotArchived is what Get and Stat fail with for a URI that has no
// page in the store.
var ErrNotArchived = errors.New("not archived")

// The header's names, in the order a file has them.
const (
	hURI         = "URI"
	hFinalURL    = "Final-URL"
	hStatus      = "Status"
	hContentType = "Content-Type"
	hTitle       = "Title"
	hByline      = "Byline"
	hLanguage    = "Language"
	hSiteName    = "Site-Name"
	hFetched     = "Fetched"
	hSize        = "Size"
	hFailed      = "Failed"
)

// maxHeader bounds what is read of a file's header: a hand-edited or
// damaged file without its blank line is not read whole as a header.
const maxHeader = 1 << 20

// headerValue makes v fit one header line: no escape sequence or control
// character (display.Clean), and its runs of white space, line breaks
// included, one space, none at either end.
func headerValue(v string) string {
	v = display.Clean(v)
	if v == "" {
		return v
	}
	return strings.Join(strings.Fields(v), " ")
}

// Sanitize returns a copy of p as a file keeps it: header values on one
// line without control characters, the text without escape sequences or
// control characters other than line feed and tab (invisible and
// bidirectional characters stay: the display marks them), the time in
// UTC without its monotonic reading.
func Sanitize(p *Page) *Page {
	q := *p
	for _, f := range []*string{&q.URI, &q.FinalURL, &q.ContentType, &q.Title, &q.Byline, &q.Language, &q.SiteName, &q.Failed} {
		*f = headerValue(*f)
	}
	q.Fetched = q.Fetched.UTC().Round(0)
	q.Text = display.Clean(q.Text)
	return &q
}

// format writes p, which Sanitize made safe, as a page file.
func format(w io.Writer, p *Page) error {
	var b bytes.Buffer
	line := func(name, value string) {
		if value != "" {
			b.WriteString(name)
			b.WriteString(": ")
			b.WriteString(value)
			b.WriteByte('\n')
		}
	}
	line(hURI, p.URI)
	line(hFinalURL, p.FinalURL)
	if p.Status != 0 {
		line(hStatus, strconv.Itoa(p.Status))
	}
	line(hContentType, p.ContentType)
	line(hTitle, p.Title)
	line(hByline, p.Byline)
	line(hLanguage, p.Language)
	line(hSiteName, p.SiteName)
	if !p.Fetched.IsZero() {
		line(hFetched, p.Fetched.Format(time.RFC3339Nano))
	}
	if p.Size != 0 {
		line(hSize, strconv.FormatInt(p.Size, 10))
	}
	line(hFailed, p.Failed)
	b.WriteByte('\n')
	if _, err := w.Write(b.Bytes()); err != nil {
		return err
	}
	_, err := io.WriteString(w, p.Text)
	return err
}

// readHeader reads a page file's header from r into p, up to and with
// the blank line that ends it, and returns how many bytes it was. A value
// is cleaned as it is read: a file edited by hand cannot bring a control
// character to the terminal through it.
func readHeader(r *bufio.Reader, p *Page) (int, error) {
	n := 0
	for lineNo := 1; ; lineNo++ {
		line, err := r.ReadString('\n')
		n += len(line)
		if err == io.EOF && line == "" {
			return n, fmt.Errorf("line %d: the header has no blank line after it", lineNo)
		}
		if err != nil && err != io.EOF {
			return n, err
		}
		if n > maxHeader {
			return n, fmt.Errorf("line %d: the header is longer than %d bytes", lineNo, maxHeader)
		}
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		if line == "" {
			if err == io.EOF {
				return n, fmt.Errorf("line %d: the header has no blank line after it", lineNo)
			}
			return n, nil
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return n, fmt.Errorf("line %d: %q is not a header line (Name: value)", lineNo, clip(line))
		}
		if err := setHeader(p, name, headerValue(value)); err != nil {
			return n, fmt.Errorf("line %d: %w", lineNo, err)
		}
		if err == io.EOF {
			return n, fmt.Errorf("line %d: the header has no blank line after it", lineNo)
		}
	}
}

// setHeader sets p's field called name. A name it does not know is left
// alone: a later uricat may write more.
func setHeader(p *Page, name, value string) error {
	var err error
	switch name {
	case hURI:
		p.URI = value
	case hFinalURL:
		p.FinalURL = value
	case hStatus:
		p.Status, err = strconv.Atoi(value)
	case hContentType:
		p.ContentType = value
	case hTitle:
		p.Title = value
	case hByline:
		p.Byline = value
	case hLanguage:
		p.Language = value
	case hSiteName:
		p.SiteName = value
	case hFetched:
		p.Fetched, err = time.Parse(time.RFC3339Nano, value)
		p.Fetched = p.Fetched.UTC()
	case hSize:
		p.Size, err = strconv.ParseInt(value, 10, 64)
	case hFailed:
		p.Failed = value
	}
	if err != nil {
		return fmt.Errorf("%s: %q is not valid", name, clip(value))
	}
	return nil
}

// parse reads a whole page file.
func parse(data []byte) (*Page, error) {
	var p Page
	r := bufio.NewReader(bytes.NewReader(data))
	n, err := readHeader(r, &p)
	if err != nil {
		return nil, err
	}
	if p.URI == "" {
		return nil, errors.New("the header has no URI")
	}
	p.Text = display.Clean(string(data[n:]))
	return &p, nil
}

// clip shortens a bad value for a message.
func clip(s string) string { return textclip.Clip(s, 60) }
