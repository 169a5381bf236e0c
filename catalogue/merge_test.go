package catalogue

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// mergeText merges three catalogues given as text (LF for CRLF) and
// returns the merged text (LF again) and the result.
func mergeText(t testing.TB, base, ours, theirs string) (string, *mergeResult) {
	t.Helper()
	snap := func(s string) *Snapshot {
		c, err := Read(strings.NewReader(crlf(s)))
		if err != nil {
			t.Fatal(err)
		}
		return c.Snapshot()
	}
	res := mergeVersions(snap(base), snap(ours), snap(theirs))
	var b bytes.Buffer
	if _, err := res.Merged.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return strings.ReplaceAll(b.String(), "\r\n", "\n"), res
}

const (
	mA = "URI: http://a/\nNAME: A\nDATE: 01/01/2001 00:00:00\n"
	// mB is written as a person might: fields out of the spec's order, an
	// extension; a merge that does not touch it keeps it byte for byte.
	mB  = "NAME: B\nX-NOTE: kept\nURI: http://b/\nDATE: 02/02/2002 00:00:00\n"
	mC  = "URI: http://c/\nNAME: C\nID: 7\nDATE: 03/03/2003 00:00:00\n"
	mD  = "URI: http://d/\nNAME: D\nDATE: 04/04/2004 00:00:00\n"
	mE  = "URI: http://e/\nNAME: E\nDATE: 05/05/2005 00:00:00\n"
	mAB = mA + "\n" + mB
)

