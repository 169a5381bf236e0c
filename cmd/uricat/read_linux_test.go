package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/sys/unix"
)

// TestReadThroughAPTY runs `uricat read` in a terminal of its own, 70
// columns wide, as a person would: the article comes rendered, in colour,
// at the terminal's width, through $PAGER; nothing of a hostile page's
// escapes or bidi overrides reaches the terminal.
func TestReadThroughAPTY(t *testing.T) {
	t.Parallel()
	cat, dir := readArchive(t)
	for _, sel := range []string{"https://go.dev/blog/", "https://evil.example/"} {
		ptmx, pts := openPTY(t)
		if err := unix.IoctlSetWinsize(int(pts.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 30, Col: 70}); err != nil {
			t.Skipf("set the terminal's size: %v", err)
		}
		cmd := exec.Command(os.Args[0], "--catalogue", cat, "read", "--archive-dir", dir, sel)
		cmd.Env = append(os.Environ(), "URICAT_TEST_RUN=1", "TERM=xterm-256color", "COLORTERM=truecolor",
			"COLORFGBG=15;0", "NO_COLOR=", "PAGER=cat")
		cmd.Stdin, cmd.Stdout, cmd.Stderr = pts, pts, pts
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
					return
				}
			}
		}()
		werr := cmd.Wait()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("the terminal's output did not end")
		}
		got := out.String()
		if werr != nil {
			t.Fatalf("read %s: %v; it wrote %q", sel, werr, got)
		}
		if !strings.Contains(got, "\x1b[38;") {
			t.Errorf("%s: not rendered in colour at a terminal: %q", sel, got)
		}
		plain := ansi.Strip(got)
		if !strings.Contains(plain, "archived 2026-11-20 10:30 UTC") {
			t.Errorf("%s: no archive date: %q", sel, plain)
		}
		for _, l := range strings.Split(strings.ReplaceAll(plain, "\r\n", "\n"), "\n") {
			if ansi.StringWidth(l) > 70 {
				t.Errorf("%s: a line wider than the terminal: %q", sel, l)
			}
		}
		for _, bad := range []string{"\x1b]", "\x07", "\u202E", "\x1b[2J"} {
			if strings.Contains(got, bad) {
				t.Errorf("%s: %q from the page reached the terminal: %q", sel, bad, got)
			}
		}
	}
}
