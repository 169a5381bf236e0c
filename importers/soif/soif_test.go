package soif

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// now is the import time the tests use: records without a date get it.
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

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// x is a shorthand for the X- fields a test expects.
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

// wantDiag is a diagnostic a test expects: its kind, its byte offset, and
// words its message holds.
type wantDiag struct {
	kind ssd3.Kind
	off  int64
	msg  string
	at   string // when set, off is where this first occurs in the input
}

// resolve sets the offsets given by at.
func resolve(input string, ws []wantDiag) []wantDiag {
	out := append([]wantDiag(nil), ws...)
	for i, w := range out {
		if w.at != "" {
			out[i].off = int64(strings.Index(input, w.at))
		}
	}
	return out
}

func checkRecords(t *testing.T, got []*ssd3.Record, want []*ssd3.Record) {
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
			if g.Kind == w.kind && g.Offset == w.off && strings.Contains(g.Msg, w.msg) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("no %s diagnostic at @%d containing %q; got:", w.kind, w.off, w.msg)
			for _, g := range got {
				t.Logf("  %s", g.In("in"))
			}
		}
	}
	for _, g := range got {
		if g.Line != 0 || g.Offset < 0 {
			t.Errorf("diagnostic %q has line %d, offset %d: SOIF diagnostics carry byte offsets", g.Msg, g.Line, g.Offset)
		}
	}
}

