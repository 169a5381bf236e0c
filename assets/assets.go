// Package assets holds the files uricat carries inside its binary.
package assets

import _ "embed"

// SampleCatalogue is a small URI-Catalogue (SSD3) of a dozen bookmarks that
// uses every field: categories with subfolders, ratings, languages, media
// types, IDs, X- fields and RFC 2047 encoded-words for non-ASCII names. The
// TUI offers it to a new user whose catalogue is empty.
//
//go:embed sample.uricat
var SampleCatalogue []byte
