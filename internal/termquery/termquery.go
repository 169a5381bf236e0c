// Package termquery keeps uricat's one-shot commands from querying the
// terminal. Bubble Tea v1's init asks the terminal for its background
// colour and the cursor position (lipgloss.HasDarkBackground) in every
// program that links it, before main runs; a command such as `uricat
// export` that draws no styled screen then begins its output with
// "\e]11;?\e\\\e[6n", and a reply that comes after it exits lands in the
// user's shell as typed text.
//
// Importing this package (blank) tells Lip Gloss a background first, so
// that Bubble Tea's init has its answer without asking: Go initialises a
// package whose dependencies are ready in the order of import paths, and
// this module's path sorts before github.com/charmbracelet/bubbletea. It
// is a module of its own, replaced by this folder in uricat's go.mod, for
// that path alone. The terminal UI asks the terminal itself, before it
// starts (Detect). Bubble Tea v2 has no such init; with it this package
// goes.
package termquery

import "github.com/charmbracelet/lipgloss"

func init() {
	// Dark is Lip Gloss's own guess when it cannot ask.
	lipgloss.SetHasDarkBackground(true)
}
