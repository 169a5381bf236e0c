// Package json exports records as a JSON array of catalogue.JSONRecord, the
// very objects `uricat list --json` prints: decoded text, RFC 3339 dates, and
// only the fields a record has. Every field and extension is carried.
package json

import (
	"bufio"
	"bytes"
	stdjson "encoding/json"
	"fmt"
	"io"

	"github.com/uricat/uricat/catalogue"
)

// Write writes recs to w as one indented JSON array, byte for byte what
// json.Encoder with SetIndent("", "  ") makes of []catalogue.JSONRecord, but
// one record at a time so that a large export does not build the whole
// document in memory.
func Write(w io.Writer, recs []*catalogue.Record) error {
	if len(recs) == 0 {
		_, err := io.WriteString(w, "[]\n")
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	// One encoder into one buffer for all records: it reuses its buffers,
	// where MarshalIndent would allocate two per record.
	var buf bytes.Buffer
	enc := stdjson.NewEncoder(&buf)
	enc.SetIndent("  ", "  ")
	bw.WriteString("[\n  ")
	for i, r := range recs {
		if i > 0 {
			bw.WriteString(",\n  ")
		}
		buf.Reset()
		if err := enc.Encode(r.JSON()); err != nil {
			return fmt.Errorf("json: record %d (%s): %w", i+1, r.URI, err)
		}
		bw.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	}
	bw.WriteString("\n]\n")
	return bw.Flush()
}
