package xbel

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// The walk is the one place that knows XBEL's elements: Decode builds a
// Document from its events and the Reader makes records of them as they
// come, so the two read every file alike.

// eventKind is what the walk met.
type eventKind int

const (
	evOpen  eventKind = iota // a folder starts: its Item fills in as the walk goes on
	evClose                  // the folder ends, whole
	evLeaf                   // a bookmark, separator or alias, whole
)

type event struct {
	kind eventKind
	item *Item
}

// note is a diagnostic of the walk, before the Reader gives it a file.
type note struct {
	line int
	kind ssd3.Kind
	msg  string
}

// recorder is the decoder's io.ByteReader: it keeps the bytes from base on,
// so that the walk can take the verbatim text of a prolog or an <info>.
// encoding/xml reads a ByteReader directly, a byte at a time, so the bytes
// it holds beyond the decoder's offset are at most the one it looked ahead.
type recorder struct {
	r     *bufio.Reader
	buf   []byte
	base  int64 // the input offset of buf[0]
	keep  bool  // whether buf grows; else it is dropped at each token
	since int   // bytes read since the current token started
	off   bool  // another recorder has taken over: keep nothing
	// failed is the input's error, other than io.EOF: an error of the
	// decoder that is this one is not the XML's but the reading's.
	failed error
}

// MaxToken bounds the bytes of one tag or text, and of what the walk keeps
// of the file at once (an <info>, the prolog, a title made of many
// pieces), so that memory stays bounded whatever the input: a longer one
// ends the import of the file with a diagnostic.
const MaxToken = 16 << 20

// MaxAttrs is how many attributes of one element are read: a program
// writes a few, and each one read becomes a field of the record.
const MaxAttrs = 1000

// MaxDepth bounds the nesting of folders, which no program makes deep but
// each level of which the walk holds until it ends.
const MaxDepth = 4096

// errTooLong is what the recorder gives the decoder past MaxToken.
var errTooLong = fmt.Errorf("a tag or text here is longer than the %d MiB read at once", MaxToken>>20)

func (rc *recorder) ReadByte() (byte, error) {
	if rc.since >= MaxToken || len(rc.buf) >= MaxToken {
		return 0, errTooLong
	}
	c, err := rc.r.ReadByte()
	switch {
	case err != nil && err != io.EOF:
		rc.failed = err
	case err == nil && !rc.off:
		rc.buf = append(rc.buf, c)
		rc.since++
	}
	return c, err
}

// Read is there for io.Reader; the decoder reads by ReadByte.
func (rc *recorder) Read(p []byte) (int, error) {
	n, err := rc.r.Read(p)
	if !rc.off {
		rc.buf = append(rc.buf, p[:n]...)
	}
	return n, err
}

// from returns the bytes between the input offsets start and end.
func (rc *recorder) from(start, end int64) string {
	return string(rc.buf[start-rc.base : end-rc.base])
}

// forget drops the bytes before offset.
func (rc *recorder) forget(offset int64) {
	n := offset - rc.base
	rc.buf = append(rc.buf[:0], rc.buf[n:]...)
	rc.base = offset
}

// walker reads an XBEL file token by token.
type walker struct {
	dec     *xml.Decoder
	rec     *recorder
	doc     *Document // the xbel's own title and floccus's comment go here
	stack   []*Item   // the open folders and the open leaf; nil is the <xbel>
	state   int       // before <xbel>, inside it, after it
	notes   []note
	pending []event
	// tokLine and tokCol are where the last token started.
	tokLine, tokCol int
}

const (
	beforeXBEL = iota
	inXBEL
	afterXBEL
)

func newWalker(r io.Reader, doc *Document) *walker {
	rc := &recorder{r: bufio.NewReader(r), keep: true}
	dec := xml.NewDecoder(rc)
	dec.Strict = true
	// The HTML entities (&nbsp;, &eacute;) are what old exporters wrote
	// with a DOCTYPE that declared them; an XML reader that fails on
	// them would lose a whole file for one title.
	dec.Entity = xml.HTMLEntity
	w := &walker{dec: dec, rec: rc, doc: doc}
	dec.CharsetReader = w.charsetReader
	return w
}

