package records

import (
	"testing"

	"github.com/uricat/uricat/catalogue/query"
)

// b cycles the groupings forward and B back, to none and round again.
func TestGroupBack(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		from query.GroupKey
		step int
		want query.GroupKey
	}{
		{query.GroupKey{}, 1, query.GroupKeys[0]},
		{query.GroupKey{}, -1, query.GroupKeys[len(query.GroupKeys)-1]},
		{query.GroupKeys[0], -1, query.GroupKey{}},
		{query.GroupKeys[1], -1, query.GroupKeys[0]},
		{query.GroupKeys[len(query.GroupKeys)-1], 1, query.GroupKey{}},
	} {
		if got := nextGroup(tc.from, tc.step); got != tc.want {
			t.Errorf("nextGroup(%v, %d) = %v, want %v", tc.from, tc.step, got, tc.want)
		}
	}
}
