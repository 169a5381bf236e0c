package catalogue

import "github.com/uricat/uricat/catalogue/ssd3"

// Move is a record whose URI moved (a permanent redirect, as a link check
// found), and whether it is rewritten: Problem says why not ("" when it
// is).
type Move struct {
	Record   *ssd3.Record
	From, To string
	Problem  string
}

// The problems of a Move not made.
const (
	MoveTaken   = "the catalogue has that URI already"
	MoveInvalid = "not a valid URI"
)

// MoveURIs returns the edit that rewrites the URI of each record of recs
// to where it moved (to(uri); "" for a URI that did not move), as one
// edit, and every move, made or not: a move to a URI the catalogue has
// already (ssd3.URIKey), or to one that is not a valid URI (3.1), is left out
// and said. The edit is nil when there is nothing to rewrite. `uricat
// links --update-moved` and the TUI's link results both rewrite with it.
// Call it on the goroutine that owns c.
func MoveURIs(c *Catalogue, recs []*ssd3.Record, to func(uri string) string) (Edit, []Move) {
	var sets []Edit
	var moves []Move
	for _, r := range recs {
		dest := to(r.URI())
		if dest == "" || dest == r.URI() {
			continue
		}
		mv := Move{Record: r, From: r.URI(), To: dest}
		switch {
		case c.HasURI(dest):
			mv.Problem = MoveTaken
		case ssd3.ValidateURI(dest) != nil:
			mv.Problem = MoveInvalid
		default:
			sets = append(sets, Set{Ref: r.Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldURI, Value: dest}}})
		}
		moves = append(moves, mv)
	}
	if len(sets) == 0 {
		return nil, moves
	}
	return Batch{Edits: sets}, moves
}
