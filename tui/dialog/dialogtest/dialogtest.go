// Package dialogtest checks what every view of uricat's TUI must do at
// any size it is given (draw inside it), and holds Store, a fake of the
// root's store for dialogs that apply edits.
package dialogtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
)

// Sizes are the sizes Fits draws at: every one from 1×1 to 20×6, where a
// view has room for almost nothing, and a few that terminals have.
var Sizes = func() (s [][2]int) {
	for h := 1; h <= 6; h++ {
		for w := 1; w <= 20; w++ {
			s = append(s, [2]int{w, h})
		}
	}
	return append(s, [2]int{40, 10}, [2]int{80, 24}, [2]int{200, 8}, [2]int{12, 60})
}()

// Fits fails t if view, drawn at any of Sizes (width, height), takes more
// lines than the height or draws a line wider than the width.
func Fits(t testing.TB, view func(width, height int) string) {
	t.Helper()
	for _, s := range Sizes {
		w, h := s[0], s[1]
		v := view(w, h)
		if n := lipgloss.Height(v); n > h {
			t.Errorf("%d×%d: %d lines in a height of %d:\n%s", w, h, n, h, frame(v))
			continue
		}
		for i, line := range strings.Split(v, "\n") {
			if n := lipgloss.Width(line); n > w {
				t.Errorf("%d×%d: line %d is %d cells wide:\n%s", w, h, i+1, n, frame(v))
				break
			}
		}
	}
}

// frame shows where each line of v ends.
func frame(v string) string {
	lines := strings.Split(v, "\n")
	for i, l := range lines {
		lines[i] = fmt.Sprintf("%q", l)
	}
	return strings.Join(lines, "\n")
}
