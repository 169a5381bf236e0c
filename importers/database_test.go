package importers

import (
	"database/sql"
	"io"
	"path/filepath"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

type dbReader struct{}

func (dbReader) Read() (*ssd3.Record, error)    { return nil, io.EOF }
func (dbReader) Diagnostics() []ssd3.Diagnostic { return nil }
func (dbReader) Close() error                   { return nil }

// TestOpenDatabaseFails: a database that cannot be opened gives an error
// and a nil Reader, which a caller can test against nil (a nil *R inside
// the interface would not be).
func TestOpenDatabaseFails(t *testing.T) {
	called := false
	r, c, err := OpenDatabase(filepath.Join(t.TempDir(), "none.sqlite"), Options{}, func(*sql.DB) (*dbReader, error) {
		called = true
		return &dbReader{}, nil
	})
	if err == nil || r != nil || c != nil || called {
		t.Fatalf("OpenDatabase of no file = %v, %v, %v (reader made: %v); want nil, nil, an error", r, c, err, called)
	}
}
