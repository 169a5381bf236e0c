package importers

import "bytes"

// TrimHead returns head, the first bytes of a file, from its first token
// on, for a Detect: without the UTF-8 byte order mark an editor may have
// put first, nor the blank space (JSON's and XML's) before the token.
func TrimHead(head []byte) []byte {
	return bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n")
}
