package hinadi

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// now is the import time the tests use: records without a date get it
// (or the header's Date, when there is one).
var now = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

func readAll(t testing.TB, input string) ([]*ssd3.Record, []ssd3.Diagnostic) {
	t.Helper()
	r := NewReader(strings.NewReader(input), importers.Options{Now: now})
	var recs []*ssd3.Record
	var diags []ssd3.Diagnostic
	for {
		rec, err := r.Read()
		diags = append(diags, r.Diagnostics()...)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("Read: %v", err)
		}
		if ps := rec.Validate(); len(ps) > 0 {
			t.Errorf("record %s does not validate: %v", rec.URI(), ps)
		}
		recs = append(recs, rec)
	}
	if rec, err := r.Read(); rec != nil || err != io.EOF {
		t.Errorf("Read after EOF = %v, %v; want nil, io.EOF", rec, err)
	}
	return recs, diags
}

// file joins lines with CRLF, as the spec's line-format has it.
func file(lines ...string) string { return strings.Join(lines, "\r\n") + "\r\n" }

// lfFile joins lines with LF, as WDB wrote them.
func lfFile(lines ...string) string { return strings.Join(lines, "\n") + "\n" }

// encode converts UTF-8 test text to a charset, as a writer would have
// written the file.
func encode(t *testing.T, enc encoding.Encoding, s string) string {
	t.Helper()
	out, err := enc.NewEncoder().String(s)
	if err != nil {
		t.Fatalf("encoding test input: %v", err)
	}
	return out
}

func x(kv ...string) []ssd3.Field {
	var fs []ssd3.Field
	for i := 0; i < len(kv); i += 2 {
		fs = append(fs, ssd3.Field{Name: kv[i], Value: kv[i+1]})
	}
	return fs
}

func date(y int, m time.Month, d, hh, mm, ss int) time.Time {
	return time.Date(y, m, d, hh, mm, ss, 0, time.UTC)
}

// wantDiag is a diagnostic a test expects: kind, line and words of its
// message.
type wantDiag struct {
	kind ssd3.Kind
	line int
	msg  string
}

func checkRecords(t *testing.T, got, want []*ssd3.Record) {
	t.Helper()
	if len(got) != len(want) {
		for _, r := range got {
			t.Logf("got %q %q", r.URI(), r.Name())
		}
		t.Fatalf("got %d records, want %d", len(got), len(want))
	}
	for i := range want {
		for _, d := range importertest.Diff(got[i], want[i]) {
			t.Errorf("record %d (%s): %s", i, want[i].URI(), d)
		}
	}
}

func checkDiags(t *testing.T, got []ssd3.Diagnostic, want []wantDiag) {
	t.Helper()
	for _, w := range want {
		found := false
		for _, g := range got {
			if g.Kind == w.kind && g.Line == w.line && strings.Contains(g.Msg, w.msg) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("no %s diagnostic at line %d containing %q; got:", w.kind, w.line, w.msg)
			for _, g := range got {
				t.Logf("  %s", g.In("in"))
			}
		}
	}
	for _, g := range got {
		if g.Line <= 0 && !strings.Contains(g.Msg, "input is empty") {
			t.Errorf("diagnostic %q has no line: Hina-Di diagnostics carry line numbers", g.Msg)
		}
	}
}

// noDiag fails if any diagnostic of kind k was given.
func noDiag(t *testing.T, got []ssd3.Diagnostic, kinds ...ssd3.Kind) {
	t.Helper()
	for _, g := range got {
		for _, k := range kinds {
			if g.Kind == k {
				t.Errorf("unexpected %s", g.String())
			}
		}
	}
}

// header is the header block the spec describes (Header block: HINA, then
// User-Agent, Content-Type, Date).
var header = []string{"HINA/2.2beta", "User-Agent: uricat-test/1.0", "Content-Type: text/plain; charset=EUC-JP", "Date: Sun, 02 Dec 2001 03:04:05 GMT", ""}

// TestSpecFields checks each field of the spec's Fields section, in a file
// that follows the spec to the letter (CRLF, "Name: value", RFC 1123).
func TestSpecFields(t *testing.T) {
	lines := append([]string{}, header...)
	lines = append(lines,
		// Entity block: every field the grammar lists.
		"URL: http://www.example.jp/~asahina/diary/",
		"HINA-Version: HINA/2.2",
		"Content-Type: text/html; charset=EUC-JP",
		"Date: Mon, 03 Dec 2001 10:00:00 GMT",
		"Title: 朝比奈の日記",
		"Author-Name: 朝比奈",
		"Expires: Tue, 04 Dec 2001 10:00:00 GMT",
		"Expire: Tue, 04 Dec 2001 10:00:00 GMT",
		"Last-Modified: Sun, 02 Dec 2001 23:59:59 GMT",
		"Last-Modified-Detected: Mon, 03 Dec 2001 09:00:00 GMT",
		"Server: Apache/1.3.22 (Unix)",
		"Authorized: antenna.example.jp",
		"Authorized-url: http://antenna.example.jp/about.html",
		"Method: REMOTE/REMOTE/GET/200", // the spec's Method example
		"Keyword: diary: anime:\tJapan", // keywords = TOKEN *(SEPARATOR TOKEN)
		"Image-Width: 640",
		"Image-Height: 480",
		"X-Antenna-Group: 2",     // Experimental-field
		"Favourite-Colour: blue", // Undefined-field
		"",
		// Date when there is no Last-Modified; Last-Modified-Detected last.
		"URL: http://b.example.jp/",
		"Date: Mon, 03 Dec 2001 10:00:00 GMT",
		"Last-Modified-Detected: Mon, 03 Dec 2001 09:00:00 GMT",
		"",
		"URL: http://c.example.jp/",
		"Last-Modified-Detected: Mon, 03 Dec 2001 09:00:00 GMT",
		"",
		// No date at all: the header's Date.
		"URL: http://d.example.jp/page.html",
		"Title: D",
		"",
	)
	recs, diags := readAll(t, encode(t, japanese.EUCJP, file(lines...)))
	checkRecords(t, recs, []*ssd3.Record{ssd3.NewRecord(ssd3.Values{
		URI: "http://www.example.jp/~asahina/diary/", Name: "朝比奈の日記",
		Date: date(2001, 12, 2, 23, 59, 59), Category: "diary", Type: "text/html; charset=EUC-JP",
		Extensions: x(
			"X-KEYWORDS", "anime; Japan", // diary is the CATEGORY: not repeated (issue 10)
			"X-AUTHOR", "朝比奈",
			"X-DATE", "Mon, 03 Dec 2001 10:00:00 GMT",
			"X-EXPIRES", "Tue, 04 Dec 2001 10:00:00 GMT",
			"X-EXPIRE", "Tue, 04 Dec 2001 10:00:00 GMT",
			"X-LAST-MODIFIED-DETECTED", "Mon, 03 Dec 2001 09:00:00 GMT",
			"X-SERVER", "Apache/1.3.22 (Unix)",
			"X-AUTHORIZED", "antenna.example.jp",
			"X-AUTHORIZED-URL", "http://antenna.example.jp/about.html",
			"X-METHOD", "REMOTE/REMOTE/GET/200",
			"X-IMAGE-WIDTH", "640",
			"X-IMAGE-HEIGHT", "480",
			"X-ANTENNA-GROUP", "2",
			"X-FAVOURITE-COLOUR", "blue",
		),
	}), ssd3.NewRecord(ssd3.Values{
		URI: "http://b.example.jp/", Name: "b.example.jp", Date: date(2001, 12, 3, 10, 0, 0),
		Extensions: x("X-LAST-MODIFIED-DETECTED", "Mon, 03 Dec 2001 09:00:00 GMT"),
	}), ssd3.NewRecord(ssd3.Values{
		URI: "http://c.example.jp/", Name: "c.example.jp", Date: date(2001, 12, 3, 9, 0, 0),
	}), ssd3.NewRecord(ssd3.Values{
		URI: "http://d.example.jp/page.html", Name: "D", Date: date(2001, 12, 2, 3, 4, 5),
	})})
	noDiag(t, diags, ssd3.Skipped, ssd3.Dropped, ssd3.Deviation)
}

