package json

import (
	"bytes"
	stdjson "encoding/json"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
)

func sample() []*catalogue.Record {
	return []*catalogue.Record{
		{URI: "https://example.org/?a=1&b=2", Name: "Café & <Co>", Date: time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC),
			Category: "Food/Paris", Description: "\"quoted\"; 100%\nsecond line", Rating: 5, Language: "fr", Type: "text/html", ID: "1",
			Extensions: []catalogue.Field{{Name: "X-TAGS", Value: "a,b"}, {Name: "X-AUTHOR", Value: "Zoë"}}},
		{URI: "http://example.com/", Name: "Plain", Date: time.Date(1999, 12, 31, 23, 59, 59, 0, time.UTC)},
	}
}

// Write streams exactly what json.Encoder with SetIndent("", "  ") makes of
// the []catalogue.JSONRecord that `uricat list --json` encodes.
func TestWriteMatchesEncoder(t *testing.T) {
	for _, recs := range [][]*catalogue.Record{nil, sample()[:1], sample()} {
		var got, want bytes.Buffer
		if err := Write(&got, recs); err != nil {
			t.Fatal(err)
		}
		objs := make([]catalogue.JSONRecord, len(recs))
		for i, r := range recs {
			objs[i] = r.JSON()
		}
		enc := stdjson.NewEncoder(&want)
		enc.SetIndent("", "  ")
		if err := enc.Encode(objs); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("%d records:\n got %s\nwant %s", len(recs), got.String(), want.String())
		}
	}
}

// Every field comes back from encoding/json as it went in.
func TestRoundTrip(t *testing.T) {
	recs := sample()
	var buf bytes.Buffer
	if err := Write(&buf, recs); err != nil {
		t.Fatal(err)
	}
	var back []catalogue.JSONRecord
	if err := stdjson.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if len(back) != len(recs) {
		t.Fatalf("%d records back, want %d", len(back), len(recs))
	}
	for i, r := range recs {
		b := back[i]
		date, err := time.Parse(time.RFC3339, b.Date)
		if err != nil || !date.Equal(r.Date) {
			t.Errorf("record %d: date %q (%v), want %v", i, b.Date, err, r.Date)
		}
		if b.URI != r.URI || b.Name != r.Name || b.Category != r.Category || b.Description != r.Description ||
			b.Rating != r.Rating || b.Language != r.Language || b.Type != r.Type || b.ID != r.ID {
			t.Errorf("record %d: got %+v, want %+v", i, b, r)
		}
		if len(b.Extensions) != len(r.Extensions) {
			t.Errorf("record %d: extensions %v, want %v", i, b.Extensions, r.Extensions)
		}
		for _, f := range r.Extensions {
			if b.Extensions[f.Name] != f.Value {
				t.Errorf("record %d: %s = %q, want %q", i, f.Name, b.Extensions[f.Name], f.Value)
			}
		}
	}
}
