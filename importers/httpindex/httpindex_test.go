package httpindex

import (
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
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
	URI, Name, Date, Type string
	Ext                   string // "X-A=v X-B=w"
}

func summarize(rec *ssd3.Record) got {
	var ext []string
	for _, f := range rec.Extensions() {
		ext = append(ext, f.Name+"="+f.Value)
	}
	return got{rec.URI(), rec.Name(), ssd3.FormatDate(rec.Date()), rec.Type(), strings.Join(ext, " ")}
}

// readAll reads every record and diagnostic; errs holds non-EOF errors.
func readAll(t testing.TB, input string, opts importers.Options) (recs []got, diags []ssd3.Diagnostic, errs []error) {
	t.Helper()
	if opts.Now.IsZero() {
		opts.Now = now
	}
	r := NewReader(strings.NewReader(input), opts)
	for i := 0; ; i++ {
		if i > 10000 {
			t.Fatal("reader does not reach EOF")
		}
		rec, err := r.Read()
		diags = append(diags, r.Diagnostics()...)
		if err == io.EOF {
			return recs, diags, errs
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if ps := rec.Validate(); len(ps) > 0 {
			t.Errorf("record %q does not validate: %v", rec.URI(), ps)
		}
		recs = append(recs, summarize(rec))
	}
}

// The example of the spec ("Example"), with the line breaks its copy lost
// put back: each "NNN:" starts a line (specs/README.md), CR LF as required.
const specExample = "100: This is a comment! Do not present to the end-user\r\n" +
	"100:\r\n" +
	"101: The files in this directory are put forth for public\r\n" +
	"101: consumption and the provider make no guarentee as\r\n" +
	"101: as to the functionality of the data or programs\r\n" +
	"101: presented.\r\n" +
	"100:\r\n" +
	"300: ftp://test.netscape.com/u/montulli\r\n" +
	"100:\r\n" +
	"200: Filename Content-Length Content-Type File-type Last-Modified\r\n" +
	"201: foo.txt 512 Text/Plain FILE Tue,%2015%20Nov%201994%2008:12:31%20GMT\r\n" +
	"201: bar.html 9683 text/Html FILE Tue,%2025%20Oct%201994%2008:12:31%20GMT\r\n" +
	"201: foobar 0 application/http-index-format DIRECTORY Tue,%2025%20Oct%201994%2008:12:31%20GMT\r\n"

func TestSpecExample(t *testing.T) {
	recs, diags, errs := readAll(t, specExample, importers.Options{})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	want := []got{
		// "300: ftp://test.netscape.com/u/montulli" is the directory: the
		// file names resolve inside it, and "foobar", a DIRECTORY, gets a "/".
		{"ftp://test.netscape.com/u/montulli/foo.txt", "foo.txt", "15/11/1994 08:12:31", "text/plain", "X-CONTENT-LENGTH=512 X-FILE-TYPE=FILE"},
		{"ftp://test.netscape.com/u/montulli/bar.html", "bar.html", "25/10/1994 08:12:31", "text/html", "X-CONTENT-LENGTH=9683 X-FILE-TYPE=FILE"},
		{"ftp://test.netscape.com/u/montulli/foobar/", "foobar", "25/10/1994 08:12:31", "application/http-index-format", "X-CONTENT-LENGTH=0 X-FILE-TYPE=DIRECTORY"},
	}
	if !reflect.DeepEqual(recs, want) {
		t.Errorf("records:\n got %+v\nwant %+v", recs, want)
	}
	// The 101 lines are "intended for the end user": one Info at line 3.
	wantDiags := []ssd3.Diagnostic{{Line: 3, Offset: int64(strings.Index(specExample, "101:")), Kind: ssd3.Info,
		Msg: "the listing says: The files in this directory are put forth for public\nconsumption and the provider make no guarentee as\nas to the functionality of the data or programs\npresented."}}
	if !reflect.DeepEqual(diags, wantDiags) {
		t.Errorf("diagnostics:\n got %+v\nwant %+v", diags, wantDiags)
	}
}

func TestDescription(t *testing.T) {
	r := NewReader(strings.NewReader(specExample), importers.Options{Now: now})
	for {
		if _, err := r.Read(); err != nil {
			break
		}
	}
	if d := r.Description(); !strings.HasPrefix(d, "The files in this directory") || !strings.HasSuffix(d, "presented.") {
		t.Errorf("Description() = %q", d)
	}
}

// Every real sample imports (samples/SOURCES.md says what each one is).
func TestSamples(t *testing.T) {
	dir := "../../../shared/samples/http-index-format"
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("the shared samples are not beside the repository: %v", err)
	}
	const ftp = "X-CONTENT-LENGTH=%s X-FILE-TYPE=%s"
	tests := []struct {
		file string
		want []got
	}{
		// case 1: a directory named "a " (trailing space). NAME keeps the
		// blank, as the URI does (issue 10: it was trimmed); a tab, which
		// NAME cannot hold, is a space (case 4, case 8).
		{"mozilla-ftpconv_floorp-test_bug365133_248b0726_case1.idx", []got{{"ftp://localhost/bug365133/a%20/", "a ", "01/01/2000 00:00:00", "", fmt.Sprintf(ftp, "0", "DIRECTORY")}}},
		{"mozilla-ftpconv_floorp-test_bug365133_032c961e_case1.idx", []got{{"ftp://localhost/bug365133/a%20/", "a ", "01/01/2000 00:00:00", "", fmt.Sprintf(ftp, "0", "DIRECTORY")}}},
		// case 2: a symlink "l ".
		{"mozilla-ftpconv_floorp-test_bug365133_248b0726_case2.idx", []got{{"ftp://localhost/bug365133/l%20", "l ", "01/01/2000 00:00:00", "", fmt.Sprintf(ftp, "2", "SYMBOLIC-LINK")}}},
		// case 3: a file named "arrow -> in name ".
		{"mozilla-ftpconv_floorp-test_bug365133_248b0726_case3.idx", []got{{"ftp://localhost/bug365133/arrow%20-%3E%20in%20name%20", "arrow -> in name ", "01/01/2000 00:00:00", "", fmt.Sprintf(ftp, "0", "FILE")}}},
		// case 4: a directory named "t<TAB>".
		{"mozilla-ftpconv_floorp-test_bug365133_248b0726_case4.idx", []got{{"ftp://localhost/bug365133/t%09/", "t ", "01/01/2000 00:00:00", "", fmt.Sprintf(ftp, "0", "DIRECTORY")}}},
		// cases 5 and 6: symlinks with several " -> ".
		{"mozilla-ftpconv_floorp-test_bug365133_248b0726_case5.idx", []got{{"ftp://localhost/bug365133/symlink%20with%20arrow%20-%3E%20in%20name", "symlink with arrow -> in name", "01/01/2000 00:00:00", "", fmt.Sprintf(ftp, "26", "SYMBOLIC-LINK")}}},
		{"mozilla-ftpconv_floorp-test_bug365133_248b0726_case6.idx", []got{{"ftp://localhost/bug365133/symlink%20with%20arrow%20-%3E%20in%20name%20-%3E%20file%20with%20arrow", "symlink with arrow -> in name -> file with arrow", "01/01/2000 00:00:00", "", fmt.Sprintf(ftp, "0", "SYMBOLIC-LINK")}}},
		// case 7: DOS listing, 1999 date; with and without " GMT".
		{"mozilla-ftpconv_floorp-test_bug365133_248b0726_case7.idx", []got{{"ftp://localhost/bug365133/file%20", "file ", "01/01/1999 01:00:00", "", fmt.Sprintf(ftp, "1024", "FILE")}}},
		{"mozilla-ftpconv_floorp-test_bug365133_032c961e_case7.idx", []got{{"ftp://localhost/bug365133/file%20", "file ", "01/01/1999 01:00:00", "", fmt.Sprintf(ftp, "1024", "FILE")}}},
		// case 8: DOS listing, a name ending in a tab.
		{"mozilla-ftpconv_floorp-test_bug365133_248b0726_case8.idx", []got{{"ftp://localhost/bug365133/file%09", "file ", "01/01/2000 01:00:00", "", fmt.Sprintf(ftp, "1024", "FILE")}}},
		// VMS listing: two files.
		{"mozilla-ftpconv_floorp-test_bug515583_0672bc31_case1-vms.idx", []got{
			{"ftp://localhost/bug515583/A", "A", "03/03/1993 18:09:01", "", fmt.Sprintf(ftp, "2048", "FILE")},
			{"ftp://localhost/bug515583/E", "E", "08/03/1993 18:09:01", "", fmt.Sprintf(ftp, "2048", "FILE")},
		}},
		// Only the 300 and 200 lines: nothing to import, and no error.
		{"mozilla-ftpconv_floorp-test_bug515583_0672bc31_case2-empty.idx", nil},
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.idx"))
	if len(files) != len(tests) {
		t.Errorf("%d samples in %s, %d tested", len(files), dir, len(tests))
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if !Detect(data) {
				t.Error("Detect does not recognise the sample")
			}
			recs, diags, errs := readAll(t, string(data), importers.Options{})
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			if !reflect.DeepEqual(recs, tt.want) {
				t.Errorf("records:\n got %+v\nwant %+v", recs, tt.want)
			}
			// Mozilla wrote LF alone: a deviation, reported at line 1.
			if len(diags) == 0 || diags[0].Line != 1 || diags[0].Kind != ssd3.Deviation || !strings.Contains(diags[0].Msg, "LF alone") {
				t.Errorf("first diagnostic = %+v, want the LF deviation at line 1", diags)
			}
			for _, d := range diags {
				if d.Kind == ssd3.Skipped || d.Kind == ssd3.Dropped {
					t.Errorf("unexpected %v at line %d", d, d.Line)
				}
			}
		})
	}
}

