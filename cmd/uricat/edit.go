package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
)

// editOptions are what `uricat edit` is asked.
type editOptions struct {
	selector       string
	allowDuplicate bool
}

func newEditCmd(e *env, runF func(*editOptions) error) *cobra.Command {
	var o editOptions
	cmd := &cobra.Command{
		Use:   "edit SELECTOR",
		Short: "Edit a bookmark's fields in $VISUAL or $EDITOR",
		Long: `Edit opens the record's fields, one NAME: value a line, in $VISUAL, else
$EDITOR, else vi (split into words and run directly, never through a
shell). When the editor exits, the fields are checked: if one is wrong,
edit says what, and asks whether to open the editor again, with the
messages at the top as # comments; quit without saving to give up. A
buffer left unchanged, emptied, or saved again as it was refused changes
nothing. Without a terminal on standard input, edit never reopens the
editor: it prints what is wrong and exits 1. A URI another record has is
refused, as add refuses it, unless --allow-duplicate is given. DATE becomes
now unless you change it (SSD3 3.3); lines of the record that uricat cannot
use are kept in the file as they are.

The buffer is a file uricat-edit-PID-*.txt in $TMPDIR, removed when the
editor is done; one left by an edit that was killed is removed by the next
edit, once its process is gone.

` + selectorHelp,
		Example: `  uricat edit https://go.dev/
  EDITOR=nano uricat edit line:12`,
		Args: exactArgs(1, "one SELECTOR"),
		RunE: func(_ *cobra.Command, args []string) error {
			o.selector = args[0]
			return runWith(runF, &o, func() error { return runEdit(e, o.selector, o.allowDuplicate) })
		},
	}
	cmd.Flags().BoolVar(&o.allowDuplicate, "allow-duplicate", false, "keep a URI that another record has too")
	return cmd
}

// runEdit edits the record sel names until its fields are valid, unchanged
// or empty, and applies the changed ones as one Set edit. A version that
// is refused opens the editor again only when the user, at a terminal,
// says so, and not when it is saved again as it was: an editor that
// writes the same text each time cannot loop.
func runEdit(e *env, sel string, allowDuplicate bool) error {
	c, rec, err := e.openRecord(sel)
	if err != nil {
		return err
	}
	fields := strings.Join(fieldLines(rec), "\n") + "\n"
	buf := editHeader(c, rec, nil) + fields
	first := buf
	refusedBody := "" // the last version refused, without its comments
	for {
		edited, err := e.runEditor(buf)
		if err != nil {
			return refused(fmt.Errorf("%w; nothing was changed", err))
		}
		body := withoutComments(edited)
		switch {
		case edited == first || body == fields:
			fmt.Fprintln(e.stderr, "uricat edit: unchanged; nothing was changed")
			return nil
		case edited == buf || (refusedBody != "" && body == refusedBody):
			return refused(errors.New("the record still has the errors above it; nothing was changed"))
		case strings.TrimSpace(body) == "":
			return refused(errors.New("the record was emptied; nothing was changed (uricat rm removes a record)"))
		}
		changed, msgs := applyEdit(c, rec, body, allowDuplicate)
		if !changed && msgs == nil {
			fmt.Fprintln(e.stderr, "uricat edit: no field changed; nothing was changed")
			return nil
		}
		if msgs == nil {
			if err := c.Save(); err != nil {
				return refused(err)
			}
			fmt.Fprintf(e.stdout, "changed %q in %s\n", display.Text(c.Lookup(rec.Ref()).Name()), display.Text(c.Path()))
			return nil
		}
		if !e.askReopen(msgs) {
			return refused(fmt.Errorf("not saved: the record has errors; nothing was changed:\n  %s", strings.Join(msgs, "\n  ")))
		}
		buf = editHeader(c, rec, msgs) + body
		refusedBody = body
	}
}

// askReopen prints what is wrong with the version saved and asks whether
// to open the editor again; the answer is no when no one is at a terminal
// to give one (a script, or an editor run by a program).
func (e *env) askReopen(msgs []string) bool {
	if !e.isInteractive() {
		return false
	}
	fmt.Fprintln(e.stderr, "uricat edit: not saved, the record has errors:")
	for _, m := range msgs {
		fmt.Fprintf(e.stderr, "  %s\n", display.Text(m))
	}
	fmt.Fprint(e.stderr, "Edit it again? [Y/n] ")
	answer, ok := e.readAnswer()
	if !ok {
		return false // end of input: no one to ask
	}
	switch answer {
	case "", "y", "yes":
		return true
	}
	return false
}

// readAnswer reads a person's answer to a question, one line of stdin,
// trimmed and lower-cased; ok is false at the end of the input, where no
// one answered. It reads a byte at a time: what follows the answer is
// not its to take (an editor's input, say).
func (e *env) readAnswer() (answer string, ok bool) {
	var line []byte
	b := make([]byte, 1)
	for {
		n, err := e.stdin.Read(b)
		if n == 1 && b[0] != '\n' {
			line = append(line, b[0])
		}
		if err != nil || (n == 1 && b[0] == '\n') {
			if err != nil && len(line) == 0 {
				fmt.Fprintln(e.stderr)
				return "", false
			}
			return strings.ToLower(strings.TrimSpace(string(line))), true
		}
	}
}

