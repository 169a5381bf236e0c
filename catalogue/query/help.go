package query

// Help describes the search language, for people: the terminal UI shows it
// on its help screen, `uricat help search` prints it and the man page has
// it as a section, so that it is written once, here, beside the parser it
// describes (TestHelp holds it to the parser's qualifiers).
//
// Its form serves all three: lines of at most 76 columns (the help
// screen's width in an 80-column terminal), 18 of them (what a 24-line
// terminal has room for); a line indented two spaces starts an item, a
// line indented further continues it, and the other lines are prose.
const Help = `Terms are separated by spaces; a record must match every term. Case and
accents are ignored: koln finds Köln, cafe creme finds Café Crème.
  word         its letters in order in NAME, CATEGORY or a tag (gdv finds
               go.dev), or the word itself in DESCRIPTION
  "a phrase"   the words together, in any of those fields
  -term        records the term does not match (-word: without the word)
  a OR b, a|b  either term; OR binds tighter than the spaces between terms:
               jazz blues OR soul is jazz and (blues or soul)
  name:, cat:, desc:, uri:   text in that field; x-NAME:gh in field X-NAME
  tag:jazz     a whole tag of X-TAGS (tag:"road trip")
  in:Go/Web    CATEGORY Go/Web and those under it; in:none: no CATEGORY
  lang:en      LANGUAGE en, en-gb, ...; type:text (text/...), type:text/html
  rating:4     also rating:>=4 (<, <=, >, =), 1 to 5; rating:none: unrated
  date:2015    also date:2015-10, date:>=2015-10-31 (<, <=, >, =)
  dup:yes      its URI looks like another's (uricat dups); dup:no: not
  link:dead    what uricat links found: ok, moved, dead, unknown, unchecked
A qualifier (foo:) must be known and its value make sense (not rating:9);
after a digit, before "/" (12:30, https://go.dev) or in quotes, ":" is text.`
