package importers

import (
	"cmp"
	"context"
	"database/sql"
	"io"

	"github.com/uricat/uricat/internal/sqlitecopy"
)

// OpenDatabase opens the SQLite database at path for a reader made by
// open (the Format.Open of a database: Firefox's places.sqlite, buku's
// bookmarks.db): a private copy of it and its sidecar files
// (sqlitecopy.OpenWith), which the Closer removes after closing the
// reader; opts.Context ending stops the copy, and removes it. On an error
// the Reader is a nil interface, not a nil R in one.
func OpenDatabase[R interface {
	Reader
	io.Closer
}](path string, opts Options, open func(*sql.DB) (R, error)) (Reader, io.Closer, error) {
	ctx := cmp.Or[context.Context](opts.Context, context.Background())
	r, c, err := sqlitecopy.OpenWith(ctx, path, open)
	if err != nil {
		return nil, nil, err
	}
	return r, c, nil
}
