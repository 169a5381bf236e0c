package catalogue

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

func TestMain(m *testing.M) {
	if path := os.Getenv("URICAT_TEST_SAVER"); path != "" {
		saveForever(path)
		return
	}
	if path := os.Getenv("URICAT_TEST_SAVE_ONCE"); path != "" {
		saveOnce(path)
		return
	}
	os.Exit(m.Run())
}

// saveForever is the child of TestKilledSaveNeverTearsTheFile: it rewrites
// the catalogue at path over and over, alternating between two versions
// of very different sizes, until it is killed.
func saveForever(path string) {
	for {
		c, err := Open(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		if c.Len() == 1 {
			for j := 0; j < 2000; j++ {
				if _, err := testAdd(c, ssd3.NewRecord(ssd3.Values{URI: fmt.Sprintf("http://e/%d", j), Name: "padding record"})); err != nil {
					os.Exit(4)
				}
			}
		} else {
			for _, r := range append([]*ssd3.Record(nil), c.Records()[1:]...) {
				testDelete(c, r)
			}
		}
		if err := c.Save(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(5)
		}
	}
}

// saveOnce is the child of tests that save as another user: it adds a
// record to the catalogue at path and saves it, and prints the save's
// warnings, one a line.
func saveOnce(path string) {
	c, err := Open(path)
	if err == nil {
		_, err = c.Apply(Add{Records: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://child/", Name: "child"})}})
	}
	if err == nil {
		err = c.Save()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(5)
	}
	for _, w := range c.SaveWarnings() {
		fmt.Println(w)
	}
	os.Exit(0)
}

// TestKilledSaveNeverTearsTheFile kills a process that is saving, at random
// instants, many times: each time the file must be a whole catalogue, either
// the small version or the large one, never a mix or a truncation.
func TestKilledSaveNeverTearsTheFile(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "c.uricat")
	seed := crlf("URI: http://seed/\nNAME: seed\nDATE: 01/01/2001 00:00:00\n")
	if err := os.WriteFile(path, []byte(seed), 0o640); err != nil {
		t.Fatal(err)
	}
	kills, whole := 40, map[int]int{}
	for i := 0; i < kills; i++ {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "URICAT_TEST_SAVER="+path)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(5+rand.IntN(120)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("kill %d: the file is gone: %v", i, err)
		}
		c, err := Read(strings.NewReader(string(data)))
		if err != nil {
			t.Fatal(err)
		}
		if ps := c.Problems(); len(ps) > 0 {
			t.Fatalf("kill %d: torn file (%d bytes): %v", i, len(data), ps[0])
		}
		if n := c.Len(); n != 1 && n != 2001 {
			t.Fatalf("kill %d: %d records; a whole version has 1 or 2001", i, n)
		}
		if !strings.HasPrefix(string(data), seed) {
			t.Fatalf("kill %d: the first record changed", i)
		}
		whole[c.Len()]++
		if info, _ := os.Stat(path); info.Mode().Perm() != 0o640 {
			t.Fatalf("file mode %v, want 0640 kept", info.Mode().Perm())
		}
	}
	t.Logf("after %d kills: %v (records: times seen)", kills, whole)
	// The next save removes what the killed ones left behind.
	c, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Apply(Add{Records: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://after/", Name: "after"})}}); err != nil {
		t.Fatal(err)
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("left beside the catalogue after the next save: %v", names)
	}
}

func TestOpenMissingFileThenSaveCreatesIt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "dir", "new.uricat")
	c, err := Open(path)
	if err != nil || c.Len() != 0 {
		t.Fatalf("Open of a missing file: %v, %d records", err, c.Len())
	}
	if _, err := testAdd(c, ssd3.NewRecord(ssd3.Values{URI: "http://e/", Name: "e"})); err != nil {
		t.Fatal(err)
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	again, err := Open(path)
	if err != nil || len(again.Valid()) != 1 {
		t.Fatalf("reopened: %v, %d valid", err, len(again.Valid()))
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

func TestOpenErrors(t *testing.T) {
	if _, err := Open(t.TempDir()); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("opening a directory: %v", err)
	}
}

func twoCopies(t *testing.T) (string, *Catalogue, *Catalogue) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "c.uricat")
	orig := crlf("URI: http://a/\nNAME: A\nDATE: 01/01/2001 00:00:00\n\nURI: http://b/\nNAME: B\nDATE: 02/02/2002 00:00:00\n")
	if err := os.WriteFile(path, []byte(orig), 0o644); err != nil {
		t.Fatal(err)
	}
	one, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	two, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, one, two
}

