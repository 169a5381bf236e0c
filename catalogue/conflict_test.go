package catalogue

import (
	"bytes"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// mergeFileText is mergeText for MergeFile; base "-" is no base at all.
func mergeFileText(t testing.TB, base, ours, theirs string) (string, []Conflict) {
	t.Helper()
	snap := func(s string) *Snapshot {
		c, err := Read(strings.NewReader(crlf(s)))
		if err != nil {
			t.Fatal(err)
		}
		return c.Snapshot()
	}
	var b *Snapshot
	if base != "-" {
		b = snap(base)
	}
	m, cs := MergeFile(b, snap(ours), snap(theirs))
	var buf bytes.Buffer
	if _, err := m.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return strings.ReplaceAll(buf.String(), "\r\n", "\n"), cs
}

func TestMergeFile(t *testing.T) {
	base := mA + "\n" + mB + "\n" + mC
	tests := []struct {
		name                     string
		base, ours, theirs, want string
		conflicts                int
	}{
		{name: "no conflict: what Merge gives",
			base: base, ours: mA + "\n" + mC + "\n" + mB, theirs: base + "\n" + mD,
			want: mA + "\n" + mC + "\n" + mB + "\n" + mD},
		{name: "the same field set differently: theirs' version after ours', marked",
			base:      base,
			ours:      strings.Replace(mA, "NAME: A", "NAME: A ours", 1) + "\n" + mB + "\n" + mC,
			theirs:    strings.Replace(mA, "NAME: A", "NAME: A theirs", 1) + "\n" + mB + "\n" + mC,
			want:      strings.Replace(mA, "NAME: A", "NAME: A ours", 1) + "\n" + strings.Replace(mA, "NAME: A", "NAME: A theirs", 1) + "X-CONFLICT: theirs: NAME differs from the record before\n\n" + mB + "\n" + mC,
			conflicts: 1},
		{name: "edited by ours, deleted by theirs: ours' version kept, marked",
			base:      base,
			ours:      mA + "\n" + mB + "\n" + strings.Replace(mC, "NAME: C", "NAME: C2", 1),
			theirs:    mA + "\n" + mB,
			want:      mA + "\n" + mB + "\n" + strings.Replace(mC, "NAME: C", "NAME: C2", 1) + "X-CONFLICT: ours: theirs deleted this record, ours edited it\n",
			conflicts: 1},
		{name: "deleted by ours, edited by theirs: theirs' version kept, marked",
			base:      base,
			ours:      mA + "\n" + mB,
			theirs:    mA + "\n" + mB + "\n" + strings.Replace(mC, "NAME: C", "NAME: C2", 1),
			want:      mA + "\n" + mB + "\n" + strings.Replace(mC, "NAME: C", "NAME: C2", 1) + "X-CONFLICT: theirs: ours deleted this record, theirs edited it\n",
			conflicts: 1},
		{name: "both added the same bookmark: one",
			base: base, ours: base + "\n" + mD, theirs: base + "\n" + mD,
			want: base + "\n" + mD},
		{name: "both added one URI, fields apart: one record with both, the later DATE and the earlier added date",
			base:   base,
			ours:   base + "\n" + mD,
			theirs: base + "\n" + "URI: http://d/\nNAME: D\nDATE: 05/05/2005 00:00:00\nRATING: 4\n",
			want:   base + "\n" + "URI: http://d/\nNAME: D\nDATE: 05/05/2005 00:00:00\nRATING: 4\nX-ADDED: 04/04/2004 00:00:00\n"},
		{name: "both added one URI with different names: both kept, theirs marked",
			base:      base,
			ours:      base + "\n" + mD,
			theirs:    base + "\n" + strings.Replace(mD, "NAME: D", "NAME: Dee", 1),
			want:      base + "\n" + mD + "\n" + strings.Replace(mD, "NAME: D", "NAME: Dee", 1) + "X-CONFLICT: theirs: NAME differs from the record before\n",
			conflicts: 1},
		{name: "no base (a sync conflict copy): the union",
			base:   "-",
			ours:   mA + "\n" + mB,
			theirs: mA + "\n" + mC,
			want:   mA + "\n" + mB + "\n" + mC},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, cs := mergeFileText(t, tt.base, tt.ours, tt.theirs)
			if got != tt.want {
				t.Errorf("merged:\n%s\nwant:\n%s", got, tt.want)
			}
			if len(cs) != tt.conflicts {
				t.Errorf("%d conflicts (%v), want %d", len(cs), cs, tt.conflicts)
			}
			// Whatever it holds, the result reads back, and each marked
			// version is a warning for check.
			c, err := Read(strings.NewReader(crlf(got)))
			if err != nil {
				t.Fatal(err)
			}
			warned := 0
			for _, p := range c.Problems() {
				if p.Field == ssd3.FieldConflict {
					warned++
				}
			}
			if want := strings.Count(tt.want, "X-CONFLICT"); warned != want {
				t.Errorf("%d X-CONFLICT warnings, want %d: %v", warned, want, c.Problems())
			}
		})
	}
}

