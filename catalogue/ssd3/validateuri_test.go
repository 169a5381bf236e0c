package ssd3_test

import (
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// TestValidateURIEmptyNamesSection: an empty URI is refused with the
// section of SSD3 the field table gives the URI field, as a missing
// required field of any other kind is.
func TestValidateURIEmptyNamesSection(t *testing.T) {
	t.Parallel()
	f, ok := ssd3.LookupField(ssd3.FieldURI)
	if !ok {
		t.Fatal("no URI field in the field table")
	}
	err := ssd3.ValidateURI("")
	if err == nil {
		t.Fatal("ValidateURI(\"\") = nil, want an error")
	}
	want := "URI is required and must not be empty (" + f.Section + ")"
	if !strings.Contains(err.Error(), want) || f.Section != "3.1" {
		t.Errorf("ValidateURI(\"\") = %q, want it to say %q (section 3.1)", err, want)
	}
}
