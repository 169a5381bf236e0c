package importers

import (
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/webpage"
)

// TestPageValues: the four fields a page fills, in order, cleaned; a page
// without a title gives no NAME (FromPage's is the URI's).
func TestPageValues(t *testing.T) {
	t.Parallel()
	now := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		name string
		page webpage.Page
		want [4]string
	}{
		{"all", webpage.Page{Title: "Go\x1b[31m", Description: "The language", Lang: "en", Type: "text/html"},
			[4]string{"Go", "The language", "en", "text/html"}},
		{"no title", webpage.Page{Description: "d"}, [4]string{"", "d", "", ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rec, titled, _ := FromPage("https://go.dev/", &tt.page, now)
			got := PageValues(rec, titled)
			names := [4]string{ssd3.FieldName, ssd3.FieldDescription, ssd3.FieldLanguage, ssd3.FieldType}
			for i, f := range got {
				if f.Name != names[i] || f.Value != tt.want[i] {
					t.Errorf("field %d = %s: %q, want %s: %q", i, f.Name, f.Value, names[i], tt.want[i])
				}
			}
		})
	}
}
