package catalogue

import (
	"testing"
	"unsafe"
)

func TestURIKey(t *testing.T) {
	same := [][]string{
		{"http://example.com", "http://example.com/", "HTTP://EXAMPLE.COM:80/", "http://example.com:/"},
		{"https://example.com/a%7Eb", "https://example.com/a~b", "https://example.com:443/a%7eb"},
		{"https://example.com/%c3%a9", "https://example.com/%C3%A9", "https://example.com/é"},
		{"https://bücher.example/", "https://xn--bcher-kva.example/"},
		{"http://user@Example.com/", "http://user@example.com/"},
		{"MAILTO:someone@example.com", "mailto:someone@example.com"},
	}
	for _, group := range same {
		for _, u := range group[1:] {
			if URIKey(u) != URIKey(group[0]) {
				t.Errorf("URIKey(%q) = %q, URIKey(%q) = %q: want equal", u, URIKey(u), group[0], URIKey(group[0]))
			}
		}
	}
	different := [][2]string{
		{"http://example.com/a", "http://example.com/A"},         // paths are case-sensitive
		{"http://example.com/", "https://example.com/"},          // another scheme
		{"http://example.com/a", "http://example.com/a/"},        // another path
		{"http://User@example.com/", "http://user@example.com/"}, // userinfo is case-sensitive
		{"http://example.com/a%2Fb", "http://example.com/a/b"},   // an escaped "/" is reserved
		{"http://example.com:8080/", "http://example.com/"},
		{"http://example.com/#a", "http://example.com/#b"},
	}
	for _, d := range different {
		if URIKey(d[0]) == URIKey(d[1]) {
			t.Errorf("URIKey(%q) == URIKey(%q) = %q: want different", d[0], d[1], URIKey(d[0]))
		}
	}
}

// FuzzURIKey checks that URIKey never panics and is idempotent: a key is
// its own key, so that keys of keys compare as the URIs do.
func FuzzURIKey(f *testing.F) {
	for _, s := range []string{"http://Example.COM:80", "https://bücher.example/%7e", "mailto:X@Y", "0://::", "h://x:80:80", "http://u@h:/p?q#f", "%zz", ":", "a://@:80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, uri string) {
		k := URIKey(uri)
		if k2 := URIKey(k); k2 != k {
			t.Fatalf("URIKey(%q) = %q, but URIKey of that = %q", uri, k, k2)
		}
	})
}

// TestURIKeyOfAKeyIsNotCopied: a URI that is its own key is returned as it
// is, so that the key index of a large catalogue holds no copies of them.
func TestURIKeyOfAKeyIsNotCopied(t *testing.T) {
	for _, u := range []string{"https://docs.example.org/search/0", "mailto:someone@example.com", "http://user@example.com:8080/a?b#c"} {
		if k := URIKey(u); k != u || unsafe.StringData(k) != unsafe.StringData(u) {
			t.Errorf("URIKey(%q) = %q, a copy", u, k)
		}
		if n := testing.AllocsPerRun(100, func() { URIKey(u) }); n != 0 {
			t.Errorf("URIKey(%q) allocates %v times", u, n)
		}
	}
}
