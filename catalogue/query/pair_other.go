//go:build !amd64 || purego

package query

// indexPairSSE2 is indexPairBytes where there is no SSE2.
func indexPairSSE2(s string, c0, c1 byte) int { return indexPairBytes(s, c0, c1) }

// haveIndexPair tells that indexPairSSE2 is only indexPairBytes.
const haveIndexPair = false
