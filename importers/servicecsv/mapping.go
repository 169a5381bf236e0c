package servicecsv

import (
	"github.com/uricat/uricat/catalogue/ssd3"
)

// cellKind is how a column's cells become its field.
type cellKind uint8

const (
	cellText     cellKind = iota // the text as it is (Finish cleans it)
	cellDate                     // Unix seconds, or an ISO 8601 (RFC 3339) date
	cellTags                     // tags separated by the column's sep, made X-TAGS's list
	cellJSONTags                 // a JSON array of tags, or tags separated by commas
	cellStatus                   // Pocket's status, made the section name of its HTML export
	cellExcerpt                  // the DESCRIPTION when the row has no note, else its field
	cellFlag                     // "true" is "1"; "false" is no field
	cellFolder                   // a folder, as it is; "Unread" also marks the record to read
)

// String is how the package doc's tables name the kind.
func (k cellKind) String() string {
	return [...]string{"text", "date", "tags", "tags (JSON array)", "Unread, Read Archive", "DESCRIPTION if no note", "true 1", "text"}[k]
}

// column is one column of a service's CSV: its name in the header
// (compared without regard to case), the field it goes to, and how.
type column struct {
	name  string
	field string
	kind  cellKind
	sep   string // a cellTags column's separator
}

// service is one service's CSV export: the format's name and title, the
// columns whose presence in the header row tells it (all of them), and its
// columns. A column of the header that is not among them is kept as an X-
// field of its name, as uricat's own CSV does.
type service struct {
	name, title string
	who         string // the service, for messages
	detect      []string
	columns     []column
}

// The services, in the order Detect tries them. Each table is checked
// against the one of the package doc under the service's heading.
var (
	// pocket is Pocket's export of 2024 on (part_000000.csv in the zip it
	// mailed): "title,url,time_added,tags,status".
	pocket = service{
		name: "pocket-csv", title: "Pocket export (CSV)", who: "Pocket",
		detect: []string{"url", "time_added", "status"},
		columns: []column{
			{name: "title", field: ssd3.FieldName},
			{name: "url", field: ssd3.FieldURI},
			{name: "time_added", field: ssd3.FieldDate, kind: cellDate},
			{name: "tags", field: ssd3.FieldTags, kind: cellTags, sep: "|"},
			{name: "status", field: ssd3.FieldCategory, kind: cellStatus},
		},
	}
	// instapaper is Instapaper's "Download .CSV file":
	// "URL,Title,Selection,Folder,Timestamp", and Tags in later exports.
	instapaper = service{
		name: "instapaper-csv", title: "Instapaper export (CSV)", who: "Instapaper",
		detect: []string{"url", "selection", "folder", "timestamp"},
		columns: []column{
			{name: "URL", field: ssd3.FieldURI},
			{name: "Title", field: ssd3.FieldName},
			{name: "Selection", field: ssd3.FieldDescription},
			{name: "Folder", field: ssd3.FieldCategory, kind: cellFolder},
			{name: "Timestamp", field: ssd3.FieldDate, kind: cellDate},
			{name: "Tags", field: ssd3.FieldTags, kind: cellJSONTags},
		},
	}
	// raindrop is Raindrop.io's CSV backup: "id,title,note,excerpt,url,
	// folder,tags,created,cover,highlights,favorite"; its import format
	// (url, folder, title, note, tags, created, in any order) reads too.
	raindrop = service{
		name: "raindrop-csv", title: "Raindrop.io export (CSV)", who: "Raindrop.io",
		detect: []string{"url", "folder", "created"},
		columns: []column{
			{name: "id", field: "X-RAINDROP-ID"},
			{name: "title", field: ssd3.FieldName},
			{name: "note", field: ssd3.FieldDescription},
			{name: "excerpt", field: "X-EXCERPT", kind: cellExcerpt},
			{name: "url", field: ssd3.FieldURI},
			{name: "folder", field: ssd3.FieldCategory},
			{name: "tags", field: ssd3.FieldTags, kind: cellTags, sep: ","},
			{name: "created", field: ssd3.FieldDate, kind: cellDate},
			{name: "cover", field: "X-DATA-COVER"},
			{name: "highlights", field: "X-HIGHLIGHTS"},
			{name: "favorite", field: "X-FAVORITE", kind: cellFlag},
		},
	}
	services = []*service{&pocket, &instapaper, &raindrop}
)

// uriColumn is the name of the column that holds the URI.
func (s *service) uriColumn() string {
	for _, c := range s.columns {
		if c.field == ssd3.FieldURI {
			return c.name
		}
	}
	return ""
}

// how is how the package doc's tables say what becomes of a cell.
func (c *column) how() string {
	if c.kind == cellTags {
		return "tags split at " + c.sep
	}
	return c.kind.String()
}
