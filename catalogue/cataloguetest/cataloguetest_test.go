package cataloguetest

import (
	"reflect"
	"testing"
)

func TestFieldSaidTwice(t *testing.T) {
	for text, want := range map[string][]string{
		"NAME NAME must not be blank":              {"NAME NAME"},
		"✗ NAME:\n  NAME must not be blank":        {"NAME: NAME"},
		"NAME must not be blank":                   nil,
		"NAME\n✗ NAME must not be blank":           nil, // a row's label, its message beneath
		"RATING RATINGS":                           nil,
		"b.uricat:3:7: error: DATE DATE \"x\" bad": {"DATE DATE"},
	} {
		if got := FieldSaidTwice(text); !reflect.DeepEqual(got, want) {
			t.Errorf("FieldSaidTwice(%q) = %q, want %q", text, got, want)
		}
	}
}
