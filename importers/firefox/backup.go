package firefox

import (
	"bufio"
	"bytes"
	"encoding/binary"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
)

// LZ4Magic starts a .jsonlz4 file: Mozilla's own framing of an LZ4 block.
const LZ4Magic = "mozLz40\x00"

// The types of the nodes of a backup, by "type" and, in newer backups,
// "typeCode" too.
const (
	mimePlace     = "text/x-moz-place"
	mimeContainer = "text/x-moz-place-container"
	mimeSeparator = "text/x-moz-place-separator"
)

// DetectBackup reports whether head starts a Firefox bookmark backup: the
// LZ4 magic of a .jsonlz4 file, or a JSON object that names one of the
// node types ("text/x-moz-place...") in its first bytes, where Firefox
// writes the root's "type".
func DetectBackup(head []byte) bool {
	if bytes.HasPrefix(head, []byte(LZ4Magic)) {
		return true
	}
	h := importers.TrimHead(head)
	return len(h) > 0 && h[0] == '{' && bytes.Contains(h, []byte(`"`+mimePlace))
}

// OpenBackup opens the backup at path for reading (Format.Open): a
// stream of the file, without the line limit of Plan.Read, since Firefox
// writes a backup on one line, which for some thousands of bookmarks is
// longer than that limit. The size limit holds: a file larger than
// importers.DefaultMaxSize is refused.
func OpenBackup(path string, opts importers.Options) (importers.Reader, io.Closer, error) {
	f, info, err := catalogue.OpenInput(path)
	if err != nil {
		return nil, nil, err
	}
	if info.Size() > importers.DefaultMaxSize {
		f.Close()
		return nil, nil, fmt.Errorf("%d bytes, more than the %d that uricat imports from one file", info.Size(), int64(importers.DefaultMaxSize))
	}
	return NewBackupReader(io.LimitReader(f, importers.DefaultMaxSize), opts), f, nil
}

// node is an object of the backup being read: a container (a folder), a
// place (a bookmark) or a separator, which the keys read so far describe.
type node struct {
	parent         *node
	offset         int64 // of its "{" in the JSON
	typ            string
	typeCode       int64
	title          string
	titled         bool
	root           string // the "root" name of a top folder
	uri            string
	hasURI         bool
	children       bool // it has a "children" array
	added, changed int64
	tags           string
	keyword, post  string
	description    string
	// settled: its title and root are known, so that the category of
	// what is in it can be made: its "children" came after its "title",
	// as Firefox writes them, or it has ended.
	settled  bool
	made     bool             // path and tagsRoot are made
	path     importers.Folder // the CATEGORY of what is in it
	tagsRoot bool             // the tags root, or in it
	inRoot   string           // the browser's root folder it is, or is in (importers.FieldBrowserRoot)
}

// BackupReader reads the bookmarks of a Firefox JSON backup, one by one,
// in the order of the file.
type BackupReader struct {
	opts    importers.Options
	src     io.Reader
	dec     *stdjson.Decoder
	lz4     bool         // the JSON was decompressed: offsets are in it, not the file
	block   *blockReader // of a .jsonlz4 file
	size    int64        // of its JSON, as its header gives it
	started bool
	stack   []frame
	queue   []*node
	ready   importers.Ready
	notes   importers.ReaderNotes
	// what is said once, at the end
	separators, tagEntries int
}

// frame is a JSON value being read: an object that is a node, a
// "children" array of one, or a value being skipped.
type frame struct {
	kind  frameKind
	n     *node
	depth int // of a skipped value's nesting
}

type frameKind uint8

const (
	inNode     frameKind = iota // an object: keys, or its end
	inChildren                  // a "children" array: objects, or its end
	skipping                    // a value of no interest, to its end
)

// NewBackupReader returns a reader of the backup in r, plain JSON or a
// .jsonlz4 file, told apart by its first bytes.
func NewBackupReader(r io.Reader, opts importers.Options) *BackupReader {
	return &BackupReader{src: r, opts: opts}
}

