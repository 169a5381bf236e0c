// Code in this file gives package record's names to ssd3's users: the
// record and the rules live in catalogue/internal/record, with what only
// the catalogue may do to a record, which this package does not give.

package ssd3

import (
	"time"

	"github.com/uricat/uricat/catalogue/internal/record"
)

// Kind says what a diagnostic means: a catalogue's Error or Warning, or what
// an import or an export did (Skipped, Dropped, Deviation, Info). A Kind is
// an error, the one a Diagnostic wraps, so that errors.Is(d, Warning) tests
// a diagnostic's kind as it tests any sentinel.
type Kind = record.Kind

// Diagnostic is what uricat has to say about a catalogue, a foreign file it
// imports or a record it exports, with where it is: the file, a line
// (and column) or a byte offset, whichever the input has, and the field.
// It is an error that wraps its Kind. String formats it, in the one form
// every command and view shows.
type Diagnostic = record.Diagnostic

// Field is an extension field (2.2): its Name starts with "X-" and its Value
// is the decoded text.
type Field = record.Field

// Record is one bookmark: a URI and the metadata SSD3 defines for it.
//
// A record a catalogue holds never changes: an edit makes a new one with
// the same Ref. Change a Clone and give the catalogue the difference
// (Diff, Set); never modify a record that Records returned. Copy a record
// with Clone, never by assignment (go vet reports it).
//
// Its accessors give decoded values; an empty string (or zero Rating,
// zero Date) means the field is absent or was invalid in the file. A Record
// read from a file also remembers its original text, so that saving an
// unchanged record writes back the same bytes, and its problems.
type Record = record.Record

// Values are a record's fields as plain values, to build a record from
// (NewRecord) or to read all of them at once (Record.Values).
type Values = record.Values

// FieldSpec is what uricat knows of one standard field of SSD3 section 3:
// its name, the section that defines it, whether a record needs it, and how
// to read, check and change its value. Every part of uricat that handles
// the standard fields one by one (the reader, Validate, the writer, the
// edit path, the TUI's form and detail pane, the command line's flags)
// goes through this table, so that a field is described once.
//
// The text of a value is what a user types and what `uricat show` prints:
// decoded Unicode for NAME, CATEGORY and DESCRIPTION, "DD/MM/YYYY hh:mm:ss"
// for DATE (3.3), "1" to "5" for RATING (3.6), as written for the others.
type FieldSpec = record.FieldSpec

// DecodeText decodes the RFC 2047 encoded-words in a text value read from a
// file. A value without "=?" is returned as it is, without allocating.
func DecodeText(v string) (string, error) { return record.DecodeText(v) }

// EncodeText makes a text value fit a catalogue line: printable ASCII is
// written as it is, and anything else (non-ASCII, line breaks, tabs, or text
// that would itself read as an encoded-word) as RFC 2047 encoded-words, so
// that DecodeText gives back exactly the same string.
func EncodeText(v string) string { return record.EncodeText(v) }

// ValidateURI checks that v is an absolute URI as RFC 3986 defines it (SSD3
// 3.1): a scheme, a colon, and only the characters a URI may hold, with
// every "%" starting a two-digit hex escape. A fragment is allowed, since
// bookmarks often point into a page.
func ValidateURI(v string) error { return record.ValidateURI(v) }

// NormalizeURI turns an IRI (RFC 3987) or a sloppily typed URI into a URI:
// the host is converted with IDNA, and every byte a URI may not hold (non-ASCII
// text, spaces, quotes, a stray "%") is percent-encoded as UTF-8. The result
// still has to pass ValidateURI: NormalizeURI does not invent a scheme.
func NormalizeURI(v string) string { return record.NormalizeURI(v) }

// ParseDate parses a DATE value: exactly "DD/MM/YYYY hh:mm:ss" (SSD3 3.3),
// two digits each except the four-digit year, a real calendar date and time,
// in UTC.
func ParseDate(v string) (time.Time, error) { return record.ParseDate(v) }

// FormatDate writes t as a DATE value, in UTC, to the second (SSD3 3.3).
func FormatDate(t time.Time) string { return record.FormatDate(t) }

// ValidateDate reports whether t can be written as a DATE: SSD3's four-digit
// year limits it to the years 0000-9999.
func ValidateDate(t time.Time) error { return record.ValidateDate(t) }

// ParseRating parses a RATING value: an integer from 1 to 5 (SSD3 3.6).
func ParseRating(v string) (int, error) { return record.ParseRating(v) }

// ValidateRating checks that n is a rating from 1 to 5 (SSD3 3.6).
func ValidateRating(n int) error { return record.ValidateRating(n) }

