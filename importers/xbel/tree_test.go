package xbel

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
	"time"
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

// TestEncodeFloccusEmpty: the file floccus writes before any bookmark
// (highestId 0) comes back byte for byte too.
func TestEncodeFloccusEmpty(t *testing.T) {
	t.Parallel()
	in := FloccusProlog + floccusOpen + "\n<!--- highestId :0: for Floccus bookmark sync browser extension -->\n\n</xbel>"
	doc, err := Decode(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Encode(&out, doc); err != nil {
		t.Fatal(err)
	}
	if out.String() != in {
		t.Errorf("got\n%q\nwant\n%q", out.String(), in)
	}
}

// TestEncodeNew: a new document is written in floccus's layout, and reads
// back as it was.
func TestEncodeNew(t *testing.T) {
	t.Parallel()
	added := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	doc := &Document{HighestID: 4, Items: []*Item{
		{Kind: Folder, ID: "1", Title: "Bar & <co>", Items: []*Item{
			{Kind: Bookmark, ID: "2", Title: `It's "x"`, Href: "https://a.example/?a=1&b=2", Desc: "two\nlines\r", Added: added},
			{Kind: Separator},
			{Kind: Folder, ID: "3", Title: ""},
		}},
		{Kind: Bookmark, ID: "4", Title: "", Href: "https://b.example/", Info: `<metadata owner="x"><y a="1"/></metadata>`},
		{Kind: Alias, Ref: "2"},
	}}
	var out bytes.Buffer
	if err := Encode(&out, doc); err != nil {
		t.Fatal(err)
	}
	want := FloccusProlog + `<xbel version="1.0">
<!--- highestId :4: for Floccus bookmark sync browser extension -->

<folder id="1">
  <title>Bar &amp; &lt;co&gt;</title>
  <bookmark href="https://a.example/?a=1&amp;b=2" id="2" added="2024-05-06T07:08:09Z">
    <title>It&apos;s &quot;x&quot;</title>
    <desc>two
lines&#13;</desc>
  </bookmark>
  <separator/>
  <folder id="3">
    <title></title>
  </folder>
</folder>
<bookmark href="https://b.example/" id="4">
  <title></title>
  <info><metadata owner="x"><y a="1"/></metadata></info>
</bookmark>
<alias ref="2"/>
</xbel>`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	back, err := Decode(&out)
	if err != nil {
		t.Fatal(err)
	}
	if b := back.Items[0].Items[0]; b.Title != `It's "x"` || b.Desc != "two\nlines\r" || !b.Added.Equal(added) || b.Href != "https://a.example/?a=1&b=2" {
		t.Errorf("read back %+v", b)
	}
	if back.Items[1].Info != doc.Items[1].Info || back.Items[2].Ref != "2" || back.Items[0].Items[1].Kind != Separator {
		t.Errorf("read back %+v", back.Items)
	}
}