// applyEdit applies the fields of body that differ from rec's as one Set
// edit, and says whether there were any. It returns what is wrong with
// body, nil when the edit was applied or there was nothing to change. A
// URI changed to one another valid record has is wrong unless
// allowDuplicate, as add has it.
func applyEdit(c *catalogue.Catalogue, rec *ssd3.Record, body string, allowDuplicate bool) (bool, []string) {
	nrec, errs := parseFieldLines(body)
	if errs != nil {
		return false, errs
	}
	if !allowDuplicate && nrec.URI() != "" && ssd3.URIKey(nrec.URI()) != ssd3.URIKey(rec.URI()) {
		for _, r := range c.FindURI(nrec.URI()) {
			if r.Ref() != rec.Ref() {
				return false, []string{fmt.Sprintf("URI %s: already there: %q, line %d of %s; change it, or quit and run uricat edit --allow-duplicate to keep it",
					nrec.URI(), r.Name(), r.Line(), c.Path())}
			}
		}
	}
	fields := ssd3.Diff(rec, nrec) // with a DATE the user changed
	if len(fields) == 0 {
		return false, nil
	}
	_, err := c.Apply(catalogue.Set{Ref: rec.Ref(), Fields: fields})
	var ve *catalogue.ValidationError
	switch {
	case errors.Is(err, catalogue.ErrUnchanged): // an IRI typed for its URI, say
		return false, nil
	case errors.As(err, &ve):
		msgs := make([]string, len(ve.Problems))
		for i, p := range ve.Problems {
			msgs[i] = p.Msg
		}
		return true, msgs
	case err != nil:
		return true, []string{err.Error()}
	}
	return true, nil
}

// editHeader is the comment the buffer opens with: what is edited, how,
// the record's problems as read, and errs, what was wrong with the last
// version.
func editHeader(c *catalogue.Catalogue, rec *ssd3.Record, errs []string) string {
	var b strings.Builder
	if len(errs) > 0 {
		b.WriteString("# ERROR: this version was not saved:\n")
		for _, m := range errs {
			fmt.Fprintf(&b, "#   %s\n", display.Text(m))
		}
		b.WriteString("# Fix it and save, or quit without saving to change nothing.\n#\n")
	}
	fmt.Fprintf(&b, "# Editing %q, line %d of %s.\n", display.Text(rec.Name()), rec.Line(), c.Path())
	b.WriteString("# One field a line, NAME: value; lines that start with # are left out.\n" +
		"# Save and quit to change the record; leave it unchanged, or empty it, to\n" +
		"# change nothing. DATE becomes now unless you change it (SSD3 3.3).\n")
	if ps := rec.Problems(); len(ps) > 0 {
		b.WriteString("#\n# Its problems in the file (lines uricat cannot use stay as they are):\n")
		for _, p := range ps {
			fmt.Fprintf(&b, "#   %s\n", p)
		}
	}
	return b.String()
}

// withoutComments returns text without its lines that start with "#".
func withoutComments(text string) string {
	var b strings.Builder
	for line := range strings.SplitAfterSeq(text, "\n") {
		if !strings.HasPrefix(line, "#") {
			b.WriteString(line)
		}
	}
	return b.String()
}

// runEditor writes text to a temporary file, opens it in the user's
// editor on this terminal, and returns what the file holds when the editor
// exits.
func (e *env) runEditor(text string) (string, error) {
	editor := os.Getenv("VISUAL")
	if strings.TrimSpace(editor) == "" {
		editor = os.Getenv("EDITOR")
	}
	if strings.TrimSpace(editor) == "" {
		editor = "vi"
	}
	removeStaleEditFiles(os.TempDir(), time.Now())
	// The pid in the name says whether the file is still in use.
	f, err := os.CreateTemp("", fmt.Sprintf("uricat-edit-%d-*.txt", os.Getpid()))
	if err != nil {
		return "", err
	}
	defer os.Remove(f.Name())
	_, err = f.WriteString(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", err
	}
	words := strings.Fields(editor)
	cmd := exec.Command(words[0], append(words[1:], f.Name())...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = e.stdin, e.stdout, e.stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("the editor %s: %w", editor, err)
	}
	data, err := os.ReadFile(f.Name())
	if err != nil {
		return "", err
	}
	return string(data), nil
}

// staleAge is how old a buffer without a pid in its name (from an older
// uricat) must be before another edit removes it.
const staleAge = 24 * time.Hour

// removeStaleEditFiles removes from dir the buffers that edits killed
// before they could remove them (SIGKILL, a closed terminal): those whose
// uricat-edit-PID-*.txt names a process that is gone, and those without a
// pid older than staleAge. A buffer of a process still there, or of
// another user's, is kept; errors are ignored, as the file is only litter.
func removeStaleEditFiles(dir string, now time.Time) {
	names, _ := filepath.Glob(filepath.Join(dir, "uricat-edit-*.txt"))
	for _, name := range names {
		info, err := os.Lstat(name)
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		middle := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(name), "uricat-edit-"), ".txt")
		pidText, _, hasPid := strings.Cut(middle, "-")
		pid, err := strconv.Atoi(pidText)
		switch {
		case hasPid && err == nil && pid > 0:
			if pid == os.Getpid() || processAlive(pid) {
				continue
			}
		case now.Sub(info.ModTime()) < staleAge:
			continue
		}
		os.Remove(name)
	}
}

// processAlive reports whether the process pid exists (a process of
// another user's counts: signalling it is not permitted, but it is there).
func processAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	if runtime.GOOS == "windows" {
		return true // FindProcess opened it
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, syscall.EPERM)
}