// start looks at the head of the input: an LZ4 file is decompressed as
// it is read.
func (r *BackupReader) start() error {
	r.started = true
	br := bufio.NewReader(r.src)
	head, err := br.Peek(len(LZ4Magic))
	if err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	var in io.Reader = br
	if bytes.Equal(head, []byte(LZ4Magic)) {
		if r.block, err = r.decompress(br); err != nil || r.block == nil {
			return err
		}
		in, r.lz4 = r.block, true
	}
	r.dec = stdjson.NewDecoder(in)
	r.dec.UseNumber()
	return nil
}

// decompress starts to read a .jsonlz4 file: the magic, the size of the
// JSON as 4 bytes little-endian, and the JSON as one LZ4 block, which the
// reader returned decompresses as it is read, never making more than that
// size: nothing is allocated for what the header claims. It returns nil,
// with a diagnostic, for a file that is not one.
func (r *BackupReader) decompress(br *bufio.Reader) (*blockReader, error) {
	head := make([]byte, len(LZ4Magic)+4)
	if n, err := io.ReadFull(br, head); err != nil {
		if !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
			return nil, err
		}
		r.noteAt(int64(n), ssd3.Skipped, "the .jsonlz4 file is cut short in its header: nothing imported")
		return nil, nil
	}
	size := int64(binary.LittleEndian.Uint32(head[len(LZ4Magic):]))
	if size > importers.DefaultMaxSize {
		r.noteAt(int64(len(LZ4Magic)), ssd3.Skipped, "the .jsonlz4 header gives a size of %d bytes, more than the %d that uricat imports from one file: nothing imported", size, int64(importers.DefaultMaxSize))
		return nil, nil
	}
	r.size = size
	return newBlockReader(br, size), nil
}

// Read returns the next bookmark, or io.EOF after the last.
func (r *BackupReader) Read() (*ssd3.Record, error) { return r.ready.Next(r.next) }

// next is a step of the parse: the first one looks at the head of the
// input (a file that is no backup ends there); each other reads a token
// and makes the records of the bookmarks it settles.
func (r *BackupReader) next() error {
	if !r.started {
		err := r.start()
		if err == nil && r.dec == nil {
			r.ready.End()
		}
		return err
	}
	if err := r.step(); err != nil {
		return err
	}
	r.release()
	return nil
}

// Diagnostics returns the diagnostics gathered since the last call.
func (r *BackupReader) Diagnostics() []ssd3.Diagnostic { return r.notes.Diagnostics() }

// noteAt adds a diagnostic at offset in the JSON: the byte offset of the
// file, or for a .jsonlz4 one, which has none of its text, the offset in
// the decompressed JSON, said in the message.
func (r *BackupReader) noteAt(offset int64, kind ssd3.Kind, format string, a ...any) {
	if r.lz4 && offset >= 0 {
		r.notes.Note(0, -1, kind, "at byte %d of the decompressed JSON: %s", offset, fmt.Sprintf(format, a...))
		return
	}
	r.notes.Note(0, offset, kind, format, a...)
}

// token reads the next token; a syntax error ends the file with a
// diagnostic (bad input is never an error), and only an I/O error is one.
func (r *BackupReader) token() (stdjson.Token, bool, error) {
	tok, err := r.dec.Token()
	if err == nil {
		return tok, true, nil
	}
	return nil, false, r.fail(err)
}

// fail ends the file at err, a syntax error (a diagnostic) or an I/O
// error (returned).
func (r *BackupReader) fail(err error) error {
	r.ready.End()
	var se *stdjson.SyntaxError
	switch {
	case errors.As(err, &se):
		r.noteAt(se.Offset, ssd3.Skipped, "not valid JSON here (%v): the rest of the file is not imported", se)
	case errors.As(err, new(lz4Error)):
		r.noteAt(-1, ssd3.Skipped, "the LZ4 data of the .jsonlz4 file is broken after %d bytes of JSON (%v): the rest is not imported", r.block.Made(), err)
	case errors.Is(err, io.EOF) && len(r.stack) == 0 && r.dec.InputOffset() == 0:
		r.noteAt(0, ssd3.Skipped, "the file is empty: not a Firefox bookmark backup")
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		r.noteAt(r.dec.InputOffset(), ssd3.Skipped, "the JSON ends inside %d object(s) or array(s): the file was cut short; the rest is not imported", len(r.stack))
	default:
		return err
	}
	r.finish()
	return nil
}

