package ssd3_test

import (
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// TestValidateURIEmptyNamesSection: an empty URI is refused with the
// section of SSD3 the field table gives the URI field, as a missing
// required field of any other kind is.
func TestValidateURIEmptyNamesSection(t *testing.T) {
	t.Parallel()
	f, ok := ssd3.LookupField(ssd3.FieldURI)
	if !ok {
		t.Fatal("no URI field in the field table")
	}
	err := ssd3.ValidateURI("")
	if err == nil {
		t.Fatal("ValidateURI(\"\") = nil, want an error")
	}
	want := "URI is required and must not be empty (" + f.Section + ")"
	if !strings.Contains(err.Error(), want) || f.Section != "3.1" {
		t.Errorf("ValidateURI(\"\") = %q, want it to say %q (section 3.1)", err, want)
	}
}

// TestNormalizeURIBrowserURLs: URLs that browsers store and a catalogue
// must keep: brackets in a path or query (PHP's "filter[status]") become
// %5B/%5D as RFC 3986 3.2.2 asks, a host's IP literal keeps its
// brackets, and a keyword placeholder "%s" stays "%s" (not "%25s").
func TestNormalizeURIBrowserURLs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"https://shop.example/list?filter[status]=open", "https://shop.example/list?filter%5Bstatus%5D=open"},
		{"https://shop.example/a?a[]=1&a[]=2", "https://shop.example/a?a%5B%5D=1&a%5B%5D=2"},
		{"https://shop.example/p[1]/x#s[2]", "https://shop.example/p%5B1%5D/x#s%5B2%5D"},
		{"http://[::1]:8080/a[b]", "http://[::1]:8080/a%5Bb%5D"},
		{"http://[::1]/", "http://[::1]/"},
		{"https://bücher.de/?q[]=x", "https://xn--bcher-kva.de/?q%5B%5D=x"},
		{"https://duckduckgo.com/?q=%s", "https://duckduckgo.com/?q=%s"},
		{"https://en.wikipedia.org/wiki/%s", "https://en.wikipedia.org/wiki/%s"},
		{"https://search.example/?q=%S&x=a b", "https://search.example/?q=%S&x=a%20b"},
		{"https://search.example/?q=%s&f[x]=1", "https://search.example/?q=%s&f%5Bx%5D=1"},
		{"https://search.example/100%", "https://search.example/100%25"},
		{"https://search.example/?q=%z", "https://search.example/?q=%25z"},
	} {
		got := ssd3.NormalizeURI(tc.in)
		if got != tc.want {
			t.Errorf("NormalizeURI(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if err := ssd3.ValidateURI(got); err != nil {
			t.Errorf("ValidateURI(%q) = %v, want nil", got, err)
		}
	}
	for _, bad := range []string{"https://a.example/?q=%", "https://a.example/?q=%x1", "https://a.example/?q=[x]"} {
		if ssd3.ValidateURI(bad) == nil {
			t.Errorf("ValidateURI(%q) = nil, want an error", bad)
		}
	}
}
