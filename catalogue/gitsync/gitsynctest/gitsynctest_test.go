package gitsynctest

import "testing"

// The test binary is the merge driver only when git runs it as one:
// `PROGRAM merge -- %O %A %B %P`.
func TestDriverCall(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args []string
		ok   bool
	}{
		{[]string{"x.test", "merge", "--", "O", "A", "B", "P"}, true},
		{[]string{"x.test", "merge", "O", "A", "B", "P", "Q"}, false},
		{[]string{"x.test", "merge", "--", "O", "A", "B"}, false},
		{[]string{"x.test", "-test.run", "TestX"}, false},
		{[]string{"x.test"}, false},
	} {
		base, ours, theirs, ok := DriverCall(tt.args)
		if ok != tt.ok || ok && (base != "O" || ours != "A" || theirs != "B") {
			t.Errorf("DriverCall(%q) = %q, %q, %q, %v; want ok %v", tt.args, base, ours, theirs, ok, tt.ok)
		}
	}
}