// TestSpecExamples reads the draft's examples as the spec copy holds them:
// flattened onto one line, so the byte counts (made for the original
// layout) do not always match (specs/README.md).
func TestSpecExamples(t *testing.T) {
	tests := []struct {
		name  string
		file  string
		want  []*ssd3.Record
		diags []wantDiag
	}{{
		// Section 7: "example summary objects using the generic DOCUMENT
		// SOIF template-type".
		name: "7 DOCUMENT",
		file: "testdata/spec-7-document.soif",
		want: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{
			// "@DOCUMENT { http://home.netscape.com:80/ Title{19}: Welcome to Netscape
			// Content-Type{9}: text/html Content-Length{5}: 33262 }"
			URI: "http://home.netscape.com:80/", Name: "Welcome to Netscape", Date: now,
			Type: "text/html", Extensions: x("X-CONTENT-LENGTH", "33262"),
		}), ssd3.NewRecord(ssd3.Values{
			// "Content-Length{5}: 5870" counts the blank after the value (as
			// writers that counted the line break did) and is read;
			// "Abstract{318}" holds 305 bytes here: it is read up to the
			// " }" that ends the object, and reading resumes there (it
			// was dropped, and the rest of the object with it).
			URI: "http://home.netscape.com/eng/ssl3/ssl-toc.html", Name: "SSL Protocol V. 3.0", Date: now,
			Type: "text/html",
			Description: "This document specifies Version 3.0 of the Secure Sockets Layer (SSL V3.0) protocol, a security " +
				"protocol that provides communications privacy over the Internet. The protocol allows client/server " +
				"applications to communicate in a way that is designed to prevent eavesdropping, tampering, or message forgery.",
			Extensions: x("X-CONTENT-LENGTH", "5870",
				"X-AUTHOR", "Alan O. Freier; Philip Karlton; Paul C. Kocher"),
		}), ssd3.NewRecord(ssd3.Values{
			// "Last-Modified{31}: Tuesday, 11-Jun-96 19:18:44 GMT" (RFC 850);
			// "Thumbnail{259}: ....." is cut short by the end of the example.
			URI: "http://www.nissanmotors.com/1996/300ZX/pictures/300zx.jpg", Name: "300zx.jpg",
			Date: date(1996, 6, 11, 19, 18, 44), Type: "image/jpeg",
			Extensions: x("X-CONTENT-LENGTH", "25940"),
		})},
		diags: []wantDiag{
			{ssd3.Deviation, 41, `delimiter is ":" and a space`, ""},
			{ssd3.Deviation, 243, "size counts the line break", ""},
			{ssd3.Deviation, 354, `Abstract{318}: the size does not match the data (after 318 bytes comes "{ http://www"); the value is taken to end at the end of the object at @675: 305 bytes`, ""},
			{ssd3.Deviation, 852, "Thumbnail{259}: only 21 bytes are left in the input; the value is taken to end at the end of the object at @887: 18 bytes", ""},
			{ssd3.Dropped, 852, "Thumbnail{18} is bulk content", ""},
		},
	}, {
		// Appendix B: "@CIP-HINT{ http://nic.nasa.gov:80/Harvest/brokers/NASA/ ...".
		name:  "B CIP-HINT",
		file:  "testdata/spec-b-cip-hint.soif",
		want:  nil,
		diags: []wantDiag{{ssd3.Skipped, 0, "this CIP-HINT object is an index hint, not a bookmark", ""}},
	}, {
		// Appendix C: "@Dublin-Core-1 { ftp://ds.internic.net/internet-drafts/draft-kunze-dc-00.txt".
		// "IDENTIFIER:{21}" is malformed, the colon before the size: it is
		// read as IDENTIFIER{21}:, reported, and the pairs after it are read
		// (they were lost). LANGUAGE "eng" (NISO Z39.53) is RFC 3066's "en".
		name: "C Dublin-Core",
		file: "testdata/spec-c-dublin-core.soif",
		want: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{
			URI:         "ftp://ds.internic.net/internet-drafts/draft-kunze-dc-00.txt",
			Name:        "Dublin Core Metadata for Simple Resource Description",
			Description: "Reference description of Dublin Core elements.",
			Date:        date(1997, 2, 9, 0, 0, 0), // "DATE{16}: February 9, 1997"
			Extensions: x(
				"X-CREATOR", "S. Weibel; J. Kunze; C. Lagoze",
				"X-SUBJECT", "The Dublin Core Set of Elements for Metadata",
				"X-PUBLISHER", "Internet Engineering Task Force",
				"X-CONTRIBUTOR", "Nick Arnett; Eliot Christian; Martijn Koster; Christian Mogensen; Timothy Niesen; Andrew Wood; Mic Bowman; Dan Connoly; Michael Mauldin; Wick Nichols",
				"X-TYPE", "Internet draft", // a resource type, not a media type
				"X-FORMAT", "Text", // not a media type either
				"X-IDENTIFIER", "draft-kunze-dc-00.txt",
				"X-SOURCE", "http://purl.oclc.org/metadata/dublin_core",
				"X-RELATION", "Draft Reference Standard",
				"X-COVERAGE", "Expires August 8, 1997",
				"X-RIGHTS", "Unlimited Distribution; readers must not cite as standard.",
			),
			Language: "en",
		})},
		diags: []wantDiag{{ssd3.Deviation, 781, `IDENTIFIER:{21}: the colon stands before the size, not after it (4.4: ATTRIBUTE ::= IDENTIFIER {VALUE-SIZE} DELIMITER VALUE); read as IDENTIFIER{21}:`, ""}},
	}, {
		// The same in the layout the draft's authors wrote it (one pair a
		// line, TAB after the colon: specs/README.md), followed by section
		// 7's first object.
		name: "C Dublin-Core in its original layout, then another object",
		file: "testdata/spec-c-dublin-core-relined.soif",
		want: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{
			URI:         "ftp://ds.internic.net/internet-drafts/draft-kunze-dc-00.txt",
			Name:        "Dublin Core Metadata for Simple Resource Description",
			Description: "Reference description of Dublin Core elements.",
			Date:        date(1997, 2, 9, 0, 0, 0),
			Extensions: x(
				"X-CREATOR", "S. Weibel; J. Kunze; C. Lagoze",
				"X-SUBJECT", "The Dublin Core Set of Elements for Metadata",
				"X-PUBLISHER", "Internet Engineering Task Force",
				"X-CONTRIBUTOR", "Nick Arnett; Eliot Christian; Martijn Koster; Christian Mogensen; Timothy Niesen; Andrew Wood; Mic Bowman; Dan Connoly; Michael Mauldin; Wick Nichols",
				"X-TYPE", "Internet draft",
				"X-FORMAT", "Text",
				"X-IDENTIFIER", "draft-kunze-dc-00.txt",
				"X-SOURCE", "http://purl.oclc.org/metadata/dublin_core",
				"X-RELATION", "Draft Reference Standard",
				"X-COVERAGE", "Expires August 8, 1997",
				"X-RIGHTS", "Unlimited Distribution; readers must not cite as standard.",
			),
			Language: "en",
		}), ssd3.NewRecord(ssd3.Values{
			URI: "http://home.netscape.com:80/", Name: "Welcome to Netscape", Date: now,
			Type: "text/html", Extensions: x("X-CONTENT-LENGTH", "33262"),
		})},
		diags: []wantDiag{
			{ssd3.Deviation, 0, `IDENTIFIER:{21}: the colon stands before the size`, "IDENTIFIER:{21}"},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			input := readFile(t, tt.file)
			recs, diags := readAll(t, input)
			checkRecords(t, recs, tt.want)
			checkDiags(t, diags, resolve(input, tt.diags))
		})
	}
}