// charsetReader reads the one legacy encoding XBEL files are seen in. The
// decoder reads what it returns from the end of the XML declaration on,
// and counts offsets in it: a recorder over the converted text takes
// over from the one over the file's bytes, which stops keeping them.
func (w *walker) charsetReader(label string, _ io.Reader) (io.Reader, error) {
	switch strings.ToLower(label) {
	case "iso-8859-1", "latin1", "latin-1", "us-ascii", "ascii":
		old := w.rec
		old.off = true
		w.rec = &recorder{r: bufio.NewReader(&latin1Reader{r: old}), buf: old.buf, base: old.base, keep: old.keep}
		old.buf = nil
		return w.rec, nil
	}
	return nil, fmt.Errorf("encoding %q is not supported: save the file as UTF-8", label)
}

// latin1Reader gives ISO-8859-1 bytes as UTF-8.
type latin1Reader struct {
	r    io.ByteReader
	next []byte
}

func (l *latin1Reader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(l.next) > 0 {
			p[n] = l.next[0]
			l.next = l.next[1:]
			n++
			continue
		}
		c, err := l.r.ReadByte()
		if err != nil {
			if n > 0 {
				return n, nil
			}
			return 0, err
		}
		if c < 0x80 {
			p[n] = c
			n++
			continue
		}
		l.next = []byte(string(rune(c)))
	}
	return n, nil
}

func (w *walker) note(line int, kind ssd3.Kind, format string, a ...any) {
	w.notes = append(w.notes, note{line: line, kind: kind, msg: fmt.Sprintf(format, a...)})
}

// pos is the decoder's position: that of the end of the last token.
func (w *walker) pos() (int, int) { return w.dec.InputPos() }

// syntax makes err, which the decoder returned, a *ParseError.
func (w *walker) syntax(err error) error {
	line, col := w.pos()
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		if se.Line > 0 && se.Line != line {
			col = 0
		}
		line = se.Line
		err = errors.New(se.Msg)
	}
	return &ParseError{Line: line, Column: col, Err: err}
}

// token is the next token, the recorder trimmed to where it starts unless
// something is being recorded.
func (w *walker) token() (xml.Token, int64, error) {
	start := w.dec.InputOffset()
	w.tokLine, w.tokCol = w.dec.InputPos()
	if !w.rec.keep {
		w.rec.forget(start)
	}
	w.rec.since = 0
	tok, err := w.dec.Token()
	if err == io.EOF {
		if w.state != afterXBEL {
			line, col := w.pos()
			if w.state == beforeXBEL {
				return nil, start, &ParseError{Line: line, Column: col, Err: errors.New("no <xbel> element: not an XBEL file")}
			}
			return nil, start, &ParseError{Line: line, Column: col, Err: errors.New("the file ends before </xbel>")}
		}
		return nil, start, io.EOF
	}
	switch {
	case errors.Is(err, errTooLong):
		line, col := w.pos()
		return nil, start, &ParseError{Line: line, Column: col, Err: err}
	case err != nil && w.rec.failed != nil && errors.Is(err, w.rec.failed):
		return nil, start, err
	case err != nil:
		return nil, start, w.syntax(err)
	}
	return tok, start, nil
}

// top is the open item, nil inside <xbel> itself.
func (w *walker) top() *Item {
	if len(w.stack) == 0 {
		return nil
	}
	return w.stack[len(w.stack)-1]
}

// next returns the next event, io.EOF after </xbel>, or a *ParseError (or
// an I/O error) that ends the walk.
func (w *walker) next() (event, error) {
	for len(w.pending) == 0 {
		tok, start, err := w.token()
		if err != nil {
			return event{}, err
		}
		if err := w.handle(tok, start); err != nil {
			return event{}, err
		}
	}
	ev := w.pending[0]
	w.pending = w.pending[1:]
	return ev, nil
}

func (w *walker) emit(k eventKind, it *Item) {
	w.pending = append(w.pending, event{kind: k, item: it})
}

