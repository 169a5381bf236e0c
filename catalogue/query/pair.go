package query

// indexPair returns the first i where s holds c0 and then c1, or -1:
// where a word may start that starts with those two bytes. On amd64 it
// compares sixteen places at once, which strings.Index, for the short
// texts and words of a search, does not do (it compares a place at a
// time, or takes PCMPESTRI, slow, fourteen at a time); a search looks for
// a word in every record's text.
func indexPair(s string, c0, c1 byte) int {
	if len(s) >= 17 {
		return indexPairSSE2(s, c0, c1)
	}
	return indexPairBytes(s, c0, c1)
}

// indexPairBytes is indexPair a byte at a time.
func indexPairBytes(s string, c0, c1 byte) int {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == c0 && s[i+1] == c1 {
			return i
		}
	}
	return -1
}
