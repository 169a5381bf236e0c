package httpindex

import "bytes"

// Detect reports whether head, the first bytes of a file, looks like an
// http-index-format listing: its first lines (up to five, ignoring blank
// ones and a last line that head may cut) are all "NNN:" lines, and at least
// one of them is a 100, 101, 200, 201 or 300 line.
func Detect(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	lines := bytes.FieldsFunc(head, func(r rune) bool { return r == '\r' || r == '\n' })
	if len(lines) > 1 && !bytes.HasSuffix(head, []byte("\n")) && !bytes.HasSuffix(head, []byte("\r")) {
		lines = lines[:len(lines)-1] // possibly cut short
	}
	known, seen := false, 0
	for _, l := range lines {
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		code, _, ok := splitCode(l)
		if !ok {
			return false
		}
		switch code {
		case "100", "101", "102", "200", "201", "300", "301":
			known = true
		}
		if seen++; seen == 5 {
			break
		}
	}
	return known
}
