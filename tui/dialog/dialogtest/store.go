package dialogtest

import (
	"errors"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/tui/theme"
)

// Store is a dialog.Store for dialog tests: it applies edits to Cat (with
// no History and no file; an empty catalogue if nil) and remembers what the dialog said and chose.
type Store struct {
	Cat      *catalogue.Catalogue
	Edits    []catalogue.Edit // applied, in order
	What     []string         // their descriptions
	Status   string           // the last message
	Sev      theme.Severity
	Selected catalogue.Ref
	// Refuse, if set, is what Apply returns instead of applying.
	Refuse error
}

// Catalogue returns Cat, an empty catalogue if none was given.
func (s *Store) Catalogue() *catalogue.Catalogue {
	if s.Cat == nil {
		s.Cat, _ = catalogue.Read(strings.NewReader(""))
	}
	return s.Cat
}

// Apply applies e to Cat (when not nil) and says what.
func (s *Store) Apply(e catalogue.Edit, what string) (tea.Cmd, error) {
	return s.ApplyDescribed(e, func() string { return what })
}

// ApplyDescribed applies e to Cat (when not nil) and says what().
func (s *Store) ApplyDescribed(e catalogue.Edit, what func() string) (tea.Cmd, error) {
	if s.Refuse != nil {
		return nil, s.Refuse
	}
	{
		if _, err := s.Catalogue().Apply(e); errors.Is(err, catalogue.ErrUnchanged) {
			s.SetStatus(theme.Info, "nothing changed")
			return nil, nil
		} else if err != nil {
			return nil, err
		}
	}
	s.Edits = append(s.Edits, e)
	s.What = append(s.What, what())
	s.SetStatus(theme.Success, what())
	return nil, nil
}

// SetStatus remembers the message.
func (s *Store) SetStatus(sev theme.Severity, text string) { s.Status, s.Sev = text, sev }

// Select remembers ref.
func (s *Store) Select(ref catalogue.Ref) { s.Selected = ref }
