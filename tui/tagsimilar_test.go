package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/uricat/uricat/tui/organise"
)

// similarFixture has one tag written four ways, a plural, and a false
// friend ("new" beside "news") that stays apart.
var similarFixture = func() string {
	var b strings.Builder
	for i, tags := range []string{"ad-tech, news", "ad-tech", "AdTech, recipes", "ad tech", "#adtech, go", "recipes", "recipe", "new"} {
		fmt.Fprintf(&b, "URI: https://example.org/%d\nNAME: r%d\nDATE: 01/03/2019 00:00:00\nX-TAGS: %s\n\n", i, i, tags)
	}
	return b.String()
}()

// The tags view marks the tags that have similar ones, ~ shows the groups
// together, m asks what to merge a group into.
func TestGoldenSimilarTags(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		do   func(h *harness)
	}{
		{"marked_80x24", func(h *harness) { h.keys("T") }},
		{"groups_80x24", func(h *harness) { h.keys("T", "~", "j") }},
		{"groups_by_count_80x24", func(h *harness) { h.keys("T", "~", "s") }},
		{"merge_prompt_80x24", func(h *harness) { h.keys("T", "~", "m") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, similarFixture, 80, 24)
			h.m.store.SetPath("/home/ada/.local/share/uricat/bookmarks.uricat")
			tc.do(h)
			golden(t, h.m.View())
		})
	}
}

// m merges a group into its most used spelling, or a name typed, in one
// edit that one u undoes; the group is gone after.
func TestTagsMergeSimilar(t *testing.T) {
	t.Parallel()
	tags := func(h *harness) string {
		var out []string
		for i := range 8 {
			out = append(out, find(h.reopen(), fmt.Sprintf("r%d", i)).Extension("X-TAGS"))
		}
		return strings.Join(out, "|")
	}
	const before = "ad-tech, news|ad-tech|AdTech, recipes|ad tech|#adtech, go|recipes|recipe|new"
	for _, tt := range []struct {
		name  string
		typed string // "" takes the name offered
		says  string // the preview
		want  string
	}{
		{"suggested", "", "changes 3 records", "ad-tech, news|ad-tech|ad-tech, recipes|ad-tech|ad-tech, go|recipes|recipe|new"},
		{"typed", "adtech", "changes 5 records", "adtech, news|adtech|adtech, recipes|adtech|adtech, go|recipes|recipe|new"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, similarFixture, 100, 30)
			h.keys("T", "~", "m")
			if tt.typed != "" {
				for range len("ad-tech") {
					h.keys("backspace")
				}
				h.typeText(tt.typed)
			}
			if v := h.m.View(); !strings.Contains(v, tt.says) {
				t.Fatalf("the preview does not say %q:\n%s", tt.says, v)
			}
			h.keys("enter")
			if got := tags(h); got != tt.want {
				t.Fatalf("merged:\n got %s\nwant %s", got, tt.want)
			}
			if v := h.m.View(); !strings.Contains(v, "merged 4 tags into") {
				t.Errorf("the status does not say it merged:\n%s", v)
			}
			tv := h.m.host.dialogs.Top().(*organise.Tags)
			if g := tv.Group(); g == nil || (*g)[0].Name != "recipes" {
				t.Errorf("after the merge the cursor's group is %v, want the one group left, recipes", g)
			}
			h.keys("u")
			if got := tags(h); got != before {
				t.Errorf("one u did not undo the merge:\n got %s\nwant %s", got, before)
			}
		})
	}
}
