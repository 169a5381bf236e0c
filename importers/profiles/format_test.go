package profiles

import "testing"

// TestFormatOf: every browser's profiles are read by a format uricat
// has, the one the table names; a name it lacks is an error.
func TestFormatOf(t *testing.T) {
	t.Parallel()
	for _, b := range Browsers {
		p := Profile{Browser: b.Name, Format: b.Format}
		f, err := FormatOf(p)
		if err != nil {
			t.Errorf("%s: %v", b.Title, err)
			continue
		}
		if f.Name != b.Format {
			t.Errorf("%s: format %q, want %q", b.Title, f.Name, b.Format)
		}
	}
	if _, err := FormatOf(Profile{Format: "no-such-format"}); err == nil {
		t.Error("a format uricat lacks: no error")
	}
}

// TestEnvOf: the home is $HOME, and the other variables are read with the
// same function.
func TestEnvOf(t *testing.T) {
	t.Parallel()
	vars := map[string]string{"HOME": "/h", "XDG_CONFIG_HOME": "/c"}
	e := EnvOf(func(k string) string { return vars[k] })
	if e.Home != "/h" || e.getenv("XDG_CONFIG_HOME") != "/c" {
		t.Errorf("EnvOf: home %q, XDG_CONFIG_HOME %q", e.Home, e.getenv("XDG_CONFIG_HOME"))
	}
}
