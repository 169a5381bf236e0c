//go:build unix

package catalogue

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// fileID tells one version of a file from another without reading it: the
// inode, and its change time, which every write moves whatever the writer
// does to the modification time.
type fileID struct {
	dev, ino     uint64
	mtime, ctime int64
}

func idOf(info fs.FileInfo) fileID {
	id := fileID{mtime: info.ModTime().UnixNano()}
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		id.dev, id.ino = uint64(st.Dev), uint64(st.Ino)
		id.ctime = changeTime(st)
	}
	return id
}

// canWrite reports whether this process may write path.
func canWrite(path string) bool {
	return syscall.Access(path, 2 /* W_OK */) == nil
}

// keepOwner gives f, which replaces path, the owner and group of was, as
// far as this process may, and returns the mode f is to have: was's, less
// what would give away more than was did (see ownerKept).
func keepOwner(f *os.File, path string, was fs.FileInfo) (fs.FileMode, []string, error) {
	mode := was.Mode() & keptMode
	want, ok := was.Sys().(*syscall.Stat_t)
	if !ok {
		return mode, nil, nil
	}
	have, err := ownerOf(f)
	if err != nil {
		return 0, nil, err
	}
	if have == (owner{want.Uid, want.Gid}) {
		return mode, nil, nil
	}
	if f.Chown(int(want.Uid), int(want.Gid)) != nil {
		// Only root gives a file away; a member of the group may still
		// give it the group.
		f.Chown(-1, int(want.Gid))
	}
	if have, err = ownerOf(f); err != nil {
		return 0, nil, err
	}
	mode, warnings := ownerKept(path, mode, owner{want.Uid, want.Gid}, have)
	return mode, warnings, nil
}

// owner is a file's user and group.
type owner struct{ uid, gid uint32 }

func ownerOf(f *os.File) (owner, error) {
	info, err := f.Stat()
	if err != nil {
		return owner{}, err
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return owner{}, nil
	}
	return owner{st.Uid, st.Gid}, nil
}

// ownerKept decides the mode of a new file that was to have owner want
// and mode, and got have, and says what was not kept. Another owner (the
// writer, who could write the file anyway) keeps the owner's permissions
// but not setuid. Another group gets no permissions, nor setgid: they
// were for the old group's members, not the writer's group's.
func ownerKept(path string, mode fs.FileMode, want, have owner) (fs.FileMode, []string) {
	var warnings []string
	if have.uid != want.uid {
		mode &^= fs.ModeSetuid
		warnings = append(warnings, fmt.Sprintf("%s belonged to %s; the file written belongs to %s, who wrote it (only root can give a file to another user)", path, userName(want.uid), userName(have.uid)))
	}
	if have.gid != want.gid {
		mode &^= fs.ModeSetgid | 0o070
		warnings = append(warnings, fmt.Sprintf("%s was in group %s, which the file written could not keep (its writer is not a member): it is in group %s, with no group permissions (mode %v)", path, groupName(want.gid), groupName(have.gid), mode))
	}
	return mode, warnings
}

func userName(uid uint32) string {
	id := strconv.FormatUint(uint64(uid), 10)
	if u, err := user.LookupId(id); err == nil {
		return fmt.Sprintf("user %s (%s)", u.Username, id)
	}
	return "user " + id
}

func groupName(gid uint32) string {
	id := strconv.FormatUint(uint64(gid), 10)
	if g, err := user.LookupGroupId(id); err == nil {
		return fmt.Sprintf("%s (%s)", g.Name, id)
	}
	return id
}

// stickyError explains err, the failure to rename a new version of path
// over it, when the kernel refused because path's directory is sticky
// (as /tmp is) and the file is another user's: there only a file's owner,
// or the directory's, may replace or remove it, and the bare "operation
// not permitted" says neither what nor why. Any other err is returned as
// it is.
func stickyError(path string, err error) error {
	if !errors.Is(err, syscall.EPERM) && !errors.Is(err, syscall.EACCES) {
		return err
	}
	dir := filepath.Dir(path)
	dinfo, derr := os.Stat(dir)
	info, ferr := os.Lstat(path)
	if derr != nil || ferr != nil {
		return err
	}
	file, fok := info.Sys().(*syscall.Stat_t)
	d, dok := dinfo.Sys().(*syscall.Stat_t)
	if !fok || !dok {
		return err
	}
	return explainSticky(path, dir, dinfo.Mode(), file.Uid, d.Uid, uint32(os.Geteuid()), err)
}

// explainSticky is stickyError's message, from what it found: the mode of
// dir, who owns the file, the directory, and who saves.
func explainSticky(path, dir string, dirMode fs.FileMode, fileUID, dirUID, me uint32, err error) error {
	if dirMode&fs.ModeSticky == 0 || fileUID == me || dirUID == me || me == 0 {
		return err
	}
	return fmt.Errorf("%s cannot be replaced: its directory %s is sticky (mode %v), where only a file's owner may replace it, and the file belongs to %s, not to you (%s); nothing was written: ask its owner to save it or give it to you (chown), or keep the catalogue in a directory of yours (%w)",
		path, dir, dirMode, userName(fileUID), userName(me), err)
}

// hardLinks returns how many names the file has.
func hardLinks(info fs.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// lockDir takes an exclusive advisory lock (flock) on dir itself, waiting
// up to wait for another process to let go. Locking the directory leaves
// no lock file beside the catalogue to commit by mistake or to be replaced
// by a symbolic link, and the kernel drops the lock when the process dies.
func lockDir(dir string, wait time.Duration) (unlock func(), err error) {
	f, err := os.OpenFile(dir, os.O_RDONLY|syscall.O_DIRECTORY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return nil, err
	}
	deadline := time.Now().Add(wait)
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() {
				syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
				f.Close()
			}, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) || !time.Now().Before(deadline) {
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, fmt.Errorf("%w (it holds the lock on %s)", ErrLocked, dir)
			}
			return nil, err
		}
		time.Sleep(10 * time.Millisecond)
	}
}
