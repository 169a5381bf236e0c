// Package linkset chooses the links a link check asks about, and sums up
// what it found. `uricat links` and the TUI's link check (L) both use it,
// so that they check the same links of the same records and say the same
// of them: the http and https URIs of the valid records, each asked
// about once, whatever number of records share it.
package linkset

import (
	"fmt"
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/internal/plural"
)

// Jobs is how many links a check asks about at once by default (at most
// linkcheck.PerHost of them of one host).
const Jobs = 8

// Set is the links of some records to check.
type Set struct {
	// URIs are the links to ask about, each once, in the order of the
	// first record that has it.
	URIs []string
	// ByURI holds, for each checkable link (those left out as fresh
	// too), the records that have it, in order: a result is told for
	// each of them.
	ByURI map[string][]*ssd3.Record
	// Fresh counts the links left out because fresh said they were
	// checked recently.
	Fresh int
	// Other counts the valid records whose URI is not http or https.
	Other int
}

// Select chooses the links of recs' valid records to check. fresh, if not
// nil, says which links were checked recently enough to be left out.
func Select(recs []*ssd3.Record, fresh func(uri string) bool) Set {
	s := Set{ByURI: map[string][]*ssd3.Record{}}
	for _, r := range recs {
		if !r.Valid() {
			continue
		}
		u := r.URI()
		switch {
		case !linkcheck.Checkable(u):
			s.Other++
			continue
		case s.ByURI[u] != nil: // asked about (or left out) once already
		case fresh != nil && fresh(u):
			s.Fresh++
		default:
			s.URIs = append(s.URIs, u)
		}
		s.ByURI[u] = append(s.ByURI[u], r)
	}
	return s
}

// Counts says how many results had each status, as "1 ok, 0 moved, 2
// dead, 0 unknown".
func Counts(counts map[linkcheck.Status]int) string {
	parts := make([]string, 0, 4)
	for _, s := range []linkcheck.Status{linkcheck.OK, linkcheck.Moved, linkcheck.Dead, linkcheck.Unknown} {
		parts = append(parts, fmt.Sprintf("%d %s", counts[s], s))
	}
	return strings.Join(parts, ", ")
}

// Checked sums up a check of n links that ended: "checked 3 links: 1 ok,
// 0 moved, 2 dead, 0 unknown".
func Checked(n int, counts map[linkcheck.Status]int) string {
	return fmt.Sprintf("checked %s: %s", plural.Of(n, "link"), Counts(counts))
}
