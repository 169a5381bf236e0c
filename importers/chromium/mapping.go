package chromium

import (
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
)

// mapping is a key of a bookmark's object in the Bookmarks file and the
// field of the record that holds it. It is the one statement of the
// mapping: the reader goes by it, and a test checks the package doc's
// table against it.
type mapping struct {
	key   string // as in the file; "meta_info.K" is the key K of meta_info
	field string
	// date: WebKit microseconds in the file, DATE text (SSD3 3.3) in
	// the field.
	date bool
	doc  string // the value, as the package doc's table says it
}

// The fields of date_added and date_modified are decided together (see
// the package doc): the table names the usual one.
const (
	fieldLastModified = importers.FieldLastModified
	fieldLastVisit    = "X-LAST-VISIT"
)

// mappings lists them in the order the package doc's table has them.
// meta_info's Description and Nickname are Vivaldi's (its bookmark
// panel's "Description" and "Nickname", which it matches as a keyword
// typed in the address bar, as Firefox's keywords); last_visited_desktop
// is Chrome's own record of the last visit, which date_last_used replaces.
var mappings = []mapping{
	{"url", ssd3.FieldURI, false, "string"},
	{"name", ssd3.FieldName, false, "string"},
	{"date_added", ssd3.FieldDate + ", " + ssd3.FieldAdded, true, "WebKit microseconds"},
	{"date_modified", fieldLastModified, true, "WebKit microseconds"},
	{"date_last_used", fieldLastVisit, true, "WebKit microseconds"},
	{"meta_info.Description", ssd3.FieldDescription, false, "string"},
	{"meta_info.Nickname", "X-KEYWORD", false, "string"},
	{"meta_info.last_visited_desktop", fieldLastVisit, true, "WebKit microseconds"},
	{"meta_info.K", "X-META-K", false, "string"},
}

// byKey finds a mapping by its key; meta_info keys not in the table go by
// the last row (metaField).
var byKey = func() map[string]*mapping {
	m := make(map[string]*mapping, len(mappings))
	for i := range mappings {
		m[mappings[i].key] = &mappings[i]
	}
	return m
}()

// bulkMeta are the meta_info keys that hold bulk data, not text a person
// reads: Vivaldi's thumbnails (data: URIs of images) and Chrome's
// power_bookmark_meta (a base64 protocol buffer). They are counted and
// left out.
var bulkMeta = map[string]bool{"Thumbnail": true, "power_bookmark_meta": true}

// metaField is the extension field of a meta_info key that the table does
// not name: "X-META-" and the key in capitals, "" when that cannot be a
// field's name (SSD3 2.1.3).
func metaField(key string) string {
	b := make([]byte, 0, len("X-META-")+len(key))
	b = append(b, "X-META-"...)
	for i := 0; i < len(key); i++ {
		c := key[i]
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		b = append(b, c)
	}
	f := string(b)
	if ssd3.ValidateExtensionName(f) != nil {
		return ""
	}
	return f
}
