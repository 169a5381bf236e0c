//go:build !purego

package query

// indexPrefixSSE2 is indexPrefix for a text of 16+k bytes or more,
// sixteen places at a time (prefix_amd64.s).
//
//go:noescape
func indexPrefixSSE2(s string, c0, c1, c2 byte, k int) int

// haveIndexPrefix tells that indexPrefixSSE2 is here.
const haveIndexPrefix = true
