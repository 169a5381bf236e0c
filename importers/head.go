package importers

import "bytes"

// TrimHead returns head, the first bytes of a file, from its first token
// on, for a Detect: without the UTF-8 byte order mark an editor may have
// put first, nor the blank space (JSON's and XML's) before the token.
func TrimHead(head []byte) []byte {
	return bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n")
}

// ArrayHead returns what follows the "[" that starts head, for a Detect
// of a JSON array: from its first element's first token on (or its "]"),
// and whether head starts an array at all.
func ArrayHead(head []byte) ([]byte, bool) {
	h := TrimHead(head)
	if len(h) == 0 || h[0] != '[' {
		return nil, false
	}
	return bytes.TrimLeft(h[1:], " \t\r\n"), true
}
