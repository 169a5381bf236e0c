// Package record is one SSD3 record in memory and how it is read: the
// Record type with its accessors (record.go), its text packed (packed.go),
// the one table of the standard fields (fields.go), the parser of a
// record's lines and the reader of a file held in memory (parse.go), the
// parallel load's worker and its arenas (load.go), and rendering an
// edited record back to text (render.go).
//
// Package ssd3 gives Record to everyone (an alias) with its methods;
// package catalogue alone, being the only importer of this internal
// package, reaches what only a store may do to a record (its Ref, the
// blank lines before it, its packed text, problems it adds) through the
// functions of access.go: functions, not methods, so that they stay out
// of reach of ssd3's users.
package record
