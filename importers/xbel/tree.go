package xbel

import (
	"encoding/xml"
	"fmt"
	"time"
)

// Document is one XBEL file as a tree, in file order, as floccus and the
// importer both need it.
type Document struct {
	// Prolog is what came before <xbel ...> (XML declaration, DOCTYPE)
	// exactly as read; "" from a new document.
	Prolog string
	// HighestID is floccus's `<!--- highestId :N: for Floccus bookmark sync
	// browser extension -->` comment; 0 when absent.
	HighestID int
	// Title is the <xbel>'s own <title>.
	Title string
	// Items are the top-level items, in file order.
	Items []*Item

	// highestSeen says the comment was read, so that Encode gives back
	// floccus's ":0:" of a file that never had a bookmark.
	highestSeen bool
	// open is the <xbel ...> start tag as read (its namespace
	// declarations, which the prefixes in an Info need), "" for floccus's.
	open string
}

// Kind is what an Item is.
type Kind int

// The kinds of Item, one per XBEL element.
const (
	Bookmark Kind = iota
	Folder
	Separator
	Alias
)

// String is the kind's element name.
func (k Kind) String() string {
	switch k {
	case Bookmark:
		return "bookmark"
	case Folder:
		return "folder"
	case Separator:
		return "separator"
	case Alias:
		return "alias"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Item is a bookmark, folder, separator or alias.
type Item struct {
	Kind Kind
	// ID is the id attribute as written ("" when none); floccus's ids are
	// decimal.
	ID    string
	Title string
	// Href is a bookmark's URL as written.
	Href string
	// Ref is an alias's ref.
	Ref  string
	Desc string
	// Added, Modified and Visited are zero when absent.
	Added, Modified, Visited time.Time
	// Folded is a folder's folded attribute as written ("" when absent).
	Folded string
	// Info is the raw inner XML of <info> (metadata kept verbatim), ""
	// when absent.
	Info string
	// Items are a folder's children, in file order.
	Items []*Item
	// Attrs are the item's other attributes, as written and in file
	// order (buku's TAGS; a date that is not one), without namespaces.
	// Encode writes them after the ones above.
	Attrs []xml.Attr
	// Line is the line the element started on.
	Line int
}

// ParseError is XML that cannot be read: where and why.
type ParseError struct {
	Line, Column int
	Err          error
}

// Error names the line and column.
func (e *ParseError) Error() string {
	return fmt.Sprintf("line %d column %d: %v", e.Line, e.Column, e.Err)
}

// Unwrap is the error of the XML decoder.
func (e *ParseError) Unwrap() error { return e.Err }
