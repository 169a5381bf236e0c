// Package textclip shortens text for messages and narrow places, always at
// a character boundary and always saying that it did.
package textclip

import "unicode/utf8"

// Ellipsis marks where clipped text was cut.
const Ellipsis = "..."

// Clip returns s when it has at most n characters (runes), else its first
// n-3 characters followed by Ellipsis, so that the result has n characters
// at most. An n under 4 leaves room for the ellipsis alone.
func Clip(s string, n int) string {
	if len(s) <= n || utf8.RuneCountInString(s) <= n {
		return s // at most n bytes is at most n runes
	}
	keep, count, cut := max(n-len(Ellipsis), 0), 0, 0
	for cut = range s {
		if count == keep {
			break
		}
		count++
	}
	return s[:cut] + Ellipsis
}
