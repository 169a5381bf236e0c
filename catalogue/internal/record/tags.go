package record

import (
	"fmt"
	"strings"
)

// FieldTags is the extension field that holds a record's tags, as the
// browsers' bookmark files (TAGS) and uricat's --tags give them.
const FieldTags = "X-TAGS"

// SplitTags returns the tags of an X-TAGS value: comma-separated, without
// the blanks around them and without empty ones ("a, b,," is [a b]).
func SplitTags(v string) []string {
	var tags []string
	for t := range strings.SplitSeq(v, ",") {
		if t = strings.TrimSpace(t); t != "" {
			tags = append(tags, t)
		}
	}
	return tags
}

// JoinTags returns tags as an X-TAGS value, "a, b": the form SplitTags reads.
func JoinTags(tags []string) string { return strings.Join(tags, ", ") }

// knownExtensions are the X- fields uricat reads for a meaning of its own.
var knownExtensions = [...]string{FieldTags, FieldAdded}

// MiscasedExtension returns the X- field uricat knows (FieldTags,
// FieldAdded) that name differs from only in case, or "" if none does.
// SSD3 2.1.3 makes names case-sensitive, so "X-Tags" is a field of its
// own that SSD3 allows, and its tags are not tags: worth a warning, not
// an error (the catalogue conforms).
func MiscasedExtension(name string) string {
	for _, k := range knownExtensions {
		if len(name) == len(k) && name != k && strings.EqualFold(name, k) {
			return k
		}
	}
	return ""
}

// miscasedWarning is the warning of an X- field named as one uricat
// knows but for its case (MiscasedExtension), or nil.
func miscasedWarning(name string, line int) *Diagnostic {
	k := MiscasedExtension(name)
	if k == "" {
		return nil
	}
	return &Diagnostic{Line: line, Offset: -1, Field: name, Kind: Warning,
		Msg: fmt.Sprintf("%s is not %s: field names are case-sensitive (2.1.3), so uricat does not read it as %s; rename it %s", name, k, k, k)}
}
