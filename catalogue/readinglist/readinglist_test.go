package readinglist

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
)

const testCatalogue = "URI: https://a.example/\r\nNAME: A\r\nDATE: 02/01/2020 10:00:00\r\n\r\n" +
	"URI: https://b.example/\r\nNAME: B\r\nDATE: 01/01/2021 10:00:00\r\nX-ADDED: 01/01/2019 10:00:00\r\nX-TOREAD: 1\r\n\r\n" +
	"URI: https://c.example/\r\nNAME: C\r\nDATE: 01/01/2020 10:00:00\r\nX-TOREAD: 0\r\n"

func readTest(t *testing.T) *catalogue.Catalogue {
	t.Helper()
	c, err := catalogue.Read(strings.NewReader(testCatalogue))
	if err != nil {
		t.Fatal(err)
	}
	c.Now = func() time.Time { return time.Date(2026, 11, 29, 3, 0, 0, 0, time.UTC) }
	return c
}

func names(recs []*ssd3.Record) string {
	var b []string
	for _, r := range recs {
		b = append(b, r.Name())
	}
	return strings.Join(b, " ")
}

// TestMarkUnmark: marking is an amendment (DATE now, X-ADDED keeps when
// it was added), undoes as one step, and unmarking removes the field,
// whatever its value was; a mark that changes nothing is ErrUnchanged.
func TestMarkUnmark(t *testing.T) {
	t.Parallel()
	c := readTest(t)
	a, b, cc := c.Records()[0], c.Records()[1], c.Records()[2]
	var h catalogue.History
	if err := h.ApplyDescribed(c, Mark([]catalogue.Ref{a.Ref(), b.Ref()}), func() string { return "mark" }); err != nil {
		t.Fatal(err)
	}
	got := c.Lookup(a.Ref())
	if !ssd3.ToRead(got) || got.Extension(ssd3.FieldToRead) != "1" {
		t.Fatalf("A after Mark: X-TOREAD %q", got.Extension(ssd3.FieldToRead))
	}
	if got.Extension(ssd3.FieldAdded) != "02/01/2020 10:00:00" || ssd3.FormatDate(got.Date()) != "29/11/2026 03:00:00" {
		t.Fatalf("A after Mark: DATE %v, X-ADDED %q", got.Date(), got.Extension(ssd3.FieldAdded))
	}
	if c.Lookup(b.Ref()) != b {
		t.Fatalf("B, marked already, was changed")
	}
	if _, err := h.Undo(c); err != nil {
		t.Fatal(err)
	}
	if ssd3.ToRead(c.Lookup(a.Ref())) || c.Lookup(a.Ref()).Extension(ssd3.FieldAdded) != "" {
		t.Fatalf("undo left A marked or stamped")
	}
	if _, err := c.Apply(Mark([]catalogue.Ref{b.Ref()})); !errors.Is(err, catalogue.ErrUnchanged) {
		t.Fatalf("marking a marked record: %v, want ErrUnchanged", err)
	}
	if _, err := c.Apply(Unmark([]catalogue.Ref{b.Ref(), cc.Ref()})); err != nil {
		t.Fatal(err)
	}
	for _, r := range []*ssd3.Record{c.Lookup(b.Ref()), c.Lookup(cc.Ref())} {
		if v := r.Extension(ssd3.FieldToRead); v != "" {
			t.Fatalf("%s after Unmark: X-TOREAD %q", r.Name(), v)
		}
	}
}

// TestToggle: l marks a selection unless every record of it is marked.
func TestToggle(t *testing.T) {
	t.Parallel()
	c := readTest(t)
	recs := c.Records()
	cases := []struct {
		recs []*ssd3.Record
		mark bool
	}{
		{recs[:1], true},
		{recs[1:2], false},
		{recs[:2], true},
		{recs[2:], true}, // "0" is not on the list
	}
	for _, tc := range cases {
		if _, mark := Toggle(tc.recs); mark != tc.mark {
			t.Errorf("Toggle(%s) marks %v, want %v", names(tc.recs), mark, tc.mark)
		}
	}
}

// TestQueue: the queue is the marked records, oldest added first.
func TestQueue(t *testing.T) {
	t.Parallel()
	c := readTest(t)
	if _, err := c.Apply(Mark([]catalogue.Ref{c.Records()[0].Ref(), c.Records()[2].Ref()})); err != nil {
		t.Fatal(err)
	}
	// B was added in 2019 (X-ADDED), A on 2 Jan 2020, C on 1 Jan 2020:
	// marking moved A's and C's DATE, not when they were added.
	if got := names(Queue(c.Records())); got != "B C A" {
		t.Fatalf("Queue = %q, want %q", got, "B C A")
	}
}

func TestReadingTime(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		words int
		want  time.Duration
	}{{0, 0}, {1, time.Minute}, {230, time.Minute}, {231, 2 * time.Minute}, {2300, 10 * time.Minute}} {
		if got := ReadingTimeWords(tc.words); got != tc.want {
			t.Errorf("ReadingTimeWords(%d) = %v, want %v", tc.words, got, tc.want)
		}
	}
	if got := ReadingTimeBytes(230 * BytesPerWord); got != time.Minute {
		t.Errorf("ReadingTimeBytes(230 words' bytes) = %v", got)
	}
	if got := ReadingTime(strings.Repeat("word ", 461)); got != 3*time.Minute {
		t.Errorf("ReadingTime(461 words) = %v", got)
	}
}
