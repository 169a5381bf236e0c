// Package archive keeps what each bookmarked page said: one plain-text
// file per page (a few "Name: value" header lines, a blank line, then the
// article as Markdown), named from the URI's key so that two spellings of
// one URI share a file, written atomically so that a killed run or two
// runs at once never leave a torn one. Nothing in it amends a record: the
// catalogue file does not change when a page is archived.
//
// store.go holds the Store (Open, Put, Get, Stat, List, Walk, Remove) and
// Wayback; page.go the file format (Page, Info, and how a page is written
// and read back).
package archive
