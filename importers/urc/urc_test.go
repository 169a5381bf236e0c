package urc

import (
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

var now = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

// got is what one record comes to, in a form a table can spell out.
type got struct {
	URI, Name, Language, Type, Description string
	Ext                                    string // "X-A=v | X-B=w"
}

func summarize(rec *ssd3.Record) got {
	var ext []string
	for _, f := range rec.Extensions() {
		ext = append(ext, f.Name+"="+f.Value)
	}
	return got{URI: rec.URI(), Name: rec.Name(), Language: rec.Language(), Type: rec.Type(), Description: rec.Description(), Ext: strings.Join(ext, " | ")}
}

func readAll(t testing.TB, input string) (recs []got, diags []ssd3.Diagnostic) {
	t.Helper()
	r := NewReader(strings.NewReader(input), importers.Options{Now: now})
	for i := 0; ; i++ {
		if i > 10000 {
			t.Fatal("reader does not reach EOF")
		}
		rec, err := r.Read()
		diags = append(diags, r.Diagnostics()...)
		if err == io.EOF {
			return recs, diags
		}
		if err != nil {
			t.Fatal(err)
		}
		if ps := rec.Validate(); len(ps) > 0 {
			t.Errorf("record %q does not validate: %v", rec.URI(), ps)
		}
		recs = append(recs, summarize(rec))
	}
}

// The proposal's "simple example", as it stands in the spec.
const simpleExample = `<ftp://nic.nordu.net/internet-drafts/draft-ietf-uri-url-01.txt;
URN:IANA:0::drafts:1204;
Author=Tim Berners-Lee;
Title=Uniform Resource Locators;
Title.sv/Text/Plain/charset:SEN_850200_B=Likformiga resursl{gesgivare;
Language=en;
Version=01;>
`

// The proposal's "more complex example", as it stands in the spec.
const complexExample = `<URN:IANA:0::drafts:1204;
Author=Tim Berners-Lee;
Title=Uniform Resource Locators;
BEGIN * Current version;
Version=1;
BEGIN * Postscript;
Content-type=PostScript;
ftp://nic.nordu.net/internet-drafts/draft-ietf-uri-url-01.ps;
END * Postscript;
BEGIN * Official;
Content-type=Text/Plain;
Charset=US-ASCII;
ftp://nic.nordu.net/internet-drafts/draft-ietf-uri-url-01.txt;
END * Official;
END * Current version;
BEGIN * Older;
Version=0;
Content-type=Text/Plain;
Charset=US-ASCII;
ftp://nic.nordu.net/internet-drafts/draft-ietf-uri-url-00.txt;
ftp://ds.internic.net/internet-drafts/draft-ietf-uri-url-00.txt;
END * Older;
Fragment=Section:Abstract;>
`

func TestSpecExamples(t *testing.T) {
	const urn = "X-URN=URN:IANA:0::drafts:1204"
	tests := []struct {
		name string
		in   string
		want []got
	}{
		{
			// "Title.sv/Text/Plain/charset:SEN_850200_B=Likformiga
			// resursl{gesgivare": the Swedish title, "{" being a-diaeresis
			// in SEN_850200_B. The untagged Title is the original: NAME.
			name: "simple example",
			in:   simpleExample,
			want: []got{{
				URI: "ftp://nic.nordu.net/internet-drafts/draft-ietf-uri-url-01.txt", Name: "Uniform Resource Locators", Language: "en",
				Ext: "X-AUTHOR=Tim Berners-Lee | X-TITLE-SV=Likformiga resurslägesgivare | X-VERSION=01 | " + urn,
			}},
		},
		{
			// Four URLs, four bookmarks. Each takes the URN, Author and Title
			// of the citation, the Version of its BEGIN*/END* block, and the
			// Content-type of its own block; the URF at the very end
			// ("Fragment=Section:Abstract") applies to all of them.
			// "PostScript" is not a media type, so it is not the TYPE.
			name: "more complex example",
			in:   complexExample,
			want: []got{
				{URI: "ftp://nic.nordu.net/internet-drafts/draft-ietf-uri-url-01.ps", Name: "Uniform Resource Locators",
					Ext: "X-AUTHOR=Tim Berners-Lee | X-VERSION=1 | X-CONTENT-TYPE=PostScript | X-FRAGMENT=Section:Abstract | " + urn},
				{URI: "ftp://nic.nordu.net/internet-drafts/draft-ietf-uri-url-01.txt", Name: "Uniform Resource Locators", Type: "text/plain; charset=US-ASCII",
					Ext: "X-AUTHOR=Tim Berners-Lee | X-VERSION=1 | X-FRAGMENT=Section:Abstract | " + urn},
				{URI: "ftp://nic.nordu.net/internet-drafts/draft-ietf-uri-url-00.txt", Name: "Uniform Resource Locators", Type: "text/plain; charset=US-ASCII",
					Ext: "X-AUTHOR=Tim Berners-Lee | X-VERSION=0 | X-FRAGMENT=Section:Abstract | " + urn},
				{URI: "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-url-00.txt", Name: "Uniform Resource Locators", Type: "text/plain; charset=US-ASCII",
					Ext: "X-AUTHOR=Tim Berners-Lee | X-VERSION=0 | X-FRAGMENT=Section:Abstract | " + urn},
			},
		},
		{
			// "<Author/Text/Plain/charset:SEN_850200_B=Olle J#rnefors;> will
			// be exactly the same URC as <Author/Text/Plain/charset:ISO-8859-1=
			// Olle J$rnefors;>", # being 0x7B and $ 0xE4. (The spec's
			// citations have no URL; one is added to make bookmarks.)
			name: "the same author in two charsets",
			in: "<http://www.kth.se/;Author/Text/Plain/charset:SEN_850200_B=Olle J\x7Brnefors;>\n" +
				"<http://www.kth.se/;Author/Text/Plain/charset:ISO-8859-1=Olle J\xE4rnefors;>\n",
			want: []got{
				{URI: "http://www.kth.se/", Name: "www.kth.se", Ext: "X-AUTHOR=Olle Järnefors"},
				{URI: "http://www.kth.se/", Name: "www.kth.se", Ext: "X-AUTHOR=Olle Järnefors"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !Detect([]byte(tt.in)) {
				t.Error("Detect does not recognise it")
			}
			recs, diags := readAll(t, tt.in)
			if !reflect.DeepEqual(recs, tt.want) {
				t.Errorf("records:\n got %+v\nwant %+v", recs, tt.want)
			}
			for _, d := range diags {
				t.Errorf("unexpected diagnostic at line %d: %v", d.Line, d)
			}
		})
	}
}

// The rules of the proposal, one case each.
func TestRules(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		want  []got
		diags []string // "LINE kind: substring", in order, among all diagnostics
	}{
		{
			name: "escapes in values: %% is %, %; is ;, %XX a byte, CR LF a line break",
			in:   "<http://e.org/;Title=50%% off%; today%21;Description=one\r\ntwo;>",
			want: []got{{URI: "http://e.org/", Name: "50% off; today!", Description: "one\ntwo"}},
		},
		{
			name:  "any other % is a data error: kept, reported",
			in:    "<http://e.org/;\nTitle=100% sure;>",
			want:  []got{{URI: "http://e.org/", Name: "100% sure"}},
			diags: []string{"2 deviation: Title: a % at byte 4 of the value is not %%, %; or %XX"},
		},
		{
			name: "in a URL, %; is ; and %% is %, but %XX is the URL's own escape",
			in:   "<http://e.org/a%;b?q=1%%2F2&r=%2F;>",
			want: []got{{URI: "http://e.org/a;b?q=1%2F2&r=%2F", Name: "a;b"}},
		},
		{
			name: "ESC (%1B) and control characters never reach a record",
			in:   "<http://e.org/;Title=a%1B[2Jb%07c;Author=x\x1b]0;evil\x07y;>",
			want: []got{{URI: "http://e.org/", Name: "abc", Ext: "X-AUTHOR=x"}},
			// "Author=x\x1b]0" ends at the ";": the rest, "evil\x07y", is an element of its own
			diags: []string{"1 deviation: element \"evily\" is neither"},
		},
		{
			name: "inner groups win; a field of the group may stand after its URL",
			in: "<Title=Outer;Author=A;BEGIN*;http://e.org/in;Title=Inner;END*;http://e.org/out;" +
				"BEGIN*;Author=B;Author=C;http://e.org/two;END*;>",
			want: []got{
				{URI: "http://e.org/in", Name: "Inner", Ext: "X-AUTHOR=A"},
				{URI: "http://e.org/out", Name: "Outer", Ext: "X-AUTHOR=A"},
				{URI: "http://e.org/two", Name: "Outer", Ext: "X-AUTHOR=B; C"},
			},
		},
		{
			name:  "END without BEGIN, and BEGIN without END, are reported",
			in:    "<http://e.org/a;END*;\nBEGIN * open;\nhttp://e.org/b;>",
			want:  []got{{URI: "http://e.org/a", Name: "a"}, {URI: "http://e.org/b", Name: "b"}},
			diags: []string{"1 deviation: END * has no BEGIN to close", "2 deviation: BEGIN *open is not closed"},
		},
		{
			name:  "END's comment should name the BEGIN it closes",
			in:    "<BEGIN * one;\nhttp://e.org/a;\nEND * two;>",
			want:  []got{{URI: "http://e.org/a", Name: "a"}},
			diags: []string{"3 deviation: END *two closes BEGIN *one of line 1"},
		},
		{
			name: "a translated title is the NAME when there is no original, its tag the LANGUAGE",
			in:   "<http://e.org/;Title.sv=Hej;Title.de=Hallo;>",
			want: []got{{URI: "http://e.org/", Name: "Hej", Language: "sv", Ext: "X-TITLE-DE=Hallo"}},
		},
		{
			name:  "BNF rule 5's order (Title/sv.Text/Plain/...) is read too, and reported",
			in:    "<http://e.org/;Title=T;Title/sv.Text/Plain/charset:ISO-8859-1=R\xE4ka;>",
			want:  []got{{URI: "http://e.org/", Name: "T", Ext: "X-TITLE-SV=Räka"}},
			diags: []string{"1 deviation: Title/sv.Text/Plain/charset:ISO-8859-1: language tag after \"/\""},
		},
		{
			// Rule 5: URD_URF = field_name ["/" lang_tag] ["." repr_tag]
			// "=" value. With no language tag, "." opens the representation
			// tag: Language.Text/Plain is not the language "Text" (issue 10:
			// the language was lost, and a Title so tagged dropped as "not
			// text").
			name: "BNF rule 5's order without a language tag: \".\" opens the representation tag",
			in: "<http://e.org/;Language.Text/Plain/charset:US-ASCII=en-gb;" +
				"Title.Text/Plain/charset:ISO-8859-1=R\xE4ka;Author.Text/Plain=Q;Title.sv=R\xE4kor;>",
			want: []got{{URI: "http://e.org/", Name: "Räka", Language: "en-gb", Ext: "X-AUTHOR=Q | X-TITLE-SV=Räkor"}},
			diags: []string{"1 deviation: Language.Text/Plain/charset:US-ASCII: representation tag after \".\", as the proposal's BNF rule 5 has it",
				"1 deviation: Title.Text/Plain/charset:ISO-8859-1: representation tag after \".\"",
				"1 deviation: Author.Text/Plain: representation tag after \".\"",
				"1 deviation: value has bytes that are not UTF-8 and no charset tag"}, // Title.sv's
		},
		{
			// Issue 24: the language tag in both orders the proposal
			// uses, with and without a charset: the prose's and
			// example's ("Title.sv/Text/Plain/charset:SEN_850200_B"),
			// and BNF rule 5's (field_name ["/" lang_tag] ["."
			// repr_tag]); and after the charset, where neither puts it.
			name: "the language tag in the prose's order, the BNF's, and after the charset",
			in: "<http://e.org/;Title.sv=A;Title.de/Text/Plain/charset:ISO-8859-1=B\xE4;Title/fr=C;Title/en-gb.Text/Plain/charset:ISO-8859-1=D\xE4;" +
				"Title.Text/Plain/charset:ISO-8859-1/it=E\xE4;Title/Text/Plain/charset:ISO-8859-1.es=F\xE4;Title.Text/Plain/charset:ANSI_X3.4-1968=G;>",
			want: []got{{URI: "http://e.org/", Name: "G", Ext: "X-TITLE-SV=A | X-TITLE-DE=Bä | X-TITLE-FR=C | X-TITLE-EN-GB=Dä | X-TITLE-IT=Eä | X-TITLE-ES=Fä"}},
			diags: []string{"1 deviation: Title/fr: language tag after \"/\"", "1 deviation: Title/en-gb.Text/Plain/charset:ISO-8859-1: language tag after \"/\"",
				"1 deviation: Title.Text/Plain/charset:ISO-8859-1/it: representation tag after \".\"",
				"1 deviation: Title.Text/Plain/charset:ISO-8859-1/it: language tag \"it\" after the representation tag",
				"1 deviation: Title/Text/Plain/charset:ISO-8859-1.es: language tag \"es\" after the representation tag",
				"1 deviation: Title.Text/Plain/charset:ANSI_X3.4-1968: representation tag after \".\""},
		},
		{
			name: "charsets golang.org/x/text knows, and SEN_850200_C",
			in: "<http://e.org/;Title/Text/Plain/charset:ISO-2022-JP=\x1b$B$3$s$K$A$O\x1b(B;" +
				"Author/Text/Plain/charset:SEN_850200_C=@mile Z`la;>",
			want: []got{{URI: "http://e.org/", Name: "こんにちは", Ext: "X-AUTHOR=Émile Zéla"}},
		},
		{
			name:  "an unknown charset is reported; the value is read as UTF-8",
			in:    "<http://e.org/;Title/Text/Plain/charset:X-KLINGON=abc;>",
			want:  []got{{URI: "http://e.org/", Name: "abc"}},
			diags: []string{"1 deviation: charset \"X-KLINGON\" is not one"},
		},
		{
			name:  "untagged non-ASCII: UTF-8 if it is, else ISO-8859-1; reported",
			in:    "<http://e.org/;Title=Caf\xC3\xA9;Author=Caf\xE9;>",
			want:  []got{{URI: "http://e.org/", Name: "Café", Ext: "X-AUTHOR=Café"}},
			diags: []string{"1 deviation: value has non-ASCII bytes but no charset tag", "1 deviation: value has bytes that are not UTF-8"},
		},
		{
			name:  "a value that is not text is dropped",
			in:    "<http://e.org/;Logo/Image/GIF=GIF89a...;>",
			want:  []got{{URI: "http://e.org/", Name: "e.org"}},
			diags: []string{"1 dropped: Logo/Image/GIF: a value in Image/GIF is not text"},
		},
		{
			name: "Language, Content-type and Description map to catalogue fields; field names are case-insensitive",
			in:   "<http://e.org/x.html;LANGUAGE=sv-SE;content-TYPE=Text/HTML;description=About x;X-Rank=3;IAFA-Author=Q;>",
			want: []got{{URI: "http://e.org/x.html", Name: "x.html", Language: "sv-SE", Type: "text/html", Description: "About x", Ext: "X-RANK=3 | X-IAFA-AUTHOR=Q"}},
		},
		{
			name:  "an invalid Language is dropped (Finish), and reported",
			in:    "<http://e.org/;Language=english please;>",
			want:  []got{{URI: "http://e.org/", Name: "e.org"}},
			diags: []string{"1 dropped: LANGUAGE \"english please\""},
		},
		{
			name:  "a citation without a URL imports nothing, reported",
			in:    "\n\n<URN:IANA:0::drafts:1204;Title=Nothing to open;>",
			diags: []string{"3 skipped: citation has no URL"},
		},
		{
			name: "URL with its charset: scheme/charset:value (rule 3)",
			in:   "<http/ISO-8859-1://e.org/r\xE4ka;URN/ISO-8859-1:x-r\xE4ka:1;>",
			want: []got{{URI: "http://e.org/r%C3%A4ka", Name: "räka", Ext: "X-URN=URN:x-r%C3%A4ka:1"}},
		},
		{
			name: "a value may span lines; white space between elements is free",
			in:   "<\n  http://e.org/ ;\n  Title=A long\n    title ;\n>\n",
			want: []got{{URI: "http://e.org/", Name: "A long title"}},
		},
		{
			name: "> and < inside values need no escaping",
			in:   "<http://e.org/;Title=a <b> c -> d;>",
			want: []got{{URI: "http://e.org/", Name: "a <b> c -> d"}},
		},
		{
			name:  "a citation whose last element lacks its ; still ends at its >",
			in:    "<http://e.org/a>\n<http://e.org/b;Title=B>",
			want:  []got{{URI: "http://e.org/a", Name: "a"}, {URI: "http://e.org/b", Name: "B"}},
			diags: []string{"1 deviation: the last element has no \";\"", "2 deviation: the last element has no \";\""},
		},
		{
			name:  "a citation cut off by the end of the input is read, reported",
			in:    "<http://e.org/a;\nTitle=A;",
			want:  []got{{URI: "http://e.org/a", Name: "A"}},
			diags: []string{"1 deviation: the citation opened here is not closed"},
		},
		{
			name:  "text between citations is ignored, reported",
			in:    "Here are my links:\n<http://e.org/a;>\nbye",
			want:  []got{{URI: "http://e.org/a", Name: "a"}},
			diags: []string{"1 deviation: text outside a citation", "3 deviation: text outside a citation (\"<\" ... \">\") is ignored: \"bye\""},
		},
		{
			name:  "an element that is nothing known is reported",
			in:    "<http://e.org/a;\n???;\nSTOP * here;>",
			want:  []got{{URI: "http://e.org/a", Name: "a"}},
			diags: []string{"2 deviation: element \"???\" is neither", "3 deviation: structor STOP* is not BEGIN* or END*"},
		},
		{
			name:  "a URL the catalogue rejects is skipped, at its line",
			in:    "<Title=T;\nhttp://e.org/a;\nhttp://[bad;>",
			want:  []got{{URI: "http://e.org/a", Name: "T"}},
			diags: []string{"3 skipped: record not imported"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, diags := readAll(t, tt.in)
			if !reflect.DeepEqual(recs, tt.want) {
				t.Errorf("records:\n got %+v\nwant %+v", recs, tt.want)
			}
			importertest.CheckDiagnostics(t, diags, tt.diags, true)
		})
	}
}

// A Date URD is the DATE; without one, the time of import (Options.Now).
// Zone names are RFC 822's (5.1), as the proposal's own header dates are:
// "10:00 EST" is 15:00 UTC (issue 10: it was read as 10:00 UTC).
func TestDate(t *testing.T) {
	r := NewReader(strings.NewReader("<http://e.org/a;Date=Tue, 26 Oct 93 12:59:44 +0100;>"+
		"<http://e.org/e;Date=Tue, 26 Oct 1993 10:00:00 EST;>"+
		"<http://e.org/b;Date=1993-10-26;><http://e.org/c;Date=last week;><http://e.org/d;>"), importers.Options{Now: now})
	want := []struct{ date, ext string }{
		{"26/10/1993 11:59:44", ""},
		{"26/10/1993 15:00:00", ""},
		{"26/10/1993 00:00:00", ""},
		{ssd3.FormatDate(now), "last week"},
		{ssd3.FormatDate(now), ""},
	}
	for i, w := range want {
		rec, err := r.Read()
		if err != nil {
			t.Fatal(err)
		}
		if d := ssd3.FormatDate(rec.Date()); d != w.date || rec.Extension("X-DATE") != w.ext {
			t.Errorf("record %d: DATE %s, X-DATE %q; want %s, %q", i, d, rec.Extension("X-DATE"), w.date, w.ext)
		}
	}
}

func TestPositions(t *testing.T) {
	in := "<http://e.org/a;>\r\n<http://e.org/b;\r\nTitle=x%zz;>"
	_, diags := readAll(t, in)
	if len(diags) != 1 {
		t.Fatalf("diagnostics = %+v, want one", diags)
	}
	d := diags[0]
	wantOff := int64(strings.Index(in, "Title"))
	if d.Line != 3 || d.Offset != wantOff {
		t.Errorf("diagnostic at line %d, offset %d; want line 3, offset %d", d.Line, d.Offset, wantOff)
	}
	// A lone CR ends a line too.
	_, diags = readAll(t, "\r\r<http://e.org/;Title=%zz;>")
	if len(diags) != 1 || diags[0].Line != 3 {
		t.Errorf("after two CRs: diagnostics %+v, want one at line 3", diags)
	}
}

func TestLongElement(t *testing.T) {
	in := "<http://e.org/a;Title=" + strings.Repeat("x", maxElement+5) + ";http://e.org/b;>"
	recs, diags := readAll(t, in)
	if len(recs) != 2 || recs[0].Name != "a" {
		t.Errorf("records = %+v", recs)
	}
	importertest.CheckDiagnostics(t, diags, []string{"1 skipped: element longer than"}, true)
}

func TestDetect(t *testing.T) {
	tests := []struct {
		head string
		want bool
	}{
		{simpleExample, true},
		{complexExample, true},
		{"\n  <BEGIN * group;\nhttp://x;END*;>", true},
		{"<Title.sv/Text/Plain/charset:SEN_850200_B=x;>", true},
		{"<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DT><A HREF=\"http://x/\">x</A>", false},
		{"<html><head><title>x</title>", false},
		{"<?xml version=\"1.0\"?>", false},
		{"<a href=\"http://x;y\">", false},
		{"<xsl:stylesheet version=\"1.0\">&amp;", false},
		{"URI: http://example.org/\r\nNAME: x\r\n", false},
		{"200: filename\n201: a\n", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := Detect([]byte(tt.head)); got != tt.want {
			t.Errorf("Detect(%q) = %v, want %v", importers.Excerpt(tt.head), got, tt.want)
		}
	}
}

type errReader struct{ data string }

func (e *errReader) Read(p []byte) (int, error) {
	if e.data == "" {
		return 0, errors.New("disk on fire")
	}
	n := copy(p, e.data)
	e.data = e.data[n:]
	return n, nil
}

func TestIOError(t *testing.T) {
	r := NewReader(&errReader{"<http://e.org/a;>\n<http://e.org/b;"}, importers.Options{Now: now})
	rec, err := r.Read()
	if err != nil || rec.URI() != "http://e.org/a" {
		t.Fatalf("Read = %v, %v", rec, err)
	}
	_, err = r.Read()
	if err == nil || err == io.EOF || !strings.Contains(err.Error(), "disk on fire") {
		t.Errorf("Read error = %v, want the I/O error", err)
	}
}

// Blocks nested deeper than maxDepth are flattened, so that a hostile file
// cannot make finding a URL's fields quadratic.
func TestDeepNesting(t *testing.T) {
	in := "<Title=T;" + strings.Repeat("BEGIN*;", maxDepth+2) + "http://e.org/a;Author=deep;" + strings.Repeat("END*;", maxDepth+2) + "http://e.org/b;>"
	recs, diags := readAll(t, in)
	want := []got{{URI: "http://e.org/a", Name: "T", Ext: "X-AUTHOR=deep"}, {URI: "http://e.org/b", Name: "T"}}
	if !reflect.DeepEqual(recs, want) {
		t.Errorf("records:\n got %+v\nwant %+v", recs, want)
	}
	importertest.CheckDiagnostics(t, diags, []string{"1 deviation: this BEGIN* nests deeper than 100 levels", "1 deviation: this BEGIN* nests deeper"}, true)
}

func TestTooManyElements(t *testing.T) {
	in := "<" + strings.Repeat("Author=x;", maxElements) + "http://e.org/lost;>"
	recs, diags := readAll(t, in)
	if len(recs) != 0 {
		t.Errorf("records = %+v, want none (the URL is past the limit)", recs)
	}
	importertest.CheckDiagnostics(t, diags, []string{"1 skipped: the citation opened at line 1 has more than", "1 skipped: citation has no URL"}, true)
}

func TestExtName(t *testing.T) {
	tests := []struct{ name, lang, want string }{
		{"Author", "", "X-AUTHOR"},
		{"IAFA-Author", "", "X-IAFA-AUTHOR"},
		{"Title", "en-gb", "X-TITLE-EN-GB"},
		{"X-Private", "", "X-PRIVATE"},
		{"odd..name", "", "X-ODD-NAME"},
		{"Abstract", "x.y", "X-ABSTRACT-X-Y"},
	}
	for _, tt := range tests {
		if got := extName(tt.name, tt.lang); got != tt.want {
			t.Errorf("extName(%q, %q) = %q, want %q", tt.name, tt.lang, got, tt.want)
		}
	}
}
