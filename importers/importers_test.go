package importers

import (
	"errors"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
)

func TestNameFromURI(t *testing.T) {
	tests := []struct{ uri, want string }{
		{"http://example.com/docs/Read%20Me.html", "Read Me.html"},
		{"http://example.com/a/b/", "b"},
		{"http://example.com/", "example.com"},
		{"http://0%80x/", "0x"}, // a raw invalid byte never reaches NAME
		{"http://%E6%9D%B1%E4%BA%AC.jp/", "東京.jp"},
		{"mailto:someone@example.com", "someone@example.com"},
		{"http://example.com/%1B%5B31mred", "red"}, // the escape sequence is stripped whole
	}
	for _, tt := range tests {
		got := NameFromURI(tt.uri)
		if got != tt.want {
			t.Errorf("NameFromURI(%q) = %q, want %q", tt.uri, got, tt.want)
		}
		if err := (ssd3.NewRecord(ssd3.Values{URI: "http://e/", Name: got, Date: time.Now()})).Validate(); len(err) > 0 {
			t.Errorf("NameFromURI(%q) = %q is not a valid NAME: %v", tt.uri, got, err)
		}
	}
}

func TestFinish(t *testing.T) {
	opts := Options{Now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), FileDate: time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)}
	rec := ssd3.NewRecord(ssd3.Values{URI: " http://bücher.de/a b ", Name: "Two\n lines\x1b[31m", Rating: 9, Language: "english",
		Type: "text", Category: "A\tB", Extensions: []ssd3.Field{{Name: "X-Ok", Value: "v\x07"}, {Name: "Bad", Value: "x"}}})
	diags, ok := Finish(rec, opts, 7, -1)
	if !ok {
		t.Fatalf("record refused: %v", diags)
	}
	if rec.URI() != "http://xn--bcher-kva.de/a%20b" || rec.Name() != "Two lines" || rec.Category() != "A B" {
		t.Errorf("cleaned: %q %q %q", rec.URI(), rec.Name(), rec.Category())
	}
	if !rec.Date().Equal(opts.FileDate) {
		t.Errorf("DATE %v, want the file's date", rec.Date())
	}
	if rec.Rating() != 0 || rec.Language() != "" || rec.Type() != "" || rec.Extension("Bad") != "" || rec.Extension("X-Ok") != "v" {
		t.Errorf("invalid values kept: %+v", rec)
	}
	var dropped []string
	for _, d := range diags {
		if errors.Is(d, ssd3.Dropped) && d.Line == 7 {
			dropped = append(dropped, d.Field)
		}
	}
	if want := []string{"RATING", "LANGUAGE", "TYPE", "Bad"}; !reflect.DeepEqual(dropped, want) {
		t.Errorf("dropped diagnostics at line 7 of the fields %q, want %q: %v", dropped, want, diags)
	}
	if ps := rec.Validate(); len(ps) > 0 {
		t.Errorf("Finish left problems: %v", ps)
	}
	noURI := ssd3.NewRecord(ssd3.Values{URI: "not a uri", Name: "x"})
	if diags, ok := Finish(noURI, opts, 0, 42); ok || len(diags) != 1 || diags[0].Kind != ssd3.Skipped || !strings.Contains(diags[0].In("f").Where(), "f:@42") {
		t.Errorf("record without a URI: ok=%v %v", ok, diags)
	}
	// A relative link cannot be imported without a base, and the message
	// says how to give one (issue 10); with a base it is resolved.
	rel := ssd3.NewRecord(ssd3.Values{URI: "../docs/a b.html", Name: "x"})
	if diags, ok := Finish(rel, opts, 3, -1); ok || len(diags) != 1 || !strings.Contains(diags[0].Msg, "--base") {
		t.Errorf("relative URI without a base: ok=%v %v", ok, diags)
	}
	withBase := opts
	withBase.Base, _ = url.Parse("https://example.org/pub/list/")
	rel = ssd3.NewRecord(ssd3.Values{URI: "../docs/a b.html", Name: "x"})
	if diags, ok := Finish(rel, withBase, 3, -1); !ok || rel.URI() != "https://example.org/pub/docs/a%20b.html" {
		t.Errorf("relative URI with a base: ok=%v %q %v", ok, rel.URI(), diags)
	}
	noDate := ssd3.NewRecord(ssd3.Values{URI: "http://e/"})
	Finish(noDate, Options{Now: opts.Now}, 0, -1)
	if !noDate.Date().Equal(opts.Now) || noDate.Name() != "e" {
		t.Errorf("fallbacks: %v %q", noDate.Date(), noDate.Name())
	}
}

