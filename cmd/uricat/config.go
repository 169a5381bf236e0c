package main

import (
	"errors"
	"fmt"
	"os/exec"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/config"
	"github.com/uricat/uricat/internal/display"
)

// configFile returns the configuration (config.Load), read once for the
// command; its problems are printed on stderr the first time, and the
// command goes on with the defaults for what could not be read.
func (e *env) configFile() *config.Config {
	if e.cfg == nil {
		var problems []config.Problem
		e.cfg, problems = config.Load(config.PathFrom(e.getenv))
		for _, p := range problems {
			fmt.Fprintf(e.stderr, "%s\n", display.Lines(p.String()))
		}
	}
	return e.cfg
}

// parseSearch parses a command's --search, with the saved searches of
// the configuration file when it names one (@NAME): a search without
// one does not read the file.
func (e *env) parseSearch(s string) (*query.Query, error) {
	if !strings.Contains(s, "@") {
		return query.Parse(s)
	}
	return e.configFile().Parse(s)
}

type configOptions struct{}

func newConfigCmd(e *env, runF func(*configOptions) error) *cobra.Command {
	var o configOptions
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Print the configuration file's path and the settings in effect",
		Long: `Config prints where the configuration file is ($URICAT_CONFIG, else
$XDG_CONFIG_HOME/uricat/config.toml) and the settings in effect: the
file's where it says them, the defaults elsewhere. Each thing the file
says that cannot be read is printed as FILE:LINE:COLUMN: what is wrong,
and the default stands for it. uricat creates the file only when you save
something (uricat search save, uricat config edit).`,
		Example: `  uricat config
  uricat config edit`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error { return runWith(runF, &o, func() error { return o.run(e) }) },
	}
	cmd.AddCommand(newConfigEditCmd(e, nil))
	return cmd
}

func (o *configOptions) run(e *env) error {
	c := e.configFile()
	w := display.NewWriter(e.stdout)
	fmt.Fprintln(w, c.Path)
	if !c.Exists {
		fmt.Fprintln(w, "(no file: the defaults; uricat config edit makes one)")
	}
	orDefault := func(v string) string {
		if v == "" {
			return "(default)"
		}
		return v
	}
	fmt.Fprintf(w, "sort = %s\ngroup = %s\ntheme = %s\narchive_on_add = %v\n", orDefault(c.Sort), orDefault(c.Group), orDefault(c.Theme), c.KeepsPages())
	jobs, timeout := "(default)", "(default)"
	if c.LinksJobs > 0 {
		jobs = fmt.Sprint(c.LinksJobs)
	}
	if c.LinksTimeout > 0 {
		timeout = c.LinksTimeout.String()
	}
	fmt.Fprintf(w, "links.jobs = %s\nlinks.timeout = %s\nsync.browser_file = %s\n", jobs, timeout, orDefault(c.SyncBrowserFile))
	fmt.Fprintf(w, "%d saved search(es):\n", len(c.Searches))
	for _, s := range c.Searches {
		fmt.Fprintf(w, "  @%s = %s\n", s.Name, s.Query)
	}
	fmt.Fprintf(w, "%d rule(s):\n", len(c.Rules))
	for _, r := range c.Rules {
		fmt.Fprintf(w, "  %s -> %s\n", r.Match, r.Describe())
	}
	return w.Flush()
}

type configEditOptions struct {
	editor string // $VISUAL, else $EDITOR, else vi
}

func newConfigEditCmd(e *env, runF func(*configEditOptions) error) *cobra.Command {
	var o configEditOptions
	return &cobra.Command{
		Use:   "edit",
		Short: "Open the configuration file in $VISUAL or $EDITOR",
		Long: `Edit opens the configuration file in $VISUAL, else $EDITOR, else vi (split
into words and run directly, never through a shell), creating it first,
with every key commented out, when there is none. When the editor exits,
what cannot be read in the file is printed, as uricat config prints it.`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error {
			o.editor = editorFrom(e.getenv)
			return runWith(runF, &o, func() error { return o.run(e) })
		},
	}
}

// editorFrom is the user's editor, as runEditor finds it.
func editorFrom(getenv func(string) string) string {
	for _, k := range []string{"VISUAL", "EDITOR"} {
		if v := getenv(k); strings.TrimSpace(v) != "" {
			return v
		}
	}
	return "vi"
}

func (o *configEditOptions) run(e *env) error {
	path := config.PathFrom(e.getenv)
	if _, err := config.Create(path); err != nil {
		return refused(fmt.Errorf("creating %s: %w", path, err))
	}
	words := strings.Fields(o.editor)
	if len(words) == 0 {
		return usageError(errors.New("no editor: set $VISUAL or $EDITOR"))
	}
	cmd := exec.Command(words[0], append(words[1:], path)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = e.stdin, e.stdout, e.stderr
	if err := cmd.Run(); err != nil {
		return refused(fmt.Errorf("the editor %s: %w", o.editor, err))
	}
	if _, problems := config.Load(path); len(problems) > 0 {
		for _, p := range problems {
			fmt.Fprintf(e.stderr, "%s\n", display.Lines(p.String()))
		}
		return refused(fmt.Errorf("%s has problems, above; uricat uses the defaults for them", path))
	}
	return nil
}
