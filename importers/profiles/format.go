package profiles

import (
	"runtime"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/formats"
)

// FormatOf returns the format that reads p's bookmarks, as `uricat import
// --from` and the TUI's import screen both import them: as any file of
// that format.
func FormatOf(p Profile) (importers.Format, error) {
	return formats.ByName(formats.Readers(), p.Format)
}

// EnvOf is the environment of this system, read with getenv (HOME and
// the XDG folders): where discovery looks outside tests.
func EnvOf(getenv func(string) string) Env {
	return Env{Home: getenv("HOME"), Getenv: getenv, GOOS: runtime.GOOS}
}