// TestWriters reads files as the real writers wrote them (WRITERS.md).
func TestWriters(t *testing.T) {
	tests := []struct {
		name  string
		input func(t *testing.T) string
		want  []*ssd3.Record
		diags []wantDiag
	}{{
		name: "WDB: LF, tabs after the colon, unpadded days, Expire and Expires, its own X- fields",
		input: func(t *testing.T) string {
			return encode(t, japanese.EUCJP, lfFile(
				"HINA/2.2beta",
				"User-Agent:\t\tWDB/1.46",
				"Content-Type:\t\ttext/plain; charset=EUC-JP",
				"Date:\t\tSun, 2 Dec 2001 03:04:05 GMT",
				"",
				"URL:\t\thttp://wdb.example.jp/",
				"Title:\t\tＷＤＢのページ",
				"Last-Modified:\t\tSat, 1 Dec 2001 12:00:00 GMT",
				"Expire:\t\tSun, 9 Dec 2001 12:00:00 GMT",
				"Expires:\t\tSun, 9 Dec 2001 12:00:00 GMT",
				"HINA-Version:\t\tHINA/2.2beta",
				"X-WDB-Status:\t\tOK",
				"",
			))
		},
		want: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{
			URI: "http://wdb.example.jp/", Name: "ＷＤＢのページ", Date: date(2001, 12, 1, 12, 0, 0),
			Extensions: x("X-EXPIRE", "Sun, 9 Dec 2001 12:00:00 GMT", "X-EXPIRES", "Sun, 9 Dec 2001 12:00:00 GMT",
				"X-WDB-STATUS", "OK"),
		})},
		diags: []wantDiag{
			{ssd3.Deviation, 1, "lines end in LF alone, not CRLF (line-format), from this line on"},
			{ssd3.Deviation, 4, "the header's Date has a day not padded to two digits"},
			{ssd3.Deviation, 8, "Last-Modified has a day not padded to two digits"},
		},
	}, {
		name: "Tamatebako: HINA/2.1, CRLF, \"Name: value\", unknown fields, no blank line at the end",
		input: func(t *testing.T) string {
			return encode(t, japanese.EUCJP, strings.TrimSuffix(file(
				"HINA/2.1",
				"User-Agent: Tamatebako/0.3",
				"Content-Type: text/plain; charset=EUC-JP",
				"",
				"URL: http://tama.example.jp/a",
				"Title: 玉手箱",
				"Last-Modified: Mon, 03 Dec 2001 00:00:00 GMT",
				"Generator-Note: passed through",
				"",
				"URL: http://tama.example.jp/b",
				"Last-Modified: Mon, 03 Dec 2001 00:00:01 GMT",
			), "\r\n"))
		},
		want: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{
			URI: "http://tama.example.jp/a", Name: "玉手箱", Date: date(2001, 12, 3, 0, 0, 0),
			Extensions: x("X-GENERATOR-NOTE", "passed through"),
		}), ssd3.NewRecord(ssd3.Values{
			URI: "http://tama.example.jp/b", Name: "b", Date: date(2001, 12, 3, 0, 0, 1),
		})},
		diags: []wantDiag{
			{ssd3.Deviation, 1, "HINA/2.1: the version is not 2.2beta"},
			{ssd3.Deviation, 11, "the block at line 10 is the last and no blank line follows it"},
		},
	}, {
		name: "the 2010 Tamatebako fork: UTF-8",
		input: func(t *testing.T) string {
			return file("HINA/2.1", "User-Agent: Tamatebako/0.5", "Content-Type: text/plain; charset=UTF-8", "",
				"URL: http://utf8.example.jp/", "Title: ユニコード", "")
		},
		want: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://utf8.example.jp/", Name: "ユニコード", Date: now})},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, diags := readAll(t, tt.input(t))
			checkRecords(t, recs, tt.want)
			checkDiags(t, diags, tt.diags)
			noDiag(t, diags, ssd3.Skipped, ssd3.Dropped)
		})
	}
}

