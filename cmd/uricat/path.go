package main

import (
	"os"
	"path/filepath"

	"github.com/adrg/xdg"
)

// envCatalogue names the environment variable that overrides the default
// catalogue path.
const envCatalogue = "URICAT_CATALOGUE"

// defaultPath returns the catalogue path uricat uses when none is given:
// $URICAT_CATALOGUE, else $XDG_DATA_HOME/uricat/bookmarks.uricat.
func defaultPath() string {
	if p := os.Getenv(envCatalogue); p != "" {
		return p
	}
	return filepath.Join(xdg.DataHome, "uricat", "bookmarks.uricat")
}
