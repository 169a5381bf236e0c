package xbel

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
)

// TestEncodeDecodeFloccusIdentical: a file in floccus's layout (its Git
// adapter's createXBEL around its serializer) comes back byte for byte.
func TestEncodeDecodeFloccusIdentical(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"testdata/floccus.xbel"} {
		in, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := Decode(bytes.NewReader(in))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var out bytes.Buffer
		if err := Encode(&out, doc); err != nil {
			t.Fatal(err)
		}
		if out.String() != string(in) {
			t.Errorf("%s: Encode(Decode) differs:\n%s\nwant\n%s", name, out.String(), in)
		}
	}
}

func TestDecodeTree(t *testing.T) {
	t.Parallel()
	in, err := os.ReadFile("testdata/floccus.xbel")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := Decode(bytes.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if doc.HighestID != 7 || !strings.HasPrefix(doc.Prolog, "<?xml") || !strings.HasSuffix(doc.Prolog, "xbel.dtd\">\n") {
		t.Errorf("HighestID %d, Prolog %q", doc.HighestID, doc.Prolog)
	}
	if len(doc.Items) != 2 {
		t.Fatalf("%d top items, want 2", len(doc.Items))
	}
	b := doc.Items[0]
	if b.Kind != Bookmark || b.ID != "3" || b.Href != "https://example.com/?a=1&b=2" || b.Title != `Tom's "page" <x>` || b.Line != 6 {
		t.Errorf("bookmark %+v", b)
	}
	f := doc.Items[1]
	if f.Kind != Folder || f.Title != "Toolbar" || len(f.Items) != 3 || f.Items[2].Items[0].Href != "https://x.org/?q=%s" || f.Items[2].Items[0].Line != 19 {
		t.Errorf("folder %+v", f)
	}
}

func TestDecodeBadXML(t *testing.T) {
	t.Parallel()
	_, err := Decode(strings.NewReader("<xbel version=\"1.0\">\n<folder>\n<title>x</titl>\n</folder></xbel>"))
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 3 {
		t.Fatalf("err %v, want a ParseError on line 3", err)
	}
}