// TestCharsets: the charset comes from the header's Content-Type; EUC-JP
// when it names none (Encoding).
func TestCharsets(t *testing.T) {
	const title = "日本語のタイトル「テスト」"
	tests := []struct {
		name    string
		ct      string // the header's Content-Type line, "" for none
		enc     encoding.Encoding
		wantDev string // a deviation expected
	}{
		{"EUC-JP", "Content-Type: text/plain; charset=EUC-JP", japanese.EUCJP, ""},
		{"euc-jp in lower case", "Content-Type: text/plain; charset=euc-jp", japanese.EUCJP, ""},
		{"Shift_JIS", "Content-Type: text/plain; charset=Shift_JIS", japanese.ShiftJIS, ""},
		{"x-sjis", "Content-Type: text/plain; charset=x-sjis", japanese.ShiftJIS, ""},
		{"ISO-2022-JP", "Content-Type: text/plain; charset=ISO-2022-JP", japanese.ISO2022JP, ""},
		{"UTF-8", "Content-Type: text/plain; charset=UTF-8", encoding.Nop, ""},
		{"quoted charset", `Content-Type: text/plain; charset="Shift_JIS"`, japanese.ShiftJIS, ""},
		{"no Content-Type: EUC-JP", "", japanese.EUCJP, ""},
		{"no charset: EUC-JP", "Content-Type: text/plain", japanese.EUCJP, ""},
		{"no charset but UTF-8 text", "Content-Type: text/plain", encoding.Nop, "is UTF-8, not EUC-JP"},
		{"unknown charset: EUC-JP", "Content-Type: text/plain; charset=x-klingon", japanese.EUCJP, `unknown charset "x-klingon"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lines := []string{"HINA/2.2beta", "User-Agent: test"}
			if tt.ct != "" {
				lines = append(lines, tt.ct)
			}
			lines = append(lines, "", "URL: http://a.example.jp/", "Title: "+title, "Keyword: 漢字: かな", "")
			recs, diags := readAll(t, encode(t, tt.enc, file(lines...)))
			checkRecords(t, recs, []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example.jp/", Name: title, Date: now,
				Category: "漢字", Extensions: x("X-KEYWORDS", "かな")})})
			if tt.wantDev != "" {
				checkDiags(t, diags, []wantDiag{{ssd3.Deviation, lineOf(lines, "Content-Type", "Title"), tt.wantDev}})
			} else {
				noDiag(t, diags, ssd3.Deviation, ssd3.Dropped, ssd3.Skipped)
			}
		})
	}
}

// lineOf returns the 1-based line of the first line starting with one of
// the prefixes, in order of preference.
func lineOf(lines []string, prefixes ...string) int {
	for _, p := range prefixes {
		for i, l := range lines {
			if strings.HasPrefix(l, p) && (p != "Content-Type" || strings.Contains(l, "charset")) {
				return i + 1
			}
		}
	}
	return 0
}

// TestBlocks checks the rules for blocks and fields, and bad input.
func TestBlocks(t *testing.T) {
	h := "HINA/2.2beta\r\nUser-Agent: t\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n" // 4 lines
	tests := []struct {
		name  string
		input string
		want  []*ssd3.Record
		diags []wantDiag
	}{{
		name:  "field names are case-insensitive (Block)",
		input: h + file("url: http://a.example/", "TITLE: Upper", "last-MODIFIED: Sun, 02 Dec 2001 03:04:05 GMT", "KeyWord: k", ""),
		want: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "Upper", Date: date(2001, 12, 2, 3, 4, 5),
			Category: "k"})},
	}, {
		name:  "a duplicate field name discards the block (MUST), reported at the duplicate",
		input: h + file("URL: http://a.example/", "Title: one", "title: two", "", "URL: http://b.example/", ""),
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://b.example/", Name: "b.example", Date: now})},
		diags: []wantDiag{{ssd3.Skipped, 7, `the block at line 5 has the field "title" twice (lines 6 and 7)`}},
	}, {
		name:  "SEPARATOR is \":\" and blanks; none is read and reported",
		input: h + file("URL:http://a.example/", "Title: \t  spaced  out ", ""),
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "spaced  out ", Date: now})}, // the SEPARATOR's blanks go, the value's own stay (TOKEN may end in one)
		diags: []wantDiag{{ssd3.Deviation, 5, `no space or tab after "URL"'s colon`}},
	}, {
		name:  "Keyword: only \":\" with blanks separates (a URL-like token stays whole)",
		input: h + file("URL: http://a.example/", "Keyword: tech: http://x.example/:\tnews", ""),
		want: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now, Category: "tech",
			Extensions: x("X-KEYWORDS", "http://x.example/; news")})},
	}, {
		name:  "Virtual alone points at another Hina-Di file: reported, not imported",
		input: h + file("Virtual: http://other.example/hina.di", "", "Vitural: http://old.example/hina.di", ""),
		diags: []wantDiag{
			{ssd3.Info, 5, "Virtual: http://other.example/hina.di: this entry is kept in another Hina-Di file"},
			{ssd3.Info, 7, "Vitural: http://old.example/hina.di: this entry is kept in another Hina-Di file"}},
	}, {
		name:  "Virtual with other fields is the URL (Virtual)",
		input: h + file("Virtual: http://v.example/page", "Title: V", ""),
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://v.example/page", Name: "V", Date: now})},
	}, {
		name:  "a block without URL is skipped with the reason",
		input: h + file("Title: lost", "Author-Name: someone", ""),
		diags: []wantDiag{{ssd3.Skipped, 5, "the block at lines 5-6 has no URL"}},
	}, {
		// Issue 10: X-Id came back as X-ID. uricat's fields have names of
		// their own: a Netscape export's ID is an X-ID, an extension, and
		// stays one.
		name: "X-Uricat-Description, -Rating, -Language, -Id, -Category and -Keywords, as uricat's own export writes them, are read back",
		input: h + file("URL: http://a.example/", "X-Uricat-Description: about it", "X-Uricat-Rating: 4", "X-Uricat-Language: ja", "X-Uricat-Id: 3",
			"X-Uricat-Category: a: b", "X-Uricat-Keywords: c; d", "X-Id: rdf:#$22iCK1", "X-Description: another's", "",
			"URL: http://b.example/", "X-Uricat-Rating: 9", "X-Uricat-Language: Japanese", "X-Uricat-Id: x", "Keyword: k1: k2", "X-Uricat-Category: c", "X-Uricat-Keywords: k3", ""),
		want: []*ssd3.Record{
			ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now, Description: "about it", Rating: 4, Language: "ja", ID: "3",
				Category: "a: b", Extensions: x("X-KEYWORDS", "c; d", "X-ID", "rdf:#$22iCK1", "X-DESCRIPTION", "another's")}),
			ssd3.NewRecord(ssd3.Values{URI: "http://b.example/", Name: "b.example", Date: now, Category: "k1",
				Extensions: x("X-KEYWORDS", "k2; k3", "X-URICAT-RATING", "9", "X-URICAT-LANGUAGE", "Japanese", "X-URICAT-ID", "x", "X-URICAT-CATEGORY", "c")})},
	}, {
		// A multi-line DESCRIPTION is written as RFC 2047 encoded-words (a
		// Hina-Di value is one line): they are decoded, in every X- field.
		name:  "encoded-words in experimental fields are decoded",
		input: h + file("URL: http://a.example/", "X-Uricat-Description: =?UTF-8?q?first_line=0Asecond=09line?=", "X-Note: =?UTF-8?B?5pel5pys?=", "Title: =?UTF-8?B?5pel5pys?=", ""),
		want: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "=?UTF-8?B?5pel5pys?=", Date: now, Description: "first line\nsecond\tline",
			Extensions: x("X-NOTE", "日本")})},
	}, {
		name:  "an experimental X-Author joins Author-Name's X-AUTHOR",
		input: h + file("URL: http://a.example/", "Author-Name: A", "X-Author: B", ""),
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now, Extensions: x("X-AUTHOR", "A; B")})},
	}, {
		name:  "a Content-Type value as the spec's grammar writes it (\"Content-Type\" \":\" type \"/\" subtype)",
		input: h + file("URL: http://a.example/", "Content-Type: Content-Type: text/html", ""),
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now, Type: "text/html"})},
	}, {
		name:  "a Content-Type that is not a media type stays X-CONTENT-TYPE",
		input: h + file("URL: http://a.example/", "Content-Type: html", ""),
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now, Extensions: x("X-CONTENT-TYPE", "html")})},
	}, {
		name:  "a line that is not a field is reported and ignored",
		input: h + file("URL: http://a.example/", "this is not a field", "Bad Name: x", "Title: T", ""),
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "T", Date: now})},
		diags: []wantDiag{
			{ssd3.Dropped, 6, `not a field (Name: value): "this is not a field"`},
			{ssd3.Dropped, 7, `"Bad Name" is not a field name`}},
	}, {
		name:  "dates: RFC 850 and asctime read; a wrong weekday reported (WRITERS.md)",
		input: h + file("URL: http://a.example/", "Last-Modified: Sunday, 02-Dec-01 03:04:05 GMT", "", "URL: http://b.example/", "Date: Sun Dec  2 03:04:05 2001", "", "URL: http://c.example/", "Date: Fri, 02 Dec 2001 03:04:05 GMT", ""),
		want: []*ssd3.Record{
			ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: date(2001, 12, 2, 3, 4, 5)}),
			ssd3.NewRecord(ssd3.Values{URI: "http://b.example/", Name: "b.example", Date: date(2001, 12, 2, 3, 4, 5)}),
			ssd3.NewRecord(ssd3.Values{URI: "http://c.example/", Name: "c.example", Date: date(2001, 12, 2, 3, 4, 5)})},
		diags: []wantDiag{
			{ssd3.Deviation, 6, "in RFC 850 form, not RFC 1123"},
			{ssd3.Deviation, 9, "in asctime form, not RFC 1123"},
			{ssd3.Deviation, 12, `weekday "Fri" does not match the date (a Sunday)`}},
	}, {
		name:  "a Japanese zone is honoured",
		input: h + file("URL: http://a.example/", "Last-Modified: Sun, 02 Dec 2001 12:00:00 JST", ""),
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: date(2001, 12, 2, 3, 0, 0)})},
		diags: []wantDiag{{ssd3.Deviation, 6, "has the zone JST, not GMT"}},
	}, {
		name:  "a date that cannot be read falls back to the next and is kept as X-",
		input: h + file("URL: http://a.example/", "Last-Modified: yesterday", "Date: Sun, 02 Dec 2001 03:04:05 GMT", ""),
		want: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: date(2001, 12, 2, 3, 4, 5),
			Extensions: x("X-LAST-MODIFIED", "yesterday")})},
		diags: []wantDiag{{ssd3.Deviation, 6, `Last-Modified "yesterday" is not a date`}},
	}, {
		name:  "terminal escapes and control characters never reach the record",
		input: h + file("URL: http://a.example/", "Title: \x1b]0;pwned\x07Safe \x1b[1mtitle\x1b[0m", "Author-Name: a\x00b", ""),
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "Safe title", Date: now, Extensions: x("X-AUTHOR", "ab")})},
	}, {
		name:  "an invalid URL is skipped with the catalogue's reason",
		input: h + file("URL: not a url", "", "URL: http://ok.example/", ""),
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://ok.example/", Name: "ok.example", Date: now})},
		diags: []wantDiag{{ssd3.Skipped, 5, "record not imported"}},
	}, {
		name:  "blank lines of spaces separate blocks too; several blank lines are one",
		input: h + "URL: http://a.example/\r\n  \r\n\r\n\r\nURL: http://b.example/\r\n\r\n",
		want: []*ssd3.Record{
			ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now}),
			ssd3.NewRecord(ssd3.Values{URI: "http://b.example/", Name: "b.example", Date: now})},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, diags := readAll(t, tt.input)
			checkRecords(t, recs, tt.want)
			checkDiags(t, diags, tt.diags)
		})
	}
}

