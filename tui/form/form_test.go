package form

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	xgolden "github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/cataloguetest"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/dialog/dialogtest"
	"github.com/uricat/uricat/tui/theme"
)

// golden compares got with testdata/<test>/<name>.golden; go test -update
// rewrites it.
func golden(t *testing.T, name, got string) {
	t.Helper()
	t.Run(name, func(t *testing.T) { xgolden.RequireEqual(t, []byte(got)) })
}

// flat joins the view's words with single spaces, undoing line wrapping.
func flat(v string) string { return strings.Join(strings.Fields(v), " ") }

func keyMsg(k tea.KeyType) tea.KeyMsg { return tea.KeyMsg{Type: k} }

func typeText(m *Model, s string) *Model {
	for _, r := range s {
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	return m
}

func press(m *Model, keys ...tea.KeyType) (*Model, tea.Cmd) {
	var cmd tea.Cmd
	for _, k := range keys {
		_, cmd = m.Update(keyMsg(k))
	}
	return m, cmd
}

// closes reports whether key k closes the form.
func closes(m *Model, k tea.KeyType) bool {
	m.ctx.Take()
	m.Update(keyMsg(k))
	return m.ctx.Take().Close
}

// focusField moves the focus down to the named field.
func focusField(t *testing.T, m *Model, field string) *Model {
	t.Helper()
	for i := 0; i < 40; i++ {
		if m.Focused() == field {
			return m
		}
		m, _ = press(m, tea.KeyTab)
	}
	t.Fatalf("no field %s in the form", field)
	return m
}

func clear(m *Model) *Model {
	for i := 0; i < 200; i++ {
		m, _ = press(m, tea.KeyBackspace)
	}
	return m
}

// result runs cmd and returns its message (cmd must not be a timer).
func result(t *testing.T, cmd tea.Cmd) tea.Msg {
	t.Helper()
	if cmd == nil {
		return nil
	}
	return cmd()
}

func sample() *ssd3.Record {
	return ssd3.NewRecord(ssd3.Values{
		URI: "https://go.dev/doc/", Name: "Go documentation", Date: time.Date(2024, 5, 4, 10, 0, 0, 0, time.UTC),
		Category: "Programming", Description: "The Go docs", Rating: 4, Language: "en", Type: "text/html",
		ID: "12", Extensions: []ssd3.Field{{Name: "X-Tags", Value: "go docs"}},
	})
}

func TestValidationAsYouType(t *testing.T) {
	// Each message comes from the catalogue's validator for the field, with
	// the SSD3 section it cites.
	cases := []struct {
		field, input, want string
	}{
		{ssd3.FieldURI, "example.org", "has no scheme"},
		// Input is normalised first (IRI to URI), so a space is no error,
		// but a port that is not a number is (RFC 3986 3.2.3).
		{ssd3.FieldURI, "http://host:port/", `URI port "port" must be digits`},
		{ssd3.FieldURI, "1http://x/", "URI scheme \"1http\" is not valid"},
		{ssd3.FieldName, "   ", "NAME is required and must not be empty (3.2)"},
		{ssd3.FieldRating, "7", "must be an integer from 1 to 5 (3.6)"},
		{ssd3.FieldRating, "x", "must be an integer from 1 to 5 (3.6)"},
		{ssd3.FieldLanguage, "english", "first subtag must be a 2- or 3-letter ISO 639 code"},
		{ssd3.FieldLanguage, "en-ZZZZZZZZZ", "1 to 8 characters"},
		{ssd3.FieldType, "html", "is not a media type"},
		{ssd3.FieldType, "foo/bar", "not a registered top-level media type"},
		{ssd3.FieldID, "0", "must be positive (3.9)"},
		{ssd3.FieldID, "12a", "positive decimal integer (3.9)"},
	}
	for _, c := range cases {
		t.Run(c.field+"="+c.input, func(t *testing.T) {
			m := New(dialog.NewContext(theme.Plain()), nil, nil)
			m = focusField(t, m, c.field)
			m = typeText(m, c.input)
			got := m.Errors()[c.field]
			if !strings.Contains(got, c.want) {
				t.Fatalf("message for %s=%q is %q, want it to say %q", c.field, c.input, got, c.want)
			}
			if !strings.Contains(flat(m.View()), c.want) {
				t.Errorf("the message is not on screen:\n%s", m.View())
			}
			// The message names its field; the row's label is not put
			// before it ("NAME NAME must not be blank", issue 10).
			if found := cataloguetest.FieldSaidTwice(m.View()); found != nil {
				t.Errorf("the form says %q:\n%s", found, m.View())
			}
		})
	}
}

func TestValidInputHasNoMessage(t *testing.T) {
	for field, input := range map[string]string{
		ssd3.FieldURI: "https://example.org/a?b#c", ssd3.FieldRating: "5",
		ssd3.FieldLanguage: "de-CH", ssd3.FieldType: "text/html; charset=utf-8", ssd3.FieldID: "0042",
	} {
		m := focusField(t, New(dialog.NewContext(theme.Plain()), nil, nil), field)
		m = typeText(m, input)
		if msg := m.Errors()[field]; msg != "" {
			t.Errorf("%s=%q: unexpected message %q", field, input, msg)
		}
	}
}

func TestRequiredFieldsWaitForTheUser(t *testing.T) {
	m := New(dialog.NewContext(theme.Plain()), nil, nil)
	if strings.Contains(m.View(), "is required") {
		t.Fatalf("a fresh form already complains:\n%s", m.View())
	}
	// Saving an empty form shows what is missing (URI 3.1, NAME 3.2) and
	// emits nothing.
	m, cmd := press(m, tea.KeyCtrlS)
	if msg := result(t, cmd); msg != nil {
		if _, ok := msg.(SubmittedMsg); ok {
			t.Fatal("an empty form was submitted")
		}
	}
	v := flat(m.View())
	for _, want := range []string{"URI is required and must not be empty (3.1)", "NAME is required and must not be empty (3.2)"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	if m.Focused() != ssd3.FieldURI {
		t.Errorf("focus on %s, want the first field in error, URI", m.Focused())
	}
}

func TestAddSubmitsNormalisedIRI(t *testing.T) {
	m := New(dialog.NewContext(theme.Plain()), nil, nil)
	m = typeText(m, "http://bücher.example/straße")
	if !strings.Contains(m.View(), "saved as http://xn--bcher-kva.example/stra%C3%9Fe") {
		t.Errorf("the normalised URI is not shown:\n%s", m.View())
	}
	m, _ = press(m, tea.KeyEnter)
	m = typeText(m, "Bücher")
	m = focusField(t, m, ssd3.FieldRating)
	m = typeText(m, "3")
	m, cmd := press(m, tea.KeyCtrlS)
	msg, ok := result(t, cmd).(SubmittedMsg)
	if !ok {
		t.Fatalf("ctrl+s gave %#v; errors %v", result(t, cmd), m.Errors())
	}
	if msg.Original != nil {
		t.Error("Original set when adding")
	}
	r := msg.Record
	if r.URI() != "http://xn--bcher-kva.example/stra%C3%9Fe" || r.Name() != "Bücher" || r.Rating() != 3 {
		t.Errorf("record = %+v", r)
	}
	r.SetDate(time.Now()) // as Catalogue.Add sets it
	if ps := r.Validate(); len(ps) > 0 {
		t.Errorf("submitted record does not validate: %v", ps)
	}
}

func TestEnterOnLastFieldSubmits(t *testing.T) {
	m := New(dialog.NewContext(theme.Plain()), nil, nil)
	m = typeText(m, "https://example.org/")
	m, _ = press(m, tea.KeyTab)
	m = typeText(m, "Example")
	for m.focus < len(m.slots())-1 {
		m, _ = press(m, tea.KeyEnter)
	}
	_, cmd := press(m, tea.KeyEnter)
	msg, ok := result(t, cmd).(SubmittedMsg)
	if !ok || msg.Record.Name() != "Example" {
		t.Fatalf("enter on the last field gave %#v", result(t, cmd))
	}
}

func TestEditKeepsWhatWasNotChanged(t *testing.T) {
	orig := sample()
	m := New(dialog.NewContext(theme.Plain()), orig, []string{"Programming", "News"})
	m = focusField(t, m, ssd3.FieldName)
	m = clear(m)
	m = typeText(m, "Go docs")
	m, cmd := press(m, tea.KeyCtrlS)
	msg, ok := result(t, cmd).(SubmittedMsg)
	if !ok {
		t.Fatalf("got %#v, errors %v", result(t, cmd), m.Errors())
	}
	if msg.Original != orig {
		t.Error("Original is not the edited record")
	}
	want := sample()
	want.SetName("Go docs")
	r := msg.Record
	if r == orig {
		t.Fatal("the form changed the original record")
	}
	if d := ssd3.Diff(want, r); len(d) > 0 || !r.Date().Equal(want.Date()) {
		t.Errorf("record = %+v\nwant %+v", r, want)
	}
	if orig.Name() != "Go documentation" {
		t.Error("the original record was modified")
	}
}

func TestEditUnchangedCancels(t *testing.T) {
	m := New(dialog.NewContext(theme.Plain()), sample(), nil)
	m = focusField(t, m, ssd3.FieldName)
	m = typeText(m, "x")
	m, _ = press(m, tea.KeyBackspace)
	if !closes(m, tea.KeyCtrlS) {
		t.Fatal("saving an unchanged record did not close the form (it would only restamp DATE)")
	}
}

func TestMultilineDescriptionSurvivesEdit(t *testing.T) {
	orig := sample()
	orig.SetDescription("line one\nline two")
	m := New(dialog.NewContext(theme.Plain()), orig, nil)
	m = focusField(t, m, ssd3.FieldRating)
	m = clear(m)
	m = typeText(m, "5")
	_, cmd := press(m, tea.KeyCtrlS)
	msg := result(t, cmd).(SubmittedMsg)
	if msg.Record.Description() != "line one\nline two" || msg.Record.Rating() != 5 {
		t.Errorf("record = %+v", msg.Record)
	}
}

// Esc closes a form that has no changes at once: a new one left empty,
// an edit left as it was (typing and deleting back is no change).
func TestEscapeWithoutChangesCloses(t *testing.T) {
	if !closes(New(dialog.NewContext(theme.Plain()), nil, []string{"Programming"}), tea.KeyEsc) {
		t.Error("esc did not close an empty add form")
	}
	m := focusField(t, New(dialog.NewContext(theme.Plain()), sample(), nil), ssd3.FieldName)
	m, _ = press(typeText(m, "x"), tea.KeyBackspace)
	m = focusField(t, m, "X-Tags")
	m, _ = press(typeText(m, "y"), tea.KeyBackspace)
	if !closes(m, tea.KeyEsc) {
		t.Error("esc did not close an edit form without changes")
	}
}

// onStack opens m on a stack, as the root does, and returns what types
// keys into the stack: a result of the dialog that closed goes to the one
// now on top (the root's own results are the form's SubmittedMsg only).
func onStack(t *testing.T, m *Model) (*dialog.Stack, func(keys ...tea.KeyMsg)) {
	t.Helper()
	s := &dialog.Stack{}
	m.ctx = s.Context(m.ctx) // as the root makes its dialogs
	s.Push(m)
	return s, func(keys ...tea.KeyMsg) {
		for _, k := range keys {
			_, res := s.Update(k)
			for res != nil {
				if _, ok := res.(SubmittedMsg); ok {
					t.Fatalf("the form submitted %v", res)
				}
				_, res = s.Update(res)
			}
		}
	}
}

func runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

// Esc on a form with changes asks whether to throw them away: n (or esc
// again) goes back to the form with what was typed; y closes it.
func TestEscapeWithChangesAsks(t *testing.T) {
	for _, c := range []struct {
		name string
		m    func() *Model
	}{
		{"add", func() *Model { return typeText(New(dialog.NewContext(theme.Plain()), nil, nil), "https://x.example/") }},
		{"edit", func() *Model {
			m := focusField(t, New(dialog.NewContext(theme.Plain()), sample(), nil), ssd3.FieldTags)
			return typeText(m, "go, web")
		}},
		{"extension name", func() *Model {
			m := focusField(t, New(dialog.NewContext(theme.Plain()), sample(), nil), "X-Tags")
			return typeText(m, "X")
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, no := range []tea.KeyMsg{runes("n"), keyMsg(tea.KeyEsc)} {
				m := c.m()
				want, _ := m.Record()
				focused := m.Focused()
				s, typeKeys := onStack(t, m)
				typeKeys(keyMsg(tea.KeyEsc))
				q, ok := s.Top().(*dialog.Confirm)
				if !ok {
					t.Fatalf("esc with changes gave %T on top, want a question", s.Top())
				}
				if got := q.Question().Text; got != "Discard your changes?" {
					t.Errorf("question %q", got)
				}
				typeKeys(no)
				if s.Top() != dialog.Dialog(m) {
					t.Fatalf("%s: %T on top, want the form", no, s.Top())
				}
				got, _ := m.Record()
				if d := ssd3.Diff(want, got); len(d) > 0 || m.Focused() != focused {
					t.Errorf("%s: the form changed: %v, focus %s", no, d, m.Focused())
				}
				// The values stay, and are still changes: esc asks again.
				typeKeys(keyMsg(tea.KeyEsc))
				if _, ok := s.Top().(*dialog.Confirm); !ok {
					t.Fatalf("esc after n gave %T on top, want the question again", s.Top())
				}
				typeKeys(runes("y"))
				if s.Len() != 0 {
					t.Errorf("y left %T open", s.Top())
				}
			}
		})
	}
}

// A discardMsg of another form does not close this one.
func TestDiscardIsTheFormsOwn(t *testing.T) {
	a := typeText(New(dialog.NewContext(theme.Plain()), nil, nil), "x")
	b := typeText(New(dialog.NewContext(theme.Plain()), nil, nil), "x")
	a.Update(keyMsg(tea.KeyEsc))
	yes := a.ctx.Take().Open.(*dialog.Confirm).Question().Yes
	if b.Update(yes); b.ctx.Take().Close {
		t.Errorf("another form's answer closed the form")
	}
	if a.Update(yes); !a.ctx.Take().Close {
		t.Errorf("the form's own answer did not close it")
	}
}

func TestExtensionFields(t *testing.T) {
	orig := sample()
	m := New(dialog.NewContext(theme.Plain()), orig, nil)
	// Remove X-Tags by emptying it.
	m = focusField(t, m, "X-Tags")
	m, _ = press(m, tea.KeyTab) // to its value
	m = clear(m)
	if !strings.Contains(m.View(), "this field will be removed") {
		t.Errorf("no removal notice:\n%s", m.View())
	}
	// A new field with a bad name: 2.2 wants "X-".
	m = focusField(t, m, "")
	m = typeText(m, "Colour")
	if got := m.Errors()["Colour"]; !strings.Contains(got, `must start with "X-"`) {
		t.Fatalf("message for a bad extension name: %q", got)
	}
	m = clear(m)
	m = typeText(m, "X-Colour")
	m, _ = press(m, tea.KeyTab)
	m = typeText(m, "blue")
	if errs := m.Errors(); len(errs) > 0 {
		t.Fatalf("errors %v", errs)
	}
	_, cmd := press(m, tea.KeyCtrlS)
	msg := result(t, cmd).(SubmittedMsg)
	got := msg.Record.Extensions()
	if len(got) != 1 || got[0] != (ssd3.Field{Name: "X-Colour", Value: "blue"}) {
		t.Errorf("extensions = %v", got)
	}
}

func TestDuplicateExtensionName(t *testing.T) {
	m := New(dialog.NewContext(theme.Plain()), sample(), nil)
	m = focusField(t, m, "")
	m = typeText(m, "X-Tags")
	m, _ = press(m, tea.KeyTab)
	m = typeText(m, "more")
	if got := m.Errors()["X-Tags"]; !strings.Contains(got, "appears twice") {
		t.Fatalf("duplicate X-Tags: message %q", got)
	}
}

func TestSetErrorFromCatalogue(t *testing.T) {
	m := New(dialog.NewContext(theme.Plain()), nil, nil)
	m.SetError(&catalogue.ValidationError{Problems: []ssd3.Diagnostic{{Offset: -1, Field: ssd3.FieldID, Msg: "ID 7 is used by another record"}}})
	if got := m.Errors()[ssd3.FieldID]; got != "ID 7 is used by another record" {
		t.Errorf("ID message %q", got)
	}
	if !strings.Contains(m.View(), "not saved") {
		t.Errorf("view:\n%s", m.View())
	}
}

func TestViewSanitisesFileText(t *testing.T) {
	orig := sample()
	orig.SetName("evil\x1b]0;pwned\x07name\x1b[31m")
	m := New(dialog.NewContext(theme.Plain()), orig, nil)
	v := m.View()
	if strings.ContainsRune(v, 0x1b) || strings.ContainsRune(v, 0x07) {
		t.Fatalf("escape sequence reached the screen: %q", v)
	}
	if !strings.Contains(v, "evilname") {
		t.Errorf("name not shown:\n%s", v)
	}
}

func TestGoldenAdd(t *testing.T) {
	m := New(dialog.NewContext(theme.Plain()), nil, []string{"Programming"})
	m.SetSize(80, 24)
	m = typeText(m, "http://bücher.example/")
	m, _ = press(m, tea.KeyTab)
	m = focusField(t, m, ssd3.FieldRating)
	m = typeText(m, "9")
	golden(t, "add-80x24", m.View())
}

func TestGoldenEdit(t *testing.T) {
	m := New(dialog.NewContext(theme.Plain()), sample(), []string{"Programming"})
	m.SetSize(80, 24)
	m = focusField(t, m, ssd3.FieldLanguage)
	m = clear(m)
	m = typeText(m, "english")
	golden(t, "edit-80x24", m.View())
}

func TestGoldenSmallScrolls(t *testing.T) {
	m := New(dialog.NewContext(theme.Plain()), sample(), nil)
	m.SetSize(60, 10)
	m = focusField(t, m, "X-Tags")
	v := m.View()
	if !strings.Contains(v, "X-Tags") {
		t.Errorf("focused field scrolled away:\n%s", v)
	}
	if n := strings.Count(v, "\n") + 1; n > 10 {
		t.Errorf("view is %d lines, taller than 10", n)
	}
	golden(t, "edit-60x10", v)
}

func TestEditInvalidRecordShowsTheFilesValue(t *testing.T) {
	// The URI has a space (RFC 3986 2), the RATING is out of range (3.6):
	// the catalogue keeps neither in the record, the form shows both.
	c, err := catalogue.Read(strings.NewReader("URI: http://a b/\r\nNAME: Broken\r\nDATE: 01/02/2024 10:00:00\r\nRATING: 9\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	orig := c.Records()[0]
	if orig.Valid() || orig.URI() != "" {
		t.Fatalf("sample record is not invalid: %+v", orig)
	}
	m := New(dialog.NewContext(theme.Plain()), orig, nil)
	v := m.View()
	for _, want := range []string{"http://a b/", "saved as http://a%20b/", `RATING "9" must be an integer from 1 to 5 (3.6)`} {
		if !strings.Contains(flat(v), want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	// Fixing the rating is enough: the URI is normalised when saved.
	m = focusField(t, m, ssd3.FieldRating)
	m = clear(m)
	m = typeText(m, "2")
	_, cmd := press(m, tea.KeyCtrlS)
	msg, ok := result(t, cmd).(SubmittedMsg)
	if !ok {
		t.Fatalf("got %#v; errors %v", result(t, cmd), m.Errors())
	}
	if _, err := c.Apply(catalogue.Set{Ref: msg.Original.Ref(), Fields: ssd3.Diff(msg.Original, msg.Record)}); err != nil {
		t.Fatalf("the catalogue refuses the fixed record: %v", err)
	}
	if !c.Records()[0].Valid() || c.Records()[0].URI() != "http://a%20b/" || c.Records()[0].Rating() != 2 {
		t.Errorf("fixed record %+v", c.Records()[0])
	}
}

// TestGoldenColours pins the styling: the error in the theme's error
// colour, the focused field's name in the accent, on dark and light
// backgrounds (ANSI 256 profile).
func TestGoldenColours(t *testing.T) {
	for _, dark := range []bool{true, false} {
		m := New(dialog.NewContext(theme.Fixed(termenv.ANSI256, dark)), sample(), nil)
		m.SetSize(80, 24)
		m = focusField(t, m, ssd3.FieldRating)
		m = clear(m)
		m = typeText(m, "6")
		name := "colours-light"
		if dark {
			name = "colours-dark"
		}
		v := m.View()
		th := theme.Fixed(termenv.ANSI256, dark)
		if !strings.Contains(v, th.Error.Render(`✗ RATING "6" must be an integer from 1 to 5 (3.6)`)) {
			t.Errorf("%s: the message is not in the error style:\n%q", name, v)
		}
		golden(t, name, v)
	}
}

func TestCategoryCompletes(t *testing.T) {
	m := New(dialog.NewContext(theme.Plain()), nil, []string{"Programming", "News"})
	m = focusField(t, m, ssd3.FieldCategory)
	if h := m.ShortHelp(); h[len(h)-1].Help().Desc != "complete category" {
		t.Errorf("help on CATEGORY lacks completion: %v", h)
	}
	m = typeText(m, "Pro")
	m.Update(tea.KeyMsg{Type: tea.KeyRight})
	rec, _ := m.Record()
	if rec.Category() != "Programming" {
		t.Errorf("→ completed to %q, want Programming", rec.Category())
	}
}

// X- names longer than the standard ones widen the names' column; one
// longer than two fifths of the form is cut, never wrapped onto the lines
// of other fields.
func TestGoldenLongExtensionNames(t *testing.T) {
	rec := sample()
	rec.SetExtensions([]ssd3.Field{{Name: "X-CREATOR-EMAIL", Value: "ada@example.org"},
		{Name: "X-A-VERY-LONG-EXTENSION-FIELD-NAME-INDEED", Value: "short"}})
	m := New(dialog.NewContext(theme.Plain()), rec, nil)
	m.SetSize(80, 24)
	v := m.View()
	if !strings.Contains(v, "  X-CREATOR-EMAIL   ada@example.org") {
		t.Errorf("X-CREATOR-EMAIL is not beside its value:\n%s", v)
	}
	for i, l := range strings.Split(v, "\n")[2:] {
		if l != "" && !strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "› ") {
			t.Errorf("line %d wraps a field name: %q\n%s", i+3, l, v)
		}
	}
	// Editing the long name shows its end as it is typed.
	m = focusField(t, m, "X-A-VERY-LONG-EXTENSION-FIELD-NAME-INDEED")
	m, _ = press(m, tea.KeyEnd)
	m = typeText(m, "-TOO")
	if v := m.View(); !strings.Contains(v, "INDEED-TOO") {
		t.Errorf("the end of the name typed is not shown:\n%s", v)
	}
	golden(t, "long-names-80x24", m.View())
}

// The form's inputs are the catalogue's table of fields, in its order (SSD3
// 4.1), DATE among them only for a record that has no valid DATE; each
// value typed goes to the record through the field's own Set.
func TestInputsFollowTheFieldsTable(t *testing.T) {
	inputs := func(m *Model) []string {
		var names []string
		for _, r := range m.rows {
			if !r.ext() && !r.isTags() { // X-TAGS, beneath CATEGORY, is no standard field
				names = append(names, r.field)
			}
		}
		return names
	}
	var want, withDate []string
	for _, f := range ssd3.Fields {
		withDate = append(withDate, f.Name)
		if f.Name != ssd3.FieldDate {
			want = append(want, f.Name)
		}
	}
	if got := inputs(New(dialog.NewContext(theme.Plain()), nil, nil)); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("add form inputs %q, want %q", got, want)
	}
	if got := inputs(New(dialog.NewContext(theme.Plain()), sample(), nil)); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("edit form inputs %q, want %q", got, want)
	}
	undated := sample()
	undated.SetDate(time.Time{})
	m := New(dialog.NewContext(theme.Plain()), undated, nil)
	if got := inputs(m); strings.Join(got, " ") != strings.Join(withDate, " ") {
		t.Errorf("inputs for a record without DATE %q, want %q", got, withDate)
	}
	// Typed with spaces around, which the form trims: Set turns the IRI
	// into a URI and the DATE text into a time.
	typed := map[string]string{
		ssd3.FieldURI: "https://bücher.example/", ssd3.FieldName: "Bücher", ssd3.FieldID: "7",
		ssd3.FieldDate: "01/02/2003 04:05:06", ssd3.FieldCategory: "Reading", ssd3.FieldDescription: "Books",
		ssd3.FieldRating: "5", ssd3.FieldLanguage: "de", ssd3.FieldType: "text/html; charset=utf-8",
	}
	for _, f := range ssd3.Fields {
		m = focusField(t, m, f.Name)
		m = clear(m)
		pad := " "
		if f.Name == ssd3.FieldRating {
			pad = "" // its input holds one character
		}
		m = typeText(m, pad+typed[f.Name]+pad)
	}
	rec, ps := m.Record()
	if len(ps) > 0 {
		t.Fatalf("problems %v", ps)
	}
	for _, f := range ssd3.Fields {
		want := &ssd3.Record{}
		if err := f.Set(want, typed[f.Name]); err != nil {
			t.Fatal(err)
		}
		if got := f.Get(rec); got != f.Get(want) {
			t.Errorf("%s typed %q is %q in the record, want %q", f.Name, typed[f.Name], got, f.Get(want))
		}
	}
}

// The form draws inside the area it is given, however small: adding,
// editing, with messages under its fields, focused anywhere.
func TestFitsAnySize(t *testing.T) {
	undated := sample()
	undated.SetDate(time.Time{})
	for _, orig := range []*ssd3.Record{nil, sample(), undated} {
		for _, tabs := range []int{0, 5, 30} {
			m := New(dialog.NewContext(theme.Plain()), orig, []string{"Programming"})
			m = typeText(m, "bad value\x00")
			for range tabs {
				m, _ = press(m, tea.KeyTab)
			}
			m, _ = press(m, tea.KeyCtrlS)
			dialogtest.Fits(t, func(w, h int) string {
				m.SetSize(w, h)
				return m.View()
			})
		}
	}
}

// tagged reads a catalogue of one record with X-TAGS tags and another
// extension field, as a file has them.
func tagged(t *testing.T, tags string) (*catalogue.Catalogue, *ssd3.Record) {
	t.Helper()
	c, err := catalogue.Read(strings.NewReader("URI: https://go.dev/\r\nNAME: Go\r\nDATE: 04/05/2024 10:00:00\r\nCATEGORY: Programming\r\nX-TAGS: " + tags + "\r\nX-FOO: bar\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	return c, c.Records()[0]
}

// The tags input shows X-TAGS; what is typed there is stored normalised,
// an emptied input removes the field, and undoing the edit gives the
// tags back.
func TestTagsRoundTripThroughAnEdit(t *testing.T) {
	for _, c := range []struct{ typed, want string }{
		{" web,go ,, web , docs", "web, go, docs"},
		{"  ", ""},
	} {
		cat, orig := tagged(t, "go,docs")
		m := New(dialog.NewContext(theme.Plain()), orig, nil)
		m = focusField(t, m, ssd3.FieldTags)
		if got := m.current().Value(); got != "go,docs" {
			t.Fatalf("tags input shows %q, want the record's go,docs", got)
		}
		if n := strings.Count(m.View(), ssd3.FieldTags); n != 1 {
			t.Errorf("X-TAGS shown %d times, want once (its input, not an extension row too):\n%s", n, m.View())
		}
		m = typeText(clear(m), c.typed)
		if c.want == "" && !strings.Contains(m.View(), "this field will be removed") {
			t.Errorf("no removal notice for emptied tags:\n%s", m.View())
		}
		_, cmd := press(m, tea.KeyCtrlS)
		msg, ok := result(t, cmd).(SubmittedMsg)
		if !ok {
			t.Fatalf("typed %q: got %#v, errors %v", c.typed, result(t, cmd), m.Errors())
		}
		if got := msg.Record.Extension(ssd3.FieldTags); got != c.want {
			t.Errorf("typed %q: X-TAGS %q, want %q", c.typed, got, c.want)
		}
		if got := msg.Record.Extension("X-FOO"); got != "bar" {
			t.Errorf("X-FOO %q, want it kept", got)
		}
		undo, err := cat.Apply(catalogue.Set{Ref: orig.Ref(), Fields: ssd3.Diff(msg.Original, msg.Record)})
		if err != nil {
			t.Fatalf("typed %q: the catalogue refuses the edit: %v", c.typed, err)
		}
		stored := cat.Records()[0]
		if got := stored.Extension(ssd3.FieldTags); got != c.want {
			t.Errorf("typed %q: stored X-TAGS %q, want %q", c.typed, got, c.want)
		}
		if c.want == "" && strings.Contains(stored.Raw(), ssd3.FieldTags) {
			t.Errorf("cleared tags left the field:\n%s", stored.Raw())
		}
		if _, err := cat.Apply(undo); err != nil {
			t.Fatal(err)
		}
		if got := cat.Records()[0].Extension(ssd3.FieldTags); got != "go,docs" {
			t.Errorf("typed %q: undone, X-TAGS is %q, want go,docs", c.typed, got)
		}
	}
}

// Tags left as the file has them ("go,docs", not normalised) are no
// change: saving closes the form.
func TestTagsUntouchedAreNoChange(t *testing.T) {
	_, orig := tagged(t, "go,docs")
	m := focusField(t, New(dialog.NewContext(theme.Plain()), orig, nil), ssd3.FieldTags)
	if !closes(m, tea.KeyCtrlS) {
		t.Fatal("saving untouched tags did not close the form")
	}
}

func TestTagsOf(t *testing.T) {
	_, a := tagged(t, "web, go")
	_, b := tagged(t, "go,, docs ")
	if got := strings.Join(TagsOf([]*ssd3.Record{a, b, sample()}), "|"); got != "docs|go|web" {
		t.Errorf("TagsOf = %q, want docs|go|web", got)
	}
}

// The tag typed after the last comma completes from the catalogue's tags,
// spelled as the catalogue has it, and never to one the input has.
func TestTagsComplete(t *testing.T) {
	m := New(dialog.NewContext(theme.Plain()), nil, nil)
	m.CompleteTags([]string{"Docs", "go", "golang", "web"})
	m = focusField(t, m, ssd3.FieldTags)
	if h := m.ShortHelp(); h[len(h)-1].Help().Desc != "complete tag" {
		t.Errorf("help on X-TAGS lacks completion: %v", h)
	}
	m = typeText(m, "do")
	if !strings.Contains(m.View(), "do"+"cs") {
		t.Errorf("the completion is not shown:\n%s", m.View())
	}
	m.Update(tea.KeyMsg{Type: tea.KeyRight})
	m = typeText(m, ", g")
	if got := m.current().MatchedSuggestions(); strings.Join(got, "|") != "Docs, go|Docs, golang" {
		t.Errorf("suggestions for %q: %q", m.current().Value(), got)
	}
	m = typeText(m, "o,gol")
	m.Update(tea.KeyMsg{Type: tea.KeyCtrlF})
	if got := m.current().Value(); got != "Docs, go,golang" {
		t.Errorf("completed to %q, want Docs, go,golang", got)
	}
	m = typeText(m, ", GO")
	if got := m.current().MatchedSuggestions(); len(got) != 0 {
		t.Errorf("suggests tags the input has: %q", got)
	}
	rec, _ := m.Record()
	if got := rec.Extension(ssd3.FieldTags); got != "Docs, go, golang, GO" {
		t.Errorf("X-TAGS %q", got)
	}
}

func TestGoldenTags(t *testing.T) {
	_, orig := tagged(t, "go")
	m := New(dialog.NewContext(theme.Plain()), orig, []string{"Programming"})
	m.CompleteTags([]string{"docs", "go", "golang"})
	m.SetSize(80, 24)
	m = focusField(t, m, ssd3.FieldTags)
	m, _ = press(m, tea.KeyEnd)
	m = typeText(m, ", do")
	golden(t, "tags-80x24", m.View())
}

func TestGoldenDiscardQuestion(t *testing.T) {
	m := New(dialog.NewContext(theme.Plain()), sample(), []string{"Programming"})
	m.SetSize(80, 24)
	m = focusField(t, m, ssd3.FieldTags)
	m = typeText(m, "go, docs")
	m.Update(keyMsg(tea.KeyEsc))
	q := m.ctx.Take().Open
	q.SetSize(80, 24)
	golden(t, "discard-80x24", dialog.Overlay(m.View(), q.View(), 80, 24))
}

// Why a save was refused is shown whole, wrapped within the width, and
// stays beneath the fields when they scroll: its end says what to do
// (issue 24: at 80 columns it was cut off).
func TestRefusalWrapsAndStays(t *testing.T) {
	const msg = "the catalogue file changed on disk while the form was open, and the record you edited is now at another line; press ctrl+s again to save it there anyway"
	for _, size := range [][2]int{{80, 24}, {60, 10}, {40, 24}} {
		m := New(dialog.NewContext(theme.Plain()), sample(), nil)
		m.SetSize(size[0], size[1])
		m.SetError(errors.New(msg))
		v := m.View()
		if !strings.Contains(flat(ansi.Strip(v)), "not saved: "+msg) {
			t.Errorf("%dx%d: the refusal is not shown whole:\n%s", size[0], size[1], v)
		}
		for _, l := range strings.Split(v, "\n") {
			if w := ansi.StringWidth(l); w > size[0] {
				t.Errorf("%dx%d: a line of %d cells: %q", size[0], size[1], w, l)
			}
		}
		if n := strings.Count(v, "\n") + 1; n > size[1] {
			t.Errorf("%dx%d: %d lines", size[0], size[1], n)
		}
	}
}
