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

func TestOfRegularPlurals(t *testing.T) {
	for noun, want := range map[string]string{"conflict copy": "2 conflict copies", "key": "2 keys", "match": "2 matches", "box": "2 boxes", "status": "2 statuses", "day": "2 days"} {
		if got := Of(2, noun); got != want {
			t.Errorf("Of(2, %q) = %q, want %q", noun, got, want)
		}
	}
}