// The rules of the spec and of WRITERS.md, one case each.
func TestRules(t *testing.T) {
	const hdr = "300: http://example.org/pub/\n"
	tests := []struct {
		name  string
		in    string
		opts  importers.Options
		want  []got
		diags []string // "LINE kind: substring", in order, among all diagnostics
	}{
		{
			name:  "CR LF, LF and CR alone all end lines (Mozilla split on CR or LF)",
			in:    "300: http://e.org/\r200: filename\r\n201: a\n201: b\r201: c",
			want:  []got{{URI: "http://e.org/a", Name: "a"}, {URI: "http://e.org/b", Name: "b"}, {URI: "http://e.org/c", Name: "c"}},
			diags: []string{"1 deviation: lines end in CR alone", "3 deviation: lines end in LF alone"},
		},
		{
			name:  "201 before any 200 is ignored (spec, 201)",
			in:    hdr + "201: early\n200: Filename\n201: late\n",
			want:  []got{{URI: "http://example.org/pub/late", Name: "late"}},
			diags: []string{"2 skipped: 201 line before any 200 line"},
		},
		{
			name: "a later 200 replaces an earlier one; names are case-insensitive (spec, 200)",
			in:   hdr + "200: Filename Content-Length\n201: a 1\n200: CONTENT-TYPE FILENAME\n201: text/html b\n",
			want: []got{
				{URI: "http://example.org/pub/a", Name: "a", Ext: "X-CONTENT-LENGTH=1"},
				{URI: "http://example.org/pub/b", Name: "b", Type: "text/html"},
			},
			diags: []string{"4 note: a new 200 line replaces"},
		},
		{
			name: "tokens quoted with \" or ', or bare, are URL-unescaped; %22 is a quote",
			in:   hdr + "200: filename file-type\n201: \"my%20file\" FILE\n201: 'it''s' FILE\n201: say%22hi%22 FILE\n",
			want: []got{
				{URI: "http://example.org/pub/my%20file", Name: "my file", Ext: "X-FILE-TYPE=FILE"},
				// no escape inside quotes: 'it' and 's' are two tokens
				{URI: "http://example.org/pub/it", Name: "it", Ext: "X-FILE-TYPE=s"},
				{URI: "http://example.org/pub/say%22hi%22", Name: `say"hi"`, Ext: "X-FILE-TYPE=FILE"},
			},
		},
		{
			name: "empty columns: a quoted empty token, and missing trailing values",
			in:   hdr + "200: filename content-length last-modified file-type\n201: \"a\" \"\" \"\" FILE \n201: b\n",
			want: []got{
				{URI: "http://example.org/pub/a", Name: "a", Ext: "X-FILE-TYPE=FILE"},
				{URI: "http://example.org/pub/b", Name: "b"},
			},
		},
		{
			name: "names that are not URL syntax stay one path segment",
			in:   hdr + "200: filename\n201: a%3Fb%23c%3Ad\n201: 100%25\n201: \"a b?c#d\"\n201: 50%off\n",
			want: []got{
				{URI: "http://example.org/pub/a%3Fb%23c%3Ad", Name: "a?b#c:d"},
				{URI: "http://example.org/pub/100%25", Name: "100%"},
				{URI: "http://example.org/pub/a%20b%3Fc%23d", Name: "a b?c#d"},
				{URI: "http://example.org/pub/50%25off", Name: "50%off"},
			},
			diags: []string{"6 deviation: filename value \"50%off\" has a % that starts no %XX escape"},
		},
		{
			// RFC 3986 2.2: "URIs that differ in the replacement of a
			// reserved character with its corresponding percent-encoded
			// octet are not equivalent." A listing names files, so "%2F"
			// is part of a name, not a directory, and "%2B" is not "+"
			// (issue 10: a%2Fb.txt became .../a/b.txt, %2B became +).
			name: "URIs keep escaped reserved characters; NAME shows them decoded",
			in:   hdr + "200: filename\n201: a%2Fb.txt\n201: c%2B%2B.txt\n201: c++.txt\n201: %7Euser%2Dnotes\n",
			want: []got{
				{URI: "http://example.org/pub/a%2Fb.txt", Name: "a/b.txt"},
				{URI: "http://example.org/pub/c%2B%2B.txt", Name: "c++.txt"},
				{URI: "http://example.org/pub/c++.txt", Name: "c++.txt"},
				{URI: "http://example.org/pub/%7Euser%2Dnotes", Name: "~user-notes"},
			},
		},
		{
			name: "runs of blanks in a name are kept in NAME as in the URI (issue 10)",
			in:   hdr + "200: filename\n201: \"two  spaces \"\n201: %20lead\n",
			want: []got{
				{URI: "http://example.org/pub/two%20%20spaces%20", Name: "two  spaces "},
				{URI: "http://example.org/pub/%20lead", Name: " lead"},
			},
		},
		{
			name: "a name's own \"/\" makes a path inside the directory; dot segments resolve",
			in:   hdr + "200: filename\n201: sub/a%2Fb\n201: sub/../up\n201: x/%2E%2E/y\n",
			want: []got{
				{URI: "http://example.org/pub/sub/a%2Fb", Name: "sub/a/b"},
				{URI: "http://example.org/pub/up", Name: "sub/../up"},
				{URI: "http://example.org/pub/y", Name: "x/../y"},
			},
		},
		{
			name: "the 300 URL without a trailing slash is still the directory (spec example)",
			in:   "300: ftp://h/u/montulli\n200: Filename File-type\n201: sub DIRECTORY\n201: link SYM-DIRECTORY\n",
			want: []got{
				{URI: "ftp://h/u/montulli/sub/", Name: "sub", Ext: "X-FILE-TYPE=DIRECTORY"},
				{URI: "ftp://h/u/montulli/link/", Name: "link", Ext: "X-FILE-TYPE=SYM-DIRECTORY"},
			},
		},
		{
			name: "without a 300 line, Options.Base is the directory",
			in:   "200: filename\n201: a\n",
			opts: importers.Options{Base: mustURL("https://mirror.example/dir")},
			want: []got{{URI: "https://mirror.example/dir/a", Name: "a"}},
		},
		{
			name:  "a 300 line wins over Options.Base, and says so",
			in:    hdr + "200: filename\n201: a\n",
			opts:  importers.Options{Base: mustURL("https://mirror.example/dir/")},
			want:  []got{{URI: "http://example.org/pub/a", Name: "a"}},
			diags: []string{"1 note: the 300 line's URL http://example.org/pub/ is used as the base, not https://mirror.example/dir/"},
		},
		{
			name: "a relative 300 line resolves against Options.Base",
			in:   "300: sub/\n200: filename\n201: a\n",
			opts: importers.Options{Base: mustURL("https://mirror.example/dir/")},
			want: []got{{URI: "https://mirror.example/dir/sub/a", Name: "a"}},
		},
		{
			name: "Last-Modified in the forms real writers used; wrong weekdays accepted",
			in: hdr + "200: filename last-modified\n" +
				"201: rfc1123 Tue,%2015%20Nov%201994%2008:12:31%20GMT\n" +
				"201: wrongday Mon,%2015%20Nov%201994%2008:12:31%20GMT\n" +
				"201: unpadded Sun,%202%20Dec%202001%2003:04:05%20GMT\n" +
				"201: rfc850 Sunday,%2006-Nov-94%2008:49:37%20GMT\n" +
				"201: asctime Sun%20Nov%20%206%2008:49:37%201994\n" +
				"201: mozilla2000 \"12/31/99%2011:59:58%20PM\"\n" +
				"201: pst Tue,%2015%20Nov%201994%2000:12:31%20PST\n" +
				"201: numeric Tue,%2015%20Nov%201994%2010:12:31%20+0200\n",
			want: []got{
				{URI: "http://example.org/pub/rfc1123", Name: "rfc1123", Date: "15/11/1994 08:12:31"},
				{URI: "http://example.org/pub/wrongday", Name: "wrongday", Date: "15/11/1994 08:12:31"},
				{URI: "http://example.org/pub/unpadded", Name: "unpadded", Date: "02/12/2001 03:04:05"},
				{URI: "http://example.org/pub/rfc850", Name: "rfc850", Date: "06/11/1994 08:49:37"},
				{URI: "http://example.org/pub/asctime", Name: "asctime", Date: "06/11/1994 08:49:37"},
				{URI: "http://example.org/pub/mozilla2000", Name: "mozilla2000", Date: "31/12/1999 23:59:58"},
				{URI: "http://example.org/pub/pst", Name: "pst", Date: "15/11/1994 08:12:31"},
				{URI: "http://example.org/pub/numeric", Name: "numeric", Date: "15/11/1994 08:12:31"},
			},
			diags: []string{"6 deviation: Last-Modified \"Sunday, 06-Nov-94 08:49:37 GMT\" is in RFC 850 form",
				"7 deviation: Last-Modified \"Sun Nov  6 08:49:37 1994\" is in asctime form",
				"8 deviation: Last-Modified \"12/31/99 11:59:58 PM\" is in Mozilla's local-time form"},
		},
		{
			name:  "an unreadable date is dropped: the record gets the file's date",
			in:    hdr + "200: filename last-modified\n201: a yesterday\n",
			opts:  importers.Options{FileDate: time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)},
			want:  []got{{URI: "http://example.org/pub/a", Name: "a", Date: "03/02/2001 04:05:06"}},
			diags: []string{"3 dropped: Last-Modified \"yesterday\" is not a date"},
		},
		{
			name:  "Content-Length must be digits; an invalid Content-Type is dropped by Finish",
			in:    hdr + "200: filename content-length content-type\n201: a 12k nonsense\n",
			want:  []got{{URI: "http://example.org/pub/a", Name: "a"}},
			diags: []string{"3 dropped: Content-Length \"12k\"", "3 dropped: TYPE \"nonsense\""},
		},
		{
			name: "other columns become X- fields named after them",
			in:   hdr + "200: Filename Permissions Owner%20Name\n201: a RW- root\n",
			want: []got{{URI: "http://example.org/pub/a", Name: "a", Ext: "X-PERMISSIONS=RW- X-OWNER-NAME=root"}},
		},
		{
			name: "two columns that make the same X- field have their values joined",
			in:   hdr + "200: Filename Owner%20Name owner-name X-FILE-TYPE File-type\n201: a root wheel DIR FILE\n",
			want: []got{{URI: "http://example.org/pub/a", Name: "a", Ext: "X-OWNER-NAME=root; wheel X-FILE-TYPE=DIR; FILE"}},
		},
		{
			name: "the Gopher converter: description is the title, filename a full URL, 101 an info item",
			in: "300: gopher://gopher.example:70/1/\n200: description filename file-type\n" +
				"101: Welcome%20to%20the%20server\n" +
				"201: \"About%20us\" gopher://gopher.example:70/0/about.txt FILE\n",
			want:  []got{{URI: "gopher://gopher.example:70/0/about.txt", Name: "About us", Ext: "X-FILE-TYPE=FILE"}},
			diags: []string{"3 note: the listing says: Welcome%20to%20the%20server"},
		},
		{
			name:  "102 lines are HTML: reported as their text",
			in:    hdr + "102: <b>Mirror</b> of <a href=\"x\">X</a>\n",
			diags: []string{"2 note: the listing says: Mirror of X"},
		},
		{
			name: "301 names the charset of the names (GIO, GnomeVFS)",
			in:   hdr + "200: filename\n301: ISO-8859-1\n201: r%E4ksm%F6rg%E5s\n",
			want: []got{{URI: "http://example.org/pub/r%E4ksm%F6rg%E5s", Name: "räksmörgås"}},
		},
		{
			name:  "without 301, non-UTF-8 names are read as ISO-8859-1, reported",
			in:    hdr + "200: filename\n201: caf%E9\n",
			want:  []got{{URI: "http://example.org/pub/caf%E9", Name: "café"}},
			diags: []string{"3 deviation: value \"café\" is not UTF-8"},
		},
		{
			name: "unknown codes and 100 lines are ignored; unknown codes noted once; junk lines reported",
			in:   hdr + "100: hello\n999: future\n999: again\n200: filename\nnonsense\n\n12: short\n201: a\n",
			want: []got{{URI: "http://example.org/pub/a", Name: "a"}},
			diags: []string{"3 note: code 999 is not one this reader knows", "6 deviation: line is not of the form",
				"8 deviation: line is not of the form"},
		},
		{
			name:  ". and .. are not files of the directory",
			in:    hdr + "200: filename\n201: .\n201: ..\n201: a\n",
			want:  []got{{URI: "http://example.org/pub/a", Name: "a"}},
			diags: []string{"3 skipped: row \".\" names the directory", "4 skipped: row \"..\" names"},
		},
		{
			name:  "a 200 line without Filename: rows are skipped",
			in:    hdr + "200: content-length\n201: 12\n",
			diags: []string{"2 deviation: the 200 line has no Filename column", "3 skipped: row has no file name"},
		},
		{
			name:  "control characters and escapes in names never reach the record",
			in:    hdr + "200: filename description\n201: a%1B[31mb \"x%1B]0;title%07y%00z\"\n",
			want:  []got{{URI: "http://example.org/pub/a%1B%5B31mb", Name: "xyz"}},
			diags: nil,
		},
		{
			name:  "an unclosed quote runs to the end of the line",
			in:    hdr + "200: filename\n201: \"a b\n",
			want:  []got{{URI: "http://example.org/pub/a%20b", Name: "a b"}},
			diags: []string{"3 deviation: a quoted token is not closed"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, diags, errs := readAll(t, tt.in, tt.opts)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			for i := range recs {
				// Only compare what the case spells out.
				if i < len(tt.want) {
					if tt.want[i].Date == "" {
						recs[i].Date = ""
					}
				}
			}
			if !reflect.DeepEqual(recs, tt.want) {
				t.Errorf("records:\n got %+v\nwant %+v", recs, tt.want)
			}
			importertest.CheckDiagnostics(t, diags, tt.diags, false)
		})
	}
}

