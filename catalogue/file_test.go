//go:build unix

package catalogue

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

const twoRecords = "URI: http://a/\r\nNAME: A\r\nDATE: 01/01/2001 00:00:00\r\n\r\nURI: http://b/\r\nNAME: B\r\nDATE: 02/02/2002 00:00:00\r\n"

func addOne(t *testing.T, c *Catalogue, uri string) {
	t.Helper()
	if _, err := c.Apply(Add{Records: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: uri, Name: "new"})}}); err != nil {
		t.Fatal(err)
	}
}

// openAndAdd opens path and adds a record, unsaved.
func openAndAdd(t *testing.T, path string) *Catalogue {
	t.Helper()
	c, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	addOne(t, c, "http://c/")
	return c
}

// addAndSave opens path, adds a record and saves it.
func addAndSave(t *testing.T, path string) {
	t.Helper()
	if err := openAndAdd(t, path).Save(); err != nil {
		t.Fatal(err)
	}
}

func writeFile(t *testing.T, path, text string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

// dirNames lists a directory, for "nothing left beside the catalogue".
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// A catalogue kept in a dotfiles repository and linked from
// ~/.local/share: the save writes the link's target, the link stays.
func TestSaveWritesThroughASymlink(t *testing.T) {
	root := t.TempDir()
	repo := filepath.Join(root, "dotfiles")
	os.Mkdir(repo, 0o755)
	target := filepath.Join(repo, "bookmarks.uricat")
	writeFile(t, target, twoRecords, 0o644)
	link := filepath.Join(root, "share", "bookmarks.uricat")
	os.Mkdir(filepath.Dir(link), 0o755)
	if err := os.Symlink("../dotfiles/bookmarks.uricat", link); err != nil {
		t.Fatal(err)
	}
	addAndSave(t, link)
	info, err := os.Lstat(link)
	if err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced by a regular file (%v)", err)
	}
	data, _ := os.ReadFile(target)
	if !strings.HasPrefix(string(data), twoRecords) || !strings.Contains(string(data), "URI: http://c/") {
		t.Errorf("the link's target did not get the change:\n%s", data)
	}
	if names := dirNames(t, repo); len(names) != 1 {
		t.Errorf("left beside the target: %v", names)
	}
	if names := dirNames(t, filepath.Dir(link)); len(names) != 1 {
		t.Errorf("left beside the link: %v", names)
	}
}

// A file the user made read-only is refused with a clear message and left
// alone, even by root.
func TestReadOnlyFileIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.uricat")
	writeFile(t, path, twoRecords, 0o444)
	err := openAndAdd(t, path).Save()
	if !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "chmod u+w") {
		t.Fatalf("saving a 0444 file: %v", err)
	}
	data, _ := os.ReadFile(path)
	info, _ := os.Stat(path)
	if string(data) != twoRecords || info.Mode().Perm() != 0o444 {
		t.Errorf("the read-only file was changed: mode %v", info.Mode().Perm())
	}
}

// Owner, group and mode survive a save, even root's.
func TestSaveKeepsOwnerGroupAndMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.uricat")
	writeFile(t, path, twoRecords, 0o640)
	if os.Geteuid() == 0 {
		if err := os.Chown(path, 1234, 5678); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := os.Stat(path)
	addAndSave(t, path)
	after, _ := os.Stat(path)
	b, a := before.Sys().(*syscall.Stat_t), after.Sys().(*syscall.Stat_t)
	if after.Mode().Perm() != 0o640 || a.Uid != b.Uid || a.Gid != b.Gid {
		t.Errorf("after save: mode %v uid %d gid %d, want 0640 %d %d", after.Mode().Perm(), a.Uid, a.Gid, b.Uid, b.Gid)
	}
}

