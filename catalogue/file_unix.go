//go:build unix

package catalogue

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
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

// openNoBlock opens path for reading without waiting: a FIFO swapped in
// after the check must not hang the program.
func openNoBlock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}

// canWrite reports whether this process may write path.
func canWrite(path string) bool {
	return syscall.Access(path, 2 /* W_OK */) == nil
}

// keepOwner gives f the owner and group of was, when they differ.
func keepOwner(f *os.File, was fs.FileInfo) error {
	want, ok := was.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	info, err := f.Stat()
	if err != nil {
		return err
	}
	have, ok := info.Sys().(*syscall.Stat_t)
	if !ok || (have.Uid == want.Uid && have.Gid == want.Gid) {
		return nil
	}
	return f.Chown(int(want.Uid), int(want.Gid))
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
