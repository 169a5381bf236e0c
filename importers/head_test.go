package importers

import (
	"encoding/json"
	"testing"
)

// A Detect sees a file from its first token, whatever an editor put
// before it.
func TestTrimHead(t *testing.T) {
	for _, tt := range []struct{ head, want string }{
		{"[{", "[{"},
		{"\xef\xbb\xbf [", "["},
		{" \t\r\n{\"roots\"", "{\"roots\""},
		{"\xef\xbb\xbf\n<?xml", "<?xml"},
		{" \xef\xbb\xbf[", "\xef\xbb\xbf["}, // a mark is one only first
		{"\xef\xbb", "\xef\xbb"},
		{"", ""},
	} {
		if got := string(TrimHead([]byte(tt.head))); got != tt.want {
			t.Errorf("TrimHead(%q) = %q, want %q", tt.head, got, tt.want)
		}
	}
}

// A Detect of a JSON array sees its first element, whatever the blank
// space around the "[", and no array in anything else.
func TestArrayHead(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		head, want string
		ok         bool
	}{
		{`[{"uri":`, `{"uri":`, true},
		{"\xef\xbb\xbf [\r\n\t {", "{", true},
		{"[]", "]", true},
		{"[", "", true},
		{`{"roots"`, "", false},
		{"x[", "", false},
		{"", "", false},
	} {
		got, ok := ArrayHead([]byte(tt.head))
		if string(got) != tt.want || ok != tt.ok {
			t.Errorf("ArrayHead(%q) = %q, %v; want %q, %v", tt.head, got, ok, tt.want, tt.ok)
		}
	}
}

// The kinds a message names a JSON value by, from a Decoder's tokens and
// from what Unmarshal gives.
func TestJSONKind(t *testing.T) {
	for _, tt := range []struct {
		v    any
		want string
	}{
		{json.Delim('['), "array"},
		{json.Delim('{'), "object"},
		{[]any{1.0}, "array"},
		{map[string]any{}, "object"},
		{"s", "string"},
		{1.5, "number"},
		{json.Number("2"), "number"},
		{true, "boolean"},
		{nil, "null"},
	} {
		if got := JSONKind(tt.v); got != tt.want {
			t.Errorf("JSONKind(%#v) = %q, want %q", tt.v, got, tt.want)
		}
	}
}
