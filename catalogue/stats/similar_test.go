package stats

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// groups is Similar's answer written out: "a 3, b 1 | c 2, d 1".
func groups(tags ...Count) string {
	var out []string
	for _, g := range Similar(tags) {
		var names []string
		for _, c := range g {
			names = append(names, fmt.Sprintf("%s %d", c.Name, c.Count))
		}
		out = append(out, strings.Join(names, ", "))
	}
	return strings.Join(out, " | ")
}

// Tags likely one group, the most used first; tags that only look alike
// do not.
func TestSimilar(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		tags []Count
		want string
	}{
		// The cases.
		{"separators", []Count{{"#adtech", 1}, {"ad tech", 2}, {"ad-tech", 5}, {"ad_tech", 1}, {"AdTech", 3}},
			"ad-tech 5, AdTech 3, ad tech 2, #adtech 1, ad_tech 1"},
		{"plural", []Count{{"recipe", 1}, {"recipes", 4}}, "recipes 4, recipe 1"},
		{"case", []Count{{"Go", 2}, {"go", 7}, {"GO", 1}}, "go 7, Go 2, GO 1"},
		{"accents", []Count{{"café", 2}, {"Cafe", 1}, {"CAFÉS", 1}}, "café 2, Cafe 1, CAFÉS 1"},
		{"-ies is -y", []Count{{"categories", 1}, {"category", 3}}, "category 3, categories 1"},
		{"-ies is -ie", []Count{{"movie", 1}, {"movies", 2}}, "movies 2, movie 1"},
		{"-es after x", []Count{{"box", 1}, {"boxes", 1}}, "box 1, boxes 1"},
		{"-es after ch", []Count{{"watch", 2}, {"watches", 1}}, "watch 2, watches 1"},
		{"-es after ss", []Count{{"class", 1}, {"classes", 1}}, "class 1, classes 1"},
		{"-es that is -e and -s", []Count{{"tube", 1}, {"tubes", 1}}, "tube 1, tubes 1"},
		{"plural and separators", []Count{{"Web API", 1}, {"web-apis", 1}}, "Web API 1, web-apis 1"},
		{"a tie goes by name", []Count{{"rust", 2}, {"Rust", 2}}, "Rust 2, rust 2"},
		{"two groups, by name", []Count{{"zig", 1}, {"Zig", 1}, {"a-b", 1}, {"AB", 1}, {"lone", 9}},
			"a-b 1, AB 1 | Zig 1, zig 1"},
		{"three spellings through a plural", []Count{{"Ad-Techs", 1}, {"adtech", 1}, {"ad tech", 1}},
			"ad tech 1, Ad-Techs 1, adtech 1"},
		// False friends: an "s" that is no plural, or too short a word.
		{"news is not new", []Count{{"new", 1}, {"news", 1}}, ""},
		{"windows is not window", []Count{{"window", 1}, {"windows", 1}}, ""},
		{"us is not u", []Count{{"u", 1}, {"us", 1}}, ""},
		{"css is not cs", []Count{{"cs", 1}, {"css", 1}}, ""},
		{"gos is not go", []Count{{"go", 1}, {"gos", 1}}, ""},
		{"ios is not io", []Count{{"io", 1}, {"iOS", 1}}, ""},
		{"k8s is not k8", []Count{{"k8", 1}, {"k8s", 1}}, ""},
		{"class is not clas", []Count{{"clas", 1}, {"class", 1}}, ""},
		{"recipes is not recip", []Count{{"recip", 1}, {"recipes", 1}}, ""},
		{"only the plural ending", []Count{{"cats", 1}, {"catsup", 1}}, ""},
		{"other marks are kept", []Count{{"c++", 1}, {"c", 1}, {"c#", 1}, {"node.js", 1}, {"nodejs", 1}}, ""},
		{"separators only", []Count{{"-", 1}, {"_", 1}, {"#", 1}}, ""},
		{"none", nil, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := groups(tt.tags...); got != tt.want {
				t.Errorf("Similar(%v)\n got %q\nwant %q", tt.tags, got, tt.want)
			}
		})
	}
}

// Similar groups the tags Tags counts, each once; the suggested name is
// the most used spelling; Total counts a group's uses.
func TestSimilarOfRecords(t *testing.T) {
	t.Parallel()
	var recs []*ssd3.Record
	for i, tags := range []string{"AdTech, go", "ad-tech", "ad-tech, Go", "ad-tech", "recipes", "recipe"} {
		recs = append(recs, ssd3.NewRecord(ssd3.Values{URI: fmt.Sprintf("https://x.example/%d", i), Name: "x", Date: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC), Extensions: []ssd3.Field{{Name: ssd3.FieldTags, Value: tags}}}))
	}
	gs := Similar(Tags(recs))
	if len(gs) != 3 {
		t.Fatalf("groups %v, want 3", gs)
	}
	if gs[0][0].Name != "ad-tech" || gs[0].Total() != 4 || strings.Join(gs[0].Names(), ",") != "ad-tech,AdTech" {
		t.Errorf("first group %v (total %d), want ad-tech 3, AdTech 1", gs[0], gs[0].Total())
	}
	if got := fmt.Sprint(Singletons(Tags(recs))); got != "[{AdTech 1} {Go 1} {go 1} {recipe 1} {recipes 1}]" {
		t.Errorf("singletons %s", got)
	}
}

// Over random tags, the groups are a partition of some of them: each tag
// in one group at most, every group of two tags or more, the most used
// first, and each tag alike (same key, or a plural of it, either way) to
// another of its group.
func TestSimilarPartition(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 8))
	parts := []string{"ad", "tech", "Ad", "TECH", "-", " ", "_", "#", "s", "es", "ies", "box", "y", "new", "cs", "é"}
	for range 200 {
		n := map[string]int{}
		for range rng.IntN(30) {
			var b strings.Builder
			for range 1 + rng.IntN(4) {
				b.WriteString(parts[rng.IntN(len(parts))])
			}
			n[b.String()] += 1 + rng.IntN(3)
		}
		var tags []Count
		for name, k := range n {
			tags = append(tags, Count{name, k})
		}
		seen := map[string]bool{}
		for _, g := range Similar(tags) {
			if len(g) < 2 {
				t.Fatalf("a group of one: %v", g)
			}
			for i, c := range g {
				if seen[c.Name] {
					t.Fatalf("%q in two groups", c.Name)
				}
				seen[c.Name] = true
				if i > 0 && g[i-1].Count < c.Count {
					t.Fatalf("group %v not most used first", g)
				}
				if !slices.ContainsFunc(g, func(d Count) bool { return d.Name != c.Name && alike(c.Name, d.Name) }) {
					t.Fatalf("%q is like no other tag of %v", c.Name, g)
				}
			}
		}
	}
}

// alike reports whether a and b have one key, or one's key is a singular
// of the other's.
func alike(a, b string) bool {
	ka, kb := TagKey(a), TagKey(b)
	return ka == kb || slices.Contains(singulars(ka), kb) || slices.Contains(singulars(kb), ka)
}
