// Package records is the TUI's record list: the search pipeline that
// answers the search box, the sort and the grouping, the rows it shows
// with their cursor, and the records marked for an action on many.
//
// The root (package tui) holds one List and talks to it by methods and
// messages, never by callbacks: Refilter starts a pass on a goroutine of
// its own and returns the command that brings its answer, a FilteredMsg
// naming the request (its sequence number) it answers; only the newest
// is shown. Before the search index is built, a pass's first
// FilteredMsg may be a first answer, for the records shown first, whose
// Rest brings the whole one. Warm builds the search index off Update
// once the catalogue is open, and its WarmedMsg gives the list the
// memory passes answer in; WarmArchive does ahead, for each new search
// index, what the first pass with a text: term would do for the
// archive's answers (SetArchive).
// The root tells the list the body's height (SetHeight) and draws the
// rows Visible returns; it never reads the list's fields.
//
// Files:
//   - list.go: List, its keys, cursor, scrolling, folding and marks, and
//     applying an answer while keeping the selected record selected.
//   - pass.go: a pass (parse, order, match, rank, group) over an
//     immutable snapshot, its index, its answer and the memory it reuses.
//   - row.go: Row, a heading or a record, and the sort and group cycles.
//
// Everything a pass reads is immutable, so passes never lock; the
// matching, ranking, sorting and grouping are catalogue/query's, the
// same as the command line's.
package records
