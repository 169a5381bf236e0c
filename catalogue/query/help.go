package query

import (
	"slices"
	"strings"
)

// Help describes the search language, for people: the terminal UI shows it
// on its help screen, `uricat help search` prints it and the man page has
// it as a section, so that it is written once, here, beside the parser it
// describes: the lines about qualifiers are their entries' in
// qualifierTable.
//
// Its form serves all three: lines of at most 76 columns (the help
// screen's width in an 80-column terminal), 18 of them (what a 24-line
// terminal has room for); a line indented two spaces starts an item, a
// line indented further continues it, and the other lines are prose.
var Help = helpText()

// The prose and the items of Help before and after the qualifiers'.
const (
	helpTerms = `Terms are separated by spaces; a record must match every term. Case and
accents are ignored: koln finds Köln, cafe creme finds Café Crème.
  word         its letters in order in NAME, CATEGORY or a tag (gdv finds
               go.dev), or the word itself in DESCRIPTION
  "a phrase"   the words together in those fields; -term: records it misses
  a OR b, a|b  either term, binding tighter than spaces: jazz blues OR soul
  @work        the saved search work (uricat search list): @work rating:4`
	helpRules = `A qualifier (foo:) must be known and its value make sense (not rating:9);
after a digit, before "/" (12:30, https://go.dev) or in quotes, ":" is text.`
)

// helpText is Help: the terms, each qualifier's lines once, the rules.
func helpText() string {
	lines := []string{helpTerms}
	for _, q := range qualifierTable {
		if !slices.Contains(lines, q.help) {
			lines = append(lines, q.help)
		}
	}
	return strings.Join(append(lines, helpRules), "\n")
}
