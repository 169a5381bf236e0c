// Package query is uricat's one search language and its one engine: the
// terminal UI and the command line parse, match, rank, sort and group
// records with it and nothing else, so the same search finds the same
// records in both.
//
// # The language
//
// A search is terms separated by spaces; a record matches when it matches
// every term. Matching ignores case and accents (see Fold): "koln" finds
// "Köln", "cafe creme" finds "Café Crème".
//
//   - word: its letters in order in NAME, CATEGORY or a tag ("gdv" finds
//     "go.dev"), or the word itself within DESCRIPTION.
//   - "quoted words": the phrase itself within NAME, CATEGORY, a tag or
//     DESCRIPTION. A quote left open runs to the end of the search.
//   - -term: records that do not match the term; -word excludes records
//     that contain the word (not merely its letters in order).
//   - name:, cat:, desc:, uri: text within that field. URIs are searched
//     only when asked: SSD3 3.1 does not recommend searching them.
//   - tag:T: records with the tag T. X-TAGS holds tags separated by commas
//     ("hiking, road trip"); each is taken without the blanks around it,
//     and tag:T matches a whole tag, ignoring case and accents (tag:hike
//     does not match "hiking"; tag:"road trip" matches "Road Trip").
//   - x-NAME:text: text within the extension field X-NAME (x-keyword:gh).
//   - lang:en: LANGUAGE en and its subtags (en-gb); type:text, type:text/html.
//   - rating:4, rating:>=4 (also <, <=, >, =): 1 to 5; unrated records never match.
//   - date:2015, date:2015-10, date:>=2015-10-31 (also <, <=, >, =).
//
// A term that cannot be parsed (rating:9, cat:, date:2015-13) is an *Error
// naming the term, its column and what is wrong.
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
// one types; Index.Search matches exactly the records Filter does.
//
// Both look for a word in a record's text sixteen places at a time on
// amd64, with SSE2 (prefix_amd64.s, the package's only assembly); other
// systems, and a build with -tags purego, take the same search in Go,
// which the fuzz tests hold to strings.Index either way.
package query
