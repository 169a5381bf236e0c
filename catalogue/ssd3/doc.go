// Package ssd3 is the URI-Catalogue format (SSD3, media type
// text/vnd.si.uricatalogue) apart from any store: the rules a value must
// follow and how a problem is reported. It knows nothing of files on
// disk, edits or history (package catalogue).
//
// Files:
//   - names.go: the standard field names (section 3), DateLayout, Field
//     (an extension, 2.2) and FieldAdded (X-ADDED).
//   - validate.go: the value rules, Validate* (URI, DATE, RATING,
//     LANGUAGE, TYPE, ID, extension names), ParseDate and FormatDate,
//     ParseRating, NormalizeURI, CompareIDs.
//   - encode.go: RFC 2047 encoded-words (DecodeText, EncodeText).
//   - diagnostic.go: Diagnostic, every problem with its file, line and
//     column, and its Kind, which errors.Is tests.
//
// The byte-level rules it shares with package catalogue (which bytes a
// name may hold, how a byte is named in a message) are in
// catalogue/internal/syntax.
package ssd3
