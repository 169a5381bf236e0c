package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
)

var dupsCatalogue = "URI: https://www.example.org/a/\r\nNAME: A\r\nDATE: 02/01/2020 03:04:05\r\nRATING: 2\r\nX-TAGS: go\r\n\r\n" +
	"URI: https://xn--bcher-kva.de/\r\nNAME: B\r\nDATE: 02/01/2020 03:04:05\r\n\r\n" +
	"URI: http://example.org/a?utm_source=rss#x\r\nNAME: " + ssd3.EncodeText("A again \x1b[31mred") + "\r\nDATE: 01/01/2019 00:00:00\r\nRATING: 5\r\nX-TAGS: web\r\n\r\n" +
	"URI: https://www.xn--bcher-kva.de\r\nNAME: B again\r\nDATE: 02/01/2020 03:04:05\r\n\r\n" +
	"URI: https://example.org/a?id=1\r\nNAME: another page\r\nDATE: 02/01/2020 03:04:05\r\n"

// dups lists the groups of look-alike records, with their lines, names
// and URIs as people read them; --json for scripts.
func TestDups(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, dupsCatalogue)
	code, out, errs := uricat(t, "--catalogue", path, "dups")
	want := "2 records look like one page:\n" +
		"  line 1: \"A\" <https://www.example.org/a/>\n" +
		"  line 11: \"A again red\" <http://example.org/a?utm_source=rss#x>\n" +
		"2 records look like one page:\n" +
		"  line 7: \"B\" <https://bücher.de/>\n" +
		"  line 17: \"B again\" <https://www.bücher.de>\n" +
		"2 groups of 4 records; `uricat dups --merge` shows how they would merge\n"
	if code != 0 || out != want {
		t.Errorf("exit %d, stderr %q, stdout\n%s\nwant\n%s", code, errs, out, want)
	}
	code, out, _ = uricat(t, "--catalogue", path, "dups", "--json")
	var groups [][]dupsJSON
	if err := json.Unmarshal([]byte(out), &groups); code != 0 || err != nil {
		t.Fatalf("--json: exit %d, %v:\n%s", code, err, out)
	}
	if len(groups) != 2 || len(groups[1]) != 2 || groups[1][1] != (dupsJSON{Line: 17, Name: "B again", URI: "https://www.xn--bcher-kva.de"}) {
		t.Errorf("--json groups %+v", groups)
	}
}

// dups --merge shows what it would do and changes nothing; --merge --yes
// merges each group into its first record.
func TestDupsMerge(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, dupsCatalogue)
	code, out, errs := uricat(t, "--catalogue", path, "dups", "--merge")
	if code != 1 || !strings.Contains(out, "  would become, at line 1:\n") || !strings.Contains(out, "    RATING: 5\n") ||
		!strings.Contains(out, "    X-TAGS: go, web\n") || !strings.Contains(errs, "nothing merged: add --yes to merge these 2 groups") {
		t.Errorf("--merge: exit %d, stdout\n%s\nstderr %q", code, out, errs)
	}
	if string(mustRead(t, path)) != dupsCatalogue {
		t.Fatal("--merge without --yes changed the file")
	}
	code, out, errs = uricat(t, "--catalogue", path, "dups", "--merge", "--yes")
	want := "merged 1 record into \"A\" (line 1)\n" +
		"  removed line 11: \"A again red\" <http://example.org/a?utm_source=rss#x>\n" +
		"  note: NAME \"A again red\" of line 11 not kept\n" +
		"merged 1 record into \"B\" (line 7)\n" +
		"  removed line 17: \"B again\" <https://www.bücher.de>\n" +
		"  note: NAME \"B again\" of line 17 not kept\n"
	if code != 0 || out != want {
		t.Fatalf("--merge --yes: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	c, err := catalogue.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	recs := c.Valid()
	if len(recs) != 3 || recs[0].Rating() != 5 || recs[0].Extension("X-TAGS") != "go, web" || recs[0].Extension("X-ADDED") != "01/01/2019 00:00:00" ||
		recs[1].Name() != "B" || recs[2].Name() != "another page" {
		t.Errorf("after the merge: %d records, the first %q", len(recs), recs[0].Raw())
	}
	if code, out, _ := uricat(t, "--catalogue", path, "dups"); code != 0 || out != "no duplicates\n" {
		t.Errorf("dups after the merge: exit %d, %q", code, out)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
}

// dups --merge keeps the record with the cleanest URI, not the first one
// in the file when that one is the messy spelling.
func TestDupsMergeKeepsTheCleanestURI(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, "URI: https://www.example.org/a/?utm_source=rss\r\nNAME: Messy\r\nDATE: 02/01/2020 03:04:05\r\nRATING: 4\r\n\r\n"+
		"URI: https://example.org/a\r\nNAME: Clean\r\nDATE: 02/01/2020 03:04:05\r\n")
	code, out, errs := uricat(t, "--catalogue", path, "dups", "--merge")
	if code != 1 || !strings.Contains(out, "would become, at line 6:\n    URI: https://example.org/a\n") || !strings.Contains(errs, "add --yes to merge this group") {
		t.Errorf("--merge: exit %d, stderr %q, stdout\n%s", code, errs, out)
	}
	if code, out, errs := uricat(t, "--catalogue", path, "dups", "--merge", "--yes"); code != 0 || !strings.Contains(out, "merged 1 record into \"Clean\" (line 6)") {
		t.Fatalf("--merge --yes: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	c, err := catalogue.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if recs := c.Valid(); len(recs) != 1 || recs[0].URI() != "https://example.org/a" || recs[0].Rating() != 4 {
		t.Errorf("after the merge: %q", c.Valid()[0].Raw())
	}
}
