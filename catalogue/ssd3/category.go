package ssd3

import "strings"

// A CATEGORY is a path of names, as the browsers' bookmark folders make
// it: "Bookmarks Menu/Programming/Go". The names are joined with "/"; a
// "/" inside a name is escaped with "\" (`News\/Politics`), and so is a
// "\" that an escape could be taken for (one before a "/" or "\", or at
// the end of the name), and only that one, so that `C:\dir` stays as it
// is. This is the one place that knows it: the importers that write
// folder paths, the category tree and the edits of a subtree use these.

// JoinCategory makes a CATEGORY of a path of names, escaping as above.
// Empty names are left out.
func JoinCategory(names []string) string {
	var b strings.Builder
	for _, f := range names {
		if f == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('/')
		}
		appendName(&b, f)
	}
	return b.String()
}

// appendName writes one name of a path, escaped.
func appendName(b *strings.Builder, f string) {
	for i := 0; i < len(f); i++ {
		if f[i] == '/' || f[i] == '\\' && (i+1 == len(f) || f[i+1] == '/' || f[i+1] == '\\') {
			b.WriteByte('\\')
		}
		b.WriteByte(f[i])
	}
}

// SplitCategory undoes JoinCategory: it splits at each "/" that "\" does
// not escape, and "\" escapes only "/" and "\". An empty CATEGORY is no
// names; "a//b" has an empty name between the two.
func SplitCategory(category string) []string {
	if category == "" {
		return nil
	}
	var out []string
	var b strings.Builder
	for i := 0; i < len(category); i++ {
		switch c := category[i]; {
		case c == '\\' && i+1 < len(category) && (category[i+1] == '/' || category[i+1] == '\\'):
			i++
			b.WriteByte(category[i])
		case c == '/':
			out = append(out, b.String())
			b.Reset()
		default:
			b.WriteByte(c)
		}
	}
	return append(out, b.String())
}

// nextName returns where the name of category that starts at i ends: at
// the "/" that ends it (not one that "\" escapes), or at len(category).
func nextName(category string, i int) int {
	for ; i < len(category); i++ {
		switch category[i] {
		case '\\':
			if i+1 < len(category) && (category[i+1] == '/' || category[i+1] == '\\') {
				i++
			}
		case '/':
			return i
		}
	}
	return i
}

// CategoryUnder reports whether category is path or lies under it (its
// names begin with path's names), and returns what follows path in it,
// as written, from the "/" that ends path ("" for path itself, "/Go/Tools"
// for path "Programming" of "Programming/Go/Tools"). Names are compared after unescaping, so that
// the two spellings of one path are one; an empty path is under nothing.
func CategoryUnder(category, path string) (rest string, ok bool) {
	if path == "" {
		return "", false
	}
	if !strings.ContainsRune(path, '\\') {
		// The common case: no escapes, so no name of path holds a "/" or
		// a "\", and the names of category that match it are written
		// as they are.
		rest, ok := strings.CutPrefix(category, path)
		switch {
		case !ok:
			return "", false
		case rest == "":
			return "", true
		case rest[0] == '/':
			return rest, true
		}
		return "", false
	}
	want := SplitCategory(path)
	i := 0
	for k, name := range want {
		j := nextName(category, i)
		if unescapeName(category[i:j]) != name {
			return "", false
		}
		if j == len(category) {
			return "", k == len(want)-1
		}
		i = j + 1
	}
	return category[i-1:], true
}

// unescapeName is a name of a path without its escapes.
func unescapeName(s string) string {
	if !strings.ContainsRune(s, '\\') {
		return s
	}
	return SplitCategory(s)[0]
}

// Recategorised returns the CATEGORY a record of category has once the
// subtree from is renamed to: category itself if it is not under from.
// Renaming onto "" moves the subtree's names up to the top.
func Recategorised(category, from, to string) (string, bool) {
	rest, ok := CategoryUnder(category, from)
	if !ok {
		return category, false
	}
	if to == "" && rest != "" {
		return rest[1:], true
	}
	return to + rest, true
}

// CategoryNames yields the names of category in order, each unescaped
// with the CATEGORY of the node it ends, as written (a prefix of
// category): "Programming", then "Programming/Go", for a tree that
// shares the text of the records rather than copying it.
func CategoryNames(category string) func(yield func(path, name string) bool) {
	return func(yield func(path, name string) bool) {
		if category == "" {
			return
		}
		for i := 0; ; {
			j := nextName(category, i)
			if !yield(category[:j], unescapeName(category[i:j])) || j == len(category) {
				return
			}
			i = j + 1
		}
	}
}

// CanonicalCategory returns the one spelling of category's path: each
// name escaped as JoinCategory escapes it, empty names kept ("a//b"
// stays). Most categories are canonical already, and come back as they
// are.
func CanonicalCategory(category string) string {
	if !strings.ContainsRune(category, '\\') {
		return category
	}
	var b strings.Builder
	for i, name := range SplitCategory(category) {
		if i > 0 {
			b.WriteByte('/')
		}
		appendName(&b, name)
	}
	return b.String()
}
