// Package cataloguetest holds what tests of the packages that show a
// catalogue's diagnostics check alike.
package cataloguetest

import (
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// FieldSaidTwice returns each standard field's name that text says twice
// in a row ("NAME NAME must not be blank", "NAME: NAME …"), white space
// and line breaks taken as one space. A diagnostic's message names its
// field itself (catalogue.Diagnostic.Field), so nothing that shows one may
// put the field's name before it.
func FieldSaidTwice(text string) []string {
	var found []string
	flat := " " + strings.Join(strings.Fields(text), " ") + " "
	for _, f := range ssd3.Fields {
		for _, sep := range []string{" ", ": "} {
			if strings.Contains(flat, " "+f.Name+sep+f.Name+" ") {
				found = append(found, f.Name+sep+f.Name)
			}
		}
	}
	return found
}