func TestMerge(t *testing.T) {
	base := mA + "\n" + mB + "\n" + mC
	tests := []struct {
		name               string
		ours, theirs, want string
		conflicts          []string // "NAME-of-record FIELD" ("" field: an edit against a deletion)
		duplicates         int
	}{
		{name: "theirs unchanged gives ours",
			ours:   mD + "\n" + mA + "\n\n" + strings.Replace(mB, "B", "B2", 1),
			theirs: base,
			want:   mD + "\n" + mA + "\n\n" + strings.Replace(mB, "B", "B2", 1)},
		{name: "ours unchanged gives theirs, records where theirs put them",
			ours:   base,
			theirs: mC + "\n" + mD + "\n" + mA,
			want:   mC + "\n" + mD + "\n" + mA},
		{name: "one side's edit is taken, in ours' place",
			ours:   mA + "\n" + mC + "\n" + mB,
			theirs: base + "\n" + mD,
			want:   mA + "\n" + mC + "\n" + mB + "\n" + mD},
		{name: "both edit one record in different fields: combined, the others byte for byte",
			ours:   mA + "\n" + mB + "\n" + strings.Replace(mC, "NAME: C", "NAME: C ours", 1),
			theirs: mA + "\n" + mB + "\n" + strings.Replace(mC, "ID: 7", "ID: 7\nRATING: 5", 1),
			want:   mA + "\n" + mB + "\n" + "URI: http://c/\nNAME: C ours\nID: 7\nDATE: 03/03/2003 00:00:00\nRATING: 5\n"},
		{name: "the same change on both sides",
			ours:   mA + "\n" + strings.Replace(mB, "NAME: B", "NAME: Bee", 1) + "\n" + mC,
			theirs: mA + "\n" + strings.Replace(mB, "NAME: B", "NAME: Bee", 1) + "\n" + mC,
			want:   mA + "\n" + strings.Replace(mB, "NAME: B", "NAME: Bee", 1) + "\n" + mC},
		{name: "the same field set differently is a conflict; ours' value stays",
			ours:      strings.Replace(mA, "NAME: A", "NAME: A ours", 1) + "\n" + mB + "\n" + mC,
			theirs:    strings.Replace(mA, "NAME: A", "NAME: A theirs\nRATING: 2", 1) + "\n" + mB + "\n" + mC,
			want:      "URI: http://a/\nNAME: A ours\nDATE: 01/01/2001 00:00:00\nRATING: 2\n" + "\n" + mB + "\n" + mC,
			conflicts: []string{"A ours NAME"}},
		{name: "every conflict is reported, not only the first",
			ours:      strings.Replace(mA, "NAME: A", "NAME: A1", 1) + "\n" + strings.Replace(mB, "NAME: B", "NAME: B1", 1) + "\n" + mC,
			theirs:    strings.Replace(mA, "NAME: A", "NAME: A2", 1) + "\n" + strings.Replace(mB, "NAME: B", "NAME: B2", 1),
			want:      strings.Replace(mA, "NAME: A", "NAME: A1", 1) + "\n" + strings.Replace(mB, "NAME: B", "NAME: B1", 1),
			conflicts: []string{"A1 NAME", "B1 NAME"}},
		{name: "edited by ours, deleted by theirs: kept, a conflict",
			ours:      mA + "\n" + strings.Replace(mB, "NAME: B", "NAME: B1", 1) + "\n" + mC,
			theirs:    mA + "\n" + mC,
			want:      mA + "\n" + strings.Replace(mB, "NAME: B", "NAME: B1", 1) + "\n" + mC,
			conflicts: []string{"B1 "}},
		{name: "deleted by ours, edited by theirs: kept after ours, a conflict",
			ours:      mA + "\n" + mC,
			theirs:    mA + "\n" + strings.Replace(mB, "NAME: B", "NAME: B2", 1) + "\n" + mC,
			want:      mA + "\n" + mC + "\n" + strings.Replace(mB, "NAME: B", "NAME: B2", 1),
			conflicts: []string{"B2 "}},
		{name: "deleted on one side, untouched on the other: deleted",
			ours:   mA + "\n" + mC,
			theirs: base + "\n" + mE,
			want:   mA + "\n" + mC + "\n" + mE},
		{name: "deleted on both sides",
			ours:   mA + "\n" + mB,
			theirs: mA + "\n" + mB + "\n" + mD,
			want:   mAB + "\n" + mD},
		{name: "additions of both sides: ours in place, theirs after in their order",
			ours:   mD + "\n" + base,
			theirs: mE + "\n" + base + "\n" + strings.Replace(mD, "d/", "f/", 1),
			want:   mD + "\n" + base + "\n" + mE + "\n" + strings.Replace(mD, "d/", "f/", 1)},
		{name: "theirs adds a URI ours has: left out, listed",
			ours:       base + "\n" + mD,
			theirs:     base + "\n" + strings.Replace(mD, "NAME: D", "NAME: D again", 1),
			want:       base + "\n" + mD,
			duplicates: 1},
		{name: "records pair by ID where the URI changed",
			ours:   mA + "\n" + mB + "\n" + strings.Replace(mC, "http://c/", "http://c.example/", 1),
			theirs: mA + "\n" + mB + "\n" + strings.Replace(mC, "NAME: C", "NAME: Sea", 1),
			want:   mA + "\n" + mB + "\n" + "URI: http://c.example/\nNAME: Sea\nID: 7\nDATE: 03/03/2003 00:00:00\n"},
		{name: "records pair by URI where both changed text",
			ours:   strings.Replace(mA, "NAME: A", "NAME: A\nRATING: 4", 1) + "\n" + mB + "\n" + mC,
			theirs: strings.Replace(mA, "NAME: A", "NAME: Ay", 1) + "\n" + mB + "\n" + mC,
			want:   "URI: http://a/\nNAME: Ay\nRATING: 4\nDATE: 01/01/2001 00:00:00\n" + "\n" + mB + "\n" + mC},
		{name: "DATE stamped on both sides: the later stays, and when the record was added",
			ours:   strings.Replace(mA, "NAME: A\nDATE: 01/01/2001 00:00:00", "NAME: A1\nDATE: 09/09/2009 00:00:00\nX-ADDED: 01/01/2001 00:00:00", 1) + "\n" + mB + "\n" + mC,
			theirs: strings.Replace(mA, "DATE: 01/01/2001 00:00:00", "RATING: 3\nDATE: 10/10/2010 00:00:00\nX-ADDED: 01/01/2001 00:00:00", 1) + "\n" + mB + "\n" + mC,
			want:   "URI: http://a/\nNAME: A1\nDATE: 10/10/2010 00:00:00\nX-ADDED: 01/01/2001 00:00:00\nRATING: 3\n" + "\n" + mB + "\n" + mC},
		{name: "an edit undone on one side keeps when the record was added, edited on the other",
			ours:   strings.Replace(mA, "NAME: A\nDATE: 01/01/2001 00:00:00", "NAME: A1\nDATE: 09/09/2009 00:00:00\nX-ADDED: 01/01/2001 00:00:00", 1) + "\n" + mB + "\n" + mC,
			theirs: strings.Replace(mA, "DATE: 01/01/2001 00:00:00", "DATE: 01/01/2001 00:00:00\nRATING: 3", 1) + "\n" + mB + "\n" + mC,
			want:   "URI: http://a/\nNAME: A1\nDATE: 09/09/2009 00:00:00\nX-ADDED: 01/01/2001 00:00:00\nRATING: 3\n" + "\n" + mB + "\n" + mC},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, res := mergeText(t, base, tt.ours, tt.theirs)
			if got != tt.want {
				t.Errorf("merged:\n%s\nwant:\n%s", got, tt.want)
			}
			var conflicts []string
			for _, c := range res.Conflicts {
				conflicts = append(conflicts, c.Name()+" "+c.Field)
			}
			if !slices.Equal(conflicts, tt.conflicts) {
				t.Errorf("conflicts %q, want %q", conflicts, tt.conflicts)
			}
			if len(res.Duplicates) != tt.duplicates {
				t.Errorf("%d duplicates, want %d", len(res.Duplicates), tt.duplicates)
			}
		})
	}
}

