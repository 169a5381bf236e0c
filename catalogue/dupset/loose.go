package dupset

import (
	"slices"
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// LooseKey returns the form in which two URIs that most likely name the
// same page compare equal, though they may not: URIKey's form, then, for
// http and https, the scheme written http, a leading "www." of the host
// left out, and the trailing slashes of the path; the query's tracking
// parameters (utm_*, fbclid, gclid, mc_eid, ref) left out and the others
// sorted; and for any scheme the fragment left out. So
// https://www.example.org/a/?utm_source=x#top and http://example.org/a
// share a loose key, while /a?id=1 and /a?id=2, or /a and /A, do not.
//
// The exact key (ssd3.URIKey) decides what an add refuses and an import skips;
// the loose one only says that a record looks like another (Add's
// Report, LooksLike) and is what duplicates are grouped by (Duplicates).
// A loose key is its own loose key.
func LooseKey(uri string) string {
	k := ssd3.URIKey(uri)
	// Without its fragment, what is left is keyed again: it may not be
	// what it was (the colon of "a#b:c" made "a#b" a scheme).
	for i := strings.IndexByte(k, '#'); i >= 0; i = strings.IndexByte(k, '#') {
		k = ssd3.URIKey(k[:i])
	}
	colon := strings.IndexByte(k, ':')
	if colon <= 0 {
		return k
	}
	scheme, rest := k[:colon], k[colon+1:]
	if scheme != "http" && scheme != "https" || !strings.HasPrefix(rest, "//") {
		return k
	}
	rest = rest[2:]
	end := strings.IndexAny(rest, "/?")
	if end < 0 {
		end = len(rest)
	}
	auth, tail := rest[:end], rest[end:]
	userinfo, host := "", auth
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		userinfo, host = auth[:at+1], auth[at+1:]
	}
	// Both schemes' default ports go, since both schemes are one here.
	for {
		h := strings.TrimSuffix(strings.TrimSuffix(strings.TrimRight(host, ":"), ":80"), ":443")
		if h == host {
			break
		}
		host = h
	}
	for strings.HasPrefix(host, "www.") && len(host) > len("www.") && host[len("www.")] != ':' {
		host = host[len("www."):]
	}
	path, query, _ := strings.Cut(tail, "?")
	path = strings.TrimRight(path, "/")
	var b strings.Builder
	b.Grow(len(k))
	b.WriteString("http://")
	b.WriteString(userinfo)
	b.WriteString(host)
	b.WriteString(path)
	if query != "" {
		params := strings.Split(query, "&")
		kept := params[:0]
		for _, p := range params {
			if p != "" && !trackingParam(p) {
				kept = append(kept, p)
			}
		}
		if len(kept) > 0 {
			slices.Sort(kept)
			b.WriteByte('?')
			b.WriteString(strings.Join(kept, "&"))
		}
	}
	return b.String()
}

// trackingParam reports whether the query parameter p (name=value) is one
// that says where a link was found, not what it names.
func trackingParam(p string) bool {
	name, _, _ := strings.Cut(p, "=")
	name = strings.ToLower(name)
	switch name {
	case "fbclid", "gclid", "mc_eid", "ref":
		return true
	}
	return strings.HasPrefix(name, "utm_")
}
