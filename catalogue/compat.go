package catalogue

import (
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// The names below moved to package ssd3, the format; they are kept here
// only until every caller names them there (the rewrite deletes this
// file). Inside this package they are the short names.

// Standard field names: see ssd3.FieldURI.
const (
	FieldURI         = ssd3.FieldURI
	FieldName        = ssd3.FieldName
	FieldDate        = ssd3.FieldDate
	FieldCategory    = ssd3.FieldCategory
	FieldDescription = ssd3.FieldDescription
	FieldRating      = ssd3.FieldRating
	FieldLanguage    = ssd3.FieldLanguage
	FieldType        = ssd3.FieldType
	FieldID          = ssd3.FieldID
	FieldAdded       = ssd3.FieldAdded
)

// DateLayout is ssd3.DateLayout.
const DateLayout = ssd3.DateLayout

// Field is ssd3.Field.
type Field = ssd3.Field

// Kind is ssd3.Kind.
type Kind = ssd3.Kind

// The kinds of a Diagnostic: see ssd3.Error.
const (
	Error     = ssd3.Error
	Warning   = ssd3.Warning
	Skipped   = ssd3.Skipped
	Dropped   = ssd3.Dropped
	Deviation = ssd3.Deviation
	Info      = ssd3.Info
)

// Diagnostic is ssd3.Diagnostic.
type Diagnostic = ssd3.Diagnostic

// DecodeText is ssd3.DecodeText.
func DecodeText(v string) (string, error) { return ssd3.DecodeText(v) }

// EncodeText is ssd3.EncodeText.
func EncodeText(v string) string { return ssd3.EncodeText(v) }

// ValidateURI is ssd3.ValidateURI.
func ValidateURI(v string) error { return ssd3.ValidateURI(v) }

// NormalizeURI is ssd3.NormalizeURI.
func NormalizeURI(v string) string { return ssd3.NormalizeURI(v) }

// ParseDate is ssd3.ParseDate.
func ParseDate(v string) (time.Time, error) { return ssd3.ParseDate(v) }

// FormatDate is ssd3.FormatDate.
func FormatDate(t time.Time) string { return ssd3.FormatDate(t) }

// ValidateDate is ssd3.ValidateDate.
func ValidateDate(t time.Time) error { return ssd3.ValidateDate(t) }

// ParseRating is ssd3.ParseRating.
func ParseRating(v string) (int, error) { return ssd3.ParseRating(v) }

// ValidateRating is ssd3.ValidateRating.
func ValidateRating(n int) error { return ssd3.ValidateRating(n) }

// ValidateLanguage is ssd3.ValidateLanguage.
func ValidateLanguage(v string) error { return ssd3.ValidateLanguage(v) }

// ValidateType is ssd3.ValidateType.
func ValidateType(v string) error { return ssd3.ValidateType(v) }

// ValidateID is ssd3.ValidateID.
func ValidateID(v string) error { return ssd3.ValidateID(v) }

// CompareIDs is ssd3.CompareIDs.
func CompareIDs(a, b string) int { return ssd3.CompareIDs(a, b) }

// ValidateExtensionName is ssd3.ValidateExtensionName.
func ValidateExtensionName(name string) error { return ssd3.ValidateExtensionName(name) }
