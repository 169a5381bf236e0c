package catalogue

import (
	"bytes"
	"strings"
	"testing"
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
				if p.Field == FieldConflict {
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
			var marked *Record
			for _, r := range c.Records() {
				if ConflictSide(r) != "" {
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
				if r.Extension(FieldConflict) != "" {
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
			if got := c.Records(); len(got) < 2 || got[len(got)-1].Extension(FieldConflict) == "" && got[1].Extension(FieldConflict) == "" {
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
