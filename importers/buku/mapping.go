package buku

// mapping is each column of buku's table and the field it becomes: the
// package doc's "Field mapping" table, which a test checks against it
// (Reader.record does the mapping).
var mapping = [][2]string{
	{"URL", "URI"},
	{"metadata", "NAME"},
	{"tags", "X-TAGS"},
	{"desc", "DESCRIPTION"},
	{"flags", FieldFlags},
}
