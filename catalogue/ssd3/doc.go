// Package ssd3 is the URI-Catalogue format (SSD3, media type
// text/vnd.si.uricatalogue) apart from any store: a record and its
// fields, the rules a value must follow, how a problem is reported, and
// a streaming Reader and Writer. It knows nothing of files on disk,
// edits or history (package catalogue).
//
// Files:
//   - record.go: Record (one bookmark, its accessors and setters) and
//     Values, NewRecord; the field table (FieldSpec, Fields, LookupField,
//     GetField, SetField, FieldNames, Diff, StoredValue); the standard
//     field names (section 3), DateLayout, Field (an extension, 2.2),
//     FieldAdded and FieldTags (SplitTags, JoinTags); the value rules,
//     Validate* (URI, DATE, RATING, LANGUAGE, TYPE, ID, extension names),
//     ParseDate and FormatDate, ParseRating, NormalizeURI, CompareIDs;
//     RFC 2047 encoded-words (DecodeText, EncodeText); Diagnostic, every
//     problem with its file, line and column, its Kind and its Cause,
//     which errors.Is tests.
//   - category.go: CATEGORY paths (3.4) as the browsers' folders make
//     them: SplitCategory, JoinCategory, CanonicalCategory, CategoryUnder,
//     CategoryNames, Recategorised.
//   - tags.go: CheckTag, what a tag of X-TAGS may hold.
//   - reader.go: Reader, one record at a time with its line, and the
//     kinds of problem it finds (ErrBareLine, ErrFieldName...) in a
//     ParseError.
//   - writer.go: Writer, which writes back a record read unchanged byte
//     for byte.
//
// What it gives is implemented in catalogue/internal/record, which also
// holds what only package catalogue may do to a record (its identity, the
// blank lines around it, the parallel load): those are functions of that
// package, so a user of this one cannot reach them.
package ssd3