// TestMergeConflictValues checks that a conflict carries both values, for
// a git merge driver or a problems view to offer.
func TestMergeConflictValues(t *testing.T) {
	_, res := mergeText(t, mA, strings.Replace(mA, "NAME: A", "NAME: Ours", 1), strings.Replace(mA, "NAME: A", "NAME: Theirs", 1))
	if len(res.Conflicts) != 1 {
		t.Fatalf("%d conflicts, want 1", len(res.Conflicts))
	}
	c := res.Conflicts[0]
	if c.Field != ssd3.FieldName || c.OursValue != "Ours" || c.TheirsValue != "Theirs" || c.Base.Name() != "A" || c.Deleted() {
		t.Errorf("conflict %+v", c)
	}
}

// randomVersion changes base at random: edits of NAME, RATING, CATEGORY
// and DATE, deletions and additions, with seeded choices.
func randomVersion(rng *rand.Rand, base []string, side string) []string {
	var out []string
	for i, r := range base {
		switch rng.IntN(6) {
		case 0: // deleted
			continue
		case 1:
			r = strings.Replace(r, "NAME: ", "NAME: "+side, 1)
		case 2:
			r += fmt.Sprintf("RATING: %d\n", 1+rng.IntN(5))
		case 3:
			r += "CATEGORY: " + side + "\n"
		case 4:
			r = strings.Replace(r, "DATE: 0", fmt.Sprintf("DATE: %d", 1+rng.IntN(2)), 1)
		}
		out = append(out, r)
		if rng.IntN(5) == 0 {
			out = append(out, fmt.Sprintf("URI: http://%s%d/\nNAME: new %d\nDATE: 01/01/2020 00:00:00\n", side, i, rng.IntN(3)))
		}
	}
	return out
}

// FuzzMerge checks mergeVersions's laws on random versions of a catalogue: merging
// with an unchanged side gives the other side back byte for byte, and
// merging is symmetric up to the order of records when there is no
// conflict and nothing left out.
func FuzzMerge(f *testing.F) {
	for i := range 8 {
		f.Add(uint64(i), uint8(6))
	}
	f.Fuzz(func(t *testing.T, seed uint64, n uint8) {
		rng := rand.New(rand.NewPCG(seed, 0))
		var base []string
		for i := range int(n % 24) {
			r := fmt.Sprintf("URI: http://x/%d\nNAME: r%d\nDATE: 0%d/01/2001 00:00:00\n", rng.IntN(12), i, 1+rng.IntN(9))
			if rng.IntN(3) == 0 {
				r += fmt.Sprintf("ID: %d\n", 1+rng.IntN(30))
			}
			base = append(base, r)
		}
		join := func(rs []string) string { return strings.Join(rs, "\n") }
		ours, theirs := randomVersion(rng, base, "o"), randomVersion(rng, base, "t")
		b, o, th := join(base), join(ours), join(theirs)
		for _, side := range []string{o, th} {
			if got, _ := mergeText(t, b, side, b); got != side {
				t.Fatalf("merged with theirs unchanged:\n%s\nwant ours:\n%s", got, side)
			}
			if got, _ := mergeText(t, b, b, side); got != side {
				t.Fatalf("merged with ours unchanged:\n%s\nwant theirs:\n%s", got, side)
			}
		}
		_, ot := mergeText(t, b, o, th)
		_, to := mergeText(t, b, th, o)
		if len(ot.Conflicts)+len(to.Conflicts)+len(ot.Duplicates)+len(to.Duplicates) > 0 {
			return
		}
		if a, z := recordValues(ot.Merged), recordValues(to.Merged); !slices.Equal(a, z) {
			t.Fatalf("not symmetric:\n%q\n%q\nbase:\n%s\nours:\n%s\ntheirs:\n%s", a, z, b, o, th)
		}
	})
}

// recordValues returns each record's values as a string, sorted.
func recordValues(s *Snapshot) []string {
	var vs []string
	for _, r := range s.Records() {
		x := r.Extensions()
		slices.SortFunc(x, func(a, b ssd3.Field) int { return strings.Compare(a.Name, b.Name) })
		vs = append(vs, fmt.Sprint(r.Values(), x))
	}
	slices.Sort(vs)
	return vs
}
