package main

import (
	"os"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/term"
	"github.com/muesli/termenv"

	"github.com/uricat/uricat/importers/profiles"
	"github.com/uricat/uricat/tui"
	"github.com/uricat/uricat/tui/theme"
)

// runTUI opens the catalogue in the terminal UI. When standard input or
// output is not a terminal (a pipe, a script) it prints the catalogue as
// `uricat list` does instead.
func runTUI(e *env) error {
	if !isTerminal(os.Stdin) || !isTerminal(os.Stdout) || e.stdout != os.Stdout {
		return (&listOptions{}).run(e)
	}
	// The background is queried here, and only here, before the program
	// starts: once Bubble Tea reads the terminal, the answer would race
	// with key presses. (Lip Gloss's own answer was set without asking, so
	// that the commands for scripts ask nothing: see termquery.)
	dark := termenv.NewOutput(os.Stdout).HasDarkBackground()
	cfg := e.configFile()
	if cfg.Theme != "" { // the configuration's, over the terminal's
		dark = cfg.Theme == "dark"
	}
	lipgloss.SetHasDarkBackground(dark)
	searchArchive, prepareArchive := e.tuiArchive()
	if err := tui.Run(tui.Options{Path: e.catalogue, Theme: theme.New(dark), LinkState: e.linkStatePath(),
		Client: e.httpClient(), UserAgent: userAgent(), ArchiveDir: e.archiveDir(""), Archive: e.archivePage, Profiles: func() ([]profiles.Profile, []error) {
			return profiles.Discover(profiles.EnvOf(e.getenv), profiles.Browsers)
		}, SearchArchive: searchArchive, PrepareArchive: prepareArchive, IndexPage: e.indexPage, Config: cfg}); err != nil {
		return refused(err)
	}
	return nil
}

// isTerminal reports whether f is a terminal: asked of the terminal
// driver, as /dev/null is a character device too, and output sent there
// is not for a reader's eyes.
func isTerminal(f *os.File) bool { return term.IsTerminal(f.Fd()) }