// TestHeader checks the header block's rules.
func TestHeader(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []*ssd3.Record
		diags []wantDiag
	}{{
		name:  "no HINA line: the first block is the header",
		input: file("User-Agent: x", "Content-Type: text/plain; charset=UTF-8", "", "URL: http://a.example/", ""),
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now})},
		diags: []wantDiag{{ssd3.Deviation, 1, "does not start with the HINA line"}},
	}, {
		name:  "no header at all: entity blocks are read",
		input: file("URL: http://a.example/", "", "URL: http://b.example/", ""),
		want: []*ssd3.Record{
			ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now}),
			ssd3.NewRecord(ssd3.Values{URI: "http://b.example/", Name: "b.example", Date: now})},
		diags: []wantDiag{{ssd3.Deviation, 1, "does not start with a HINA header"}},
	}, {
		name:  "a header without its blank line: the entity block starts at URL",
		input: file("HINA/2.2beta", "User-Agent: x", "URL: http://a.example/", "Title: A", ""),
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "A", Date: now})},
		diags: []wantDiag{{ssd3.Deviation, 3, "the blank line that ends the header is missing"}},
	}, {
		name:  "a header with a duplicate field is discarded: its charset is not used",
		input: file("HINA/2.2beta", "User-Agent: x", "user-agent: y", "Content-Type: text/plain; charset=UTF-8", "", "URL: http://a.example/", ""),
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now})},
		diags: []wantDiag{{ssd3.Deviation, 3, `the header block has the field "user-agent" twice (lines 2 and 3)`}},
	}, {
		name:  "no User-Agent is reported",
		input: file("HINA/2.2beta", "Date: Sun, 02 Dec 2001 03:04:05 GMT", "", "URL: http://a.example/", ""),
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: date(2001, 12, 2, 3, 4, 5)})},
		diags: []wantDiag{{ssd3.Deviation, 1, "no User-Agent"}},
	}, {
		name:  "an unreadable header Date is reported and not used",
		input: file("HINA/2.2beta", "User-Agent: x", "Date: soon", "", "URL: http://a.example/", ""),
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now})},
		diags: []wantDiag{{ssd3.Deviation, 3, `the header's Date "soon" is not a date`}},
	}, {
		name:  "a header and nothing else",
		input: file("HINA/2.2beta", "User-Agent: x", ""),
		diags: []wantDiag{{ssd3.Deviation, 1, "no entity block follows the header"}},
	}, {
		name:  "an empty input",
		input: "",
		diags: []wantDiag{},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, diags := readAll(t, tt.input)
			checkRecords(t, recs, tt.want)
			checkDiags(t, diags, tt.diags)
		})
	}
}

