package transfer

import "testing"

// TestByteSize: sizes read as the import dialog and the file list show
// them (the forms go-humanize's IBytes gave them before).
func TestByteSize(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{
		{-5, "0 B"},
		{0, "0 B"},
		{9, "9 B"},
		{10, "10 B"},
		{999, "999 B"},
		{1023, "1023 B"},
		{1024, "1.0 KiB"},
		{1536, "1.5 KiB"},
		{10239, "10 KiB"},
		{10240, "10 KiB"},
		{82854982, "79 MiB"},
		{1 << 30, "1.0 GiB"},
		{1<<62 + 1<<61, "6.0 EiB"},
	} {
		if got := byteSize(tc.n); got != tc.want {
			t.Errorf("byteSize(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

// TestCount: counts have their thousands grouped.
func TestCount(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{
		{0, "0"},
		{999, "999"},
		{1000, "1,000"},
		{-1234, "-1,234"},
		{12345, "12,345"},
		{1234567, "1,234,567"},
		{-1234567, "-1,234,567"},
	} {
		if got := count(tc.n); got != tc.want {
			t.Errorf("count(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
