package importers

import (
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// UnreadSection reports whether a read-later service's section, folder or
// status names the bookmarks not read yet: Pocket's "Unread" section and
// "unread" status, Instapaper's "Unread" folder. The others ("Read
// Archive", "archive", "Archive") hold those read.
func UnreadSection(name string) bool {
	return strings.EqualFold(strings.TrimSpace(name), "unread")
}

// MarkUnread puts rec on the reading list (ssd3.FieldToRead) if section
// is UnreadSection, so that an import keeps a service's read state; a
// mark the record has from the file already is left as it is.
func MarkUnread(rec *ssd3.Record, section string) {
	if UnreadSection(section) && rec.Extension(ssd3.FieldToRead) == "" {
		rec.SetExtension(ssd3.FieldToRead, ssd3.ToReadMark)
	}
}