// step reads one token, and what it calls for.
func (r *BackupReader) step() error {
	tok, ok, err := r.token()
	if !ok {
		return err
	}
	offset := r.dec.InputOffset()
	if len(r.stack) == 0 {
		if d, isDelim := tok.(stdjson.Delim); isDelim && d == '{' {
			r.stack = append(r.stack, frame{kind: inNode, n: &node{offset: offset - 1}})
			return nil
		}
		r.noteAt(0, ssd3.Skipped, "the file is a JSON %s, not the object of a Firefox bookmark backup: nothing imported", jsonKind(tok))
		r.ready.End()
		return nil
	}
	top := &r.stack[len(r.stack)-1]
	switch top.kind {
	case skipping:
		if d, isDelim := tok.(stdjson.Delim); isDelim {
			if d == '{' || d == '[' {
				top.depth++
			} else {
				top.depth--
			}
		}
		if top.depth == 0 {
			r.stack = r.stack[:len(r.stack)-1]
		}
	case inChildren:
		d, isDelim := tok.(stdjson.Delim)
		switch {
		case isDelim && d == ']':
			r.stack = r.stack[:len(r.stack)-1]
		case isDelim && d == '{':
			r.stack = append(r.stack, frame{kind: inNode, n: &node{parent: top.n, offset: offset - 1}})
		default:
			r.noteAt(offset, ssd3.Deviation, "a %s among the children of a folder, where each is an object: ignored", jsonKind(tok))
			r.skipRest(tok)
		}
	case inNode:
		n := top.n
		if d, isDelim := tok.(stdjson.Delim); isDelim && d == '}' {
			r.stack = r.stack[:len(r.stack)-1]
			r.endNode(n)
			if len(r.stack) == 0 {
				r.end()
			}
			return nil
		}
		key, _ := tok.(string) // a key is always a string
		return r.value(n, key)
	}
	return nil
}

// skipRest skips the rest of a value whose first token was tok.
func (r *BackupReader) skipRest(tok stdjson.Token) {
	if d, isDelim := tok.(stdjson.Delim); isDelim && (d == '{' || d == '[') {
		r.stack = append(r.stack, frame{kind: skipping, depth: 1})
	}
}

// end ends the root object: anything after it is not read.
func (r *BackupReader) end() {
	if r.dec.More() {
		r.noteAt(r.dec.InputOffset(), ssd3.Deviation, "more JSON after the backup's object: not read")
	}
	r.ready.End()
	r.finish()
}

// value reads the value of key in node n.
func (r *BackupReader) value(n *node, key string) error {
	if key == "annos" {
		return r.annos(n)
	}
	tok, ok, err := r.token()
	if !ok {
		return err
	}
	offset := r.dec.InputOffset()
	if d, isDelim := tok.(stdjson.Delim); isDelim {
		if key == "children" && d == '[' {
			n.children = true
			// A top folder is named by its root ("Bookmarks Toolbar"),
			// whatever its title: it need not wait for one.
			n.settled = n.titled || n.root != ""
			r.stack = append(r.stack, frame{kind: inChildren, n: n})
			return nil
		}
		if key == "children" || isField(key) {
			r.noteAt(offset, ssd3.Deviation, "%q is a JSON %s here, where Firefox writes a %s: ignored", importers.Excerpt(key), jsonKind(tok), fieldKind(key))
		}
		r.skipRest(tok)
		return nil
	}
	s, isString := tok.(string)
	num, isNumber := tok.(stdjson.Number)
	switch key {
	case "type":
		n.typ = s
	case "typeCode":
		n.typeCode, _ = num.Int64()
	case "title":
		n.title, n.titled = s, true
	case "root":
		n.root = s
	case "uri":
		n.uri, n.hasURI = s, isString
	case "tags":
		n.tags = s
	case "keyword":
		n.keyword = s
	case "postData":
		n.post = s
	case "dateAdded", "lastModified":
		v, err := num.Int64()
		if !isNumber || err != nil {
			if tok != nil {
				r.noteAt(offset, ssd3.Deviation, "%s %s is not a date in microseconds: ignored", key, importers.Excerpt(fmt.Sprint(tok)))
			}
			break
		}
		if key == "dateAdded" {
			n.added = v
		} else {
			n.changed = v
		}
	default:
		return nil
	}
	if fieldKind(key) == "string" && !isString && tok != nil {
		r.noteAt(offset, ssd3.Deviation, "%q is a JSON %s here, where Firefox writes a string: ignored", key, jsonKind(tok))
	}
	return nil
}