// A FIFO or a device as the catalogue is refused at once, never opened for
// a read that would wait forever, never replaced by a file.
func TestNotARegularFileIsRefused(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "c.uricat")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{fifo, "/dev/null"} {
		done := make(chan error, 1)
		go func() {
			_, err := Open(path)
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), path) {
				t.Errorf("Open(%s): %v, want ErrNotRegular naming it", path, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("Open(%s) hangs", path)
		}
	}
	// A catalogue that becomes a FIFO behind uricat's back is not replaced.
	path := filepath.Join(t.TempDir(), "c.uricat")
	writeFile(t, path, twoRecords, 0o644)
	c := openAndAdd(t, path)
	os.Remove(path)
	syscall.Mkfifo(path, 0o644)
	if err := c.Save(); !errors.Is(err, ErrNotRegular) {
		t.Errorf("saving over a FIFO: %v", err)
	}
	if info, _ := os.Lstat(path); info.Mode()&os.ModeNamedPipe == 0 {
		t.Error("the FIFO was replaced")
	}
}

// The lock is the directory's own: no lock file exists to be committed by
// mistake or to be a symbolic link that a save follows.
func TestNoLockFileAndOldLockLinksAreNotFollowed(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.uricat")
	writeFile(t, path, twoRecords, 0o644)
	victim := filepath.Join(t.TempDir(), "victim")
	if err := os.Symlink(victim, path+".lock"); err != nil {
		t.Fatal(err)
	}
	addAndSave(t, path)
	if _, err := os.Lstat(victim); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the save followed a lock-file symlink: %v", err)
	}
	os.Remove(path + ".lock")
	if names := dirNames(t, dir); len(names) != 1 || names[0] != "c.uricat" {
		t.Errorf("files beside the catalogue after a save: %v", names)
	}
}

// A new catalogue gets the mode any new file gets: 0666 less the umask.
func TestNewCatalogueHonoursTheUmask(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	path := filepath.Join(t.TempDir(), "new.uricat")
	addAndSave(t, path)
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("new catalogue under umask 077 has mode %v, want 0600", info.Mode().Perm())
	}
}

// Temporary files of killed saves (this version's and the last one's) go
// at the next save; files that are not uricat's stay.
func TestSaveRemovesStaleTemporaryFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.uricat")
	writeFile(t, path, twoRecords, 0o644)
	stale := []string{".c.uricat" + tempMark + "0123456789abcdef", ".c.uricat.tmp-42"}
	keep := []string{".other.uricat" + tempMark + "1", "notes.txt", ".c.uricat.swp"}
	for _, n := range append(stale, keep...) {
		writeFile(t, filepath.Join(dir, n), "x", 0o644)
	}
	addAndSave(t, path)
	names := strings.Join(dirNames(t, dir), " ")
	for _, n := range stale {
		if strings.Contains(names, n) {
			t.Errorf("stale %s was not removed", n)
		}
	}
	for _, n := range keep {
		if !strings.Contains(names, n) {
			t.Errorf("%s, not uricat's, was removed", n)
		}
	}
}

// An edit in place that keeps the size and the modification time is seen:
// its change is merged, not overwritten.
func TestSameSizeSameMtimeEditIsSeen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.uricat")
	writeFile(t, path, twoRecords, 0o644)
	c, _ := Open(path)
	info, _ := os.Stat(path)
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteAt([]byte("Z"), int64(strings.Index(twoRecords, "NAME: A")+len("NAME: ")))
	f.Close()
	os.Chtimes(path, info.ModTime(), info.ModTime())
	if after, _ := os.Stat(path); after.Size() != info.Size() || !after.ModTime().Equal(info.ModTime()) {
		t.Fatal("could not keep size and mtime")
	}
	addOne(t, c, "http://c/")
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), "NAME: Z") || !strings.Contains(string(data), "http://c/") {
		t.Errorf("the in-place edit was overwritten:\n%s", data)
	}
}

// A catalogue deleted while uricat has it open is reported as deleted, and
// can be written back.
func TestDeletedCatalogueIsReportedAndCanBeWrittenBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.uricat")
	writeFile(t, path, twoRecords, 0o644)
	c := openAndAdd(t, path)
	os.Remove(path)
	err := c.Save()
	var ce *ConflictError
	if !errors.As(err, &ce) || !ce.Deleted || !strings.Contains(err.Error(), "deleted the catalogue file") {
		t.Fatalf("save after the file was deleted: %v", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("a refused save wrote the file")
	}
	c.Detach()
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	back, _ := Open(path)
	if len(back.Valid()) != 3 {
		t.Errorf("written back with %d records, want 3", len(back.Valid()))
	}
}

