// Package webpage fetches what a bookmark's page says of itself: its
// title, description and language from the HTML, its type from the
// response. A fetch (Get, and Fetch over it) reads at most MaxBytes after
// decompression, follows at most MaxRedirects redirects and only to http
// and https, and names its program in User-Agent; its time is the
// context's. The answer's body comes back with the page (Response), so
// that the archive keeps the page add fetched without asking again; Decode
// reads it in its charset. What it returns is the page's text as decoded,
// not yet cleaned: the caller cleans it as it cleans an import's.
package webpage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"
)

// Limits of a fetch: the archive keeps a page's article, which may come
// well after its head, but a page is not a download; and a site that
// redirects more than this is lost.
const (
	MaxBytes     = 5 << 20
	MaxRedirects = 10
)

// Page is what a page says of itself; a field it does not say is "".
type Page struct {
	URL         string // where the page was found, after redirects
	Type        string // the media type of Content-Type, lower case ("text/html")
	Title       string // <title>, else og:title
	Description string // <meta name=description>, else og:description
	Lang        string // <html lang>

	// Response is the answer the page was read from, for the archive.
	Response *Response
}

// Response is an answer to a fetch.
type Response struct {
	URL         string // where the page was found, after redirects
	Status      int    // the HTTP status code
	ContentType string // the Content-Type header, else the type sniffed from the body
	Body        []byte // the body after decompression, at most MaxBytes of it
	Truncated   bool   // the body went on past MaxBytes
}

// StatusError is a response that is not a page: 404, 500, ...
type StatusError struct {
	Code   int
	Status string // "404 Not Found"
}

func (e *StatusError) Error() string { return "the server answered " + e.Status }

// ErrScheme is what following a redirect to another scheme than http or
// https (ftp:, file:, javascript:) fails with.
var ErrScheme = errors.New("redirect to a scheme other than http or https refused")

// Fetch gets rawURL with c (a copy of it, with this package's redirect
// policy) and reads what the page says of itself. userAgent names the
// program. ctx bounds the whole fetch, body included.
func Fetch(ctx context.Context, c *http.Client, rawURL, userAgent string) (*Page, error) {
	resp, err := Get(ctx, c, rawURL, userAgent)
	if err != nil {
		return nil, err
	}
	p := Parse(resp.Body, resp.ContentType)
	p.URL = resp.URL
	p.Response = resp
	return &p, nil
}

// Get gets rawURL as Fetch does and returns the answer. An answer that is
// not a page (not 2xx) comes back with a *StatusError, and without its
// body.
func Get(ctx context.Context, c *http.Client, rawURL, userAgent string) (*Response, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("%s: only http and https pages are fetched", u.Scheme)
	}
	cc := *c
	cc.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
			return fmt.Errorf("%w (%s)", ErrScheme, req.URL.Scheme)
		}
		if len(via) > MaxRedirects {
			return fmt.Errorf("more than %d redirects", MaxRedirects)
		}
		return nil
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", userAgent)
	req.Header.Set("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5")
	resp, err := cc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	r := &Response{URL: resp.Request.URL.String(), Status: resp.StatusCode, ContentType: resp.Header.Get("Content-Type")}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return r, &StatusError{Code: resp.StatusCode, Status: resp.Status}
	}
	// One byte past the limit tells a body that was cut from one that
	// ended there; the transport's gzip is undone before the count, so a
	// compression bomb stops at the limit too.
	body, err := io.ReadAll(io.LimitReader(resp.Body, MaxBytes+1))
	if err != nil {
		return r, fmt.Errorf("reading the page: %w", err)
	}
	if len(body) > MaxBytes {
		body, r.Truncated = body[:MaxBytes], true
	}
	r.Body = body
	if r.ContentType == "" {
		r.ContentType = http.DetectContentType(body)
	}
	return r, nil
}

// Decode returns a reader of body in UTF-8, from the charset that
// contentType (the response's Content-Type), a byte order mark or, for
// HTML, the page's <meta charset> names, else UTF-8 or windows-1252 as
// browsers guess. It fails only for a charset no decoder knows.
func Decode(body []byte, contentType string) (io.Reader, error) {
	return charset.NewReader(bytes.NewReader(body), contentType)
}

// Parse reads what an HTML page (body, its first bytes at least) says of
// itself, in the charset that contentType (the response's Content-Type),
// a byte order mark or the page's <meta charset> names, else UTF-8 or
// windows-1252 as browsers guess. A body that is not HTML gives only its
// Type. It never fails: what it cannot read it leaves "".
func Parse(body []byte, contentType string) Page {
	var p Page
	if mt, _, err := mime.ParseMediaType(contentType); err == nil {
		p.Type = strings.ToLower(mt)
	}
	if p.Type != "text/html" && p.Type != "application/xhtml+xml" {
		return p
	}
	r, err := Decode(body, contentType)
	if err != nil {
		return p // a charset named that no decoder knows
	}
	var ogTitle, ogDesc string
	z := html.NewTokenizer(r)
	inTitle, titleDone := false, false
	var title strings.Builder
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return finish(p, title.String(), ogTitle, ogDesc)
		case html.TextToken:
			if inTitle && title.Len() < MaxBytes {
				title.Write(z.Text())
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "title":
				if inTitle {
					inTitle, titleDone = false, true
				}
			case "head":
				return finish(p, title.String(), ogTitle, ogDesc)
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			attrs := map[string]string{}
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				if _, ok := attrs[string(k)]; !ok {
					attrs[string(k)] = string(v)
				}
			}
			switch string(name) {
			case "html":
				if p.Lang == "" {
					p.Lang = strings.TrimSpace(attrs["lang"])
				}
			case "title":
				// The first title only: an SVG's <title> in the body is not
				// the page's.
				inTitle = !titleDone && tt == html.StartTagToken
			case "meta":
				content := attrs["content"]
				switch strings.ToLower(strings.TrimSpace(attrs["name"])) {
				case "description":
					if p.Description == "" {
						p.Description = content
					}
				}
				switch strings.ToLower(strings.TrimSpace(attrs["property"])) {
				case "og:title":
					if ogTitle == "" {
						ogTitle = content
					}
				case "og:description":
					if ogDesc == "" {
						ogDesc = content
					}
				}
			case "body":
				return finish(p, title.String(), ogTitle, ogDesc)
			}
		}
	}
}

// finish fills p's title and description, falling back on the Open
// Graph ones, each on one line without blanks at its ends.
func finish(p Page, title, ogTitle, ogDesc string) Page {
	p.Title = collapse(title)
	if p.Title == "" {
		p.Title = collapse(ogTitle)
	}
	p.Description = strings.TrimSpace(p.Description)
	if p.Description == "" {
		p.Description = strings.TrimSpace(ogDesc)
	}
	return p
}

// collapse makes s one line: its runs of white space one space, none at
// either end, as a browser shows a title.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }
