package ssd3

import (
	"strings"

	"github.com/uricat/uricat/catalogue/internal/syntax"
)

// URIKey returns the form in which two URIs that name the same resource
// compare equal: NormalizeURI (IRI to URI, IDNA host), then the
// normalisations RFC 3986 6.2.2-6.2.3 calls safe: scheme and host in lower
// case, upper-case hex in escapes, escaped unreserved characters decoded, the
// scheme's default port and an empty one left out, and an empty http(s) path written as "/".
// A URI that is its own key (most are) is returned as it is, not copied:
// a key index of a million URIs then holds no copies of them.
func URIKey(uri string) string {
	v := normalizeEscapes(NormalizeURI(uri))
	colon := strings.IndexByte(v, ':')
	if colon <= 0 {
		return v
	}
	scheme, rest := strings.ToLower(v[:colon]), v[colon+1:]
	if !strings.HasPrefix(rest, "//") {
		if scheme == v[:colon] {
			return v
		}
		return scheme + ":" + rest
	}
	rest = rest[2:]
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	auth, tail := rest[:end], rest[end:]
	userinfo, host := "", auth
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		userinfo, host = auth[:at+1], auth[at+1:]
	}
	original := host
	host = strings.ToLower(host)
	// An empty port and the scheme's default port are left out (6.2.3),
	// until none is left, so that the key of a key is the key itself.
	for {
		h := strings.TrimRight(host, ":")
		if port, ok := defaultPorts[scheme]; ok {
			h = strings.TrimSuffix(h, port)
		}
		if h == host {
			break
		}
		host = h
	}
	if tail == "" || tail[0] != '/' {
		if scheme == "http" || scheme == "https" {
			tail = "/" + tail
		}
	}
	if scheme == v[:colon] && host == original && len(tail) == len(v)-(colon+3+len(auth)) {
		return v // nothing changed
	}
	return scheme + "://" + userinfo + host + tail
}

var defaultPorts = map[string]string{"http": ":80", "https": ":443", "ftp": ":21", "gopher": ":70"}

// normalizeEscapes upper-cases the hex of %XX escapes and decodes those of
// unreserved characters (RFC 3986 6.2.2.1, 6.2.2.2).
func normalizeEscapes(v string) string {
	if strings.IndexByte(v, '%') < 0 {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c == '%' && i+2 < len(v) && syntax.IsHex(v[i+1]) && syntax.IsHex(v[i+2]) {
			d := unhex(v[i+1])<<4 | unhex(v[i+2])
			if unreserved(d) {
				b.WriteByte(d)
			} else {
				b.WriteByte('%')
				b.WriteString(strings.ToUpper(v[i+1 : i+3]))
			}
			i += 2
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}

func unreserved(c byte) bool {
	return 'a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}
