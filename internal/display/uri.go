package display

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// URI returns uri as people read it (RFC 3987 3.2): percent-escapes
// of UTF-8 text decoded ("wiki/K%C3%B6ln" shows "wiki/Köln") and an IDNA
// host in Unicode ("xn--bcher-kva.de" shows "bücher.de"). Escapes of ASCII
// characters stay (decoding "%2F" would change the path), as do escapes of
// characters that are not text: spaces, controls, bidirectional and
// zero-width characters. It is for display only: copy and open the stored
// URI.
func URI(uri string) string {
	if !strings.Contains(uri, "%") && !strings.Contains(uri, "xn--") {
		return uri
	}
	return decodePercentText(unicodeHost(uri))
}

// unicodeHost shows the host of an absolute URI with an authority in
// Unicode, when it has IDNA labels.
func unicodeHost(uri string) string {
	colon := strings.Index(uri, "://")
	if colon < 0 {
		return uri
	}
	start := colon + 3
	end := len(uri)
	if i := strings.IndexAny(uri[start:], "/?#"); i >= 0 {
		end = start + i
	}
	auth := uri[start:end]
	hostStart := start
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		hostStart = start + at + 1
	}
	host := uri[hostStart:end]
	port := ""
	if i := strings.LastIndexByte(host, ':'); i >= 0 && !strings.Contains(host, "]") {
		host, port = host[:i], host[i:]
	}
	if !strings.Contains(strings.ToLower(host), "xn--") {
		return uri
	}
	u, err := idna.Display.ToUnicode(host)
	if err != nil || strings.IndexFunc(u, Invisible) >= 0 {
		return uri
	}
	return uri[:hostStart] + u + port + uri[end:]
}

// decodePercentText decodes the runs of percent-escapes that form valid
// UTF-8 for characters that are text and not ASCII.
func decodePercentText(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '%' {
			b.WriteByte(s[i])
			i++
			continue
		}
		// Gather the run of escapes here.
		var raw []byte
		j := i
		for j+2 < len(s) && s[j] == '%' && isHex(s[j+1]) && isHex(s[j+2]) {
			raw = append(raw, unhexByte(s[j+1])<<4|unhexByte(s[j+2]))
			j += 3
		}
		if len(raw) == 0 {
			b.WriteByte(s[i])
			i++
			continue
		}
		// Decode what forms whole non-ASCII text characters; keep the
		// escapes of the rest as they were written.
		k := 0
		for k < len(raw) {
			r, n := utf8.DecodeRune(raw[k:])
			if r == utf8.RuneError || r < 0x80 || !shownInIRI(r) {
				b.WriteString(s[i+3*k : i+3*k+3])
				k++
				continue
			}
			b.WriteRune(r)
			k += n
		}
		i = j
	}
	return b.String()
}

// shownInIRI reports whether r may be shown decoded in an IRI: a letter,
// mark, number, punctuation or symbol, and not one that hides or reorders
// text (RFC 3987 4.1).
func shownInIRI(r rune) bool {
	return !Invisible(r) && (unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsNumber(r) || unicode.IsPunct(r) || unicode.IsSymbol(r))
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f' }

func unhexByte(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}
