//go:build !purego

package query

// indexPairSSE2 is indexPair for a text of 17 bytes or more, sixteen
// places at a time (pair_amd64.s).
//
//go:noescape
func indexPairSSE2(s string, c0, c1 byte) int

// haveIndexPair tells that indexPairSSE2 is here.
const haveIndexPair = true
