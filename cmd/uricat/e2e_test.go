package main

// The end-to-end test drives the real binary in a real terminal (tmux) as a
// user would: open (and open a URI with $BROWSER, copy it with OSC 52),
// search, rate, categorise, add, edit, undo, delete, delete an invalid
// record from the problems view, quit; then checks the file with
// `uricat check` and `uricat list --json`. It skips when tmux is not
// installed (.ci/run installs it).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	jsonformat "github.com/uricat/uricat/importers/json"
)

// e2eCatalogue is the catalogue the session starts with (SSD3 4: CRLF,
// records separated by one blank line).
const e2eCatalogue = "URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\nCATEGORY: Programming\r\nRATING: 5\r\n\r\n" +
	"URI: https://www.rust-lang.org/\r\nNAME: Rust\r\nDATE: 02/02/2024 10:00:00\r\n\r\n" +
	"URI: https://example.org/\r\nNAME: Example Domain\r\nDATE: 03/02/2024 10:00:00\r\nCATEGORY: Reference\r\n\r\n" +
	// Invalid (3.1: a URI has no spaces): kept, shown in the problems view.
	"URI: not a uri\r\nNAME: Damaged\r\nDATE: 04/02/2024 10:00:00\r\n"

// waitLimit bounds every wait: generous, for a loaded CI machine.
const waitLimit = 20 * time.Second

// session is a uricat running in a detached tmux session on its own server.
type session struct {
	t      *testing.T
	socket string
	name   string
}