// samples is where the real files collected for the importers are.
const samples = "../../../shared/samples/soif"

func TestSamples(t *testing.T) {
	want := map[string][]*ssd3.Record{
		// Harvest's test for a value that starts with a line break:
		// "Attribute1{11}:<TAB>\n0123456789".
		"gitpan-Metadata_t-soif.t_heredoc-ex1_value-starts-with-newline.soif": {ssd3.NewRecord(ssd3.Values{
			URI: "news:foo@bar", Name: "foo@bar", Date: now,
			Extensions: x("X-ATTRIBUTE1", "0123456789", "X-ATTRIBUTE2", "0123456789"),
		})},
		// DC-dot's record: every count checks out, Keywords{74} spans lines.
		"re-Isearch_doctype-soif.cxx_comment_ukoln-dcdot.soif": {ssd3.NewRecord(ssd3.Values{
			URI: "http://www.ukoln.ac.uk/metadata/dcdot/", Name: "DC-dot", Date: now,
			Description: "A CGI based Dublin Core META tag generator", Type: "text/html",
			Extensions: x(
				"X-TIME-TO-LIVE", "2419200",
				"X-REFRESH-RATE", "604800",
				"X-GATHERER-NAME", "DC-dot",
				"X-MD5", "24766f075e3f96a7b5494fea88659fa8",
				"X-KEYWORDS", "Dublin Core; DC; generator; editor; Warwick Framework; SOIF; TEI; USMARC; XML; GILS",
				"X-CREATOR", "Andy Powell",
				"X-CREATOR-EMAIL", "a.powell@ukoln.ac.uk",
				"X-PUBLISHER", "UKOLN",
				"X-RIGHTS", "http://www.ukoln.ac.uk/metadata/dcdot/COPYING",
			),
		})},
	}
	files, _ := filepath.Glob(filepath.Join(samples, "*"))
	if len(files) == 0 {
		t.Skipf("no samples in %s", samples)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			input := readFile(t, f)
			if !Detect([]byte(input)) {
				t.Errorf("Detect does not recognise the sample")
			}
			recs, diags := readAll(t, input)
			if len(recs) == 0 {
				t.Fatalf("no record imported; diagnostics: %v", diags)
			}
			for _, d := range diags {
				if d.Kind == ssd3.Skipped || d.Kind == ssd3.Dropped {
					t.Error(d.In(f))
				}
			}
			if w, ok := want[filepath.Base(f)]; ok {
				checkRecords(t, recs, w)
			}
		})
	}
}

