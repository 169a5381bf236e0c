// Package plural counts things in messages: "1 record", "3 records".
package plural

import "strconv"

// Of returns n and noun, with an "s" unless n is 1: "1 record",
// "0 records", "3 records". Nouns whose plural is not theirs plus "s"
// are not for it.
func Of(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