// FuzzMergeFile: merging with an unchanged side gives the other side
// back exactly, and nothing either side had is lost: every record text of
// ours is in the result, and every field value of theirs.
func FuzzMergeFile(f *testing.F) {
	f.Add(mA+"\n"+mB, mA+"\n"+mC, mA+"\n"+strings.Replace(mB, "B", "Bee", 1))
	f.Add(mA, mA+"\n"+mD, mA+"\n"+strings.Replace(mD, "NAME: D", "NAME: X", 1))
	f.Fuzz(func(t *testing.T, base, ours, theirs string) {
		read := func(s string) *Snapshot {
			c, err := Read(strings.NewReader(s))
			if err != nil {
				t.Skip()
			}
			return c.Snapshot()
		}
		b, o, th := read(base), read(ours), read(theirs)
		text := func(s *Snapshot) string {
			var buf bytes.Buffer
			if _, err := s.WriteTo(&buf); err != nil {
				t.Fatal(err)
			}
			return buf.String()
		}
		if m, cs := MergeFile(b, b, th); len(cs) == 0 && text(m) != text(th) {
			t.Fatalf("ours unchanged: got\n%q\nwant theirs\n%q", text(m), text(th))
		}
		if m, cs := MergeFile(b, o, b); len(cs) == 0 && text(m) != text(o) {
			t.Fatalf("theirs unchanged: got\n%q\nwant ours\n%q", text(m), text(o))
		}
		m, _ := MergeFile(b, o, th)
		got := text(m)
		again, err := Read(strings.NewReader(got))
		if err != nil {
			t.Fatalf("the merged file does not read: %v", err)
		}
		if len(again.Records()) < len(o.Records())-len(b.Records()) {
			t.Fatalf("records lost: %d in the result, ours %d, base %d", len(again.Records()), len(o.Records()), len(b.Records()))
		}
	})
}

func TestSettle(t *testing.T) {
	base := mA + "\n" + mB
	fieldConflict := func() string {
		got, _ := mergeFileText(t, base,
			strings.Replace(mA, "NAME: A", "NAME: A ours", 1)+"\n"+mB,
			strings.Replace(mA, "NAME: A", "NAME: A theirs", 1)+"\n"+mB)
		return got
	}
	deleteConflict := func() string { // theirs deleted B, ours edited it
		got, _ := mergeFileText(t, base, mA+"\n"+strings.Replace(mB, "NAME: B", "NAME: B2", 1), mA)
		return got
	}
	tests := []struct {
		name  string
		file  func() string
		keep  Keep
		names string // the NAMEs left, in order
	}{
		{"field conflict, keep ours", fieldConflict, KeepOurs, "A ours,B"},
		{"field conflict, keep theirs", fieldConflict, KeepTheirs, "A theirs,B"},
		{"field conflict, keep both", fieldConflict, KeepBoth, "A ours,A theirs,B"},
		{"edited here, deleted there, keep ours (the edit)", deleteConflict, KeepOurs, "A,B2"},
		{"edited here, deleted there, keep theirs (the deletion)", deleteConflict, KeepTheirs, "A"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Read(strings.NewReader(crlf(tt.file())))
			if err != nil {
				t.Fatal(err)
			}
			var marked *ssd3.Record
			for _, r := range c.Records() {
				if ssd3.ConflictSide(r) != "" {
					marked = r
				}
			}
			if marked == nil {
				t.Fatal("no marked record")
			}
			var h History
			if err := h.apply(c, Settle(c.Records(), marked, tt.keep), "settle"); err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, r := range c.Records() {
				names = append(names, r.Name())
				if r.Extension(ssd3.FieldConflict) != "" {
					t.Errorf("%s still marked", r.Name())
				}
			}
			if got := strings.Join(names, ","); got != tt.names {
				t.Errorf("left %s, want %s", got, tt.names)
			}
			// One step: undo gives the conflict back.
			if _, err := h.Undo(c); err != nil {
				t.Fatal(err)
			}
			if got := c.Records(); len(got) < 2 || got[len(got)-1].Extension(ssd3.FieldConflict) == "" && got[1].Extension(ssd3.FieldConflict) == "" {
				t.Error("undo did not give the conflict back")
			}
		})
	}
}