// isField reports whether key is one that value reads.
func isField(key string) bool { return fieldKind(key) != "" }

// fieldKind is the JSON type of the value of a key that value reads.
func fieldKind(key string) string {
	switch key {
	case "type", "title", "root", "uri", "tags", "keyword", "postData":
		return "string"
	case "typeCode", "dateAdded", "lastModified":
		return "number"
	case "children", "annos":
		return "array"
	}
	return ""
}

// anno is an annotation of a node.
type anno struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// annos reads a node's annotations, of which the description is kept.
func (r *BackupReader) annos(n *node) error {
	offset := r.dec.InputOffset()
	// The value whole first: a syntax error in it ends the file, as
	// anywhere, and the decoder is not left in the middle of it.
	var raw stdjson.RawMessage
	if err := r.dec.Decode(&raw); err != nil {
		return r.fail(err)
	}
	var as []anno
	if err := stdjson.Unmarshal(raw, &as); err != nil {
		r.noteAt(offset, ssd3.Deviation, "\"annos\" is not an array of annotations here: ignored")
		return nil
	}
	for _, a := range as {
		if s, ok := a.Value.(string); ok && a.Name == descriptionAnno {
			n.description = s
		}
	}
	return nil
}

// kind is what a node is, from its type, its typeCode, or else its keys.
func (n *node) kind() int {
	switch {
	case n.typ == mimeSeparator || n.typ == "" && n.typeCode == typeSeparator:
		return typeSeparator
	case n.typ == mimeContainer || n.typ == "" && n.typeCode == typeFolder || n.children:
		return typeFolder
	case n.typ == mimePlace || n.typ == "" && n.typeCode == typeBookmark || n.hasURI:
		return typeBookmark
	}
	return 0
}

// endNode ends node n: a bookmark waits in the queue for its folders to be
// settled; a folder is settled now.
func (r *BackupReader) endNode(n *node) {
	switch n.kind() {
	case typeSeparator:
		r.separators++
	case typeFolder:
		n.settled = true
	case typeBookmark:
		r.queue = append(r.queue, n)
	default:
		if n.parent != nil {
			r.noteAt(n.offset, ssd3.Deviation, "an object of type %q, not a bookmark, folder or separator: ignored", importers.Excerpt(n.typ))
		}
	}
}

// release turns the bookmarks at the head of the queue whose folders are
// all settled into records, in the order of the file.
func (r *BackupReader) release() {
	if len(r.queue) > maxWaiting {
		r.settleWaiting()
	}
	i := 0
	for ; i < len(r.queue); i++ {
		n := r.queue[i]
		if !r.settled(n.parent) {
			break
		}
		r.queue[i] = nil
		r.makeRecord(n)
	}
	r.queue = r.queue[i:]
}

// settled reports whether folder n and those around it are settled. The
// object of the file, the places root, is always: its title is in no
// CATEGORY, so its bookmarks need not wait for it.
func (r *BackupReader) settled(n *node) bool {
	for ; n != nil && n.parent != nil; n = n.parent {
		if n.made {
			return true // made, so settled all the way up
		}
		if !n.settled {
			return false
		}
	}
	return true
}

// maxWaiting is how many bookmarks may wait for the title of a folder
// they are in, which a backup may give after its children (Firefox gives
// it before): past it, the folders are taken as they are, untitled, so
// that the bookmarks of a file of millions are not all held in memory.
const maxWaiting = 10_000

// settleWaiting settles the folders that the first bookmark waiting is
// in, saying so of each.
func (r *BackupReader) settleWaiting() {
	for p := r.queue[0].parent; p != nil; p = p.parent {
		if !p.settled && p.parent != nil {
			p.settled = true
			r.noteAt(p.offset, ssd3.Deviation, "a folder whose title comes after more than %d bookmarks in it: they are filed as in a folder without one", maxWaiting)
		}
	}
}

