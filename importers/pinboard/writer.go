package pinboard

import (
	"bufio"
	"bytes"
	"crypto/md5"
	"encoding/hex"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
)

// Writer writes records as Pinboard's JSON export, one post per record,
// each key from the table the Reader reads (keys).
type Writer struct {
	bw     *bufio.Writer
	buf    bytes.Buffer
	enc    *stdjson.Encoder // of one string into buf, &, < and > as they are
	n      int              // the posts written
	closed bool
	importers.WriterNotes
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer {
	pw := &Writer{bw: bufio.NewWriterSize(w, 64<<10)}
	pw.enc = stdjson.NewEncoder(&pw.buf)
	pw.enc.SetEscapeHTML(false)
	pw.ControlsWhy = "Pinboard shows text, and uricat writes none that could move a terminal"
	return pw
}

// pair is one key of a post and its value.
type pair struct{ key, value string }

// Write writes rec as one post.
func (w *Writer) Write(rec *ssd3.Record) error {
	if w.closed {
		return errors.New("pinboard: Write after Close")
	}
	w.Record(rec.URI())
	post := append(w.known(rec), w.extensions(rec)...)
	if w.n == 0 {
		w.bw.WriteByte('[')
	} else {
		w.bw.WriteByte(',')
	}
	w.n++
	w.bw.WriteByte('{')
	for i, p := range post {
		if i > 0 {
			w.bw.WriteByte(',')
		}
		w.str(p.key)
		w.bw.WriteByte(':')
		w.str(p.value)
	}
	w.bw.WriteByte('}')
	return nil
}

// str writes s as a JSON string; encoding a string cannot fail.
func (w *Writer) str(s string) {
	w.buf.Reset()
	_ = w.enc.Encode(s)
	w.bw.Write(bytes.TrimSuffix(w.buf.Bytes(), []byte("\n")))
}

// known returns the keys of the table: Pinboard's own always, as its
// export has them, the fields it has no key for when rec has them.
func (w *Writer) known(rec *ssd3.Record) []pair {
	var post []pair
	for i := range keys {
		k := &keys[i]
		v := ""
		switch k.kind {
		case valueText, valueField:
			if spec, ok := ssd3.LookupField(k.field); ok {
				v = w.SafeText(k.field, spec.Get(rec))
			}
			if v == "" && k.kind == valueField {
				continue
			}
		case valueDate:
			if d := rec.Date(); !d.IsZero() {
				v = d.UTC().Format(time.RFC3339)
			}
		case valueTags:
			v = w.tags(rec)
		case valueFlag, valueNotFlag:
			v = w.flag(k, rec.Extension(k.field))
		}
		post = append(post, pair{k.name, v})
	}
	// Pinboard's checksums: hash of the URL, meta of the whole post, so
	// that either changes when what it sums does.
	sum := md5.New()
	for _, p := range post {
		fmt.Fprintf(sum, "%s=%s\n", p.key, p.value)
	}
	for i := range post {
		switch post[i].key {
		case "hash":
			h := md5.Sum([]byte(rec.URI()))
			post[i].value = hex.EncodeToString(h[:])
		case "meta":
			post[i].value = hex.EncodeToString(sum.Sum(nil))
		}
	}
	return post
}

// tags returns rec's tags separated by spaces, as Pinboard separates
// them, noting a tag that holds a space, which reads back as two.
func (w *Writer) tags(rec *ssd3.Record) string {
	tags := ssd3.SplitTags(w.SafeText(ssd3.FieldTags, rec.Extension(ssd3.FieldTags)))
	for _, t := range tags {
		if strings.ContainsFunc(t, isSpace) {
			w.Note(ssd3.Deviation, "tag %q holds a space: Pinboard separates tags by spaces, so it reads back as more than one tag", t)
		}
	}
	return strings.Join(tags, " ")
}

func isSpace(r rune) bool { return len(strings.Fields(string(r))) == 0 }

// flag returns Pinboard's "yes" or "no" for the value v of k's field:
// "1" or "0", or none, which counts as "0" (a record without X-TOREAD is
// not on the reading list; without X-PRIVATE it is not private).
func (w *Writer) flag(k *key, v string) string {
	yes, no := "yes", "no"
	if k.kind == valueNotFlag {
		yes, no = no, yes
	}
	switch v {
	case "1":
		return yes
	case "0", "":
		return no
	}
	w.Note(ssd3.Deviation, "%s %q is neither 1 nor 0: written as %s %q, which reads back as 0", k.field, v, k.name, no)
	return no
}

// extensions returns rec's extensions that the table has no row for, each
// as a key of its name without X-, in small letters, which the Reader reads
// back as the same field; one whose key Pinboard already has, or a second
// of one name, cannot be written, and is noted.
func (w *Writer) extensions(rec *ssd3.Record) []pair {
	var post []pair
	seen := map[string]bool{}
	for _, f := range rec.Extensions() {
		key := strings.ToLower(strings.TrimPrefix(f.Name, "X-"))
		if k := keyByField[f.Name]; k != nil && !seen[key] {
			seen[key] = true // written from the table
			continue
		}
		if keyByName[key] != nil || seen[key] {
			w.Note(ssd3.Dropped, "%s is left out: a post has only one key %q", f.Name, key)
			continue
		}
		seen[key] = true
		if back := "X-" + strings.ToUpper(key); back != f.Name {
			w.Note(ssd3.Deviation, "%s is written as key %q, which reads back as %s", f.Name, key, back)
		}
		post = append(post, pair{key, w.SafeText(f.Name, f.Value)})
	}
	return post
}

// Close ends the array and flushes, reporting the first error.
func (w *Writer) Close() error {
	if w.closed {
		return errors.New("pinboard: Close called twice")
	}
	w.closed = true
	if w.n == 0 {
		w.bw.WriteByte('[')
	}
	w.bw.WriteString("]\n")
	if err := w.bw.Flush(); err != nil {
		return fmt.Errorf("pinboard: %w", err)
	}
	return nil
}
