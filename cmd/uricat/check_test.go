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
