package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPTY returns the two ends of a new pseudo-terminal.
func openPTY(t *testing.T) (ptmx, pts *os.File) {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { ptmx.Close() })
	fd := int(ptmx.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Skipf("unlock pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Skipf("pseudo-terminal number: %v", err)
	}
	pts, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("open pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { pts.Close() })
	return ptmx, pts
}

// TestOneShotCommandsAskTheTerminalNothing runs commands for scripts in a
// terminal of their own, as a person would from a shell, and checks that
// what they write to it is their output alone: Bubble Tea's init used to
// ask the terminal for its background and the cursor position ("\e]11;?",
// "\e[6n"), whose late replies land in the shell as typed text.
func TestOneShotCommandsAskTheTerminalNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.uricat")
	if err := os.WriteFile(path, []byte("URI: http://a.example/\r\nNAME: A\r\nDATE: 01/01/2001 00:00:00\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"export", "--format", "csv"},
		{"list"},
		{"version"},
	} {
		t.Run(args[0], func(t *testing.T) {
			ptmx, pts := openPTY(t)
			cmd := exec.Command(os.Args[0], append([]string{"--catalogue", path}, args...)...)
			cmd.Env = append(os.Environ(), "URICAT_TEST_RUN=1", "TERM=xterm-256color", "COLORFGBG=", "NO_COLOR=")
			cmd.Stdin, cmd.Stdout, cmd.Stderr = pts, pts, pts
			// A session of its own with the terminal as its controlling
			// terminal, in the foreground: where a query would be made.
			cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			pts.Close()
			var out bytes.Buffer
			done := make(chan struct{})
			go func() {
				defer close(done)
				buf := make([]byte, 4096)
				for {
					n, err := ptmx.Read(buf)
					out.Write(buf[:n])
					if err != nil {
						return // EIO: the child's end is closed
					}
				}
			}()
			werr := cmd.Wait()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("the terminal's output did not end")
			}
			if werr != nil {
				t.Fatalf("uricat %v: %v; it wrote %q", args, werr, out.String())
			}
			for _, q := range []string{"\x1b]11;?", "\x1b[6n", "\x1b]10;?"} {
				if bytes.Contains(out.Bytes(), []byte(q)) {
					t.Errorf("uricat %v asked the terminal %q: %q", args, q, out.String())
				}
			}
		})
	}
}
