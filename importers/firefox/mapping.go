package firefox

// mapping is what each source holds of a bookmark and the field it
// becomes: the package doc's "Field mapping" table, which a test checks
// against it (bookmark.record does the mapping).
var mapping = [][3]string{
	{"moz_places.url", "uri", "URI"},
	{"moz_bookmarks.title", "title", "NAME"},
	{"the titles of the folders around it", "the titles of the containers", "CATEGORY"},
	{"moz_bookmarks.dateAdded", "dateAdded", "DATE, or X-ADDED"},
	{"moz_bookmarks.lastModified", "lastModified", "DATE, or X-LAST-MODIFIED"},
	{"the tag folders that hold its place", "tags", "X-TAGS"},
	{"moz_keywords.keyword", "keyword", "X-KEYWORD"},
	{"moz_keywords.post_data", "postData", "X-POST-DATA"},
	{"bookmarkProperties/description, moz_places.description", "annos bookmarkProperties/description", "DESCRIPTION"},
}
