package main

import (
	"strings"
	"testing"
)

// add keeps the URLs browsers keep: brackets in a query (PHP's
// "filter[status]") stored percent-encoded, as RFC 3986 3.2.2 asks, and a
// keyword search's "%s" placeholder as it is; the same URL given the other
// way is the same record.
func TestAddBrowserURLs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, stored, again string }{
		{"https://shop.example/list?filter[status]=open&a[]=1", "https://shop.example/list?filter%5Bstatus%5D=open&a%5B%5D=1", "https://shop.example/list?filter%5Bstatus%5D=open&a%5B%5D=1"},
		{"https://duckduckgo.com/?q=%s", "https://duckduckgo.com/?q=%s", "https://duckduckgo.com/?q=%s"},
	} {
		path := writeCatalogue(t, example41)
		if code, _, errs := uricat(t, "--catalogue", path, "add", tc.in, "--no-fetch"); code != 0 {
			t.Errorf("add %s: exit %d, stderr %q", tc.in, code, errs)
			continue
		}
		if got := lastRecord(t, path).URI(); got != tc.stored {
			t.Errorf("add %s: URI %q, want %q", tc.in, got, tc.stored)
		}
		if code, _, errs := uricat(t, "--catalogue", path, "add", tc.again, "--no-fetch"); code != 1 || !strings.Contains(errs, "already") {
			t.Errorf("add %s again: exit %d, stderr %q; want it refused as there already", tc.again, code, errs)
		}
	}
}