// ValidateLanguage checks that v is a language tag as RFC 3066 defines it
// (SSD3 3.7): a primary subtag of 1-8 letters, then subtags of 1-8 letters
// or digits, separated by "-". A two- or three-letter primary subtag must be
// an ISO 639 code, and a two-letter second subtag an ISO 3166 country code.
func ValidateLanguage(v string) error { return record.ValidateLanguage(v) }

// ValidateType checks that v is a media type (SSD3 3.8, RFC 2046): type "/"
// subtype, optionally followed by parameters.
func ValidateType(v string) error { return record.ValidateType(v) }

// ValidateID checks that v is a positive decimal integer of any length (SSD3 3.9).
func ValidateID(v string) error { return record.ValidateID(v) }

// CompareIDs compares two valid IDs as numbers, whatever their length.
func CompareIDs(a, b string) int { return record.CompareIDs(a, b) }

// ValidateExtensionName checks that name is an extension field name: "X-"
// followed by the characters 2.1.3 allows in a name.
func ValidateExtensionName(name string) error { return record.ValidateExtensionName(name) }

// NewRecord returns a new record holding v, not yet in any catalogue.
func NewRecord(v Values) *Record { return record.NewRecord(v) }

// LookupField returns the standard field called name (case-sensitive, as
// 2.1.3 says names are).
func LookupField(name string) (FieldSpec, bool) { return record.LookupField(name) }

// GetField returns r's value of the field name, standard or X-, as text; ""
// when r has none.
func GetField(r *Record, name string) string { return record.GetField(r, name) }

// SetField checks v and stores it as r's value of the field name, standard
// or X-; "" clears the field. The error says what is wrong with the name or
// the value, quoting SSD3, and names the field once.
func SetField(r *Record, name, v string) error { return record.SetField(r, name, v) }

// FieldNames returns the names of the fields r has a value for: the
// standard ones in the order of Fields, then its X- fields in its order.
func FieldNames(r *Record) []string { return record.FieldNames(r) }

// Diff returns the fields whose values differ between old and new, with
// new's values ("" for a field new clears), standard fields first: the
// Set edit that turns old into new. DATE is in it only when new has a DATE
// other than old's (one the user typed): otherwise the Set stamps it.
func Diff(old, new *Record) []Field { return record.Diff(old, new) }

// StoredValue returns the value of the standard field name as r's text
// holds it, whether or not it is valid, and whether r uses it: "not a uri"
// for "URI: not a uri", false. A record keeps such a line but holds no
// value for it (GetField is ""), so that a view would show nothing there;
// it shows this, marked, instead. "" when the text has no such line (a
// record not read from a file, or without the field).
func StoredValue(r *Record, name string) (value string, used bool) {
	return record.StoredValue(r, name)
}

// SplitTags returns the tags of an X-TAGS value: comma-separated, without
// the blanks around them and without empty ones ("a, b,," is [a b]).
func SplitTags(v string) []string { return record.SplitTags(v) }

// JoinTags returns tags as an X-TAGS value, "a, b": the form SplitTags reads.
func JoinTags(tags []string) string { return record.JoinTags(tags) }

// MiscasedExtension returns the X- field uricat knows (FieldTags,
// FieldAdded) that name differs from only in case, or "" if none does.
// SSD3 2.1.3 makes names case-sensitive, so "X-Tags" is a field of its
// own that SSD3 allows, and its tags are not tags: worth a warning, not
// an error (the catalogue conforms).
func MiscasedExtension(name string) string { return record.MiscasedExtension(name) }

// Kinds of diagnostic (see Kind).
const (
	Error     = record.Error
	Warning   = record.Warning
	Skipped   = record.Skipped
	Dropped   = record.Dropped
	Deviation = record.Deviation
	Info      = record.Info
)

// Standard field names (SSD3 section 3). Names are case-sensitive (2.1.3).
const (
	FieldURI         = record.FieldURI
	FieldName        = record.FieldName
	FieldDate        = record.FieldDate
	FieldCategory    = record.FieldCategory
	FieldDescription = record.FieldDescription
	FieldRating      = record.FieldRating
	FieldLanguage    = record.FieldLanguage
	FieldType        = record.FieldType
	FieldID          = record.FieldID
)

// DateLayout is the DATE format of SSD3 3.3 ("DD/MM/YYYY hh:mm:ss", UTC).
const DateLayout = record.DateLayout

// FieldAdded is the extension field that keeps when a record was added
// once its DATE no longer says so (see record.FieldAdded).
const FieldAdded = record.FieldAdded

// FieldTags is the extension field that holds a record's tags, as the
// browsers' bookmark files (TAGS) and uricat's --tags give them.
const FieldTags = record.FieldTags

// Fields lists the standard fields in the order a new record writes them,
// the order of the spec's full example (4.1), which is also the order in
// which uricat shows them. Do not modify it.
var Fields = record.Fields