// TestMapping checks each rule of the attribute mapping and each kind of
// bad input on small objects written as Harvest wrote them ("Name{N}:<TAB>").
func TestMapping(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []*ssd3.Record
		diags []wantDiag
	}{{
		name: "URL - takes an IDENTIFIER that is a URI (4.5, Appendix C)",
		input: "@Dublin-Core { -\nTITLE{4}:\tDraf\nIDENTIFIER{21}:\tdraft-kunze-dc-00.txt\n" +
			"IDENTIFIER-2{22}:\thttp://example.org/dc/\n}\n",
		want: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://example.org/dc/", Name: "Draf", Date: now,
			Extensions: x("X-IDENTIFIER", "draft-kunze-dc-00.txt")})},
	}, {
		name:  "URL - without an IDENTIFIER is skipped with the reason",
		input: "@FILE { -\nTitle{3}:\tabc\n}\n@FILE { http://b.example/\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://b.example/", Name: "b.example", Date: now})},
		diags: []wantDiag{{ssd3.Skipped, 0, `no URL ("-" or none) and no IDENTIFIER that is a URI`, ""}},
	}, {
		name:  "a URL that is not a URI (WRITERS.md: @FILE { Boku_Bioninformatics) is skipped",
		input: "@FILE { Boku_Bioninformatics\nTitle{4}:\tBoku\n}\n",
		diags: []wantDiag{{ssd3.Skipped, 0, `the object's URL "Boku_Bioninformatics" is not a URI`, ""}},
	}, {
		name:  "Author-N in any order are one X-AUTHOR, in N order (4.3)",
		input: "@DOCUMENT { http://a.example/x\nAuthor-2{1}:\tB\nAuthor-10{1}:\tC\nAuthor-1{1}:\tA\nauthor-3{2}:\tB2\n}",
		want: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/x", Name: "x", Date: now,
			Extensions: x("X-AUTHOR", "A; B; B2; C")})},
	}, {
		name: "attribute names are case-insensitive; the first Title is NAME",
		input: "@FILE { http://a.example/\nTITLE{5}:\tFirst\ntitle{6}:\tSecond\nDESCRIPTION{1}:\td\n" +
			"abstract{1}:\ta\n}\n",
		want: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "First", Description: "d", Date: now,
			Extensions: x("X-TITLE", "Second", "X-ABSTRACT", "a")})},
	}, {
		name:  "Abstract is the DESCRIPTION when there is no Description; line breaks kept",
		input: "@DOCUMENT { http://a.example/\nAbstract{11}:\tline\nline 2\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Description: "line\nline 2", Date: now})},
	}, {
		name: "Last-Modification-Time (Unix seconds, Appendix A) is DATE before Update-Time",
		input: "@FILE { http://a.example/\nUpdate-Time{9}:\t844556565\n" +
			"Last-Modification-Time{9}:\t812345678\nType{4}:\tHTML\n}\n",
		want: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: time.Unix(812345678, 0).UTC(),
			Extensions: x("X-UPDATE-TIME", "844556565", "X-TYPE", "HTML")})},
	}, {
		name:  "Update-Time alone gives DATE",
		input: "@FILE { http://a.example/\nUpdate-Time{9}:\t844556565\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: time.Unix(844556565, 0).UTC()})},
	}, {
		name:  "Last-Modified in RFC 1123",
		input: "@DOCUMENT { http://a.example/\nLast-Modified{29}:\tSun, 06 Nov 1994 08:49:37 GMT\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: date(1994, 11, 6, 8, 49, 37)})},
	}, {
		name:  "Last-Modified in asctime",
		input: "@DOCUMENT { http://a.example/\nLast-Modified{24}:\tSun Nov  6 08:49:37 1994\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: date(1994, 11, 6, 8, 49, 37)})},
	}, {
		name:  "a zone other than GMT is honoured",
		input: "@DOCUMENT { http://a.example/\nLast-Modified{29}:\tSun, 06 Nov 1994 08:49:37 PST\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: date(1994, 11, 6, 16, 49, 37)})},
	}, {
		name:  "a wrong weekday is read and reported",
		input: "@DOCUMENT { http://a.example/\nLast-Modified{29}:\tMon, 06 Nov 1994 08:49:37 GMT\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: date(1994, 11, 6, 8, 49, 37)})},
		diags: []wantDiag{{ssd3.Deviation, 30, `weekday "Mon" does not match the date (it was a Sunday)`, ""}},
	}, {
		name:  "DC DATE as YYYYMMDD (ANSI X3.30, Appendix C: 19961203)",
		input: "@Dublin-Core { http://a.example/\nDATE{8}:\t19961203\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: date(1996, 12, 3, 0, 0, 0)})},
	}, {
		name:  "CIP-HINT's Date form (Appendix B)",
		input: "@FILE { http://a.example/\nDate{29}:\tSun, 05 Jan 1997 08:33:33 GMT\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: date(1997, 1, 5, 8, 33, 33)})},
	}, {
		name:  "a date uricat cannot read is kept as X- and reported",
		input: "@FILE { http://a.example/\nDate{8}:\tsometime\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now, Extensions: x("X-DATE", "sometime")})},
		diags: []wantDiag{{ssd3.Deviation, 26, `"sometime" is not a date uricat can read; kept as X-DATE`, ""}},
	}, {
		name: "media types go to TYPE, Content-Type first; other types stay X-",
		input: "@DOCUMENT { http://a.example/\nType{4}:\tHTML\nFORMAT{10}:\ttext/plain\n" +
			"Content-Type{24}:\ttext/html; charset=UTF-8\n}\n",
		want: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now, Type: "text/html; charset=UTF-8",
			Extensions: x("X-TYPE", "HTML", "X-FORMAT", "text/plain")})},
	}, {
		name:  "Dublin-Core's three-letter LANGUAGE becomes the RFC 3066 two-letter tag",
		input: "@Dublin-Core { http://a.example/\nLANGUAGE{3}:\teng\n}\n@FILE { http://b.example/\nLanguage{7}:\tEnglish\n}\n",
		want: []*ssd3.Record{
			ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now, Language: "en"}),
			ssd3.NewRecord(ssd3.Values{URI: "http://b.example/", Name: "b.example", Date: now, Extensions: x("X-LANGUAGE", "English")})},
	}, {
		// Issue 10: Id came back as X-ID. A value the field cannot hold
		// stays an X- field.
		name: "Category, Rating and Id, as uricat's own export writes them, are read back",
		input: "@FILE { http://a.example/\nCategory{10}:\tFood/Paris\nRating{1}:\t5\nId{1}:\t7\n}\n" +
			"@FILE { http://b.example/\nRating{2}:\t10\nId{3}:\tabc\n}\n",
		want: []*ssd3.Record{
			ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now, Category: "Food/Paris", Rating: 5, ID: "7"}),
			ssd3.NewRecord(ssd3.Values{URI: "http://b.example/", Name: "b.example", Date: now, Extensions: x("X-RATING", "10", "X-ID", "abc")})},
	}, {
		name: "bulk values are dropped and counted, each one",
		input: "@FILE { http://a.example/\nFull-Text{5}:\tabcde\nPartial-Text{3}:\tabc\n" +
			"URL-References{19}:\thttp://b.example/ x\n}\n",
		want: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now})},
		diags: []wantDiag{
			{ssd3.Dropped, 26, "Full-Text{5} is bulk content", ""},
			{ssd3.Dropped, 46, "Partial-Text{3} is bulk content", ""},
			{ssd3.Dropped, 67, "URL-References{19} is bulk content", ""},
		},
	}, {
		name:  "a value that starts with a line break and holds braces and @",
		input: "@FILE { http://a.example/\nDescription{22}:\t\n} @FILE { x\n{oops}:\t}\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now, Description: "} @FILE { x\n{oops}:\t}"})},
	}, {
		// A wrong size is repaired: the value ends where the next line
		// starts a pair, and nothing after it is lost (issue 10: the rest
		// of the object was).
		name: "a size too small: the value runs to the next line that starts a pair",
		input: "@FILE { http://a.example/\nTitle{3}:\tabcdef\nDescription{1}:\tz\n}\n" +
			"@FILE { http://b.example/\nTitle{1}:\tb\n}\n",
		want: []*ssd3.Record{
			ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "abcdef", Description: "z", Date: now}),
			ssd3.NewRecord(ssd3.Values{URI: "http://b.example/", Name: "b", Date: now})},
		diags: []wantDiag{{ssd3.Deviation, 26, `Title{3}: the size does not match the data (after 3 bytes comes "def\nDescript"); the value is taken to end at "Description" at @43: 6 bytes`, ""}},
	}, {
		// Two too many: "Hello\nD" fits the grammar, with an attribute
		// "escription" after it. The line that starts a pair inside the
		// value says where it ends (issue 10: "Hello D" and an invented
		// X-ESCRIPTION, without a word).
		name:  "a size two too large is not misread as a value and an invented attribute",
		input: "@FILE { http://a.example/\nTitle{7}:\tHello\nDescription{5}:\tworld\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "Hello", Description: "world", Date: now})},
		diags: []wantDiag{{ssd3.Deviation, 26, `Title{7}: the size does not match the data (after 7 bytes comes "escription{5"); the value is taken to end at "Description" at @42: 5 bytes`, ""}},
	}, {
		name: "a size too large: the value ends at the \"}\" that starts a line; the objects after are read",
		input: "@FILE { http://a.example/\nTitle{60}:\tabc\n}\n" +
			"@FILE { http://b.example/\nTitle{1}:\tb\n}\n@FILE { http://c.example/\n}\n",
		want: []*ssd3.Record{
			ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "abc", Date: now}),
			ssd3.NewRecord(ssd3.Values{URI: "http://b.example/", Name: "b", Date: now}),
			ssd3.NewRecord(ssd3.Values{URI: "http://c.example/", Name: "c.example", Date: now})},
		diags: []wantDiag{{ssd3.Deviation, 26, "Title{60}: the size does not match the data", ""}},
	}, {
		// Appendix C's "IDENTIFIER:{21}": the pairs after it are read.
		name: "the draft's own malformed IDENTIFIER:{21} is read, reported, and what follows it kept",
		input: "@Dublin-Core { http://a.example/\nTITLE{1}:\tA\nIDENTIFIER:{21}\tdraft-kunze-dc-00.txt\n" +
			"LANGUAGE{3}:\teng\n}\n@Dublin-Core { http://b.example/\nTITLE{1}:\tB\n}\n",
		want: []*ssd3.Record{
			ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "A", Date: now, Language: "en", Extensions: x("X-IDENTIFIER", "draft-kunze-dc-00.txt")}),
			ssd3.NewRecord(ssd3.Values{URI: "http://b.example/", Name: "B", Date: now})},
		diags: []wantDiag{{ssd3.Deviation, 45, "IDENTIFIER:{21}: the colon stands before the size", ""}},
	}, {
		// 4.3: "Implementors of SOIF parsers should ignore ,,,, or other
		// whitespace found between the VALUE of an ATTRIBUTE-VALUE pair
		// and the ATTRIBUTE-IDENTIFIER of the subsequent pair."
		name:  "commas between pairs are ignored, as the draft says (4.3)",
		input: "@FILE { http://a.example/\nTitle{1}:\tA,,,,\nType{9}:\ttext/html ,, Description{1}:\td\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "A", Type: "text/html", Description: "d", Date: now})},
	}, {
		// After a value, lines that are not pairs are more likely the
		// value's own (a size too small) than junk: see the size cases.
		name:  "junk where a pair should start is skipped to the next line that starts a pair, and reported",
		input: "@FILE { http://a.example/\n%% a comment {x}\nmore junk\nType{9}:\ttext/html\nTitle{5}:\tTitle\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "Title", Type: "text/html", Date: now})},
		diags: []wantDiag{{ssd3.Dropped, 26, `these bytes are not an attribute (they start "%% a comment"); skipped up to "Type" at @53`, ""}},
	}, {
		name:  "a pair without a size (\"Name: value\") is read up to the next line that starts a pair, and reported",
		input: "@FILE { http://a.example/\nTitle: A title\nwith two lines\nType{9}:\ttext/html\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "A title with two lines", Type: "text/html", Date: now})},
		diags: []wantDiag{{ssd3.Deviation, 26, `Title has no {SIZE} (4.4: IDENTIFIER {VALUE-SIZE} DELIMITER VALUE); the value is taken to end at "Type" at @56: 22 bytes`, ""}},
	}, {
		// Each is reported; a flood of them is summarised by the import
		// (importers.Plan), not here.
		name:  "the size counts the line break (WRITERS.md): read, and reported",
		input: "@FILE { http://a.example/\nTitle{2}:\tA\nType{10}:\ttext/html\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "A", Date: now, Type: "text/html"})},
		diags: []wantDiag{
			{ssd3.Deviation, 26, "Title{2}: the size counts the line break", ""},
			{ssd3.Deviation, 38, "Type{10}: the size counts the line break", ""}},
	}, {
		name:  "text before the first object and between objects is skipped and reported",
		input: "From: harvest\n\n@FILE { http://a.example/\n}\njunk\n@FILE { http://b.example/\n}",
		want: []*ssd3.Record{
			ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now}),
			ssd3.NewRecord(ssd3.Values{URI: "http://b.example/", Name: "b.example", Date: now})},
		diags: []wantDiag{
			{ssd3.Deviation, 0, "bytes up to @15 are outside any object", ""},
			{ssd3.Deviation, 43, "bytes up to @48 are outside any object", ""}},
	}, {
		name:  "an object not closed before the next, and one not closed at the end",
		input: "@FILE { http://a.example/\nTitle{1}:\tA\n@FILE { http://b.example/\nTitle{1}:\tB\n",
		want: []*ssd3.Record{
			ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "A", Date: now}),
			ssd3.NewRecord(ssd3.Values{URI: "http://b.example/", Name: "B", Date: now})},
		diags: []wantDiag{
			{ssd3.Deviation, 0, `the object is not closed by "}" before the next object at @38`, ""},
			{ssd3.Deviation, 38, `the object is not closed by "}" before the end of the input`, ""}},
	}, {
		name:  "@FIELD and other unknown templates are read, with a note",
		input: "@FIELD { http://localhost\nTitle{2}:\tlo\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://localhost", Name: "lo", Date: now})},
		diags: []wantDiag{{ssd3.Info, 0, `template "FIELD" is not one SOIF's draft names`, ""}},
	}, {
		name:  "Latin-1 values are decoded; terminal escapes and control bytes removed",
		input: "@FILE { http://a.example/\nTitle{14}:\tCaf\xe9 \x1b[31mred\x07\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "Café red", Date: now})},
		diags: []wantDiag{{ssd3.Info, 26, "not UTF-8; read as ISO-8859-1", ""}},
	}, {
		name:  "binary values are dropped",
		input: "@FILE { http://a.example/\nMD5{4}:\t\x00\x01\x02\x03\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now})},
		diags: []wantDiag{{ssd3.Dropped, 26, "MD5{4} is binary data", ""}},
	}, {
		name:  "an IRI becomes a URI",
		input: "@FILE { http://bücher.example/straße\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://xn--bcher-kva.example/stra%C3%9Fe", Name: "straße", Date: now})},
	}, {
		name:  "CIP-HINT objects among bookmarks are skipped, each counted",
		input: "@CIP-HINT{ http://h.example/\nSource-1{3}:\tabc\n}\n@FILE { http://a.example/\n}\n@CIP-HINT { http://h.example/\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now})},
		diags: []wantDiag{
			{ssd3.Skipped, 0, "this CIP-HINT object is an index hint", ""},
			{ssd3.Skipped, 76, "this CIP-HINT object is an index hint", ""}},
	}, {
		name:  "a value too long for an X- field is dropped as bulk",
		input: "@FILE { http://a.example/\nNotes{3000}:\t" + strings.Repeat("n", 3000) + "\n}\n",
		want:  []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "a.example", Date: now})},
		diags: []wantDiag{{ssd3.Dropped, 26, "X-NOTES is 3000 bytes long: bulk", ""}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, diags := readAll(t, tt.input)
			checkRecords(t, recs, tt.want)
			checkDiags(t, diags, resolve(tt.input, tt.diags))
		})
	}
}

