package catalogue

import (
	"github.com/uricat/uricat/catalogue/internal/record"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// The record and its field table live in package record; these names
// stay here until every caller uses package ssd3's.

// Record is one bookmark (see record.Record).
type Record = record.Record

// Ref is a record's identity for the life of the process (see record.Ref).
type Ref = record.Ref

// Values are a record's fields as plain values (see record.Values).
type Values = record.Values

// FieldSpec is what uricat knows of one standard field (see record.FieldSpec).
type FieldSpec = record.FieldSpec

// Fields lists the standard fields (see record.Fields). Do not modify it.
var Fields = record.Fields

// FieldTags is the extension field that holds a record's tags.
const FieldTags = record.FieldTags

// NewRecord returns a new record holding v, not yet in any catalogue.
func NewRecord(v Values) *Record { return record.NewRecord(v) }

// LookupField returns the standard field called name.
func LookupField(name string) (FieldSpec, bool) { return record.LookupField(name) }

// GetField returns r's value of the field name, as text.
func GetField(r *Record, name string) string { return record.GetField(r, name) }

// SetField checks v and stores it as r's value of the field name.
func SetField(r *Record, name, v string) error { return record.SetField(r, name, v) }

// FieldNames returns the names of the fields r has a value for.
func FieldNames(r *Record) []string { return record.FieldNames(r) }

// Diff returns the fields whose values differ between old and new.
func Diff(old, new *Record) []ssd3.Field { return record.Diff(old, new) }

// StoredValue returns the value of the standard field name as r's text holds it.
func StoredValue(r *Record, name string) (string, bool) { return record.StoredValue(r, name) }

// SplitTags returns the tags of an X-TAGS value.
func SplitTags(v string) []string { return record.SplitTags(v) }

// JoinTags returns tags as an X-TAGS value.
func JoinTags(tags []string) string { return record.JoinTags(tags) }

// MiscasedExtension returns the X- field uricat knows that name differs
// from only in case, or "".
func MiscasedExtension(name string) string { return record.MiscasedExtension(name) }