// symlinks makes the links of links (name -> link text) under root, in
// order.
func symlinks(t *testing.T, root string, links [][2]string) {
	t.Helper()
	for _, l := range links {
		name := filepath.Join(root, l[0])
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(l[1], name); err != nil {
			t.Fatal(err)
		}
	}
}

// A link's text is relative to the directory the link lives in, which a
// linked directory makes another than its name says: the save writes the
// file the kernel opens, never a file the lexical path names.
func TestSaveResolvesLinksAsTheKernelDoes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		dirs  []string
		links [][2]string
		open  string // relative to root
		want  string // the file written, relative to root
	}{
		{"issue: a -> x/y, x/y/link -> ../real", []string{"x/y"},
			[][2]string{{"a", "x/y"}, {"x/y/link.uricat", "../real.uricat"}}, "a/link.uricat", "x/real.uricat"},
		{"chain through linked directories", []string{"x/y", "p/q/r", "s"},
			[][2]string{{"a", "x/y"}, {"x/y/l1", "../b/l2"}, {"x/b", "../p/q/r"}, {"p/q/r/l2", "../../t/l3"}, {"p/t", "../s"}, {"s/l3", "final.uricat"}},
			"a/l1", "s/final.uricat"},
		{"absolute link then relative", []string{"x/y", "z"},
			[][2]string{{"a", "x/y"}, {"x/y/l1", "ROOT/z/l2"}, {"z/l2", "../x/c.uricat"}}, "a/l1", "x/c.uricat"},
		{"dangling link in a linked directory names the file to create", []string{"x/y"},
			[][2]string{{"a", "x/y"}, {"x/y/link.uricat", "../new.uricat"}}, "a/link.uricat", "x/new.uricat"},
		{"linked directory, file inside (the dotfiles set-up)", []string{"dotfiles/uricat", "share"},
			[][2]string{{"share/uricat", "../dotfiles/uricat"}}, "share/uricat/bookmarks.uricat", "dotfiles/uricat/bookmarks.uricat"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			for _, d := range tc.dirs {
				os.MkdirAll(filepath.Join(root, d), 0o755)
			}
			for i := range tc.links {
				tc.links[i][1] = strings.ReplaceAll(tc.links[i][1], "ROOT", root)
			}
			symlinks(t, root, tc.links)
			want := filepath.Join(root, tc.want)
			exists := !strings.Contains(tc.name, "dangling")
			if exists {
				writeFile(t, want, twoRecords, 0o644)
			}
			// Relative, as a user types it: the lexical reading differs
			// most from the kernel's.
			t.Chdir(root)
			addAndSave(t, tc.open)
			data, err := os.ReadFile(want)
			if err != nil || !strings.Contains(string(data), "URI: http://c/") {
				t.Fatalf("%s did not get the record (%v):\n%s", tc.want, err, data)
			}
			if exists && !strings.HasPrefix(string(data), twoRecords) {
				t.Errorf("%s lost its records:\n%s", tc.want, data)
			}
			// Nothing else was written: every other file under root is a
			// link or the one written.
			filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
				if err == nil && d.Type().IsRegular() && p != want {
					t.Errorf("an unrelated file was written: %s", p)
				}
				return nil
			})
			for _, l := range tc.links {
				if info, err := os.Lstat(filepath.Join(root, l[0])); err != nil || info.Mode()&os.ModeSymlink == 0 {
					t.Errorf("the link %s was replaced (%v)", l[0], err)
				}
			}
		})
	}
}

// Links that lead back to themselves are an error, not a hang or a file.
func TestSaveRefusesALinkLoop(t *testing.T) {
	root := t.TempDir()
	symlinks(t, root, [][2]string{{"d/a.uricat", "b.uricat"}, {"d/b.uricat", "../e/c.uricat"}, {"e", "d"}, {"d/c.uricat", "a.uricat"}})
	c, err := Open(filepath.Join(root, "d", "a.uricat"))
	if err == nil {
		addOne(t, c, "http://c/")
		err = c.Save()
	}
	if err == nil || !strings.Contains(err.Error(), "symbolic links") {
		t.Fatalf("saving through a loop of links: %v", err)
	}
}