func (s *session) tmux(args ...string) (string, error) {
	cmd := exec.Command("tmux", append([]string{"-L", s.socket, "-f", "/dev/null"}, args...)...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// send types keys: each argument is a tmux key name (Enter, Escape, C-s)
// or, with literal, text typed as it is.
func (s *session) send(literal bool, keys ...string) {
	s.t.Helper()
	args := []string{"send-keys", "-t", s.name}
	if literal {
		args = append(args, "-l")
	}
	if out, err := s.tmux(append(args, keys...)...); err != nil {
		s.t.Fatalf("tmux send-keys %q: %v: %s", keys, err, out)
	}
	// Let the program read them as separate presses, as a typist's are.
	time.Sleep(60 * time.Millisecond)
}

func (s *session) keys(keys ...string) { s.t.Helper(); s.send(false, keys...) }
func (s *session) typeText(text string) {
	s.t.Helper()
	for _, r := range text {
		s.send(true, string(r))
	}
}

func (s *session) screen() string {
	out, err := s.tmux("capture-pane", "-p", "-t", s.name)
	if err != nil {
		return "(no screen: " + err.Error() + ")"
	}
	return out
}

// waitFor polls the screen until ok says yes, for at most waitLimit.
func (s *session) waitFor(what string, ok func(screen string) bool) string {
	s.t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		sc := s.screen()
		if ok(sc) {
			return sc
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("waited %v for %s; the screen shows:\n%s", waitLimit, what, sc)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (s *session) waitText(text string) string {
	s.t.Helper()
	return s.waitFor(fmt.Sprintf("%q on screen", text), func(sc string) bool { return strings.Contains(sc, text) })
}

// waitFile polls the catalogue file until ok says yes: every change is
// saved at once, so the file tells when the app has done a step.
func (s *session) waitFile(path, what string, ok func(text string) bool) {
	s.t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		b, _ := os.ReadFile(path)
		if ok(string(b)) {
			return
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("waited %v for the file to %s; it holds:\n%s\nthe screen shows:\n%s", waitLimit, what, b, s.screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestE2ETmux(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed (.ci/run installs it)")
	}
	dir := t.TempDir()
	bin := uricatBinary(t)
	home := filepath.Join(dir, "home")
	for _, d := range []string{home, filepath.Join(home, "data"), filepath.Join(home, "config"), filepath.Join(home, "cache"), filepath.Join(home, "state")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "bookmarks.uricat")
	if err := os.WriteFile(path, []byte(e2eCatalogue), 0o644); err != nil {
		t.Fatal(err)
	}

	// The "browser" records its arguments, one a line: uricat must pass
	// the URI as one argument, through no shell.
	opened := filepath.Join(dir, "opened.txt")
	browser := filepath.Join(dir, "browser")
	if err := os.WriteFile(browser, []byte("#!/bin/sh\nprintf '%s\\n' \"$@\" > "+quote(opened)+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}

	s := &session{t: t, socket: fmt.Sprintf("uricat-e2e-%d", os.Getpid()), name: "e2e"}
	env := []string{"HOME=" + home, "XDG_DATA_HOME=" + filepath.Join(home, "data"), "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_CACHE_HOME=" + filepath.Join(home, "cache"), "XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"URICAT_CATALOGUE=", "BROWSER=" + browser + " --new-tab %s", "TERM=xterm-256color", "LANG=C.UTF-8"}
	shellCmd := "env " + strings.Join(quoteAll(env), " ") + " " + quote(bin) + " --catalogue " + quote(path) +
		"; echo uricat-exited-$?; sleep 30"
	if out, err := s.tmux("new-session", "-d", "-s", s.name, "-x", "100", "-y", "30", shellCmd); err != nil {
		t.Fatalf("tmux new-session: %v: %s", err, out)
	}
	t.Cleanup(func() { s.tmux("kill-server") })

	// Open: the list shows the records.
	s.waitFor("the three records", func(sc string) bool {
		return strings.Contains(sc, "Go") && strings.Contains(sc, "Rust") && strings.Contains(sc, "Example Domain")
	})

	// Open the selected record (Go) with $BROWSER, and copy its URI: tmux
	// keeps what OSC 52 sends when set-clipboard is on.
	s.keys("o")
	s.waitFile(opened, "record the browser's arguments", func(text string) bool { return text == "--new-tab\nhttps://go.dev/\n" })
	if out, err := s.tmux("set-option", "-g", "set-clipboard", "on"); err != nil {
		t.Fatalf("tmux set-option: %v: %s", err, out)
	}
	s.keys("y")
	s.waitFor("the URI in tmux's clipboard", func(string) bool {
		out, err := s.tmux("show-buffer")
		return err == nil && out == "https://go.dev/"
	})

	// Search: "rust" leaves only Rust; enter keeps the filter.
	s.keys("/")
	s.typeText("rust")
	s.waitFor("the filter to leave only Rust", func(sc string) bool {
		return strings.Contains(sc, "Rust") && !strings.Contains(sc, "Example Domain")
	})
	s.keys("Enter")

	// Rate: 4 on the selected record (the only one shown).
	s.keys("4")
	s.waitFile(path, "rate Rust 4", func(text string) bool { return recordHas(text, "NAME: Rust", "RATING: 4") })
	s.waitText("★★★★☆")

	// Categorise: the picker takes a new category.
	s.keys("c")
	s.waitText("Category")
	s.typeText("Systems")
	s.keys("Enter")
	s.waitFile(path, "put Rust in Systems", func(text string) bool { return recordHas(text, "NAME: Rust", "CATEGORY: Systems") })
	s.waitText("Systems") // back in the list, which shows it

	// Clear the filter.
	s.keys("/")
	s.keys("Escape")
	s.waitText("Example Domain")

	// Add: URI, then NAME, and save.
	s.keys("a")
	s.waitText("Add bookmark")
	s.typeText("https://ziglang.org/")
	s.keys("Tab")
	s.typeText("Zig")
	s.keys("C-s")
	s.waitFile(path, "add Zig", func(text string) bool { return recordHas(text, "URI: https://ziglang.org/", "NAME: Zig") })

	// Edit: find Zig, open the form, change its NAME.
	s.keys("/")
	s.typeText("zig")
	s.waitFor("the filter to leave only Zig", func(sc string) bool {
		return strings.Contains(sc, "Zig") && !strings.Contains(sc, "Rust")
	})
	s.keys("Enter")
	s.keys("e")
	s.waitText("Edit bookmark")
	s.keys("Tab") // to NAME
	s.keys("C-u") // clear it
	s.typeText("Zig language")
	s.keys("C-s")
	s.waitFile(path, "rename Zig", func(text string) bool { return recordHas(text, "URI: https://ziglang.org/", "NAME: Zig language") })

	// Undo: the old NAME comes back.
	s.keys("u")
	s.waitFile(path, "undo the rename", func(text string) bool {
		return recordHas(text, "URI: https://ziglang.org/", "NAME: Zig") && !strings.Contains(text, "Zig language")
	})

	// Delete: Example Domain, confirmed once.
	s.keys("/")
	s.keys("Escape")
	s.keys("/")
	s.typeText("example")
	s.waitFor("the filter to leave only Example Domain", func(sc string) bool {
		return strings.Contains(sc, "Example Domain") && !strings.Contains(sc, "Rust")
	})
	s.keys("Enter")
	s.keys("d")
	s.keys("y")
	s.waitFile(path, "delete Example Domain", func(text string) bool { return !strings.Contains(text, "example.org") })

	// Problems: the damaged record is listed with its line in the file as
	// it is now (it was line 16 before Example Domain, above it, was
	// deleted: issue 24); delete it.
	s.keys("/")
	s.keys("Escape")
	s.keys("!")
	s.waitFor("the problems view", func(sc string) bool {
		return strings.Contains(sc, "Problems") && strings.Contains(sc, "line 14") && strings.Contains(sc, "Damaged")
	})
	s.keys("d")
	s.waitText("Delete the invalid record at line 14")
	s.keys("y")
	s.waitFile(path, "delete the damaged record", func(text string) bool { return !strings.Contains(text, "not a uri") })
	s.keys("Escape")

	// Quit.
	s.keys("q")
	s.waitText("uricat-exited-0")

	// The file conforms and holds what the session did.
	check := exec.Command(bin, "--catalogue", path, "check")
	if out, err := check.CombinedOutput(); err != nil {
		t.Fatalf("uricat check: %v\n%s", err, out)
	}
	list := exec.Command(bin, "--catalogue", path, "list", "--json")
	var stdout, stderr bytes.Buffer
	list.Stdout, list.Stderr = &stdout, &stderr
	if err := list.Run(); err != nil {
		t.Fatalf("uricat list --json: %v\n%s", err, stderr.String())
	}
	var recs []jsonformat.Record
	if err := json.Unmarshal(stdout.Bytes(), &recs); err != nil {
		t.Fatalf("list --json: %v\n%s", err, stdout.String())
	}
	byURI := map[string]jsonformat.Record{}
	for _, r := range recs {
		byURI[r.URI] = r
	}
	if len(recs) != 3 {
		t.Errorf("%d records, want 3 (Go, Rust, Zig): %+v", len(recs), recs)
	}
	if g := byURI["https://go.dev/"]; g.Name != "Go" || g.Rating != 5 || g.Category != "Programming" || g.Date != "2024-02-01T10:00:00Z" {
		t.Errorf("Go changed: %+v", g)
	}
	if r := byURI["https://www.rust-lang.org/"]; r.Name != "Rust" || r.Rating != 4 || r.Category != "Systems" {
		t.Errorf("Rust: %+v, want rating 4, category Systems", r)
	}
	if z := byURI["https://ziglang.org/"]; z.Name != "Zig" {
		t.Errorf("Zig: %+v, want NAME Zig (the rename undone)", z)
	}
	if _, ok := byURI["https://example.org/"]; ok {
		t.Error("Example Domain was not deleted")
	}
	// The file is still SSD3's: CRLF line ends (2.1.2).
	b, _ := os.ReadFile(path)
	if strings.Count(string(b), "\n") != strings.Count(string(b), "\r\n") {
		t.Errorf("the file has bare LF line ends:\n%q", b)
	}
}

// recordHas reports whether one record (blank-line separated) of text has
// every line of lines.
func recordHas(text string, lines ...string) bool {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	for _, rec := range strings.Split(text, "\n\n") {
		fields := strings.Split(rec, "\n")
		all := true
		for _, l := range lines {
			found := false
			for _, f := range fields {
				found = found || f == l
			}
			all = all && found
		}
		if all {
			return true
		}
	}
	return false
}

// quote quotes s for the shell tmux runs the command with.
func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = quote(s)
	}
	return out
}
