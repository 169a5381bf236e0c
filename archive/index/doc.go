// Package index is the full-text index of the archive's pages: the words
// of each page in an SQLite FTS5 table (modernc.org/sqlite, no C), under
// $XDG_CACHE_HOME/uricat/ in a file named for the archive's directory, so
// that two archives never share one. It answers the search language's
// text: terms (query.Query.WithText) and archive: terms
// (query.Query.WithArchive), ranked by bm25.
//
// The index is derived: nothing in the catalogue or the archive depends
// on it. Missing or corrupt, it is built again from the archive's files;
// stale (the archive's directory changed behind it), it is brought up to
// date from their headers. SQLite's locking, with a busy timeout, lets
// two processes use it at once; a process killed mid-write leaves the
// last committed state.
//
// # Words
//
// A page's title and text are folded as the rest of the search language
// folds (query.Fold: case and accents), and cut into words, one space
// between them, which FTS5's ascii tokenizer then splits at the spaces
// alone (words.go): what a word is stays decided here, in Go, and the
// index agrees with a plain scan over the same text (a differential
// test). Chinese and Japanese write no spaces: a run of their characters
// is indexed as its overlapping pairs and its last character, and a
// search's run looked up as the same pairs in a row, so that a word
// inside a sentence is found.
//
// # Beginnings
//
// A search's last word of three characters or more is a beginning, as
// one types. FTS5 finds one by copying the lists, positions and all, of
// every word it begins into one, which for a short beginning costs many
// times reading one list. So the index also keeps each page's heads
// (a word's first four characters, or a shorter word of three), which
// answer a beginning of four characters as one list, and one of three
// as an OR of the heads it begins; a longer one is an OR of the words
// it begins. fts5vocab lists those heads and words. A phrase whose last
// word is a beginning still needs the words' positions: FTS5 answers it.
//
// Files: words.go (folding and cutting into words, and a search's FTS5
// expression), index.go (the database: Open, Put, Remove, Rebuild, Sync,
// Lookup, States, Warm), snippet.go (an excerpt around the match).
package index