// The setuid, setgid and sticky bits survive a save as the permissions do.
func TestSaveKeepsSpecialModeBits(t *testing.T) {
	for _, mode := range []os.FileMode{0o640 | os.ModeSetgid, 0o660 | os.ModeSticky, 0o750 | os.ModeSetuid | os.ModeSetgid | os.ModeSticky} {
		path := filepath.Join(t.TempDir(), "c.uricat")
		writeFile(t, path, twoRecords, mode)
		if info, _ := os.Stat(path); info.Mode()&keptMode != mode {
			t.Skipf("this file system does not keep mode %v (got %v)", mode, info.Mode())
		}
		addAndSave(t, path)
		if info, _ := os.Stat(path); info.Mode()&keptMode != mode {
			t.Errorf("mode %v after a save, want %v kept", info.Mode()&keptMode, mode)
		}
	}
}

// A save replaces the file by a new one: another hard link to the old one
// keeps the old version, and the save says so rather than leave the user
// to find two catalogues that differ.
func TestSaveWarnsOfOtherHardLinks(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.uricat")
	writeFile(t, path, twoRecords, 0o644)
	c := openAndAdd(t, path)
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if w := c.SaveWarnings(); len(w) != 0 {
		t.Fatalf("a save of a file with one name warned: %v", w)
	}
	other := filepath.Join(dir, "backup.uricat")
	if err := os.Link(path, other); err != nil {
		t.Fatal(err)
	}
	addOne(t, c, "http://d/")
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	w := strings.Join(c.SaveWarnings(), "\n")
	if !strings.Contains(w, path) || !strings.Contains(w, "2 hard links") || !strings.Contains(w, "old version") {
		t.Errorf("saving a file with 2 hard links warned %q", w)
	}
	if data, _ := os.ReadFile(path); !strings.Contains(string(data), "http://d/") {
		t.Error("the save did not write the catalogue")
	}
	// The warning is per save: the next one has only this name.
	addOne(t, c, "http://e/")
	if err := c.Save(); err != nil || len(c.SaveWarnings()) != 0 {
		t.Errorf("next save: %v, warnings %v", err, c.SaveWarnings())
	}
}

// What a new file keeps when the owner or group cannot be given to it.
func TestOwnerKeptDecides(t *testing.T) {
	const all = 0o770 | os.ModeSetuid | os.ModeSetgid | os.ModeSticky
	root, member := owner{0, 100}, owner{65534, 100}
	for _, tc := range []struct {
		name string
		have owner
		mode os.FileMode
		warn []string
		want os.FileMode
	}{
		{"all kept", root, all, nil, all},
		{"another owner, same group", member, all, []string{"belonged to user", "only root can give"}, all &^ os.ModeSetuid},
		{"same owner, another group", owner{0, 65534}, all, []string{"group", "no group permissions"}, 0o700 | os.ModeSetuid | os.ModeSticky},
		{"neither", owner{65534, 65534}, 0o664, []string{"belonged to", "could not keep"}, 0o604},
	} {
		mode, warnings := ownerKept("/c.uricat", tc.mode, root, tc.have)
		if mode != tc.want {
			t.Errorf("%s: mode %v, want %v", tc.name, mode, tc.want)
		}
		joined := strings.Join(warnings, "\n")
		if (len(tc.warn) == 0) != (len(warnings) == 0) {
			t.Errorf("%s: warnings %q", tc.name, joined)
		}
		for _, w := range tc.warn {
			if !strings.Contains(joined, w) || !strings.Contains(joined, "/c.uricat") {
				t.Errorf("%s: warnings %q do not say %q and name the file", tc.name, joined, w)
			}
		}
	}
}

