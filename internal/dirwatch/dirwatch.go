// Package dirwatch tells when another program changes one file, by
// watching the directory it is in (fsnotify): editors, git and uricat's
// own saves write a temporary file and rename it over the old one, which
// a watch on the file itself would lose with the old inode. Events for
// other files of the directory are ignored, and a burst of events (a
// write, then a rename; a git checkout) is told once. A directory that does
// not exist yet (a first run, before the first save makes it) is watched
// from its nearest existing ancestor until it is made.
package dirwatch

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Debounce is how long a watcher waits after an event for the next one
// before it tells of the change; MaxDelay bounds the wait when events
// keep coming, so that a change is told soon even during a long write.
const (
	Debounce = 100 * time.Millisecond
	MaxDelay = 500 * time.Millisecond
)

// Watcher watches one file. Changed receives once after each burst of
// changes to it; Close ends the watch.
type Watcher struct {
	w       *fsnotify.Watcher
	dir     string          // the file's directory
	pending bool            // dir does not exist yet: an ancestor is watched
	names   map[string]bool // the file's names in the directory watched
	also    func(name string) bool
	changed chan struct{}
	done    chan struct{}
	once    sync.Once
	err     error
}

// Watch starts watching the file at path, which need not exist yet. When
// path is a symbolic link, the directory of the file it names is watched
// (a catalogue kept in a dotfiles repository changes there). The error
// says why the directory cannot be watched (inotify's limits, say).
func Watch(path string) (*Watcher, error) { return WatchAlso(path, nil) }

// WatchAlso is Watch, telling too of changes to the other files of the
// directory whose names also accepts (a sync conflict copy of the file
// appearing beside it).
func WatchAlso(path string, also func(name string) bool) (*Watcher, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("watch %s: %w", path, err)
	}
	target := abs
	if t, err := filepath.EvalSymlinks(abs); err == nil {
		target = t
	}
	dir := filepath.Dir(target)
	names := map[string]bool{filepath.Base(target): true}
	if filepath.Dir(abs) == dir {
		names[filepath.Base(abs)] = true
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("watch %s: %w", dir, err)
	}
	w := &Watcher{w: fw, dir: dir, names: names, also: also, changed: make(chan struct{}, 1), done: make(chan struct{})}
	if _, err := w.reach(); err != nil {
		fw.Close()
		return nil, fmt.Errorf("watch %s: %w", dir, err)
	}
	go w.loop()
	return w, nil
}

// reach watches the file's directory if it exists, else its nearest
// existing ancestor, whose events say when the next directory down is
// made. made says the directory is watched now and was not before.
func (w *Watcher) reach() (made bool, err error) {
	for at := w.dir; ; at = filepath.Dir(at) {
		fi, err := os.Stat(at)
		switch {
		case errors.Is(err, fs.ErrNotExist) && filepath.Dir(at) != at:
			continue
		case err != nil:
			return false, err
		case !fi.IsDir():
			return false, fmt.Errorf("%s is not a directory", at)
		}
		if err := w.w.Add(at); err != nil {
			return false, err
		}
		was := w.pending
		w.pending = at != w.dir
		return was && !w.pending, nil
	}
}

// Changed receives after each burst of changes to the file: one value
// for any number of events, the next one only after it was received.
func (w *Watcher) Changed() <-chan struct{} { return w.changed }

// Done is closed when the watch ends (Close).
func (w *Watcher) Done() <-chan struct{} { return w.done }

// Close ends the watch; Changed receives nothing more. It may be called
// more than once.
func (w *Watcher) Close() error {
	w.once.Do(func() {
		close(w.done)
		w.err = w.w.Close()
	})
	return w.err
}

// hasFile reports whether one of the file's names is in its directory.
func (w *Watcher) hasFile() bool {
	for name := range w.names {
		if _, err := os.Lstat(filepath.Join(w.dir, name)); err == nil {
			return true
		}
	}
	return false
}

// loop turns the directory's events into Changed: Debounce after the
// last event of a burst, or MaxDelay after its first.
func (w *Watcher) loop() {
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	var first time.Time // the first event of the burst not told yet; zero for none
	note := func() {
		now := time.Now()
		if first.IsZero() {
			first = now
		}
		timer.Reset(min(Debounce, MaxDelay-now.Sub(first)))
	}
	for {
		select {
		case <-w.done:
			timer.Stop()
			return
		case ev, ok := <-w.w.Events:
			if !ok {
				return
			}
			if w.pending {
				// The directory, or one above it, may have been made: a
				// file already in it when it is reached is a change.
				if made, _ := w.reach(); made && w.hasFile() {
					note()
				}
				continue
			}
			// A change of mode or times only is no change of the text.
			if name := filepath.Base(ev.Name); ev.Op == fsnotify.Chmod || filepath.Dir(ev.Name) != w.dir || !w.names[name] && (w.also == nil || !w.also(name)) {
				continue
			}
			note()
		case err, ok := <-w.w.Errors:
			if !ok {
				return
			}
			// Events were lost (fsnotify.ErrEventOverflow: the kernel's
			// queue overflowed), so the file may have changed; any other
			// error is the same guess: reading it once more costs little.
			if err != nil {
				note()
			}
		case <-timer.C:
			first = time.Time{}
			select {
			case w.changed <- struct{}{}:
			default: // one is waiting already: it tells this change too
			}
		}
	}
}
