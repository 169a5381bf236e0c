package ssd3

import (
	"errors"
	"fmt"
	"strings"
)

// CheckTag returns an error saying why t cannot be a tag: X-TAGS is a
// list separated by commas, so a tag holds none, and a blank one would
// be no tag at all.
func CheckTag(t string) error {
	switch {
	case strings.TrimSpace(t) == "":
		return errors.New("a tag cannot be blank")
	case strings.Contains(t, ","):
		return fmt.Errorf("tag %q holds a comma, which separates tags in %s: give it without", t, FieldTags)
	case strings.TrimSpace(t) != t:
		return fmt.Errorf("tag %q has blanks at its ends, which %s does not keep", t, FieldTags)
	}
	return nil
}