// TestMergeFilePairs checks that every record of each side ends in the
// merged file or in a conflict, whatever URIs and IDs the records share:
// duplicates added on purpose stay records of their own, and an ID that
// changed hands does not carry one record's edits to another.
func TestMergeFilePairs(t *testing.T) {
	t.Parallel()
	const (
		x  = "URI: http://x/\nNAME: X\nDATE: 01/01/2001 00:00:00\n"
		xA = "URI: http://x/\nNAME: A\nDATE: 02/01/2001 00:00:00\n"
		xB = "URI: http://x/\nNAME: B\nDATE: 03/01/2001 00:00:00\n"
		// xWork is an add --allow-duplicate that names no NAME: the page's.
		xWork = "URI: http://x/\nNAME: X\nCATEGORY: Work\nDATE: 04/01/2001 00:00:00\n"
		y     = "URI: http://y/\nNAME: Y\nDATE: 05/01/2001 00:00:00\n"
		yEd   = "URI: http://y/\nNAME: Y edited\nDATE: 06/01/2001 00:00:00\n"
		a1    = "URI: http://a/\nNAME: A\nID: 1\nDATE: 01/01/2001 00:00:00\n"
		b5    = "URI: http://b/\nNAME: B\nID: 5\nDATE: 01/01/2001 00:00:00\n"
	)
	tests := []struct {
		name                     string
		base, ours, theirs, want string
		conflicts                int
	}{
		{name: "theirs adds two duplicates of one URI, ours edits another: both kept",
			base: x + "\n" + y, ours: x + "\n" + yEd, theirs: x + "\n" + y + "\n" + xA + "\n" + xB,
			want: x + "\n" + yEd + "\n" + xA + "\n" + xB},
		{name: "a duplicate added on purpose is not absorbed by the original",
			base: x + "\n" + y, ours: x + "\n" + yEd, theirs: x + "\n" + y + "\n" + xWork,
			want: x + "\n" + yEd + "\n" + xWork},
		{name: "ours adds the duplicates, theirs edits another: kept in place",
			base: x + "\n" + y, ours: x + "\n" + xA + "\n" + y + "\n" + xB, theirs: x + "\n" + yEd,
			want: x + "\n" + xA + "\n" + yEd + "\n" + xB},
		{name: "an ID moved from B to A does not carry theirs' edits of B to A",
			base:   a1 + "\n" + b5,
			ours:   strings.Replace(a1, "ID: 1", "ID: 5", 1) + "\n" + strings.Replace(b5, "ID: 5\n", "", 1),
			theirs: a1 + "\n" + strings.Replace(b5, "DATE: 01/01/2001 00:00:00", "DATE: 02/02/2002 00:00:00\nRATING: 4\nX-TAGS: read", 1),
			want: strings.Replace(a1, "ID: 1", "ID: 5", 1) + "\n" +
				"URI: http://b/\nNAME: B\nDATE: 02/02/2002 00:00:00\nRATING: 4\nX-TAGS: read\n"},
		{name: "no base: a copy with two versions of one URI keeps both, beside ours' own",
			base: "-", ours: x, theirs: xA + "\n" + xB,
			want: x + "\n" + xA + "\n" + xB},
		{name: "no base: a copy with ours' version and a second one keeps the second once",
			base: "-", ours: x, theirs: x + "\n" + xA,
			want: x + "\n" + xA},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, cs := mergeFileText(t, tt.base, tt.ours, tt.theirs)
			if got != tt.want {
				t.Errorf("merged:\n%s\nwant:\n%s", got, tt.want)
			}
			if len(cs) != tt.conflicts {
				t.Errorf("%d conflicts (%v), want %d", len(cs), cs, tt.conflicts)
			}
		})
	}
}

