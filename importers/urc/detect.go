package urc

import (
	"regexp"
	"sync"
)

// citationStart matches the start of a file of citations: "<", then a first
// element that is a URL or URN (scheme ":"), a URD (Field, tags, "=") or a
// structor (keyword "*"), closed by ";". HTML and XML ("<html>", "<!DOCTYPE",
// "<?xml", "<a href=...>") do not match: after the tag name comes a space
// or ">", not ":", "=", "*" or a tag.
var citationStart = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:\xef\xbb\xbf)?\s*<\s*[A-Za-z][A-Za-z0-9+._-]*(?:\s*\*|:|[./][A-Za-z0-9./:_+-]*=|=)[^;>]*;`)
})

// Detect reports whether head, the first bytes of a file, looks like URC
// citations.
func Detect(head []byte) bool { return citationStart().Match(head) }
