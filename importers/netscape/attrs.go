package netscape

import (
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// browserAttr is an <A> attribute that browsers and bookmarking services
// write, and the extension field that holds it. The reader and the writer
// both use this table, so that what one writes the other reads back.
type browserAttr struct {
	attr  string // as the writer writes it; the reader compares in lower case
	field string
	date  bool // Unix seconds in the file, DATE text (SSD3 3.3) in the field
}

// browserAttrs lists them in the order the writer writes them. Who writes
// what: LAST_MODIFIED, LAST_VISIT, TAGS, SHORTCUTURL, FEEDURL, POST_DATA,
// WEB_PANEL and LAST_CHARSET are Firefox's (its bookmarks.preplaces.html
// test file has them all); LAST_VISIT Internet Explorer's and Diigo's too;
// PRIVATE and TOREAD Pinboard's and Diigo's; DATA-COVER Raindrop.io's.
var browserAttrs = []browserAttr{
	{"LAST_MODIFIED", "X-LAST-MODIFIED", true},
	{"LAST_VISIT", "X-LAST-VISIT", true},
	{"TAGS", "X-TAGS", false},
	{"SHORTCUTURL", "X-KEYWORD", false},
	{"FEEDURL", "X-FEED-URL", false},
	{"PRIVATE", "X-PRIVATE", false},
	{"TOREAD", "X-TOREAD", false},
	{"POST_DATA", "X-POST-DATA", false},
	{"WEB_PANEL", "X-WEB-PANEL", false},
	{"LAST_CHARSET", "X-LAST-CHARSET", false},
	{"DATA-COVER", "X-DATA-COVER", false},
}

// The attributes that hold standard fields. HREFLANG and TYPE are HTML's
// own attributes of a link for the language and the media type of what it
// points to (HTML 4.01 12.2), exactly SSD3's LANGUAGE (3.7) and TYPE (3.8);
// ID and RATING are uricat's, which browsers pass over. Firefox wrote ID
// for its own "rdf:#$..." identifiers: a value that is not a valid SSD3 ID
// (3.9) is kept as X-ID instead.
const (
	attrLanguage = "HREFLANG"
	attrType     = "TYPE"
	attrID       = "ID"
	attrRating   = "RATING"
)

var (
	attrByName  = map[string]*browserAttr{} // by lower-case attribute name
	attrByField = map[string]*browserAttr{}
)

func init() {
	for i := range browserAttrs {
		a := &browserAttrs[i]
		attrByName[strings.ToLower(a.attr)] = a
		attrByField[a.field] = a
	}
}

// fieldForAttr names the extension field that keeps an attribute which is
// not in browserAttrs (name in lower case, as the tokenizer gives it): an
// attribute that is an extension name already ("x-author", as the writer
// writes extensions) is that field, any other is "X-" and its name, both
// in capitals. It returns "" when the name cannot be a field's (2.1.3).
func fieldForAttr(name string) string {
	f := strings.ToUpper(name)
	if !strings.HasPrefix(f, "X-") {
		f = "X-" + f
	}
	if ssd3.ValidateExtensionName(f) != nil {
		return ""
	}
	return f
}

// attrForField is the attribute that carries an extension field which is
// not in browserAttrs: its own name, which fieldForAttr reads back as the
// same field if the name is in capitals (HTML attribute names are not
// case-sensitive, and the tokenizer gives them in lower case).
func attrForField(field string) string { return field }
