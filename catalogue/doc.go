// Package catalogue reads, validates, edits and writes URI-Catalogue files
// (SSD3, media type text/vnd.si.uricatalogue), the only store uricat has.
//
// The package is lossless: every byte it could not understand is kept and
// written back unchanged, and a record that nobody edited is written back
// exactly as it was read.
//
// It is built in four layers, from a record's values up to the file:
//
//   - The record and the format: package ssd3 (Record, Values, the field
//     table, the value rules, encoded-words, Diagnostic, a streaming
//     Reader and Writer), implemented in internal/record with what only
//     this package may do to a record (its Ref, the blank lines before
//     it, its packed text, the parallel load's Worker and arenas), and
//     internal/syntax (the byte tests). ssd3 also keys URIs (URIKey: when
//     two URIs name the same resource) and says what a conflict mark
//     (X-CONFLICT) is. Here: validate.go (ValidationError).
//   - Reading: catalogue.go reads a file in blocks, cut in pieces that
//     internal/record's Worker parses on every CPU.
//   - The catalogue in memory: catalogue.go (Catalogue, Read, WriteTo),
//     keys.go (the URI and ID index), edit.go (Edit: Add, Set, Delete,
//     Batch; Apply and its inverse), bulk.go, replace.go and moves.go
//     (edits of many records), dups.go (the edit that merges duplicates;
//     package dupset finds them and makes the merged record),
//     history.go (undo and redo), merge.go (mergeVersions: three snapshots in,
//     merged records and conflicts out; Rebase), conflict.go (MergeFile,
//     the marked conflicts and how to settle them).
//   - The file on disk: store.go (Open, Snapshot, SaveTx: the lock, the
//     check for another program's changes, the atomic write), readonly.go
//     (Open's options LookOnly and Where, for commands that look once),
//     input.go (OpenInput, for files to import), copies.go (conflict
//     copies beside the file; the link checks' file is read and written
//     as this one is, by package linkset), and per system file_*.go, ctime_*.go, buffer_*.go.
//
// Showing text on a terminal is not this package's: internal/display makes
// what a file holds safe to show, and the importers and exporters of other
// formats live in package importers.
package catalogue
