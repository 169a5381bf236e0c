package safari

import (
	"bytes"
	"testing"

	"howett.net/plist"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// FuzzReader checks that no input makes the reader fail, panic or loop, or
// emit a record the catalogue would reject or text holding control
// characters or escape sequences: the property list parser's included.
// Run it with -fuzzminimizetime 100x: minimizing a new input of a few KiB
// otherwise takes the fuzzer's whole minute, and nothing else is run.
func FuzzReader(f *testing.F) {
	f.Add(encode(f, safariTree(), plist.BinaryFormat))
	f.Add(encode(f, safariTree(), plist.XMLFormat))
	esc := folder("\x1b]0;title\x07", bookmark("https://a.example/\x1b[31m", "\x1b[2Jname\x00"))
	f.Add(encode(f, esc, plist.BinaryFormat))
	f.Add(chain(40, 2))
	f.Fuzz(func(t *testing.T, data []byte) {
		importertest.FuzzRead(t, NewReader(bytes.NewReader(data), importers.Options{}), len(data))
	})
}