func TestNoBase(t *testing.T) {
	in := "200: filename\n201: a\n201: http://elsewhere.example/b\n201: c\n300: http://late.example/\n201: d\n"
	r := NewReader(strings.NewReader(in), importers.Options{Now: now})
	var uris []string
	var noBase []*NoBaseError
	var skips []string
	for {
		rec, err := r.Read()
		for _, d := range r.Diagnostics() {
			if d.Kind == ssd3.Skipped {
				skips = append(skips, d.Msg)
			}
		}
		var nb *NoBaseError
		if errors.As(err, &nb) {
			noBase = append(noBase, nb)
			continue
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		uris = append(uris, rec.URI())
	}
	if len(noBase) != 1 || noBase[0].Line != 2 {
		t.Fatalf("NoBaseError returned %d times (%v); want once, for line 2", len(noBase), noBase)
	}
	if msg := noBase[0].Error(); !strings.Contains(msg, "--base URL") || !strings.Contains(msg, "line 2") {
		t.Errorf("message %q does not tell the user to pass --base", msg)
	}
	want := []string{"http://elsewhere.example/b", "http://late.example/d"}
	if !reflect.DeepEqual(uris, want) {
		t.Errorf("imported %v, want %v", uris, want)
	}
	// Each row skipped says how to import it (issue 10).
	if len(skips) != 2 {
		t.Errorf("skipped %q, want rows a and c", skips)
	}
	for _, m := range skips {
		if !strings.Contains(m, "--base") {
			t.Errorf("skip message %q does not suggest --base", m)
		}
	}
}

func TestRelativeBase(t *testing.T) {
	recs, diags, errs := readAll(t, "200: filename\n201: a\n", importers.Options{Base: mustURL("example.org/dir")})
	if len(recs) != 0 || len(errs) != 1 {
		t.Errorf("records %+v, errors %v; want none and a NoBaseError", recs, errs)
	}
	if len(diags) == 0 || !strings.Contains(diags[0].Msg, "has no scheme") {
		t.Errorf("diagnostics %+v; want the relative base reported first", diags)
	}
}

func TestLongLine(t *testing.T) {
	in := "300: http://e.org/\n200: filename\n201: " + strings.Repeat("x", maxLine+10) + "\n201: ok\n"
	recs, diags, _ := readAll(t, in, importers.Options{})
	if len(recs) != 1 || recs[0].Name != "ok" {
		t.Errorf("records = %+v, want only ok", recs)
	}
	importertest.CheckDiagnostics(t, diags, []string{"3 skipped: line is longer than"}, false)
}

func TestDiagnosticOffsets(t *testing.T) {
	in := "300: http://e.org/\r\n200: filename last-modified\r\n201: a junk\r\n"
	_, diags, _ := readAll(t, in, importers.Options{})
	if len(diags) != 1 || diags[0].Line != 3 || diags[0].Offset != int64(len("300: http://e.org/\r\n200: filename last-modified\r\n")) {
		t.Errorf("diagnostics = %+v, want one at line 3, offset of its line", diags)
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		head string
		want bool
	}{
		{specExample, true},
		{"300: ftp://localhost/bug515583/\n200: filename content-length last-modified file-type\n", true},
		{"200: filename\n201: \"a", true}, // cut in the middle of a line
		{"URI: http://example.org/\r\nNAME: x\r\n", false},
		{"HINA/2.2beta\nUser-Agent: x\n", false},
		{"@FILE { http://x\nTitle{1}:\tx\n}\n", false},
		{"<!DOCTYPE NETSCAPE-Bookmark-file-1>\n", false},
		{"999: unknown only\n", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := Detect([]byte(tt.head)); got != tt.want {
			t.Errorf("Detect(%q) = %v, want %v", importers.Excerpt(tt.head), got, tt.want)
		}
	}
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// errReader fails after its data, to check that I/O errors reach the caller.
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
	r := NewReader(&errReader{"300: http://e.org/\n200: filename\n201: a\n"}, importers.Options{Now: now})
	rec, err := r.Read()
	if err != nil || rec.URI() != "http://e.org/a" {
		t.Fatalf("Read = %v, %v", rec, err)
	}
	if _, err := r.Read(); err == nil || err == io.EOF || !strings.Contains(err.Error(), "disk on fire") {
		t.Errorf("Read error = %v, want the I/O error", err)
	}
}
