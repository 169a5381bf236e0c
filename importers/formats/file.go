package formats

import (
	"fmt"
	"io"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
)

// WriteFile writes recs in format f to path through catalogue.WriteFile,
// the writer a save uses: atomically, through a temporary file renamed
// over path only once complete, so that a failed or killed export leaves
// the old file, if any, whole; a symbolic link stays and its target is
// written; a read-only file or one that is not a regular file is refused;
// a file that exists keeps its mode, owner and group, a new one gets the
// umask's mode. It returns what Write returns, what the format could not
// hold as it was, followed by warnings (catalogue.Warning) of what the
// file could not keep.
func WriteFile(path string, f importers.Format, recs []*ssd3.Record) (losses []ssd3.Diagnostic, err error) {
	warnings, err := catalogue.WriteFile(path, func(w io.Writer) error {
		// Every writer buffers its output itself.
		var err error
		losses, err = Write(w, f, recs)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("export to %s: %w", path, err)
	}
	for _, w := range warnings {
		losses = append(losses, ssd3.Diagnostic{Offset: -1, Kind: ssd3.Warning, Msg: w})
	}
	return losses, nil
}
