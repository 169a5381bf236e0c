package importers

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// The ready queue gives a reader's records in the order its steps made
// them, however many a step makes, then io.EOF for good; an I/O error of a
// step is given once, after the records made before it, and no step runs
// after it or after the end.
func TestReady(t *testing.T) {
	t.Parallel()
	ioErr := errors.New("disk gone")
	tests := []struct {
		name string
		// steps: what each step does, in turn: "a b" adds records a and
		// b, "" adds none, "end" ends the input, "err" fails.
		steps []string
		want  []string // the URIs Next gives, then "EOF" or "err"
	}{
		{"one record a step", []string{"a", "b", "end"}, []string{"a", "b", "EOF", "EOF"}},
		{"several in one step", []string{"a b c", "end"}, []string{"a", "b", "c", "EOF"}},
		{"steps that make none", []string{"", "", "a", "", "end"}, []string{"a", "EOF"}},
		{"the last step adds and ends", []string{"a b end"}, []string{"a", "b", "EOF", "EOF"}},
		{"empty input", []string{"end"}, []string{"EOF", "EOF"}},
		{"an error after records", []string{"a b", "err", "c"}, []string{"a", "b", "err", "EOF", "EOF"}},
		{"an error at once", []string{"err", "a"}, []string{"err", "EOF"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var q Ready
			calls := 0
			step := func() error {
				if calls == len(tt.steps) {
					t.Fatalf("step %d called: the steps ran out", calls+1)
				}
				s := tt.steps[calls]
				calls++
				for _, w := range strings.Fields(s) {
					switch w {
					case "end":
						q.End()
					case "err":
						return ioErr
					default:
						q.Add(ssd3.NewRecord(ssd3.Values{URI: w}))
					}
				}
				return nil
			}
			var got []string
			for range tt.want {
				rec, err := q.Next(step)
				switch {
				case errors.Is(err, io.EOF):
					got = append(got, "EOF")
				case errors.Is(err, ioErr):
					got = append(got, "err")
				case err != nil:
					t.Fatalf("Next: %v", err)
				default:
					got = append(got, rec.URI())
				}
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("Next gave %q, want %q", got, tt.want)
			}
			if q.Len() != 0 {
				t.Errorf("%d records still queued", q.Len())
			}
		})
	}
}

// A record handed out is no longer held by the queue, so that a large
// import keeps in memory only the records not yet read.
func TestReadyLetsGo(t *testing.T) {
	t.Parallel()
	var q Ready
	q.Add(ssd3.NewRecord(ssd3.Values{URI: "a"}))
	q.Add(ssd3.NewRecord(ssd3.Values{URI: "b"}))
	arr := q.recs[:2]
	if _, err := q.Next(func() error { return nil }); err != nil {
		t.Fatal(err)
	}
	if arr[0] != nil {
		t.Error("the queue still holds the record it gave")
	}
	if q.Len() != 1 {
		t.Errorf("Len %d, want 1", q.Len())
	}
}
