// Package exporters is the registry of the formats uricat exports to. Each
// format lives in its own sub-package with a Write function; the CLI's
// `export` command and the TUI's export key look formats up here, and
// WriteFile writes an export to a file atomically.
//
// What each format carries (the sub-packages' docs give the details):
//
//	format    URI NAME DATE CATEGORY DESCRIPTION RATING LANGUAGE TYPE ID  extensions
//	netscape  yes yes  yes  folders  <DD>        -      -        -    -   X-TAGS, X-KEYWORD, X-FEED-URL, X-LAST-VISIT
//	soif      yes yes  yes  yes      yes         yes    yes      yes  yes all
//	hinadi    yes yes  yes  Keyword  one line    X-     X-       yes  X-  all (X-AUTHOR as Author-Name)
//	urc       yes yes  yes  yes      yes         yes    yes      yes  yes all (X-URN as a URN element)
//	json      all fields and extensions, as uricat list --json
//	csv       all fields and extensions, one column each
//
// Writers take the records in the order given and stream them through a
// buffer; none of them fails on any text a record can hold.
package exporters

import (
	"fmt"
	"io"
	"strings"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/exporters/csv"
	"github.com/uricat/uricat/exporters/hinadi"
	"github.com/uricat/uricat/exporters/json"
	"github.com/uricat/uricat/exporters/netscape"
	"github.com/uricat/uricat/exporters/soif"
	"github.com/uricat/uricat/exporters/urc"
)

// Format is one export format.
type Format struct {
	Name  string // as --format takes it
	Title string // for people
	Ext   string // the usual file name extension, with its dot
	// Write writes the records, in the order given, to w.
	Write func(w io.Writer, recs []*catalogue.Record) error
}

// Formats lists every export format, browsers' format first.
var Formats = []Format{
	{Name: "netscape", Title: "Netscape bookmark file (Firefox, Chrome, Safari)", Ext: ".html", Write: netscape.Write},
	{Name: "soif", Title: "SOIF, Harvest's Summary Object Interchange Format", Ext: ".soif", Write: soif.Write},
	{Name: "hinadi", Title: "Hina-Di 2.2 (Asahina Antenna)", Ext: ".di", Write: hinadi.Write},
	{Name: "urc", Title: "URC, Uniform Resource Citations (Jarnefors 1993)", Ext: ".urc", Write: urc.Write},
	{Name: "json", Title: "JSON, as uricat list --json prints", Ext: ".json", Write: json.Write},
	{Name: "csv", Title: "CSV (RFC 4180) with a header row", Ext: ".csv", Write: csv.Write},
}

// Names returns the names of the formats, in the order of Formats.
func Names() []string {
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = f.Name
	}
	return names
}

// ByName returns the format called name (case-insensitive). The error lists
// the formats there are.
func ByName(name string) (Format, error) {
	for _, f := range Formats {
		if strings.EqualFold(f.Name, name) {
			return f, nil
		}
	}
	return Format{}, fmt.Errorf("unknown export format %q (formats: %s)", name, strings.Join(Names(), ", "))
}
