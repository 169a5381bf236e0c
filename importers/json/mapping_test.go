package json

import (
	"reflect"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers/importertest"
)

// The package doc's table lists exactly the rows of keys, in order.
func TestDocMapping(t *testing.T) {
	var want [][]string
	for _, k := range keys {
		field := k.field
		if k.kind == valueExtensions {
			field = "X-..."
		}
		want = append(want, []string{k.name, field, k.kind.String()})
	}
	importertest.CheckDocTable(t, ".", "Field mapping", want)
}

// What the Writer writes and the Reader's fast path reads,
// catalogue.JSONRecord, has the keys of the table, in its order: the JSON
// names of its members are the table's.
func TestJSONRecordKeys(t *testing.T) {
	rt := reflect.TypeFor[catalogue.JSONRecord]()
	if rt.NumField() != len(keys) {
		t.Fatalf("catalogue.JSONRecord has %d members, keys %d rows", rt.NumField(), len(keys))
	}
	for i, k := range keys {
		name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
		if name != k.name {
			t.Errorf("member %d of catalogue.JSONRecord, %s, is %q in JSON; keys has %q", i, rt.Field(i).Name, name, k.name)
		}
	}
}