// pairGen makes versions of a catalogue for FuzzMergePairs: records that
// share URIs, IDs that move from one record to another, duplicates added
// on purpose. Each side edits only its own fields, so that what it
// changed is known whatever the merge pairs with what.
type pairGen struct {
	rng    *rand.Rand
	serial int
}

// genRecord is one record as field name to value.
type genRecord map[string]string

func (g *pairGen) text(rs []genRecord) string {
	var b strings.Builder
	for i, r := range rs {
		if i > 0 {
			b.WriteString("\r\n")
		}
		for _, name := range []string{ssd3.FieldURI, ssd3.FieldName, ssd3.FieldID, ssd3.FieldDate, ssd3.FieldCategory, ssd3.FieldDescription, ssd3.FieldRating, ssd3.FieldTags} {
			if v := r[name]; v != "" {
				b.WriteString(name + ": " + v + "\r\n")
			}
		}
	}
	return b.String()
}

// record is a new record; year sets its DATE apart from base's.
func (g *pairGen) record(year int, who string) genRecord {
	g.serial++
	r := genRecord{ssd3.FieldURI: fmt.Sprintf("http://u%d.example/", g.rng.IntN(4)), ssd3.FieldName: fmt.Sprintf("%s %d", who, g.serial),
		ssd3.FieldDate: fmt.Sprintf("%02d/01/%d 00:00:00", 1+g.serial%28, year)}
	if g.rng.IntN(2) == 0 {
		r[ssd3.FieldCategory] = "C" + fmt.Sprint(g.rng.IntN(3))
	}
	if g.rng.IntN(3) == 0 {
		r[ssd3.FieldRating] = fmt.Sprint(1 + g.rng.IntN(5))
	}
	if who == ssd3.SideTheirs {
		// Theirs owns DESCRIPTION: what tells its additions apart.
		r[ssd3.FieldDescription] = fmt.Sprintf("added %d", g.serial)
	}
	return r
}

// version is a side's version of base: each record kept, deleted or
// edited in the fields the side owns, records added (often with a URI
// base has), and for ours an ID moved from one record to another.
func (g *pairGen) version(base []genRecord, owned []string, who string) (out []genRecord, edited []bool) {
	uris := map[string]int{}
	for _, b := range base {
		uris[b[ssd3.FieldURI]]++
	}
	gone := map[string]bool{} // the URIs of records deleted that were the only ones
	for _, b := range base {
		switch g.rng.IntN(7) {
		case 0: // deleted
			gone[b[ssd3.FieldURI]] = uris[b[ssd3.FieldURI]] == 1
			continue
		case 1, 2, 3:
			r := maps.Clone(b)
			for _, f := range owned[:1+g.rng.IntN(len(owned))] {
				r[f] = g.value(f, who)
			}
			if g.rng.IntN(2) == 0 {
				r[ssd3.FieldDate] = fmt.Sprintf("%02d/02/2010 00:00:00", 1+g.rng.IntN(28))
			}
			out, edited = append(out, r), append(edited, true)
			continue
		}
		out, edited = append(out, b), append(edited, false)
	}
	for range g.rng.IntN(3) {
		r := g.record(2020, who)
		if gone[r[ssd3.FieldURI]] {
			// The one record of a URI deleted and another added with it
			// is that record edited, as a person reading the files
			// would say: not two records.
			continue
		}
		at := g.rng.IntN(len(out) + 1)
		out, edited = slices.Insert(out, at, r), slices.Insert(edited, at, true)
	}
	if who == ssd3.SideOurs && len(out) > 1 && g.rng.IntN(3) == 0 {
		a, b := g.rng.IntN(len(out)), g.rng.IntN(len(out))
		if a != b && out[b][ssd3.FieldID] != "" {
			out[a], out[b] = maps.Clone(out[a]), maps.Clone(out[b])
			out[a][ssd3.FieldID], out[b][ssd3.FieldID] = out[b][ssd3.FieldID], ""
			edited[a], edited[b] = true, true
		}
	}
	return out, edited
}

