package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
)

func newEditCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "edit SELECTOR",
		Short: "Edit a bookmark's fields in $VISUAL or $EDITOR",
		Long: `Edit opens the record's fields, one NAME: value a line, in $VISUAL, else
$EDITOR, else vi (split into words and run directly, never through a
shell). When the editor exits, the fields are checked: if one is wrong, the
editor opens again with the messages at the top as # comments, as git commit
does; quit without saving to give up. A buffer left unchanged, or emptied,
changes nothing. DATE becomes now unless you change it (SSD3 3.3); lines of
the record that uricat cannot use are kept in the file as they are.

` + selectorHelp,
		Example: `  uricat edit https://go.dev/
  EDITOR=nano uricat edit line:12`,
		Args: exactArgs(1, "one SELECTOR"),
		RunE: func(_ *cobra.Command, args []string) error { return runEdit(e, args[0]) },
	}
}

// runEdit edits the record sel names until its fields are valid, unchanged
// or empty, and applies the changed ones as one Set edit.
func runEdit(e *env, sel string) error {
	c, rec, err := e.openRecord(sel)
	if err != nil {
		return err
	}
	fields := strings.Join(fieldLines(rec), "\n") + "\n"
	buf := editHeader(c, rec, nil) + fields
	first := buf
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
		case edited == buf:
			return refused(errors.New("the record still has the errors above it; nothing was changed"))
		case strings.TrimSpace(body) == "":
			return refused(errors.New("the record was emptied; nothing was changed (uricat rm removes a record)"))
		}
		changed, msgs := applyEdit(c, rec, body)
		if !changed && msgs == nil {
			fmt.Fprintln(e.stderr, "uricat edit: no field changed; nothing was changed")
			return nil
		}
		if msgs == nil {
			if err := c.Save(); err != nil {
				return refused(err)
			}
			fmt.Fprintf(e.stdout, "changed %q in %s\n", catalogue.DisplayText(c.Lookup(rec.Ref()).Name()), catalogue.DisplayText(c.Path()))
			return nil
		}
		buf = editHeader(c, rec, msgs) + body
	}
}

// applyEdit applies the fields of body that differ from rec's as one Set
// edit, and says whether there were any. It returns what is wrong with
// body, nil when the edit was applied or there was nothing to change.
func applyEdit(c *catalogue.Catalogue, rec *catalogue.Record, body string) (bool, []string) {
	nrec, errs := parseFieldLines(body)
	if errs != nil {
		return false, errs
	}
	fields := catalogue.Diff(rec, nrec) // with a DATE the user changed
	if len(fields) == 0 {
		return false, nil
	}
	_, err := c.Apply(catalogue.Set{Ref: rec.Ref(), Fields: fields})
	var ve *catalogue.ValidationError
	switch {
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
func editHeader(c *catalogue.Catalogue, rec *catalogue.Record, errs []string) string {
	var b strings.Builder
	if len(errs) > 0 {
		b.WriteString("# ERROR: this version was not saved:\n")
		for _, m := range errs {
			fmt.Fprintf(&b, "#   %s\n", catalogue.DisplayText(m))
		}
		b.WriteString("# Fix it and save, or quit without saving to change nothing.\n#\n")
	}
	fmt.Fprintf(&b, "# Editing %q, line %d of %s.\n", catalogue.DisplayText(rec.Name()), rec.Line(), c.Path())
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
	f, err := os.CreateTemp("", "uricat-edit-*.txt")
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
