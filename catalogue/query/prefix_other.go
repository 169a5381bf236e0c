//go:build !amd64 || purego

package query

// indexPrefixSSE2 is indexPrefixBytes where there is no SSE2.
func indexPrefixSSE2(s string, c0, c1, c2 byte, k int) int {
	return indexPrefixBytes(s, c0, c1, c2, k)
}

// haveIndexPrefix tells that indexPrefixSSE2 is only indexPrefixBytes.
const haveIndexPrefix = false