func (g *pairGen) value(field, who string) string {
	switch field {
	case ssd3.FieldRating:
		return fmt.Sprint(1 + g.rng.IntN(5))
	case ssd3.FieldID:
		g.serial++
		return fmt.Sprint(100 + g.serial)
	case ssd3.FieldName:
		return fmt.Sprintf("%s name %d", who, g.rng.IntN(3))
	}
	return fmt.Sprintf("%s %d", who, g.rng.IntN(3))
}

// holds reports whether a record of recs has r's URI and r's values of
// fields (every value r has when fields is nil).
func holds(recs []*ssd3.Record, r genRecord, fields []string) bool {
	if fields == nil {
		for name, v := range r {
			// With no common version a field one lacks is taken from the
			// other (the union): only values are owed, not absences.
			if name != ssd3.FieldDate && v != "" {
				fields = append(fields, name)
			}
		}
	}
	for _, m := range recs {
		if ssd3.URIKey(m.URI()) != ssd3.URIKey(r[ssd3.FieldURI]) {
			continue
		}
		if !slices.ContainsFunc(fields, func(f string) bool { return ssd3.GetField(m, f) != r[f] }) {
			return true
		}
	}
	return false
}

// FuzzMergePairs checks that a three-way merge, and a merge of several
// conflict copies, keeps every record of each side: each record a side
// added or edited is in the merged file, with the values that side gave
// the fields it owns (every field, for a copy's), as a record of its own,
// merged with the other side's edits, or as a marked version. Only a deletion of a record the other side left as it was
// takes a record away.
func FuzzMergePairs(f *testing.F) {
	for i := range 8 {
		f.Add(uint64(i), uint8(6))
	}
	f.Fuzz(func(t *testing.T, seed uint64, n uint8) {
		g := &pairGen{rng: rand.New(rand.NewPCG(seed, 1))}
		var base []genRecord
		ids := g.rng.Perm(int(n%10) + 1)
		for i := range int(n % 10) {
			r := g.record(2001, "base")
			if g.rng.IntN(2) == 0 {
				r[ssd3.FieldID] = fmt.Sprint(1 + ids[i])
			}
			base = append(base, r)
		}
		oursOwn := []string{ssd3.FieldName, ssd3.FieldRating, ssd3.FieldID}
		theirsOwn := []string{ssd3.FieldCategory, ssd3.FieldDescription, ssd3.FieldTags}
		ours, oursEdited := g.version(base, oursOwn, ssd3.SideOurs)
		theirs, theirsEdited := g.version(base, theirsOwn, ssd3.SideTheirs)
		read := func(rs []genRecord) *Snapshot {
			c, err := Read(strings.NewReader(g.text(rs)))
			if err != nil {
				t.Fatal(err)
			}
			return c.Snapshot()
		}
		m, _ := MergeFile(read(base), read(ours), read(theirs))
		check := func(what string, side []genRecord, edited []bool, own []string, out *Snapshot) {
			for i, r := range side {
				if !edited[i] {
					continue
				}
				// An addition may pair with a record the side deleted
				// (same URI): the other side's edits then apply to it.
				fields := append([]string{ssd3.FieldURI}, own...)
				if strings.HasSuffix(r[ssd3.FieldDate], "2020 00:00:00") {
					// Added: a field it lacks may come from a record
					// the other side added with its URI (the union).
					fields = slices.DeleteFunc(fields, func(f string) bool { return r[f] == "" })
				}
				if !holds(out.Records(), r, fields) {
					t.Fatalf("%s's record %v is lost:\nbase:\n%s\nours:\n%s\ntheirs:\n%s\nmerged:\n%s",
						what, r, g.text(base), g.text(ours), g.text(theirs), snapText(t, out))
				}
			}
		}
		check("ours", ours, oursEdited, oursOwn, m)
		check("theirs", theirs, theirsEdited, theirsOwn, m)

		// Conflict copies: no common version, each copy merged in turn.
		merged := read(ours)
		copies := [][]genRecord{theirs}
		for range g.rng.IntN(3) {
			cp, _ := g.version(ours, theirsOwn, ssd3.SideTheirs)
			copies = append(copies, cp)
		}
		for _, cp := range copies {
			merged, _ = MergeFile(nil, merged, read(cp))
		}
		for _, side := range append(copies, ours) {
			for _, r := range side {
				if !holds(merged.Records(), r, nil) {
					t.Fatalf("a copy's record %v is lost:\nours:\n%s\ncopies:\n%v\nmerged:\n%s", r, g.text(ours), copies, snapText(t, merged))
				}
			}
		}
	})
}