// TestHugeSize: a declared size is not an allocation request. A huge value
// is skipped as it streams by; one past the end of the input is reported.
func TestHugeSize(t *testing.T) {
	tests := []struct {
		name, input string
		diag        wantDiag
		recs        int
	}{
		{"larger than the input", "@FILE { http://a.example/\nTitle{999999999999}:\tabc\n}\n",
			wantDiag{ssd3.Dropped, 26, "Title{999999999999} is cut short by the end of the input (6 of 999999999999 bytes)", ""}, 1},
		{"overflowing int64", "@FILE { http://a.example/\nFull-Text{99999999999999999999999999}:\tabc\n}\n",
			wantDiag{ssd3.Dropped, 26, "is cut short by the end of the input", ""}, 1},
		{"large and present", "@FILE { http://a.example/\nDescription{200000}:\t" + strings.Repeat("d", 200000) + "\nTitle{1}:\tT\n}\n",
			wantDiag{ssd3.Dropped, 26, "Description{200000} is larger than 64 KiB; not kept", ""}, 1},
		{"many large values in one object", "@FILE { http://a.example/\n" + strings.Repeat("Notes{60000}:\t"+strings.Repeat("n", 60000)+"\n", 20) + "}\n",
			wantDiag{ssd3.Dropped, 26 + 17*60015, "Notes{60000}: the object at @0 already holds 996 KiB of values; not kept", ""}, 1},
		{"bulk, large and present", "@FILE { http://a.example/\nFull-Text{300000}:\t" + strings.Repeat("f", 300000) + "\n}\n",
			wantDiag{ssd3.Dropped, 26, "Full-Text{300000} is bulk content", ""}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			recs, diags := readAll(t, tt.input)
			runtime.ReadMemStats(&after)
			if len(recs) != tt.recs {
				t.Errorf("got %d records, want %d", len(recs), tt.recs)
			}
			checkDiags(t, diags, []wantDiag{tt.diag})
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20+4*uint64(len(tt.input)) {
				t.Errorf("reading allocated %d bytes", alloc)
			}
		})
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		head string
		want bool
	}{
		{"@FILE { http://a.example/\n", true},
		{"\n\n  @DOCUMENT { http://a", true},
		{"@CIP-HINT{ http://nic.nasa.gov:80/", true},
		{"@Dublin-Core-1 { ftp://ds", true},
		{"\ufeff@FILE {", true},
		{"@FILE", false}, // cannot tell yet
		{"HINA/2.2beta\r\n", false},
		{"<!DOCTYPE NETSCAPE-Bookmark-file-1>", false},
		{"200: filename content-length\n", false},
		{"@ FILE {", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := Detect([]byte(tt.head)); got != tt.want {
			t.Errorf("Detect(%q) = %v, want %v", tt.head, got, tt.want)
		}
	}
}

// TestIOError: an error from the underlying reader is returned, with where.
func TestIOError(t *testing.T) {
	boom := errors.New("boom")
	in := io.MultiReader(strings.NewReader("@FILE { http://a.example/\nTitle{1}:\tA"), iotest.ErrReader(boom))
	r := NewReader(in, importers.Options{Now: now})
	_, err := r.Read()
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "byte") {
		t.Fatalf("Read error = %v, want one wrapping boom with the byte offset", err)
	}
	if _, err2 := r.Read(); err2 != err {
		t.Errorf("second Read = %v, want the same error", err2)
	}
}

// TestOneByteReader: results do not depend on how the input arrives.
func TestOneByteReader(t *testing.T) {
	input := readFile(t, "testdata/spec-7-document.soif")
	want, _ := readAll(t, input)
	r := NewReader(iotest.OneByteReader(strings.NewReader(input)), importers.Options{Now: now})
	var got []*ssd3.Record
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, rec)
	}
	checkRecords(t, got, want)
}
