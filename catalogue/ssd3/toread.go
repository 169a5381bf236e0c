package ssd3

// FieldToRead is the extension field (2.2) that marks a record to read:
// the reading list is the records that have it with the value ToReadMark.
// It is the field Pinboard's and Diigo's exports carry as TOREAD.
const FieldToRead = "X-TOREAD"

// ToReadMark is the one value of FieldToRead that puts a record on the
// reading list, the "1" of Pinboard's HTML export (TOREAD="1"). A record
// without the field is not on the list; so is one whose value is
// anything else, such as the "0" Pinboard writes for a bookmark read.
const ToReadMark = "1"

// ToRead reports whether r is on the reading list.
func ToRead(r *Record) bool { return r.Extension(FieldToRead) == ToReadMark }