func snapText(t testing.TB, s *Snapshot) string {
	var b bytes.Buffer
	if _, err := s.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestMergeFileLineEnds: a merged file ends all its lines one way, when
// one side converted its line ends from base's: that side's change, as
// any other, and with no base ours' kind.
func TestMergeFileLineEnds(t *testing.T) {
	t.Parallel()
	lf := func(s string) string { return strings.ReplaceAll(s, "\r\n", "\n") }
	base := crlf(mA + "\n" + mB)
	edited := crlf(mA + "\n" + strings.Replace(mB, "NAME: B", "NAME: B2", 1) + "\n" + mD)
	tests := []struct {
		name, base, ours, theirs string
		wantLF                   bool
	}{
		{"theirs converted to LF, ours edited", base, edited, lf(base), true},
		{"ours converted to LF, theirs edited", base, lf(base), edited, true},
		{"theirs converted to CRLF, ours edited in LF", lf(base), lf(edited), base, false},
		{"ours converted to CRLF, theirs edited in LF", lf(base), base, lf(edited), false},
		{"no base: a copy in LF merged into CRLF", "", base, lf(mA + "\n" + mE), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			snap := func(s string) *Snapshot {
				c, err := Read(strings.NewReader(s))
				if err != nil {
					t.Fatal(err)
				}
				return c.Snapshot()
			}
			var b *Snapshot
			if tt.base != "" {
				b = snap(tt.base)
			}
			m, cs := MergeFile(b, snap(tt.ours), snap(tt.theirs))
			got := snapText(t, m)
			crlfs := strings.Count(got, "\r\n")
			lfs := strings.Count(got, "\n") - crlfs
			if len(cs) > 0 || tt.wantLF && crlfs > 0 || !tt.wantLF && lfs > 0 {
				t.Errorf("%d lines in CRLF, %d in LF, %d conflicts; want LF %v:\n%q", crlfs, lfs, len(cs), tt.wantLF, got)
			}
			if strings.Count(got, "URI:") != strings.Count(lf(tt.ours+tt.theirs), "URI:")-strings.Count(lf(tt.base), "URI:") && tt.base != "" {
				t.Errorf("records lost or doubled:\n%q", got)
			}
		})
	}
}

// TestConflictPairSharesID: the two versions of a record a merge left are
// one record, so their shared ID is no "IDs must be unique" error, and
// each version keeps it (the problems view shows both sides' IDs).
func TestConflictPairSharesID(t *testing.T) {
	t.Parallel()
	got, cs := mergeFileText(t, mC, strings.Replace(mC, "NAME: C", "NAME: C ours", 1), strings.Replace(mC, "NAME: C", "NAME: C theirs", 1))
	if len(cs) != 1 {
		t.Fatalf("%d conflicts, want 1", len(cs))
	}
	c, err := Read(strings.NewReader(crlf(got)))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range c.Problems() {
		if p.Field == ssd3.FieldID {
			t.Errorf("problem %v", p)
		}
	}
	for _, r := range c.Records() {
		if r.ID() != "7" {
			t.Errorf("%s has ID %q, want 7", r.Name(), r.ID())
		}
	}
	// Two records with one ID that are no conflict pair still clash.
	c, err = Read(strings.NewReader(crlf(mC + "\n" + strings.Replace(mC, "http://c/", "http://c2/", 1))))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(c.Problems()); n != 1 || c.Records()[1].ID() != "" {
		t.Errorf("two records with ID 7: problems %v", c.Problems())
	}
}
