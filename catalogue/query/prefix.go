package query

// indexPrefix returns the first i where s holds w's first bytes, up to
// three, or -1: where w may start (w has two bytes or more). On amd64 it
// compares sixteen places at once, which strings.Index, for the short
// texts and words of a search, does not do (it compares a place at a
// time, or takes PCMPESTRI, slow, fourteen at a time); a search looks for
// a word in every record's text. Three bytes rather than two leave fewer
// places to check, where the first two are common ("se" in "ser").
func indexPrefix(s, w string) int {
	k := min(len(w), 3) - 1 // where the third byte compared is: w's second, if it has no third
	if len(s) >= 16+k {
		return indexPrefixSSE2(s, w[0], w[1], w[k], k)
	}
	return indexPrefixBytes(s, w[0], w[1], w[k], k)
}

// indexPrefixBytes is indexPrefixSSE2 a byte at a time: the first i with
// s[i] == c0, s[i+1] == c1 and s[i+k] == c2 (k is 1 or 2), or -1.
func indexPrefixBytes(s string, c0, c1, c2 byte, k int) int {
	for i := 0; i+k < len(s); i++ {
		if s[i] == c0 && s[i+1] == c1 && s[i+k] == c2 {
			return i
		}
	}
	return -1
}