// folderCategory is the CATEGORY of what is in folder n, a settled one,
// within the bound on a CATEGORY (importers.Folder), whose cuts are
// reported at the folder. Each folder's path is made once, from its
// parent's.
func (r *BackupReader) folderCategory(n *node) string {
	if n == nil {
		return ""
	}
	var chain []*node // n and the folders around it not yet made, innermost first
	at := n
	for ; at != nil && !at.made; at = at.parent {
		chain = append(chain, at)
	}
	var path importers.Folder
	tags, root := false, ""
	if at != nil {
		path, tags, root = at.path, at.tagsRoot, at.inRoot
	}
	for i := len(chain) - 1; i >= 0; i-- {
		c := chain[i]
		tags = tags || c.root == tagsRoot
		if c.parent != nil { // the object of the file is the places root, whatever it says
			name, top := topFolders[c.root]
			if !top {
				name = folderName(c.title, "", func(kind ssd3.Kind, format string, a ...any) { r.noteAt(c.offset, kind, format, a...) })
			}
			if rt := browserRoots[c.root]; rt != "" {
				root = rt
			}
			if path = path.Child(name); path.Cut() != "" {
				r.noteAt(c.offset, ssd3.Dropped, "%s", path.Cut())
			}
		}
		c.path, c.tagsRoot, c.inRoot, c.made = path, tags, root, true
	}
	return n.path.Category()
}

// makeRecord makes a record of the bookmark n.
func (r *BackupReader) makeRecord(n *node) {
	cat := r.folderCategory(n.parent)
	if n.parent != nil && n.parent.tagsRoot {
		// The entries of the tags folder (older backups) are the tags
		// of bookmarks, which have them in "tags" too.
		r.tagEntries++
		return
	}
	if !n.hasURI {
		r.noteAt(n.offset, ssd3.Skipped, "bookmark %q has no \"uri\": not imported", importers.Excerpt(n.title))
		return
	}
	b := bookmark{uri: n.uri, title: n.title, category: cat, added: n.added, modified: n.changed, root: inRoot(n.parent),
		tags: strings.Split(n.tags, ","), keyword: n.keyword, post: n.post, description: n.description}
	if n.tags == "" {
		b.tags = nil
	}
	offset, where := n.offset, ""
	if r.lz4 {
		offset, where = -1, fmt.Sprintf("at byte %d of the decompressed JSON: ", n.offset)
	}
	if rec := b.record(&r.notes, r.opts, 0, offset, where); rec != nil {
		r.ready.Add(rec)
	}
}

// inRoot is the browser's root folder that folder n, made, is or is in.
func inRoot(n *node) string {
	if n == nil {
		return ""
	}
	return n.inRoot
}

// finish gives the notes about the whole file, and the bookmarks still
// waiting (in folders cut short).
func (r *BackupReader) finish() {
	if r.block != nil && errors.Is(r.block.err, io.EOF) && r.block.Made() != r.size {
		r.noteAt(int64(len(LZ4Magic)), ssd3.Deviation, "the .jsonlz4 header gives a size of %d bytes, but the data holds %d", r.size, r.block.Made())
	}
	for _, n := range r.queue {
		for p := n.parent; p != nil; p = p.parent {
			p.settled = true
		}
	}
	r.release()
	if r.separators > 0 {
		r.noteAt(-1, ssd3.Info, "%d separator(s) not imported: a catalogue has no separators", r.separators)
	}
	if r.tagEntries > 0 {
		r.noteAt(-1, ssd3.Info, "%d entries of the Tags folder not imported as bookmarks: they are the tags of bookmarks, which carry them as X-TAGS", r.tagEntries)
	}
	r.notes.End(r.opts)
}

// jsonKind names the JSON type of a token, with a boolean's value
// ("boolean true"), as this reader's messages have always said it.
func jsonKind(tok stdjson.Token) string {
	if b, ok := tok.(bool); ok {
		return "boolean " + strconv.FormatBool(b)
	}
	return importers.JSONKind(tok)
}

// Position says where the record rec, which Read returned last, was
// (importers.Positioner).
func (r *BackupReader) Position(rec *ssd3.Record) (importers.Position, bool) {
	return r.notes.Position(rec)
}
