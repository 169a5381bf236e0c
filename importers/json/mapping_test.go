package json

import (
	stdjson "encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
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
// Record, has the keys of the table, in its order: the JSON
// names of its members are the table's.
func TestJSONRecordKeys(t *testing.T) {
	rt := reflect.TypeFor[Record]()
	if rt.NumField() != len(keys) {
		t.Fatalf("Record has %d members, keys %d rows", rt.NumField(), len(keys))
	}
	for i, k := range keys {
		name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
		if name != k.name {
			t.Errorf("member %d of Record, %s, is %q in JSON; keys has %q", i, rt.Field(i).Name, name, k.name)
		}
	}
}

// The JSON shape (list --json, export --format json, what the Reader
// takes) is a Go struct for its types (a number for RATING, RFC 3339 for
// DATE), with a key for every field of catalogue.Fields: the lower-case
// name.
func TestRecordHasEveryField(t *testing.T) {
	r := ssd3.NewRecord(ssd3.Values{URI: "http://x/", Name: "n", Date: time.Date(2007, 10, 31, 19, 3, 34, 0, time.UTC), Category: "c",
		Description: "d", Rating: 3, Language: "en", Type: "text/html", ID: "7", Extensions: []ssd3.Field{{Name: "X-A", Value: "a"}}})
	data, err := stdjson.Marshal(FromRecord(r))
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := stdjson.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	// "added" is X-ADDED's, or DATE's when it has none (Record.Added).
	want := map[string]bool{"extensions": true, strings.ToLower(strings.TrimPrefix(ssd3.FieldAdded, "X-")): true}
	for _, f := range ssd3.Fields {
		want[strings.ToLower(f.Name)] = true
		if v, ok := got[strings.ToLower(f.Name)]; !ok || fmt.Sprint(v) == "" {
			t.Errorf("%s is not in the JSON record: %s", f.Name, data)
		}
	}
	for k := range got {
		if !want[k] {
			t.Errorf("JSON key %q is no field of the table", k)
		}
	}
}
