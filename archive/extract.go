package archive

import (
	"fmt"
	"io"
	"mime"
	"net/url"
	"strings"
	"sync"
	"time"

	readability "codeberg.org/readeck/go-readability/v2"
	htmltomarkdown "github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/base"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/commonmark"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/strikethrough"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/table"

	"github.com/uricat/uricat/internal/webpage"
)

// markdown is the one HTML to Markdown converter: it is safe for use by
// many goroutines, and building it costs more than a page.
var markdown = sync.OnceValue(func() *htmltomarkdown.Converter {
	return htmltomarkdown.NewConverter(htmltomarkdown.WithPlugins(
		base.NewBasePlugin(), commonmark.NewCommonmarkPlugin(), table.NewTablePlugin(), strikethrough.NewStrikethroughPlugin()))
})

// NotArchivedPrefix starts the Failed of a page that was fetched but whose
// kind is not kept (a PDF, an image): a later run need not ask again
// before MaxAge, unlike a page that could not be fetched.
const NotArchivedPrefix = "not archived: "

// FromResponse makes the page of uri from the answer r to its fetch
// (webpage.Get, or the one add made for the title), fetched at now: the
// readable article of an HTML page as Markdown, a plain-text page as it
// is, and for any other kind only why it is not kept. It never fails: what
// it cannot extract it says in Failed. The page is not yet cleaned: Put
// cleans it.
func FromResponse(uri string, r *webpage.Response, now time.Time) *Page {
	p := &Page{URI: uri, FinalURL: r.URL, Status: r.Status, Fetched: now.UTC(), Size: int64(len(r.Body))}
	mt := mediaType(r.ContentType)
	p.ContentType = mt
	switch {
	case mt == "text/html" || mt == "application/xhtml+xml":
		extractHTML(p, r)
	case mt == "text/plain" || mt == "text/markdown" || mt == "text/x-markdown":
		text, err := decode(r)
		if err != nil {
			p.Failed = NotArchivedPrefix + err.Error()
			return p
		}
		p.Text = text
		if strings.TrimSpace(text) == "" {
			p.Text, p.Failed = "", NotArchivedPrefix+"the page is empty"
		}
	default:
		if mt == "" {
			mt = "unknown type"
		}
		p.Failed = NotArchivedPrefix + mt
	}
	return p
}

// mediaType is the media type of a Content-Type header, lower-case.
func mediaType(contentType string) string {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		mt = strings.TrimSpace(strings.ToLower(strings.Split(contentType, ";")[0]))
	}
	return mt
}

// decode is r's body in UTF-8, in the charset add reads a page in.
func decode(r *webpage.Response) (string, error) {
	rd, err := webpage.Decode(r.Body, r.ContentType)
	if err != nil {
		return "", fmt.Errorf("charset: %w", err)
	}
	b, err := io.ReadAll(rd)
	return string(b), err
}

// extractHTML fills p from an HTML page: Readability's article, its
// metadata, and the article as Markdown. The title falls back on the one
// add reads (webpage.Parse) when Readability finds none.
func extractHTML(p *Page, r *webpage.Response) {
	head := webpage.Parse(r.Body, r.ContentType)
	p.Title, p.Language = head.Title, head.Lang
	text, err := decode(r)
	if err != nil {
		p.Failed = NotArchivedPrefix + err.Error()
		return
	}
	base, _ := url.Parse(r.URL)
	if base == nil {
		base = &url.URL{}
	}
	article, err := readability.FromReader(strings.NewReader(text), base)
	if err != nil || article.Node == nil {
		p.Failed = NotArchivedPrefix + "no readable text in the page"
		return
	}
	if t := article.Title(); t != "" {
		p.Title = t
	}
	if l := article.Language(); l != "" {
		p.Language = l
	}
	p.Byline, p.SiteName = article.Byline(), article.SiteName()
	md, err := markdown().ConvertNode(article.Node, htmltomarkdown.WithDomain(base.String()))
	if err != nil {
		p.Failed = NotArchivedPrefix + "the article could not be converted: " + err.Error()
		return
	}
	p.Text = strings.TrimSpace(string(md)) + "\n"
	if strings.TrimSpace(p.Text) == "" {
		p.Text, p.Failed = "", NotArchivedPrefix+"no readable text in the page"
	}
}

// extractTimedOut starts the Failed of a page whose extraction took longer
// than the timeout: a failure (tried again by the next run, as a fetch
// that timed out is), not a kind of page that is not kept.
const extractTimedOut = "extracting the article timed out after "

// extractWithin is extract (FromResponse) of uri's answer r, cut at
// timeout: readability and the Markdown converter take no context, and a
// page within the size limit can still take them long (a huge or deeply
// nested document), so the extraction runs on its own and a page it has
// not made by then is kept as a failure that says so, the run going on.
// An extraction cut so finishes in the background and is dropped.
func extractWithin(uri string, r *webpage.Response, now time.Time, timeout time.Duration,
	extract func(string, *webpage.Response, time.Time) *Page) *Page {
	done := make(chan *Page, 1) // buffered: a late extraction does not block
	go func() { done <- extract(uri, r, now) }()
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case p := <-done:
		return p
	case <-t.C:
		return &Page{URI: uri, FinalURL: r.URL, Status: r.Status, Fetched: now.UTC(), Size: int64(len(r.Body)),
			ContentType: mediaType(r.ContentType), Failed: extractTimedOut + timeout.String()}
	}
}