func (w *walker) handle(tok xml.Token, start int64) error {
	switch t := tok.(type) {
	case xml.StartElement:
		return w.start(t, start)
	case xml.EndElement:
		w.end(t)
	case xml.Comment:
		w.comment(t)
	case xml.CharData:
		if w.state == inXBEL && len(bytes.TrimSpace(t)) > 0 {
			line, _ := w.pos()
			w.note(line, ssd3.Dropped, "text %q outside any element's title is not imported", clip(string(bytes.TrimSpace(t))))
		}
	}
	return nil
}

func (w *walker) start(t xml.StartElement, start int64) error {
	line, col := w.tokLine, w.tokCol
	switch w.state {
	case beforeXBEL:
		if t.Name.Local != "xbel" {
			return &ParseError{Line: line, Column: col, Err: fmt.Errorf("the root element is <%s>, not <xbel>: not an XBEL file", t.Name.Local)}
		}
		w.state = inXBEL
		w.doc.Prolog = w.rec.from(0, start)
		tag := w.rec.from(start, w.dec.InputOffset())
		if strings.HasSuffix(tag, "/>") { // <xbel/>: Encode writes the end tag
			tag = strings.TrimRight(strings.TrimSuffix(tag, "/>"), " \t\r\n") + ">"
		}
		if tag != floccusOpen {
			w.doc.open = tag
		}
		w.rec.keep = false
		return nil
	case afterXBEL:
		w.note(line, ssd3.Dropped, "<%s> after </xbel> is not imported", t.Name.Local)
		return w.skip()
	}
	parent := w.top()
	if parent != nil && parent.Kind != Folder {
		return w.inLeaf(t, parent, line)
	}
	switch t.Name.Local {
	case "folder", "bookmark", "separator", "alias":
		if len(w.stack) >= MaxDepth {
			return &ParseError{Line: line, Column: col, Err: fmt.Errorf("folders nested deeper than %d", MaxDepth)}
		}
		it := &Item{Line: line}
		it.Kind = map[string]Kind{"folder": Folder, "bookmark": Bookmark, "separator": Separator, "alias": Alias}[t.Name.Local]
		w.attrs(it, t.Attr, line)
		w.stack = append(w.stack, it)
		if it.Kind == Folder {
			w.emit(evOpen, it)
		}
		return nil
	case "title", "desc", "info":
		return w.detail(t, parent, line)
	}
	w.note(line, ssd3.Dropped, "<%s> is not XBEL: not imported", t.Name.Local)
	return w.skip()
}

// inLeaf reads an element inside a bookmark, separator or alias.
func (w *walker) inLeaf(t xml.StartElement, leaf *Item, line int) error {
	switch t.Name.Local {
	case "title", "desc", "info":
		return w.detail(t, leaf, line)
	}
	w.note(line, ssd3.Dropped, "<%s> inside <%s> is not imported", t.Name.Local, leaf.Kind)
	return w.skip()
}

// detail reads a <title>, <desc> or <info> of it, the <xbel> when it is nil.
func (w *walker) detail(t xml.StartElement, it *Item, line int) error {
	if t.Name.Local == "info" {
		raw, err := w.raw()
		if err != nil {
			return err
		}
		if it != nil {
			it.Info = raw
		} else if w.doc != nil {
			w.note(line, ssd3.Info, "the file's own <info> is not imported: it is about the file, not a bookmark")
		}
		return nil
	}
	text, err := w.text()
	if err != nil {
		return err
	}
	switch {
	case t.Name.Local == "desc" && it != nil:
		it.Desc = text
	case t.Name.Local == "desc":
		w.note(line, ssd3.Dropped, "the file's own <desc> is not imported")
	case it != nil:
		it.Title = text
	default:
		w.doc.Title = text
	}
	return nil
}

// text reads the text up to the end of the element just started.
func (w *walker) text() (string, error) {
	var sb strings.Builder
	for depth := 1; ; {
		tok, _, err := w.token()
		if err != nil {
			return "", err
		}
		switch t := tok.(type) {
		case xml.CharData:
			if sb.Len()+len(t) > MaxToken {
				line, col := w.pos()
				return "", &ParseError{Line: line, Column: col, Err: errTooLong}
			}
			sb.Write(t)
		case xml.StartElement:
			depth++
		case xml.EndElement:
			if depth--; depth == 0 {
				return sb.String(), nil
			}
		}
	}
}

// raw reads the element just started to its end and returns its inner
// XML as written.
func (w *walker) raw() (string, error) {
	begin := w.dec.InputOffset()
	w.rec.keep = true
	defer func() { w.rec.keep = false }()
	for depth := 1; ; {
		tok, start, err := w.token()
		if err != nil {
			return "", err
		}
		switch tok.(type) {
		case xml.StartElement:
			depth++
		case xml.EndElement:
			if depth--; depth == 0 {
				return w.rec.from(begin, start), nil
			}
		}
	}
}

// skip reads past the element just started.
func (w *walker) skip() error {
	for depth := 1; depth > 0; {
		tok, _, err := w.token()
		if err != nil {
			return err
		}
		switch tok.(type) {
		case xml.StartElement:
			depth++
		case xml.EndElement:
			depth--
		}
	}
	return nil
}

func (w *walker) end(t xml.EndElement) {
	it := w.top()
	if it == nil {
		if t.Name.Local == "xbel" && w.state == inXBEL {
			w.state = afterXBEL
		}
		return
	}
	w.stack = w.stack[:len(w.stack)-1]
	if it.Kind == Folder {
		w.emit(evClose, it)
		return
	}
	w.emit(evLeaf, it)
}

// floccusMark starts the text of floccus's comment, `<!--- highestId :N:
// for Floccus bookmark sync browser extension -->`.
const floccusMark = "- highestId :"

// comment reads floccus's highestId as floccus does: the number between
// the comment's first and last colons.
func (w *walker) comment(c xml.Comment) {
	s := string(c)
	if w.doc == nil || w.doc.highestSeen || !strings.HasPrefix(s, floccusMark) {
		return
	}
	i, j := strings.IndexByte(s, ':'), strings.LastIndexByte(s, ':')
	if n, err := strconv.Atoi(s[i+1 : max(i+1, j)]); err == nil && n >= 0 {
		w.doc.HighestID, w.doc.highestSeen = n, true
		return
	}
	line, _ := w.pos()
	w.note(line, ssd3.Warning, "floccus's highestId comment has no number: %q", clip(s))
}

// attrs sets it's attributes, noting those it has no place for.
func (w *walker) attrs(it *Item, attrs []xml.Attr, line int) {
	if len(attrs) > MaxAttrs {
		w.note(line, ssd3.Dropped, "this <%s> has %d attributes: those after the first %d are not imported", it.Kind, len(attrs), MaxAttrs)
		attrs = attrs[:MaxAttrs]
	}
	for _, a := range attrs {
		var t *time.Time
		switch a.Name.Local {
		case "id":
			it.ID = a.Value
			continue
		case "href":
			if it.Kind == Bookmark {
				it.Href = a.Value
				continue
			}
		case "ref":
			if it.Kind == Alias {
				it.Ref = a.Value
				continue
			}
		case "folded":
			if it.Kind == Folder {
				it.Folded = a.Value
				continue
			}
		case "added":
			t = &it.Added
		case "modified":
			if it.Kind == Bookmark {
				t = &it.Modified
			}
		case "visited":
			if it.Kind == Bookmark {
				t = &it.Visited
			}
		}
		if a.Name.Space != "" {
			w.note(line, ssd3.Dropped, "attribute %s:%s=%q of <%s> is not imported: it has a namespace", a.Name.Space, a.Name.Local, clip(a.Value), it.Kind)
			continue
		}
		if t == nil {
			it.Attrs = append(it.Attrs, a)
			continue
		}
		v, err := ParseTime(a.Value)
		if err != nil {
			w.note(line, ssd3.Deviation, "%s of <%s>: %v: kept as it is", a.Name.Local, it.Kind, err)
			it.Attrs = append(it.Attrs, a)
			continue
		}
		*t = v
	}
}

// clip shortens what a message quotes.
func clip(s string) string {
	const most = 60
	if len(s) <= most {
		return s
	}
	r := []rune(s)
	if len(r) <= most {
		return s
	}
	return string(r[:most]) + "…"
}