// A member of the group saves a group-writable catalogue of root's: the
// save is written, in the group, with the mode; that the file is now the
// member's is a warning, not a failure.
func TestGroupMemberSavesRootsCatalogue(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns a process")
	}
	if os.Geteuid() != 0 {
		t.Skip("needs root, to run the saver as another user in the file's group")
	}
	const uid, gid = 65534, 4242 // nobody, in a group of its own
	base, err := os.MkdirTemp("", "uricat-member-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(base) })
	// The test binary, where the other user may run it.
	bin := filepath.Join(base, "catalogue.test")
	self, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, self, 0o755); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(base, "shared")
	if err := os.Mkdir(dir, 0o770); err != nil {
		t.Fatal(err)
	}
	os.Chmod(base, 0o755)
	os.Chown(dir, 0, gid)
	os.Chmod(dir, 0o770)
	path := filepath.Join(dir, "c.uricat")
	writeFile(t, path, twoRecords, 0o660)
	if err := os.Chown(path, 0, gid); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run=^$")
	cmd.Env = append(os.Environ(), "URICAT_TEST_SAVE_ONCE="+path)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uid, Gid: uid, Groups: []uint32{gid}}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the member's save failed: %v\n%s", err, out)
	}
	data, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(data), twoRecords) || !strings.Contains(string(data), "http://child/") {
		t.Fatalf("the member's record was not saved:\n%s", data)
	}
	info, _ := os.Stat(path)
	st := info.Sys().(*syscall.Stat_t)
	if st.Gid != gid || info.Mode().Perm() != 0o660 {
		t.Errorf("after the member's save: group %d mode %v, want %d 0660 kept", st.Gid, info.Mode().Perm(), gid)
	}
	if st.Uid != uid || !strings.Contains(string(out), "belonged to user root") || !strings.Contains(string(out), path) {
		t.Errorf("owner %d; the save's warning: %q", st.Uid, out)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("left beside the catalogue: %v", names)
	}
}

// An export's file is the catalogue when it is the same file, by whatever
// name or link; a new file is the catalogue when both would be one.
func TestCheckNotCatalogue(t *testing.T) {
	dir := t.TempDir()
	cat := filepath.Join(dir, "c.uricat")
	writeFile(t, cat, twoRecords, 0o644)
	other := filepath.Join(dir, "other.html")
	writeFile(t, other, "x", 0o644)
	symlinks(t, dir, [][2]string{{"link.html", "c.uricat"}, {"sub", "."}})
	os.Link(cat, filepath.Join(dir, "hard.uricat"))
	for _, tc := range []struct {
		path, cat string
		refused   bool
	}{
		{cat, cat, true},
		{filepath.Join(dir, "link.html"), cat, true},
		{filepath.Join(dir, "sub", "c.uricat"), cat, true},
		{filepath.Join(dir, "hard.uricat"), cat, true},
		{other, cat, false},
		{filepath.Join(dir, "new.html"), cat, false},
		{filepath.Join(dir, "sub", "new.uricat"), filepath.Join(dir, "new.uricat"), true},
		{filepath.Join(dir, "new.html"), filepath.Join(dir, "new.uricat"), false},
	} {
		err := CheckNotCatalogue(tc.path, tc.cat)
		if refused := errors.Is(err, ErrIsCatalogue); refused != tc.refused || (refused && !strings.Contains(err.Error(), tc.path)) {
			t.Errorf("CheckNotCatalogue(%s, %s) = %v, want refused %v", tc.path, tc.cat, err, tc.refused)
		}
	}
}

// Issue 24: an error of the temporary file a write goes through names the
// file it replaces, not the temporary file, which is gone by then; the
// error it wraps is kept.
func TestWriteFileErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name  string
		path  string
		write func(io.Writer) error
		is    error
	}{
		{"write fails", filepath.Join(dir, "a.json"), func(w io.Writer) error {
			w.(io.Closer).Close() // as a full disk would refuse the write
			_, err := w.Write([]byte("x"))
			return err
		}, os.ErrClosed},
		{"no file can be created", "/proc/a.json", func(io.Writer) error { return nil }, fs.ErrNotExist},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if strings.HasPrefix(tt.path, "/proc/") {
				if _, err := os.Stat("/proc/self"); err != nil {
					t.Skip("no /proc")
				}
			}
			_, err := WriteFile(tt.path, tt.write)
			if err == nil || strings.Contains(err.Error(), tempMark) || !strings.Contains(err.Error(), tt.path) || !errors.Is(err, tt.is) {
				t.Errorf("error %v; want one that names %s, not the temporary file, and wraps %v", err, tt.path, tt.is)
			}
		})
	}
}
