package main

import (
	"strings"
	"testing"
)

// A merge that stopped leaves both versions of a record, the second marked
// X-CONFLICT: the file conforms to SSD3, but a pre-commit hook running
// check must stop it, and the user must learn where the versions are.
func TestCheckRefusesAnUnsettledConflict(t *testing.T) {
	t.Parallel()
	text := "URI: https://example.org/\r\nNAME: Example A\r\nDATE: 31/10/2007 19:28:00\r\n\r\n" +
		"URI: https://example.org/\r\nNAME: Example B\r\nDATE: 31/10/2007 19:28:00\r\nX-CONFLICT: theirs: NAME\r\n"
	path := writeCatalogue(t, text)
	code, out, errs := uricat(t, "check", path)
	if code != 1 {
		t.Errorf("exit %d, want 1 (an unsettled merge)", code)
	}
	if !strings.Contains(out, "conforms to SSD3, but holds 1 unsettled merge conflict") {
		t.Errorf("summary %q does not say the file holds a conflict", out)
	}
	if !strings.Contains(errs, path+":8:") || !strings.Contains(errs, "at line 8") {
		t.Errorf("stderr does not name the marked record's line:\n%s", errs)
	}

	settled := writeCatalogue(t, text[:strings.Index(text, "\r\n\r\n")+2])
	if code, out, errs := uricat(t, "check", settled); code != 0 || !strings.HasSuffix(strings.TrimSpace(out), "conforms to SSD3") {
		t.Errorf("settled file: exit %d, %q, %q", code, out, errs)
	}
}

// rm and set select by words, not by letters in order as the TUI's
// typing does: rm --search comic leaves "Chocolate Consumption, Cognitive
// Function" alone.
func TestChangingCommandsSelectByWords(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, "URI: https://a.example/\r\nNAME: Chocolate Consumption, Cognitive Function\r\nDATE: 31/10/2007 19:28:00\r\n\r\n"+
		"URI: https://b.example/\r\nNAME: Comics of the week\r\nDATE: 31/10/2007 19:28:00\r\n")
	code, out, errs := uricat(t, "--catalogue", path, "rm", "--search", "comic")
	if code != 1 || !strings.Contains(out, "1 record(s) match") || strings.Contains(out, "Chocolate") {
		t.Errorf("rm --search comic: exit %d, %q, %q", code, out, errs)
	}
	code, out, _ = uricat(t, "--catalogue", path, "set", "--search", "comic", "--rating", "3")
	if code != 1 || strings.Contains(out, "Chocolate") {
		t.Errorf("set --search comic: exit %d, %q", code, out)
	}
}
