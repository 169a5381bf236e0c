package main

import (
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// parsed runs the command newCmd makes with args, its runF keeping the
// options the flags and arguments made instead of running it: what a
// command is asked, without a catalogue. The catalogue is /c.uricat.
func parsed[O any](newCmd func(*env, func(*O) error) *cobra.Command, args ...string) (*O, error) {
	e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, catalogue: "/c.uricat"}
	var got *O
	cmd := newCmd(e, func(o *O) error { got = o; return nil })
	cmd.SetArgs(args)
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError(err) })
	err := cmd.Execute()
	return got, err
}

// mustParse is parsed, failing the test on an error.
func mustParse[O any](t *testing.T, newCmd func(*env, func(*O) error) *cobra.Command, args ...string) *O {
	t.Helper()
	o, err := parsed(newCmd, args...)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if o == nil {
		t.Fatal("runF not called")
	}
	return o
}

// TestFlagsToOptions: what each main command's flags and arguments make
// of its options, the run itself swapped out (runF).
func TestFlagsToOptions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		got  func(t *testing.T) any
		want any
	}{
		{"list", func(t *testing.T) any {
			return mustParse(t, newListCmd, "--json", "--sort", "date:desc", "--group", "category", "--search", "go")
		}, &listOptions{json: true, sort: "date:desc", group: "category", q: "go"}},
		{"check catalogue", func(t *testing.T) any { return mustParse(t, newCheckCmd) },
			&checkOptions{path: "/c.uricat"}},
		{"check PATH", func(t *testing.T) any { return mustParse(t, newCheckCmd, "old.uricat") },
			&checkOptions{path: "old.uricat", named: true}},
		{"links", func(t *testing.T) any {
			return mustParse(t, newLinksCmd, "--search", "cat:go", "--jobs", "3", "--max-age", "7d", "--update-moved", "--quiet")
		}, &linksOptions{search: "cat:go", jobs: 3, timeout: 10 * time.Second, maxAge: "7d", updateMoved: true, quiet: true}},
		{"links defaults", func(t *testing.T) any { return mustParse(t, newLinksCmd, "--json") },
			&linksOptions{jobs: 8, timeout: 10 * time.Second, maxAge: "0", asJSON: true}},
		{"import", func(t *testing.T) any {
			return mustParse(t, newImportCmd, "a.html", "-", "--format", "netscape", "--dry-run", "--category", "Old", "--tags", "x,y")
		}, &importOptions{format: "netscape", dryRun: true, category: "Old", tags: "x,y", files: []string{"a.html", "-"}}},
		{"import --from", func(t *testing.T) any {
			return mustParse(t, newImportCmd, "--from", "firefox", "--profile", "work", "--quiet")
		}, &importOptions{from: "firefox", profile: "work", quiet: true, files: []string{}}},
		{"export", func(t *testing.T) any {
			return mustParse(t, newExportCmd, "--format", "csv", "-o", "out.csv", "--search", "go")
		}, &exportOptions{format: "csv", q: "go", out: "out.csv"}},
		{"refresh", func(t *testing.T) any { return mustParse(t, newRefreshCmd, "id:3", "line:7", "--yes", "--jobs", "2") },
			&refreshOptions{yes: true, jobs: 2, timeout: 10 * time.Second, selectors: []string{"id:3", "line:7"}}},
		{"rm selectors", func(t *testing.T) any { return mustParse(t, newRmCmd, "id:3", "https://go.dev/") },
			&rmOptions{selectors: []string{"id:3", "https://go.dev/"}}},
		{"rm --all", func(t *testing.T) any { return mustParse(t, newRmCmd, "--all", "--yes") },
			&rmOptions{all: true, yes: true, searched: true, selectors: []string{}}},
		{"dups", func(t *testing.T) any { return mustParse(t, newDupsCmd, "--merge", "--yes") },
			&dupsOptions{merge: true, yes: true}},
		{"show", func(t *testing.T) any { return mustParse(t, newShowCmd, "id:3", "--json") },
			&showOptions{selector: "id:3", json: true}},
		{"edit", func(t *testing.T) any { return mustParse(t, newEditCmd, "line:12", "--allow-duplicate") },
			&editOptions{selector: "line:12", allowDuplicate: true}},
		{"open", func(t *testing.T) any { return mustParse(t, newOpenCmd, "id:3", "--yes") },
			&openOptions{selector: "id:3", yes: true}},
		{"open --search", func(t *testing.T) any { return mustParse(t, newOpenCmd, "--search", "go", "--all") },
			&openOptions{search: "go", searched: true, all: true}},
		{"merge", func(t *testing.T) any { return mustParse(t, newMergeCmd, "b", "o", "t", "c.uricat") },
			&mergeOptions{base: "b", ours: "o", theirs: "t", name: "c.uricat"}},
		{"merge three", func(t *testing.T) any { return mustParse(t, newMergeCmd, "b", "o", "t") },
			&mergeOptions{base: "b", ours: "o", theirs: "t", name: "o"}},
		{"merge --copies", func(t *testing.T) any { return mustParse(t, newMergeCmd, "--copies") },
			&mergeOptions{copies: true}},
		{"stats", func(t *testing.T) any { return mustParse(t, newStatsCmd, "--json") }, &statsOptions{json: true}},
		{"tags", func(t *testing.T) any { return mustParse(t, newTagsCmd, "--json") }, &tagsOptions{countOptions: countOptions{json: true}}},
		{"tags --similar", func(t *testing.T) any { return mustParse(t, newTagsCmd, "--similar") }, &tagsOptions{similar: true}},
		{"categories", func(t *testing.T) any { return mustParse(t, newCategoriesCmd) }, &countOptions{}},
		{"sync", func(t *testing.T) any { return mustParse(t, newSyncCmd) }, &syncOptions{catalogue: "/c.uricat"}},
		{"sync --browser-file", func(t *testing.T) any { return mustParse(t, newSyncCmd, "--browser-file", "bookmarks.xbel") },
			&syncOptions{catalogue: "/c.uricat", browserFile: "bookmarks.xbel"}},
		{"tags rename", func(t *testing.T) any { return mustParse(t, newTagRenameCmd, "go", "golang") },
			&renameOptions{from: "go", to: "golang"}},
		{"tags merge", func(t *testing.T) any { return mustParse(t, newTagMergeCmd, "go", "golang") },
			&renameOptions{from: "go", to: "golang", merge: true}},
		{"tags rm", func(t *testing.T) any { return mustParse(t, newTagRmCmd, "old") }, &renameOptions{from: "old"}},
		{"categories rename", func(t *testing.T) any { return mustParse(t, newCategoryRenameCmd, "A", "B") },
			&renameOptions{from: "A", to: "B"}},
		{"categories merge", func(t *testing.T) any { return mustParse(t, newCategoryMergeCmd, "A", "B") },
			&renameOptions{from: "A", to: "B", merge: true}},
		// add and set hold their field flags' state: what they made of
		// them is compared.
		{"add", func(t *testing.T) any {
			o := mustParse(t, newAddCmd, "https://go.dev/", "--name", "Go", "--rating", "5", "--no-fetch", "--timeout", "3s")
			return []any{o.uri, o.fields, o.named, o.noFetch, o.allowDuplicate, o.timeout}
		}, []any{"https://go.dev/", []ssd3.Field{{Name: ssd3.FieldName, Value: "Go"}, {Name: ssd3.FieldRating, Value: "5"}},
			true, true, false, 3 * time.Second}},
		{"set", func(t *testing.T) any {
			o := mustParse(t, newSetCmd, "id:3", "--category", "Go", "--add-tags", "a,b")
			return []any{o.selector, o.searched, o.fields, o.add, o.remove}
		}, []any{"id:3", false, []ssd3.Field{{Name: ssd3.FieldCategory, Value: "Go"}}, []string{"a", "b"}, []string(nil)}},
		{"set --search", func(t *testing.T) any {
			o := mustParse(t, newSetCmd, "--search", "go", "--yes", "--remove-tags", "old")
			return []any{o.selector, o.searched, o.search, o.yes, o.add, o.remove}
		}, []any{"", true, "go", true, []string(nil), []string{"old"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := tt.got(t); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("options = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestFlagsRefused: what a command refuses is refused before it runs: a
// usage error (exit 2), runF never called.
func TestFlagsRefused(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		parse func() (bool, error)
	}{
		{"add --timeout 0", func() (bool, error) {
			o, err := parsed(newAddCmd, "https://go.dev/", "--timeout", "0s")
			return o != nil, err
		}},
		{"dups --yes alone", func() (bool, error) { o, err := parsed(newDupsCmd, "--yes"); return o != nil, err }},
		{"refresh both", func() (bool, error) {
			o, err := parsed(newRefreshCmd, "id:1", "--search", "go")
			return o != nil, err
		}},
		{"rm nothing", func() (bool, error) { o, err := parsed(newRmCmd); return o != nil, err }},
		{"open --all alone", func() (bool, error) { o, err := parsed(newOpenCmd, "--all"); return o != nil, err }},
		{"set nothing", func() (bool, error) { o, err := parsed(newSetCmd, "id:1"); return o != nil, err }},
		{"list a bad flag", func() (bool, error) { o, err := parsed(newListCmd, "--no-such"); return o != nil, err }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ran, err := tt.parse()
			code := (&env{stderr: io.Discard}).exit(nil, err)
			if ran || code != exitUsage {
				t.Errorf("runF called: %v, exit %d; want not called, exit %d (err %v)", ran, code, exitUsage, err)
			}
		})
	}
}