// TestFinishEscapes: an escape sequence or a control character in a URI is
// never cleaned out silently: the URI is kept percent-encoded, with a
// note, or the record is skipped with a reason, at its line. A tag made
// only of escapes is dropped with a note, and leaves no empty tag.
func TestFinishEscapes(t *testing.T) {
	t.Parallel()
	opts := Options{Now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	tests := []struct {
		name, uri, tags string
		ok              bool
		wantURI         string
		wantTags        string
		wantMsg         string
	}{
		{"OSC in the URI", "https://u5.example/\x1b]0;x\a", "", true, "https://u5.example/%1B%5D0;x%07", "", `note: the URI "https://u5.example/\x1b]0;x\a" holds control characters or an escape sequence: kept percent-encoded, https://u5.example/%1B%5D0;x%07`},
		{"CSI in the URI", "https://u5.example/\x1b[31mred?q=[x]", "", true, "https://u5.example/%1B%5B31mred?q=%5Bx%5D", "", "kept percent-encoded"},
		{"an escape in the host", "https://u5\x1b[1m.example/", "", false, "", "", `skipped: record not imported: its URI "https://u5\x1b[1m.example/" holds control characters or an escape sequence, and percent-encoded it is still not a URI`},
		{"an escape before the scheme", "\x1b[31mhttps://b.example/", "", false, "", "", "percent-encoded it is still not a URI"},
		{"a bell in the URI", "https://u5.example/a\ab", "", true, "https://u5.example/a%07b", "", `note: the URI "https://u5.example/a\ab" holds control characters or an escape sequence: kept percent-encoded, https://u5.example/a%07b`},
		{"a tag of escapes", "https://u6.example/", "t,\x1b[31m\x1b[0m", true, "https://u6.example/", "t", "dropped: 1 tag of X-TAGS made only of control characters or escape sequences left out"},
		{"tags with escapes in them", "https://u7.example/", "a\x1b[1m, \x1b[0m,b", true, "https://u7.example/", "a, b", "1 tag of X-TAGS"},
		{"clean tags in the catalogue's form", "https://u8.example/", "a,b", true, "https://u8.example/", "a, b", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			v := ssd3.Values{URI: tt.uri, Name: "x"}
			if tt.tags != "" {
				v.Extensions = []ssd3.Field{{Name: ssd3.FieldTags, Value: tt.tags}}
			}
			rec := ssd3.NewRecord(v)
			diags, ok := Finish(rec, opts, 12, -1)
			var msgs []string
			for _, d := range diags {
				msgs = append(msgs, d.In("in.html").Error())
			}
			all := strings.Join(msgs, "\n")
			if ok != tt.ok || tt.wantMsg != "" && !strings.Contains(all, "in.html:12") || !strings.Contains(all, tt.wantMsg) {
				t.Fatalf("ok %v, diagnostics:\n%s\nwant ok %v and %q at line 12", ok, all, tt.ok, tt.wantMsg)
			}
			if tt.wantMsg == "" && len(diags) > 0 {
				t.Errorf("diagnostics for a clean record:\n%s", all)
			}
			if ok && (rec.URI() != tt.wantURI || rec.Extension(ssd3.FieldTags) != tt.wantTags) {
				t.Errorf("URI %q, tags %q; want %q, %q", rec.URI(), rec.Extension(ssd3.FieldTags), tt.wantURI, tt.wantTags)
			}
		})
	}
}

// OneLine keeps NAME and CATEGORY on one line and changes nothing else: runs
// of spaces and blanks at the ends are part of a name (issue 10: an
// http-index file "a  b " lost them while its URI kept them).
func TestOneLine(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"a  b ", "a  b "},
		{" leading", " leading"},
		{"Café  日本", "Café  日本"},
		{"two\nlines", "two lines"},
		{"two \n\t  lines", "two lines"},
		{"\n  framed by breaks \r\n", "framed by breaks"},
		{"a\n\n\nb", "a b"},
		{"tab\there", "tab here"},
		{"t\t", "t "}, // Mozilla's sample: a directory "t<TAB>"
		{"red\x1b[31m text\x07", "red text"},
		{"c1\u009b31m", "c1"},
	}
	for _, tt := range tests {
		if got := OneLine(tt.in); got != tt.want {
			t.Errorf("OneLine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzOneLine(f *testing.F) {
	f.Add("two \n\t  lines\x1b[31m ")
	f.Fuzz(func(t *testing.T, s string) {
		got := OneLine(s)
		if display.Clean(got) != got || strings.ContainsAny(got, "\n\t") {
			t.Fatalf("OneLine(%q) = %q: not one line of clean text", s, got)
		}
		if OneLine(got) != got {
			t.Fatalf("OneLine(%q) = %q, which OneLine changes again", s, got)
		}
		if clean := display.Clean(s); !strings.ContainsAny(clean, "\n\t") && got != clean {
			t.Fatalf("OneLine(%q) = %q: changed a line that was one", s, got)
		}
	})
}
