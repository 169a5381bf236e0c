package main

import (
	"fmt"
	"strings"

	"github.com/muesli/mango"
	mcobra "github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue/query"
)

func newManCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "Print uricat's manual page (roff); install it with: uricat man > ~/.local/share/man/man1/uricat.1",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			page, err := manPage(cmd.Root())
			if err != nil {
				return refused(err)
			}
			if _, err := fmt.Fprint(cmd.OutOrStdout(), page); err != nil {
				return refused(err)
			}
			return nil
		},
	}
}

// manPage returns the manual page of root and its commands, in roff.
func manPage(root *cobra.Command) (string, error) {
	page, err := mcobra.NewManPage(1, root)
	if err != nil {
		return "", err
	}
	cleanUsage(&page.Root)
	page = page.WithLongDescription(unwrap(about)).
		WithSection("Search", manItems(query.Help)).
		WithSection("Files", unwrap(catalogueHelp)).
		WithSection("Exit status", unwrap(exitHelp))
	return roffText(page.Build(roff.NewDocument())), nil
}

// cleanUsage removes the backquotes that name a flag's value in --help
// ("the `PATH`"): the man page would show them as they are.
func cleanUsage(c *mango.Command) {
	for name, f := range c.Flags {
		f.Usage = strings.ReplaceAll(f.Usage, "`", "")
		c.Flags[name] = f
	}
	for _, sub := range c.Commands {
		cleanUsage(sub)
	}
}

// unwrap joins the lines of each paragraph of s: roff.Document.Text starts
// a paragraph at every line break.
func unwrap(s string) string {
	paras := strings.Split(s, "\n\n")
	for i, p := range paras {
		paras[i] = strings.ReplaceAll(p, "\n", " ")
	}
	return strings.Join(paras, "\n")
}

// manItems turns text laid out as query.Help is (prose; items of a list,
// each starting on a line indented two spaces, continued on lines
// indented further) into what roff.Document.Text makes paragraphs and
// list items of: one line each, an item's marked with "*", its first
// words (up to a gap of two spaces or more) set off by a dash; an empty
// line after a list, so that the prose after it is a paragraph of its own.
func manItems(s string) string {
	var out []string
	prose, list := false, false // what the last line out is
	for _, line := range strings.Split(s, "\n") {
		text := strings.TrimSpace(line)
		switch {
		case text == "":
			prose = false
		case strings.HasPrefix(line, "   ") && len(out) > 0:
			out[len(out)-1] += " " + text
		case strings.HasPrefix(line, "  "):
			term, rest, _ := strings.Cut(text, "  ")
			out = append(out, "*"+term+" \u2014 "+strings.TrimSpace(rest))
			prose, list = false, true
		case prose:
			out[len(out)-1] += " " + text
		default:
			if list {
				out = append(out, "")
			}
			out = append(out, text)
			prose, list = true, false
		}
	}
	return strings.Join(out, "\n")
}

// roffText makes the text of a roff page say what it means: "-" is a
// hyphen to troff, and options are typed with minus signs ("\-"); a
// character outside ASCII is written as its escape (\[u00FC]), which every
// troff reads whatever its input encoding.
func roffText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '-':
			b.WriteString(`\-`)
		case r > 0x7e:
			fmt.Fprintf(&b, `\[u%04X]`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
