// Package dupset finds the records of a catalogue that name one page:
// the exact matches of a URI (by ssd3.URIKey), the groups of look-alikes
// (by LooseKey: the same page spelt another way), the cleanest spelling
// of a group, and the record a group's merge makes. It only reads
// records: the edit that applies a merge is catalogue.MergeEdit's.
package dupset
