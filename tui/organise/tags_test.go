package organise

import (
	"fmt"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
)

// After an edit the tags are counted again in Reload's command, not in
// Update: the view keeps showing them, marked as updating, until the
// command's count comes; of two recounts, the older one's, coming last,
// is dropped.
func TestTagsRecountInACommand(t *testing.T) {
	c, err := catalogue.Read(strings.NewReader("URI: http://x.example/1\nNAME: x\nDATE: 01/01/2020 00:00:00\nX-TAGS: alpha\n\n" +
		"URI: http://x.example/2\nNAME: y\nDATE: 01/01/2020 00:00:00\nX-TAGS: zulu\n\n"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := benchContext(c)
	v := NewTags(ctx, c)
	rename := func(from, to string) {
		t.Helper()
		if _, err := ctx.Store.Apply(catalogue.RenameTag{From: from, To: to}, "renamed"); err != nil {
			t.Fatal(err)
		}
	}
	rename("alpha", "bravo")
	first := v.Reload(c)
	if first == nil {
		t.Fatal("Reload returned no command: the tags were counted in Update")
	}
	if s := v.View(); !strings.Contains(s, "alpha") || strings.Contains(s, "bravo") || !strings.Contains(s, "updating") {
		t.Fatalf("while counting, the view should show the tags as they were, marked as updating:\n%s", s)
	}
	v.Update(keyDown) // the keys work meanwhile, on the tags shown
	if tag := v.Tag(); tag == nil || tag.Name != "zulu" {
		t.Fatalf("cursor on %+v, want zulu", tag)
	}
	rename("bravo", "charlie")
	second := v.Reload(c)
	v.Update(second())
	if s := v.View(); !strings.Contains(s, "charlie") || strings.Contains(s, "updating") {
		t.Fatalf("the newest count is not shown:\n%s", s)
	}
	if tag := v.Tag(); tag == nil || tag.Name != "zulu" {
		t.Errorf("recounted, the cursor is on %+v, want zulu still", tag)
	}
	v.Update(first())
	if s := v.View(); strings.Contains(s, "bravo") || !strings.Contains(s, "charlie") {
		t.Errorf("an older count replaced the newest one:\n%s", s)
	}
}

// A large catalogue's tags are counted by Init's command, as its tree
// is built: the view opens at once, saying so, and shows the tags once
// they come; an edit meanwhile has the newer records counted.
func TestTagsCountLargeInBackground(t *testing.T) {
	var sb strings.Builder
	for i := range buildAbove + 1 {
		fmt.Fprintf(&sb, "URI: http://x.example/%d\nNAME: x\nDATE: 01/01/2020 00:00:00\nX-TAGS: t%d\n\n", i, i%3)
	}
	c, err := catalogue.Read(strings.NewReader(sb.String()))
	if err != nil {
		t.Fatal(err)
	}
	ctx := benchContext(c)
	v := NewTags(ctx, c)
	if s := v.View(); !strings.Contains(s, "counting the tags of 10001 records") {
		t.Fatalf("while counting:\n%s", s)
	}
	first := v.Init()
	if first == nil {
		t.Fatal("no command counts the tags")
	}
	if _, err := ctx.Store.Apply(catalogue.RenameTag{From: "t2", To: "u2"}, "renamed"); err != nil {
		t.Fatal(err)
	}
	second := v.Reload(c)
	v.Update(keyDown)
	v.Update(second())
	v.Update(first()) // older: dropped
	if s := v.View(); !strings.Contains(s, "3 tags") || !strings.Contains(s, "u2") || strings.Contains(s, "t2") || strings.Contains(s, "counting") {
		t.Errorf("counted:\n%s", s)
	}
}
