package stats

import (
	"cmp"
	"slices"
	"strings"

	"github.com/uricat/uricat/catalogue/query"
)

// Similar tags are tags that are likely one written several ways, the
// sprawl of years of imports: "AdTech", "ad-tech", "ad tech", "#adtech";
// "recipe" and "recipes". Two tags are similar when their keys meet:
//
//   - a tag's key is the tag folded as the search language folds it
//     (query.Fold: case, accents, compatibility forms), without the "#"s
//     it begins with and without the separators "-", "_" and spaces;
//   - a key also stands for its English singular, by a small rule of the
//     last letters: "-ies" is "-y" or "-ie" (categories, movies), "-es"
//     after s, x, z, ch or sh drops "es" (boxes, classes, watches), any
//     other "-s" drops the "s" (recipes, apis), but not "-ss" (css,
//     class), nor when what is left is shorter than three letters (us,
//     gos, ios, k8s), nor for the few words in invariant whose "s" is not
//     a plural (news, windows).
//
// So "news" and "new", "css" and "cs", "us" and "u", "go" and "gos" stay
// apart. The rule suggests; merging is the user's choice.

// Group is a group of similar tags, each with its count, the most used
// first (on a tie, by name as Values sorts): Group[0] is the name a merge
// suggests.
type Group []Count

// Total returns how many tags the records have in g (a record with two of
// its spellings counts twice).
func (g Group) Total() int {
	n := 0
	for _, c := range g {
		n += c.Count
	}
	return n
}

// Names returns the tags of g, in its order.
func (g Group) Names() []string {
	out := make([]string, len(g))
	for i, c := range g {
		out[i] = c.Name
	}
	return out
}

// invariant are the words ending in "s" whose singular would be another
// word: their key is kept as it is.
var invariant = map[string]bool{
	"news": true, "windows": true, "goods": true, "means": true,
	"series": true, "species": true,
}

// TagKey returns the key of the tag t that similar tags share, before the
// plural rule: folded, without leading "#"s and separators.
func TagKey(t string) string {
	f := strings.TrimLeft(query.Fold(t), "#")
	k := strings.Map(func(r rune) rune {
		switch r {
		case '-', '_', ' ':
			return -1
		}
		return r
	}, f)
	if k == "" {
		return query.Fold(t) // only separators: alike only if written alike
	}
	return k
}

// singulars returns what the key k may be the plural of, by the rule
// above: none, one or two keys.
func singulars(k string) []string {
	const least = 3 // letters a singular keeps
	if !strings.HasSuffix(k, "s") || strings.HasSuffix(k, "ss") || invariant[k] {
		return nil
	}
	var out []string
	if s, ok := strings.CutSuffix(k, "ies"); ok && len(s) >= least-1 {
		out = append(out, s+"y")
	}
	if s, ok := strings.CutSuffix(k, "es"); ok && len(s) >= least {
		for _, end := range []string{"s", "x", "z", "ch", "sh"} {
			if strings.HasSuffix(s, end) {
				out = append(out, s)
				break
			}
		}
	}
	if s := k[:len(k)-1]; len(s) >= least {
		out = append(out, s)
	}
	return out
}

// Similar returns the groups of similar tags among tags (as Tags counts
// them, each name once), the groups sorted by their suggested name
// ignoring case; a tag like no other is in no group.
func Similar(tags []Count) []Group {
	// Tags of one key are one group from the start; a key whose singular
	// is another's joins the two.
	byKey := make(map[string]int, len(tags)) // key -> its first tag's index
	parent := make([]int, len(tags))
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	union := func(i, j int) {
		if a, b := find(i), find(j); a != b {
			parent[max(a, b)] = min(a, b)
		}
	}
	keys := make([]string, len(tags))
	for i, t := range tags {
		parent[i] = i
		keys[i] = TagKey(t.Name)
		if j, ok := byKey[keys[i]]; ok {
			union(i, j)
		} else {
			byKey[keys[i]] = i
		}
	}
	for k, i := range byKey {
		for _, s := range singulars(k) {
			if j, ok := byKey[s]; ok {
				union(i, j)
			}
		}
	}
	return collect(tags, find)
}

// collect gathers the tags into their groups by root (find), keeping
// those of more than one tag, each ordered most used first.
func collect(tags []Count, find func(int) int) []Group {
	roots := make([]int, len(tags))
	size := make([]int, len(tags))
	for i := range tags {
		roots[i] = find(i)
		size[roots[i]]++
	}
	at := make([]int, len(tags)) // a root's group in out, +1; 0: none yet
	var out []Group
	for i, t := range tags {
		r := roots[i]
		if size[r] < 2 {
			continue
		}
		if at[r] == 0 {
			out = append(out, make(Group, 0, size[r]))
			at[r] = len(out)
		}
		out[at[r]-1] = append(out[at[r]-1], t)
	}
	for _, g := range out {
		slices.SortFunc(g, func(a, b Count) int {
			if c := cmp.Compare(b.Count, a.Count); c != 0 {
				return c
			}
			return byName(a, b)
		})
	}
	slices.SortFunc(out, func(a, b Group) int { return byName(a[0], b[0]) })
	return out
}

// byName orders counts by name ignoring case, then as written: the order
// of Values.
func byName(a, b Count) int {
	if c := strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)); c != 0 {
		return c
	}
	return strings.Compare(a.Name, b.Name)
}

// Singletons returns the tags of tags that only one record has, in their
// order: the one-item tags a tidy-up looks at first.
func Singletons(tags []Count) []Count {
	var out []Count
	for _, t := range tags {
		if t.Count == 1 {
			out = append(out, t)
		}
	}
	return out
}