// TestLongLine: a line longer than the buffer is dropped and reported, and
// reading goes on at the next line.
func TestLongLine(t *testing.T) {
	input := file("HINA/2.2beta", "User-Agent: x", "", "URL: http://a.example/", "Title: "+strings.Repeat("t", 100<<10), "Author-Name: A", "")
	recs, diags := readAll(t, input)
	checkRecords(t, recs, []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now, Extensions: x("X-AUTHOR", "A")})})
	checkDiags(t, diags, []wantDiag{{ssd3.Dropped, 5, "the line is longer than 64 KiB; ignored"}})
}

func TestDetect(t *testing.T) {
	tests := []struct {
		head string
		want bool
	}{
		{"HINA/2.2beta\r\nUser-Agent: x\r\n", true},
		{"HINA/2.1\n", true},
		{"\ufeffHINA/2.2beta", true},
		{"\r\nhina/2.2beta", true},
		{"HINA", false},
		{"URL: http://a/\r\n", false},
		{"@FILE { http://a/", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := Detect([]byte(tt.head)); got != tt.want {
			t.Errorf("Detect(%q) = %v, want %v", tt.head, got, tt.want)
		}
	}
}

func TestIOError(t *testing.T) {
	boom := errors.New("boom")
	in := io.MultiReader(strings.NewReader(file("HINA/2.2beta", "User-Agent: x", "", "URL: http://a/")), iotest.ErrReader(boom))
	r := NewReader(in, importers.Options{Now: now})
	_, err := r.Read()
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "line") {
		t.Fatalf("Read error = %v, want one wrapping boom with the line", err)
	}
}
