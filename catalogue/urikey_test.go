package catalogue

import (
	"testing"
	"unsafe"

	"github.com/uricat/uricat/catalogue/dupset"
	"github.com/uricat/uricat/catalogue/ssd3"
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
			if ssd3.URIKey(u) != ssd3.URIKey(group[0]) {
				t.Errorf("URIKey(%q) = %q, URIKey(%q) = %q: want equal", u, ssd3.URIKey(u), group[0], ssd3.URIKey(group[0]))
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
		if ssd3.URIKey(d[0]) == ssd3.URIKey(d[1]) {
			t.Errorf("URIKey(%q) == URIKey(%q) = %q: want different", d[0], d[1], ssd3.URIKey(d[0]))
		}
	}
}

// FuzzURIKey checks that ssd3.URIKey never panics and is idempotent: a key is
// its own key, so that keys of keys compare as the URIs do.
func FuzzURIKey(f *testing.F) {
	for _, s := range []string{"http://Example.COM:80", "https://bücher.example/%7e", "mailto:X@Y", "0://::", "h://x:80:80", "http://u@h:/p?q#f", "%zz", ":", "a://@:80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, uri string) {
		k := ssd3.URIKey(uri)
		if k2 := ssd3.URIKey(k); k2 != k {
			t.Fatalf("URIKey(%q) = %q, but URIKey of that = %q", uri, k, k2)
		}
	})
}

// TestURIKeyOfAKeyIsNotCopied: a URI that is its own key is returned as it
// is, so that the key index of a large catalogue holds no copies of them.
func TestURIKeyOfAKeyIsNotCopied(t *testing.T) {
	for _, u := range []string{"https://docs.example.org/search/0", "mailto:someone@example.com", "http://user@example.com:8080/a?b#c"} {
		if k := ssd3.URIKey(u); k != u || unsafe.StringData(k) != unsafe.StringData(u) {
			t.Errorf("URIKey(%q) = %q, a copy", u, k)
		}
		if n := testing.AllocsPerRun(100, func() { ssd3.URIKey(u) }); n != 0 {
			t.Errorf("URIKey(%q) allocates %v times", u, n)
		}
	}
}

// TestLooseURIKey: the spellings of one page that people and sites write
// share a loose key; URIs that name other pages do not.
func TestLooseURIKey(t *testing.T) {
	same := [][]string{
		{"https://www.example.org/a/", "http://example.org/a#x", "HTTPS://Example.org:443/a", "http://www.example.org:80/a//"},
		{"https://example.org/", "http://example.org", "https://www.example.org/#top", "https://example.org:/"},
		{"https://example.org/a?b=2&a=1", "https://example.org/a?a=1&b=2", "https://example.org/a/?a=1&&b=2#c"},
		{"https://example.org/a?utm_source=rss&utm_medium=feed", "https://example.org/a", "https://example.org/a?fbclid=X1&gclid=Y2&mc_eid=3&ref=hn", "https://example.org/a?UTM_Campaign=z"},
		{"https://example.org/a?id=1&utm_source=x", "http://www.example.org/a/?id=1"},
		{"https://www.www.example.org/", "https://example.org"},
		{"https://example.org/%7Ea", "http://example.org/~a/"},
		{"ftp://example.org/a#b", "ftp://example.org/a"},
	}
	for _, group := range same {
		for _, u := range group[1:] {
			if dupset.LooseKey(u) != dupset.LooseKey(group[0]) {
				t.Errorf("LooseURIKey(%q) = %q, LooseURIKey(%q) = %q: want equal", u, dupset.LooseKey(u), group[0], dupset.LooseKey(group[0]))
			}
		}
	}
	different := [][2]string{
		{"https://example.org/a?id=1", "https://example.org/a?id=2"}, // another page
		{"https://example.org/a", "https://example.org/A"},           // paths are case-sensitive
		{"https://example.org/a?ref=x", "https://example.org/a?refs=x"},
		{"https://example.org/a?refs=x", "https://example.org/a"}, // refs= is not ref=
		{"https://example.org/a?utm=1", "https://example.org/a"},  // utm is not utm_*
		{"https://example.org/", "https://www2.example.org/"},
		{"https://example.org/", "https://wwwexample.org/"},
		{"https://example.org:8080/", "https://example.org/"},
		{"https://example.org/a", "ftp://example.org/a"},
		{"ftp://www.example.org/a/", "ftp://example.org/a"},   // only http and https are loosened
		{"https://example.org/a%2F", "https://example.org/a"}, // an escaped "/" is not a slash
		{"https://user@example.org/", "https://example.org/"},
	}
	for _, d := range different {
		if dupset.LooseKey(d[0]) == dupset.LooseKey(d[1]) {
			t.Errorf("LooseURIKey(%q) == LooseURIKey(%q) = %q: want different", d[0], d[1], dupset.LooseKey(d[0]))
		}
	}
}

// FuzzLooseURIKey checks that LooseURIKey never panics, is idempotent
// (a loose key is its own loose key), and joins whatever ssd3.URIKey joins.
func FuzzLooseURIKey(f *testing.F) {
	for _, s := range []string{"https://www.example.org/a/?utm_source=x&b=1&a=2#f", "http://www.:80/", "https://www.www.x:443:80", "mailto:X@Y", "http:x", "http://u@h?q", "http://h?&&", "%zz", ":", "https://www.example.org//?ref"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, uri string) {
		k := dupset.LooseKey(uri)
		if k2 := dupset.LooseKey(k); k2 != k {
			t.Fatalf("LooseURIKey(%q) = %q, but LooseURIKey of that = %q", uri, k, k2)
		}
		if k3 := dupset.LooseKey(ssd3.URIKey(uri)); k3 != k {
			t.Fatalf("LooseURIKey(%q) = %q, but LooseURIKey(URIKey) = %q", uri, k, k3)
		}
	})
}
