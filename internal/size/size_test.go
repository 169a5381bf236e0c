package size

import "testing"

// TestBytes: the one way uricat says a size.
func TestBytes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		n    int64
		want string
	}{
		{-5, "0 B"},
		{0, "0 B"},
		{9, "9 B"},
		{93, "93 B"},
		{1000, "1000 B"},
		{1023, "1023 B"},
		{1024, "1 KiB"},
		{1536, "1.5 KiB"},
		{1025, "1.0 KiB"},
		{10239, "10 KiB"},
		{10240, "10 KiB"},
		{12_345, "12 KiB"},
		{1<<20 - 1, "1.0 MiB"},
		{8 << 20, "8 MiB"},
		{82854982, "79 MiB"},
		{1 << 30, "1 GiB"},
		{4 << 30, "4 GiB"},
		{1<<62 + 1<<61, "6 EiB"},
		{1<<63 - 1, "8.0 EiB"},
	} {
		if got := Bytes(tc.n); got != tc.want {
			t.Errorf("Bytes(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
