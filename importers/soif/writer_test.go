package soif

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// parsedObject is one SOIF object as section 4.4's grammar reads it.
type parsedObject struct {
	template, url string
	attrs         [][2]string
}

// parseSOIF reads data strictly by section 4.4: "@" TEMPLATE-TYPE "{" URL,
// then pairs IDENTIFIER "{" VALUE-SIZE "}" ":" TAB and exactly VALUE-SIZE
// octets, whitespace between pairs, "}" — the way Harvest's own reader did
// (WRITERS.md), so that a wrong byte count shows up as a parse error.
func parseSOIF(t *testing.T, data []byte) []parsedObject {
	t.Helper()
	var objs []parsedObject
	s := string(data)
	for {
		s = strings.TrimLeft(s, " \t\r\n")
		if s == "" {
			return objs
		}
		if s[0] != '@' {
			t.Fatalf("expected @ at %q", start(s))
		}
		head, rest, ok := strings.Cut(s[1:], "\n")
		if !ok {
			t.Fatalf("object header without line end: %q", start(s))
		}
		tmpl, url, ok := strings.Cut(head, " { ")
		if !ok {
			t.Fatalf("object header %q is not \"@TYPE { URL\"", head)
		}
		o := parsedObject{template: tmpl, url: url}
		s = rest
		for {
			s = strings.TrimLeft(s, " \t\r\n")
			if strings.HasPrefix(s, "}") {
				s = s[1:]
				break
			}
			open := strings.IndexByte(s, '{')
			end := strings.Index(s, "}:\t")
			if open < 0 || end < open {
				t.Fatalf("bad pair at %q", start(s))
			}
			n, err := strconv.Atoi(s[open+1 : end])
			if err != nil || end+3+n > len(s) {
				t.Fatalf("bad size at %q", start(s))
			}
			o.attrs = append(o.attrs, [2]string{s[:open], s[end+3 : end+3+n]})
			s = s[end+3+n:]
			if !strings.HasPrefix(s, "\n") {
				t.Fatalf("value of %s is not followed by a line end: size is wrong? %q", o.attrs[len(o.attrs)-1][0], start(s))
			}
		}
		objs = append(objs, o)
	}
}

func start(s string) string { return s[:min(len(s), 40)] }

func (o parsedObject) get(name string) string {
	for _, a := range o.attrs {
		if a[0] == name {
			return a[1]
		}
	}
	return ""
}

func TestWriteByteCounts(t *testing.T) {
	date := time.Date(2001, 12, 2, 3, 4, 5, 0, time.UTC)
	recs := []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "http://example.org/", Name: "Zoë", Date: date}),
		ssd3.NewRecord(ssd3.Values{URI: "http://example.org/b", Name: "日本", Date: date, Description: "two\nlines {with braces} and }\n"}),
	}
	out, _ := importertest.Export(t, Format.NewWriter, recs...)
	buf := bytes.NewBufferString(out)
	// Section 4.5: VALUE-SIZE "indicates how many octets the VALUE occupies":
	// bytes of UTF-8, not characters.
	for _, want := range []string{
		"@FILE { http://example.org/\nTitle{4}:\tZoë\nLast-Modification-Time{10}:\t1007262245\n}\n",
		"Title{6}:\t日本\n",
		"Description{30}:\ttwo\nlines {with braces} and }\n\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	objs := parseSOIF(t, buf.Bytes())
	if len(objs) != 2 || objs[1].get("Description") != recs[1].Description() {
		t.Errorf("parsed back %+v", objs)
	}
}

