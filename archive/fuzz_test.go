package archive

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// FuzzPageFile: a page, made safe, reads back as it was written; reading
// any bytes never panics, and what it reads holds no control character
// other than line feed and tab.
func FuzzPageFile(f *testing.F) {
	f.Add("https://example.org/", "https://example.org/b", 200, "text/html", "T\x1b[2J", "by", "en", "site", int64(1e9), int64(12), "# h\n\ntext\n", "")
	f.Add("x", "", 0, "", "a\nb", "", "", "", int64(0), int64(0), "", "not archived: image/png")
	f.Add("u\r\nTitle: x", "\x9b", -1, "a: b", " ", "\t", "", "", int64(-5), int64(-1), "\r\r\n", "\u202e")
	f.Fuzz(func(t *testing.T, uri, final string, status int, ct, title, byline, lang, site string, secs, size int64, text, failed string) {
		p := Sanitize(&Page{URI: uri, FinalURL: final, Status: status, ContentType: ct, Title: title, Byline: byline,
			Language: lang, SiteName: site, Fetched: time.Unix(secs%(1<<35), secs%1e9), Size: size, Text: text, Failed: failed})
		var b bytes.Buffer
		if err := format(&b, p); err != nil {
			t.Fatal(err)
		}
		got, err := parse(b.Bytes())
		if p.URI == "" {
			if err == nil {
				t.Fatalf("a page without a URI parsed: %+v", got)
			}
			return
		}
		if p.Fetched.Year() < 0 || p.Fetched.Year() > 9999 {
			return // RFC 3339 has four-digit years
		}
		if err != nil {
			t.Fatalf("parse(format(p)): %v\n%q", err, b.String())
		}
		if !samePage(got, p) {
			t.Fatalf("parse(format(p)) = %+v\nwant %+v\nfile %q", got, p, b.String())
		}
		checkClean(t, got)
		if again := Sanitize(got); !samePage(again, got) {
			t.Fatalf("Sanitize is not idempotent: %+v then %+v", got, again)
		}
		// Any bytes: never a panic, never a control character.
		if q, err := parse([]byte(uri + "\n" + text)); err == nil {
			checkClean(t, q)
		}
	})
}

func checkClean(t *testing.T, p *Page) {
	t.Helper()
	for _, v := range []string{p.URI, p.FinalURL, p.ContentType, p.Title, p.Byline, p.Language, p.SiteName, p.Failed} {
		if strings.ContainsAny(v, "\n\t") || hasControl(v) || !utf8.ValidString(v) {
			t.Fatalf("header value %q is not one clean line", v)
		}
	}
	if hasControl(p.Text) || !utf8.ValidString(p.Text) {
		t.Fatalf("text %q holds a control character", p.Text)
	}
}

func hasControl(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool {
		return r != '\n' && r != '\t' && (r < 0x20 || r >= 0x7f && r < 0xa0)
	}) >= 0
}