// TestTwoWritersKeepBothChanges: a second process's save re-applies its
// changes onto what the first one saved.
func TestTwoWritersKeepBothChanges(t *testing.T) {
	path, one, two := twoCopies(t)
	if _, err := testAdd(one, ssd3.NewRecord(ssd3.Values{URI: "http://one/", Name: "one"})); err != nil {
		t.Fatal(err)
	}
	editA := one.Records()[0].Clone()
	editA.SetRating(5)
	testUpdate(one, one.Records()[0], editA)
	if err := one.Save(); err != nil {
		t.Fatal(err)
	}
	if _, err := testAdd(two, ssd3.NewRecord(ssd3.Values{URI: "http://two/", Name: "two"})); err != nil {
		t.Fatal(err)
	}
	editB := two.Records()[1].Clone()
	editB.SetCategory("bees")
	testUpdate(two, two.Records()[1], editB)
	testDelete(two, two.Records()[0]) // A was edited by one: a conflict...
	err := two.Save()
	var ce *ConflictError
	if !errors.As(err, &ce) || ce.Name != "A" {
		t.Fatalf("deleting a record the other side edited: %v, want a ConflictError naming A", err)
	}
	// ...so nothing was written.
	c, _ := Open(path)
	if c.Len() != 3 || c.Records()[0].Rating() != 5 {
		t.Fatalf("a refused save changed the file")
	}
	// Without the conflicting delete, both sides' changes survive.
	_, _, _ = path, one, two
	path2, one2, two2 := twoCopies(t)
	testAdd(one2, ssd3.NewRecord(ssd3.Values{URI: "http://one/", Name: "one"}))
	if err := one2.Save(); err != nil {
		t.Fatal(err)
	}
	testAdd(two2, ssd3.NewRecord(ssd3.Values{URI: "http://two/", Name: "two"}))
	e := two2.Records()[1].Clone()
	e.SetCategory("bees")
	testUpdate(two2, two2.Records()[1], e)
	testDelete(two2, two2.Records()[0])
	if err := two2.Save(); err != nil {
		t.Fatal(err)
	}
	got, _ := Open(path2)
	var names []string
	for _, r := range got.Valid() {
		names = append(names, r.Name()+"/"+r.Category())
	}
	if strings.Join(names, ",") != "B/bees,one/,two/" {
		t.Errorf("after both saves: %v", names)
	}
	// The second writer now holds the merged file and saves cleanly again.
	testAdd(two2, ssd3.NewRecord(ssd3.Values{URI: "http://three/", Name: "three"}))
	if err := two2.Save(); err != nil {
		t.Fatal(err)
	}
	if got, _ := Open(path2); got.Len() != 4 {
		t.Errorf("%d records, want 4", got.Len())
	}
}

func TestEditConflict(t *testing.T) {
	_, one, two := twoCopies(t)
	e1 := one.Records()[0].Clone()
	e1.SetName("A by one")
	testUpdate(one, one.Records()[0], e1)
	if err := one.Save(); err != nil {
		t.Fatal(err)
	}
	e2 := two.Records()[0].Clone()
	e2.SetName("A by two")
	testUpdate(two, two.Records()[0], e2)
	var ce *ConflictError
	if err := two.Save(); !errors.As(err, &ce) || !strings.Contains(err.Error(), `NAME "A by two" here but "A by one"`) {
		t.Fatalf("two edits of one record: %v, want a ConflictError naming both values", err)
	}
	if err := two.Reload(); err != nil || two.Records()[0].Name() != "A by one" {
		t.Errorf("reload: %v %q", err, two.Records()[0].Name())
	}
}