// Every field is carried, under the attribute the package doc names.
func TestWriteAttributes(t *testing.T) {
	rec := ssd3.NewRecord(ssd3.Values{URI: "https://example.org/a;b?c=%20", Name: "N", Date: time.Unix(1700000000, 0).UTC(),
		Category: "A/B", Description: "D", Rating: 4, Language: "en-gb", Type: "text/html", ID: "42",
		Extensions: []ssd3.Field{{Name: "X-AUTHOR", Value: "Alan O. Freier; Paul C. Kocher"},
			{Name: "X-KEYWORDS", Value: "ssl; tls;"}, {Name: "X-TITLE", Value: "other title"},
			{Name: "X-PART-2", Value: "p2"}, {Name: "X-FILE-SIZE", Value: "5870"}}})
	out, _ := importertest.Export(t, Format.NewWriter, rec)
	buf := bytes.NewBufferString(out)
	objs := parseSOIF(t, buf.Bytes())
	if len(objs) != 1 {
		t.Fatalf("%d objects", len(objs))
	}
	o := objs[0]
	if o.template != "FILE" || o.url != rec.URI() {
		t.Errorf("object header: %q %q", o.template, o.url)
	}
	var got []string
	for _, a := range o.attrs {
		got = append(got, a[0]+"="+a[1])
	}
	want := []string{"Title=N", "Description=D", "Last-Modification-Time=1700000000", "Category=A/B", "Rating=4",
		"Language=en-gb", "Type=text/html", "Id=42", "Author=Alan O. Freier; Paul C. Kocher", "Keywords=ssl\ntls",
		"X-TITLE=other title", "X-PART-2=p2", "File-Size=5870"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("attributes\n got %q\nwant %q", got, want)
	}
}

func TestAttributeName(t *testing.T) {
	for _, tc := range []struct{ ext, want string }{
		{"X-AUTHOR", "Author"},               // Appendix A
		{"X-KEYWORDS", "Keywords"},           // Appendix A
		{"X-FILE-SIZE", "File-Size"},         // Appendix A
		{"X-GATHERER-NAME", "Gatherer-Name"}, // Appendix A
		{"X-TITLE", "X-TITLE"},               // Title is NAME
		{"X-description", "X-description"},   // matched ignoring case (section 5)
		{"X-LAST-MODIFICATION-TIME", "X-LAST-MODIFICATION-TIME"},
		{"X-AUTHOR-1", "X-AUTHOR-1"}, // "-N" marks multiple values (4.3)
		{"X-AUTHOR-X", "Author-X"},
		{"X-MY_FIELD", "My_field"},
	} {
		if got := AttributeName(tc.ext); got != tc.want {
			t.Errorf("AttributeName(%q) = %q, want %q", tc.ext, got, tc.want)
		}
	}
}

// FuzzWrite: whatever the text, every value reads back exactly by its byte
// count (section 4.5), and the objects and their URLs stay apart.
func FuzzWrite(f *testing.F) {
	f.Add("Zoë", "two\nlines }\n@FILE { x", "A/B", "X-AUTHOR", "a}:\tb")
	f.Add("", "", "", "X-T", "")
	f.Fuzz(func(t *testing.T, name, desc, cat, extName, extValue string) {
		rec := ssd3.NewRecord(ssd3.Values{URI: "http://example.org/", Name: name, Description: desc, Category: cat,
			Date: time.Unix(1, 0).UTC(), Extensions: []ssd3.Field{{Name: extName, Value: extValue}}})
		if ssd3.ValidateExtensionName(extName) != nil {
			rec.SetExtensions(nil)
		}
		out, _ := importertest.Export(t, Format.NewWriter, rec, rec)
		buf := bytes.NewBufferString(out)
		objs := parseSOIF(t, buf.Bytes())
		if len(objs) != 2 {
			t.Fatalf("%d objects, want 2", len(objs))
		}
		o := objs[1]
		// What a terminal would take for a command is left out (and
		// reported: TestWriterReports); the rest is exact.
		safe := func(s string) string { v, _ := importers.SafeText(s); return v }
		if o.url != rec.URI() || o.get("Title") != safe(name) || o.get("Description") != safe(desc) || o.get("Category") != safe(cat) {
			t.Errorf("read back %+v", o)
		}
		if len(rec.Extensions()) > 0 && o.get(AttributeName(extName)) != safe(extValue) {
			t.Errorf("%s read back as %q, want %q", extName, o.get(AttributeName(extName)), safe(extValue))
		}
		importertest.CheckOutput(t, "soif", buf.Bytes())
	})
}
