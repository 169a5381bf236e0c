// Package query is uricat's one search language and its one engine: the
// terminal UI and the command line parse, match, rank, sort and group
// records with it and nothing else, so the same search finds the same
// records in both.
//
// # The language
//
// Help describes it, for people, once: the terminal UI's help screen,
// `uricat help search` and the man page show that text. Parse reads it:
// terms separated by spaces, all of which a record must match; words,
// "phrases", -exclusions, qualified terms (name:, tag:, rating:, date:,
// ...) and disjunctions (a OR b, a|b), which bind tighter than the spaces
// between terms. A term that cannot be parsed (rating:9, cat:,
// date:2015-13, an unknown qualifier foo:bar) is an *Error naming the
// term, its column and what is wrong.
//
// # Ranking
//
// Matches can be ranked by relevance (Rank): how well the words and
// phrases match NAME, CATEGORY and the tags. SSD3 forbids ordering by URI
// (3.1) and DESCRIPTION (3.5), so a match found only there scores nothing
// and keeps its place in file order, after the ranked ones. The explicit
// sort keys are NAME, DATE and RATING (SortKey); groups are by NAME,
// DATE, CATEGORY, RATING, LANGUAGE or TYPE (GroupKey).
//
// # Engines
//
// Filter searches a slice of records once, folding text as it goes: the
// command line's way. An Index folds a snapshot once, for searching it as
// one types; Index.Search matches exactly the records Filter does. An
// Index made by Prepare is searched while Build folds it, reading the
// chunks not folded yet as Filter would.
//
// Both look for a word in a record's text sixteen places at a time on
// amd64, with SSE2 (prefix_amd64.s, the package's only assembly); other
// systems, and a build with -tags purego, take the same search in Go,
// which the fuzz tests hold to strings.Index either way.
//
// # Files, in layers
//
// A search goes down them, from what is typed to the bytes compared;
// a qualifier's entry holds its part of the first two layers.
//
//	language   parse.go      Query, terms, Parse, Narrows, Exact, Error
//	           qualifier.go  qualifierTable: each qualifier's names, parse,
//	                         eval, highlight, text flags and help line
//	           help.go       Help, from the table and the prose around it
//	matching   match.go      a record as searches see it (doc), term.eval,
//	                         word and phrase scores, fuzzy matching,
//	                         Filter, Matcher, Match, DupSet
//	           fuzzybits.go  fuzzy spans in a short ASCII field, as masks
//	engines    index.go      Index: folded text in chunks, Search, Rank
//	           firstkey.go   an index's answers to a search's first key
//	showing    highlight.go  Highlight: the runes a search lit up
//	           sort.go       SortKey, Order; group.go: GroupKey, groups
//	text       fold.go       Fold, foldMap, appendFold
//	           swar.go       eight bytes at a time, for folding and masks
//	           prefix*.go    indexPrefix: SSE2 on amd64, Go elsewhere
//
// A new qualifier is one entry of qualifierTable and its case in
// qualifierCases (qualifier_test.go), which TestQualifierTable and
// FuzzSearch walk.
package query
