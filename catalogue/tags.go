package catalogue

import "strings"

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
