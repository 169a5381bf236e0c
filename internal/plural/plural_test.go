package plural

import "testing"

func TestOf(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want string
	}{{0, "0 records"}, {1, "1 record"}, {2, "2 records"}, {-1, "-1 records"}, {12345, "12345 records"}} {
		if got := Of(tt.n, "record"); got != tt.want {
			t.Errorf("Of(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}
