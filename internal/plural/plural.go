// Package plural counts things in messages: "1 record", "3 records".
package plural

import (
	"strconv"
	"strings"
)

// Of returns n and noun, in the plural unless n is 1: "1 record",
// "0 records", "3 records", "2 conflict copies", "2 matches". Nouns whose
// plural is irregular are not for it.
func Of(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	switch {
	case strings.HasSuffix(noun, "y") && !strings.HasSuffix(noun, "ey") && !strings.HasSuffix(noun, "ay"):
		return strconv.Itoa(n) + " " + noun[:len(noun)-1] + "ies" // copy, copies
	case strings.HasSuffix(noun, "s") || strings.HasSuffix(noun, "x") || strings.HasSuffix(noun, "ch") || strings.HasSuffix(noun, "sh"):
		return strconv.Itoa(n) + " " + noun + "es"
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
