package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
)

// selectorHelp says what a SELECTOR is, for the commands' --help.
const selectorHelp = `SELECTOR is the record's URI (as stored, or as typed: an IRI such as
https://bücher.de/ finds https://xn--bcher-kva.de/), id:N for the record
whose ID is N, or line:N (or N alone: the handle list shows) for the record
that starts at line N of the file (as check, show and rm give it).`

// selectorUsage ends the message of a selector that names no record.
const selectorUsage = "SELECTOR is a URI, id:N, line:N or the handle N that list shows"

// selection parses the --search of a command that changes the records it
// selects (rm, set). A blank search matches every record and a search of
// exclusions alone ("-zzz") nearly every one: a typo or an unset variable
// must not change the whole catalogue, so both are refused unless all
// (--all) says every record is meant. Free words match as words
// (query.Exact). The link: terms get their results, the text: and
// archive: terms the archive's.
func (e *env) selection(search string, all bool) (*query.Query, error) {
	q, err := e.parseSearch(search)
	if err != nil {
		return nil, usageError(err)
	}
	switch {
	case all:
	case q.Empty():
		return nil, usageError(fmt.Errorf("--search %q has no search term, so it would match every record; give a QUERY, or --all for every record", search))
	case q.OnlyNegations():
		return nil, usageError(fmt.Errorf("--search %q only excludes (-word), so it would select nearly every record; add a term that selects (cat:old -word), or --all for every record but those", search))
	}
	// What a command changes is selected by words, not by letters in
	// order: rm --search comic must not take "Chocolate Consumption,
	// Cognitive Function".
	if q, err = e.withLinks(q.Exact()); err != nil {
		return nil, err
	}
	return e.withArchive(q)
}

// selectionFlag is the flag that asked cmd for a selection: --search, or
// --all alone.
func selectionFlag(cmd *cobra.Command) string {
	if cmd.Flags().Changed("search") {
		return "--search"
	}
	return "--all"
}

// selectionText names what --search and --all selected, for messages.
func selectionText(search string, all bool) string {
	if all && strings.TrimSpace(search) == "" {
		return "--all"
	}
	return fmt.Sprintf("%q", search)
}

// openRecord opens the catalogue and returns it with the record sel names.
func (e *env) openRecord(sel string) (*catalogue.Catalogue, *ssd3.Record, error) {
	c, err := e.open()
	if err != nil {
		return nil, nil, err
	}
	rec, err := selectRecord(c, sel)
	if err != nil {
		return nil, nil, err
	}
	return c, rec, nil
}

// selectRecord returns the record sel names (see selectorHelp). Several
// records with the URI are an error that lists them, with their lines.
func selectRecord(c *catalogue.Catalogue, sel string) (*ssd3.Record, error) {
	recs := c.Records()
	if handle(sel) {
		sel = "line:" + sel // a URI has a scheme: a number alone is a handle
	}
	switch kind, v, _ := strings.Cut(sel, ":"); kind {
	case "id":
		if err := ssd3.ValidateID(v); err != nil {
			return nil, usageError(fmt.Errorf("%s: %w", sel, err))
		}
		for _, r := range recs {
			if r.ID() != "" && ssd3.CompareIDs(r.ID(), v) == 0 {
				return r, nil
			}
		}
		return nil, refused(fmt.Errorf("no record has ID %s in %s", v, c.Path()))
	case "line":
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return nil, usageError(fmt.Errorf("%s: line:N needs a line number, 1 or more", sel))
		}
		for _, r := range recs {
			if r.Line() == n {
				return r, nil
			}
		}
		return nil, refused(fmt.Errorf("no record starts at line %d of %s", n, c.Path()))
	}
	var found []*ssd3.Record
	for _, r := range recs {
		if r.URI() == sel {
			found = append(found, r)
		}
	}
	if len(found) == 0 {
		key := ssd3.URIKey(sel)
		for _, r := range recs {
			if r.URI() != "" && ssd3.URIKey(r.URI()) == key {
				found = append(found, r)
			}
		}
	}
	switch len(found) {
	case 0:
		return nil, refused(fmt.Errorf("no record has the URI %s in %s (%s)", sel, c.Path(), selectorUsage))
	case 1:
		return found[0], nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d records have the URI %s; name one with line:N:", len(found), found[0].URI())
	for _, r := range found {
		fmt.Fprintf(&b, "\n  line %d: %s", r.Line(), quoteName(r))
		if r.ID() != "" {
			fmt.Fprintf(&b, " (id:%s)", r.ID())
		}
	}
	return nil, refused(errors.New(b.String()))
}

// handle reports whether sel is a number alone: the handle list shows,
// the line a record starts at.
func handle(sel string) bool {
	if sel == "" {
		return false
	}
	for _, c := range sel {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// quoteName returns rec's NAME quoted for a message, or says it has none.
func quoteName(rec *ssd3.Record) string {
	if rec.Name() == "" {
		return "(no valid NAME)"
	}
	return strconv.Quote(display.Text(rec.Name()))
}

// describe names rec in a message: its NAME and URI, or what it lacks.
func describe(rec *ssd3.Record) string {
	uri := "(no valid URI)"
	if rec.URI() != "" {
		uri = "<" + display.Text(rec.URI()) + ">"
	}
	return quoteName(rec) + " " + uri
}