func TestLockIsExclusive(t *testing.T) {
	path := t.TempDir()
	unlock, err := lockDir(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error)
	go func() {
		u2, err := lockDir(path, time.Second)
		if err == nil {
			u2()
		}
		done <- err
	}()
	select {
	case <-done:
		t.Fatal("a second lock was granted while the first was held")
	case <-time.After(150 * time.Millisecond):
	}
	unlock()
	if err := <-done; err != nil {
		t.Fatalf("second lock after unlock: %v", err)
	}
}

// Issue 22: add, save, delete, save, for every shape a file may end in.
// In one session (the TUI, undo) the file comes back byte for byte. In a
// later one (`uricat add`, then `uricat rm`), the blank lines the add
// separated the new record with are all there is to go on, and "A\r\n"
// and "A" both become "A\r\n\r\nNEW\r\n": the file comes back byte for
// byte when it ended with one line break, as uricat writes it, and
// otherwise with its last line ended and no blank lines after it (want).
func TestAddSaveDeleteSaveGivesBackTheFile(t *testing.T) {
	syncFiles = false
	defer func() { syncFiles = true }()
	const rec = "URI: http://a/\r\nNAME: A\r\nDATE: 01/01/2001 00:00:00"
	for _, tc := range []struct{ tail, later string }{
		{"\r\n", "\r\n"},
		{"\n", "\n"},
		{"  \r\n", "  \r\n"},
		{"\r\n# comment\r\n", "\r\n# comment\r\n"},
		{"\r\n\r\n# comment\r\n", "\r\n\r\n# comment\r\n"},
		{"\r\n\r\nX-A: b\r\n", "\r\n\r\nX-A: b\r\n"},
		{"", "\r\n"},
		{" ", " \r\n"},
		{"\r", "\r\r\n"},
		{"\r\n\r\n# comment", "\r\n\r\n# comment\r\n"},
		{"\r\n\r\n", "\r\n"},
		{"\r\n\r\n\r\n", "\r\n"},
		{"\n\n", "\n"},
		{"\n\n\n", "\n"},
		{"\r\n\n", "\r\n"},
		{"\n\r\n", "\n"},
		{"\r\n ", "\r\n"},
		{"\r\n  \r\n", "\r\n"},
		{"\r\n\t", "\r\n"},
		{"\r\n\r\n ", "\r\n"},
		{"\r\n\r", "\r\n\r\r\n"},
		{"\r\n\r\n\r", "\r\n\r\n\r\r\n"},
	} {
		for _, later := range []bool{false, true} {
			orig := rec + tc.tail
			path := filepath.Join(t.TempDir(), "c.uricat")
			if err := os.WriteFile(path, []byte(orig), 0o644); err != nil {
				t.Fatal(err)
			}
			c, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := testAdd(c, ssd3.NewRecord(ssd3.Values{URI: "http://new/", Name: "New"})); err != nil {
				t.Fatal(err)
			}
			if err := c.Save(); err != nil {
				t.Fatal(err)
			}
			if data, _ := os.ReadFile(path); !strings.HasPrefix(string(data), orig) {
				t.Errorf("tail %q: the add changed bytes already there: %q", tc.tail, data)
			}
			if later {
				if c, err = Open(path); err != nil {
					t.Fatal(err)
				}
			}
			last := c.Records()[len(c.Records())-1]
			if last.URI() != "http://new/" || testDelete(c, last) != nil {
				t.Fatalf("tail %q: the new record is not last", tc.tail)
			}
			if err := c.Save(); err != nil {
				t.Fatal(err)
			}
			want := orig
			if later {
				want = rec + tc.later
			}
			if got, _ := os.ReadFile(path); string(got) != want {
				t.Errorf("tail %q, delete in a later session %v: the file became\n%q, want\n%q", tc.tail, later, got, want)
			}
		}
	}
}
