// Package form is the add/edit dialog of uricat's TUI: one input for every
// standard SSD3 field, made from the catalogue's table of them
// (catalogue.Fields), and for each X- extension field. What the user types
// goes into the record as text through each field's own Set, and is
// checked as they type by the catalogue (Set, Record.Validate,
// catalogue.ValidateExtensionName), never by copies.
//
// When the user saves a record that validates, the form emits SubmittedMsg
// and, once it comes back, applies it through its context's store (an Add
// edit when Original is nil, else a Set): if the catalogue still refuses
// it, the form shows why (SetError) and stays open. Escape closes
// the form (dialog.Context.Close), and so does saving an edit that changed nothing
// (saving it would only restamp DATE). Escape on a form with changes asks
// first (a dialog.Confirm over it): yes throws them away and closes the
// form, no goes back to it as it was.
//
// DATE is an input only when the edited record has no valid DATE (it is
// missing, or the file's value is not DD/MM/YYYY hh:mm:ss): SSD3 3.3 makes
// it the time of the last change, which the catalogue stamps when it
// stores the record, so the user may leave it empty (now) or type the date
// the bookmark was made. Otherwise the form only says what DATE becomes.
//
// The record's tags (catalogue.FieldTags, X-TAGS) have an input of their
// own beneath CATEGORY, rather than an extension row: typed as "a, b",
// stored normalised (trimmed, ", " between them, none empty or twice), the
// field removed when the input is cleared. The tag being typed (after the
// last comma) completes from the catalogue's tags (CompleteTags), as
// CATEGORY completes from the categories in use.
//
// # Files
//
// form.go holds the Model (its rows, keys, Update, View and the record it
// makes); page.go fills an empty NAME and DESCRIPTION from the page a new
// URI names, fetched in the background (FetchPages).
package form

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/dupset"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// SubmittedMsg carries a record the user saved. Original is the record
// edited, nil when adding; Record is the new version (for an edit, a Clone
// of Original with the user's changes). Record.Date differs from
// Original.Date only when the user typed a DATE (the form shows DATE when
// Original has none valid): the edit must then keep it rather than stamp
// now.
//
// AllowDuplicate says the user saved the record knowing that its URI is
// already in the catalogue (the form warned, and they saved again): the
// Add must allow it.
type SubmittedMsg struct {
	Original       *ssd3.Record
	Record         *ssd3.Record
	AllowDuplicate bool
	// Kept is what keeping the record's page said (PageKeeper), told
	// once the record is added; nil: none.
	Kept tea.Msg
}

// URIs is what the form looks a URI up in, to warn of a duplicate.
type URIs struct {
	// Has reports at once whether a valid record has uri (the catalogue's
	// key index: HasURI); known is false when it cannot tell without
	// reading every record. The form calls it in its Update.
	Has func(uri string) (has, known bool)
	// Records is a snapshot of the catalogue's records, searched in a
	// command for the record that has a URI Has found (or could not tell).
	Records []*ssd3.Record
}

// KeyMap holds the form's own key bindings; esc (cancel) is the shared
// dialog.KeyMap's.
type KeyMap struct {
	Next, Prev, Submit key.Binding
}

// DefaultKeyMap is the form's bindings. Enter moves on, so that a user
// filling the form top to bottom saves it from the last field.
var DefaultKeyMap = KeyMap{
	Next:   key.NewBinding(key.WithKeys("tab", "down", "enter"), key.WithHelp("tab/↓", "next field")),
	Prev:   key.NewBinding(key.WithKeys("shift+tab", "up"), key.WithHelp("shift+tab/↑", "previous field")),
	Submit: key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "save")),
}

// placeholder is what the input of the standard field f shows while
// empty: what its value looks like, and whether it may stay empty.
func placeholder(f ssd3.FieldSpec) string {
	switch {
	case f.Name == ssd3.FieldDate:
		return f.Hint + ", or empty for now" // see the package doc
	case f.Required:
		return f.Hint + " (required)"
	case f.Hint != "":
		return f.Hint
	}
	return "optional"
}

// hasDate reports whether r has a valid DATE.
func hasDate(r *ssd3.Record) bool { return ssd3.GetField(r, ssd3.FieldDate) != "" }

// row is one line of the form: a standard field, or an extension field with
// an input for its name too.
type row struct {
	field    string // standard field name; "" for an extension row
	name     textinput.Model
	value    textinput.Model
	initial  string // the value as first shown, to tell whether it changed
	initName string // an extension row's name as first shown
	orig     string // the record's value behind initial (may hold line breaks)
	err      string
	touched  bool
}

func (r *row) ext() bool { return r.field == "" }

// isTags reports whether the row is the tags input (X-TAGS).
func (r *row) isTags() bool { return r.field == ssd3.FieldTags }

// changed reports whether the user changed the row from what it showed.
func (r *row) changed() bool {
	return r.value.Value() != r.initial || r.ext() && r.name.Value() != r.initName
}

// label is the row's field name, as typed for an extension row.
func (r *row) label() string {
	if r.ext() {
		return strings.TrimSpace(r.name.Value())
	}
	return r.field
}

// text is the row's value: the record's own when the user left it as shown
// (a DESCRIPTION may hold line breaks that an input cannot show). Tags
// typed are normalised (NormalizeTags).
func (r *row) text() string {
	v := r.value.Value()
	switch {
	case v == r.initial:
		return r.orig
	case r.isTags():
		return NormalizeTags(v)
	}
	return strings.TrimSpace(v)
}

// NormalizeTags returns the X-TAGS value of the tags in v, as the
// catalogue writes them (catalogue.SplitTags, catalogue.JoinTags): each
// trimmed, ", " between them, without empty ones, each once (the first
// kept). "" when v has no tag.
func NormalizeTags(v string) string {
	var tags []string
	for _, t := range ssd3.SplitTags(v) {
		if !slices.Contains(tags, t) {
			tags = append(tags, t)
		}
	}
	return ssd3.JoinTags(tags)
}

// TagsOf returns the tags of recs (their X-TAGS), each once, sorted: what
// the tags input completes from (CompleteTags).
func TagsOf(recs []*ssd3.Record) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range recs {
		for _, t := range ssd3.SplitTags(r.Extension(ssd3.FieldTags)) {
			if !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	slices.Sort(out)
	return out
}

// slot is one focusable input: a row, and whether it is the row's name.
type slot struct {
	row  int
	name bool
}

// Model is the form, a dialog.Dialog.
type Model struct {
	ctx      dialog.Context
	keys     KeyMap
	original *ssd3.Record
	rows     []*row
	focus    int // index into slots()
	tried    bool
	err      string   // from the root: why the catalogue refused the record
	other    string   // problems that belong to no input (DATE of an edited record)
	tags     []string // the catalogue's tags, which the tags input completes from

	id       int // labels the form's lookups and its question (discardMsg)
	uris     URIs
	dups     map[string]*catalogue.DuplicateError // each URI looked up, and what has it (nil: none, or not known yet)
	dup      *catalogue.DuplicateError            // another record has the URI typed; nil if none
	allowDup string                               // the URI the user saved again, knowing it is a duplicate

	fetch PageFetcher // fills an added record from its page (page.go); nil: never
	keep  PageKeeper  // keeps that page when the record is saved (page.go); nil: never
	page  pageState
}

// labelWidth is the narrowest column of field names: DESCRIPTION's and a
// gap. Longer X- names widen it (labelW).
const labelWidth = 13

// labelW returns the width of the column of field names: as wide as the
// longest name that fits in two fifths of the form; a longer one is cut
// ("…"), and scrolls in its input as it is edited.
func (m *Model) labelW() int {
	w, limit := labelWidth, max(labelWidth, m.ctx.Width*2/5)
	for _, r := range m.rows {
		if n := ansi.StringWidth(r.name.Value()) + 2; r.ext() && n <= limit {
			w = max(w, n)
		}
	}
	return w
}

// New returns a form that edits original, or adds a record when original is
// nil. categories (the categories in use) complete the CATEGORY input.
func New(ctx dialog.Context, original *ssd3.Record, categories []string) *Model {
	m := &Model{ctx: ctx, keys: DefaultKeyMap, original: original, id: int(formIDs.Add(1))}
	m.addFieldRows(categories)
	if original != nil {
		m.addExtensionRows()
		m.showFileValues()
	}
	m.setInitial()
	m.addBlankExtension()
	m.setFocus(0)
	m.validate()
	// An invalid record (from the problems view) opens on the first
	// field to fix.
	for i, s := range m.slots() {
		if !s.name && m.rows[s.row].err != "" && m.original != nil {
			m.setFocus(i)
			break
		}
	}
	m.SetSize(ctx.Width, ctx.Height)
	return m
}

// addFieldRows adds a row for each standard field, the tags beneath the
// category; categories complete the CATEGORY input.
func (m *Model) addFieldRows(categories []string) {
	original := m.original
	for _, f := range ssd3.Fields {
		if f.Name == ssd3.FieldDate && (original == nil || hasDate(original)) {
			// The catalogue stamps it; an input only when the record
			// has no valid DATE to keep (see the package doc).
			continue
		}
		r := &row{field: f.Name, value: m.input(placeholder(f))}
		if original != nil {
			r.orig = f.Get(original)
		}
		switch f.Name {
		case ssd3.FieldCategory:
			completes(&r.value)
			r.value.SetSuggestions(categories)
		case ssd3.FieldRating:
			r.value.CharLimit = 1
		}
		m.rows = append(m.rows, r)
		if f.Name == ssd3.FieldCategory {
			// The tags beneath the category (see the package doc).
			t := &row{field: ssd3.FieldTags, value: m.input("tags, comma separated")}
			completes(&t.value)
			if original != nil {
				t.orig = original.Extension(ssd3.FieldTags)
			}
			m.rows = append(m.rows, t)
		}
	}
}

// addExtensionRows adds a row for each extension field of the record
// edited but its tags.
func (m *Model) addExtensionRows() {
	tags := false
	for _, x := range m.original.Extensions() {
		if x.Name == ssd3.FieldTags && !tags {
			tags = true
			continue // the tags input's (a second X-TAGS is a duplicate to fix)
		}
		r := &row{name: m.input("X-NAME"), value: m.input("value"), orig: x.Value}
		r.initName = display.Text(x.Name)
		r.name.SetValue(r.initName)
		m.rows = append(m.rows, r)
	}
}

// showFileValues fills the rows of the values the catalogue rejected when
// reading the file, which are not in the record, as the file has them,
// so the user can fix them rather than type them again.
func (m *Model) showFileValues() {
	for _, p := range m.original.Problems() {
		for _, r := range m.rows {
			if r.field == p.Field && r.orig == "" {
				r.orig = m.original.FileValue(p.Field)
			}
		}
	}
}

// setInitial puts each row's value, as shown, in its input.
func (m *Model) setInitial() {
	for _, r := range m.rows {
		r.initial = display.Text(r.orig)
		if r.field == ssd3.FieldURI {
			// Shown as an IRI ("bücher.de/straße"). Left as shown, the
			// stored URI stays as it is (row.text); edited, it is
			// stored normalised, as `uricat add` stores it (Record).
			r.initial = display.Text(display.URI(r.orig))
		}
		r.value.SetValue(r.initial)
	}
}

// completes makes ti complete what is typed from its suggestions: → or
// ctrl+f takes the one shown.
func completes(ti *textinput.Model) {
	ti.ShowSuggestions = true
	ti.KeyMap.AcceptSuggestion = key.NewBinding(key.WithKeys("right", "ctrl+f"))
}

// CompleteTags makes the tags input complete the tag being typed (after
// the last comma) from tags, the catalogue's (TagsOf). Call it before
// Init.
func (m *Model) CompleteTags(tags []string) {
	m.tags = tags
	m.suggestTags()
}

// suggestTags offers the tags that complete the one being typed: the
// value typed so far with each tag that begins with the text after its
// last comma (in any case), but for those already in it.
func (m *Model) suggestTags() {
	r := m.tagsRow()
	if r == nil {
		return
	}
	v := r.value.Value()
	head, part := "", v
	if i := strings.LastIndexByte(v, ','); i >= 0 {
		head, part = v[:i+1], v[i+1:]
	}
	typed := strings.TrimLeft(part, " ")
	head += part[:len(part)-len(typed)] // the blanks after the comma, as typed
	var sugs []string
	if typed != "" {
		had, low := ssd3.SplitTags(head), strings.ToLower(typed)
		for _, t := range m.tags {
			// As the input matches its suggestions.
			if strings.HasPrefix(strings.ToLower(t), low) && !slices.Contains(had, t) {
				sugs = append(sugs, head+t)
			}
		}
	}
	r.value.SetSuggestions(sugs)
}

// tagsRow returns the tags input's row.
func (m *Model) tagsRow() *row {
	for _, r := range m.rows {
		if r.isTags() {
			return r
		}
	}
	return nil
}

// CheckDuplicates makes the form warn when the URI typed is another
// record's, and ask for a second save before it submits such a record, as
// `uricat add` refuses one without --allow-duplicate. Call it before
// Init, which looks up the URI the form starts with.
func (m *Model) CheckDuplicates(uris URIs) {
	m.uris = uris
}

// formIDs labels the forms' lookups and questions, so that a form takes
// only its own answers.
var formIDs atomic.Int64

// foundMsg answers a lookup: rec is the first other record that has uri,
// nil if none has it.
type foundMsg struct {
	id  int
	uri string
	rec *ssd3.Record
}

// lookUp starts finding which other record has uri (as it will be
// stored), if any: at once when the key index says none has it, else in a
// command that reads the snapshot (foundMsg). The edited record's own URI
// is not looked up: a duplicate already, the user has seen it. A URI is
// looked up once: typing on and deleting back finds the answer kept.
func (m *Model) lookUp(uri string) tea.Cmd {
	d, ok := m.dups[uri]
	m.dup = d
	if ok || m.uris.Has == nil || uri == "" || ssd3.ValidateURI(uri) != nil || m.original != nil && uri == m.original.URI() {
		return nil
	}
	if m.dups == nil {
		m.dups = map[string]*catalogue.DuplicateError{}
	}
	m.dups[uri] = nil
	if has, known := m.uris.Has(uri); known && !has {
		return nil
	}
	id, recs, except := m.id, m.uris.Records, catalogue.Ref(0)
	if m.original != nil {
		except = m.original.Ref()
	}
	return func() tea.Msg {
		for _, r := range dupset.FindURIIn(recs, uri) {
			if r.Ref() != except {
				return foundMsg{id: id, uri: uri, rec: r}
			}
		}
		return foundMsg{id: id, uri: uri}
	}
}

// found takes the answer of a lookup.
func (m *Model) found(msg foundMsg) {
	if msg.id != m.id || msg.rec == nil {
		return
	}
	d := &catalogue.DuplicateError{URI: msg.uri, Existing: msg.rec}
	m.dups[msg.uri] = d
	if rec, _ := m.Record(); rec.URI() == msg.uri {
		m.dup = d
	}
}

// Init starts the text cursor blinking, and looks up the URI the form
// starts with (an invalid record's, as the file has it).
func (m *Model) Init() tea.Cmd {
	rec, _ := m.Record()
	return tea.Batch(textinput.Blink, m.lookUp(rec.URI()))
}

// input makes a text input styled by the theme.
func (m *Model) input(placeholder string) textinput.Model {
	ti := textinput.New()
	ti.Prompt = ""
	ti.Placeholder = placeholder
	t := m.ctx.Theme
	ti.TextStyle = t.Input
	ti.PlaceholderStyle = t.Placeholder
	ti.CompletionStyle = t.Dim
	ti.Cursor.Style = t.InputCursor
	ti.Cursor.TextStyle = t.Input
	return ti
}

// addBlankExtension appends an empty extension row for a new X- field.
func (m *Model) addBlankExtension() {
	m.rows = append(m.rows, &row{name: m.input("X-NEW-FIELD"), value: m.input("value")})
}

func (m *Model) slots() []slot {
	var s []slot
	for i, r := range m.rows {
		if r.ext() {
			s = append(s, slot{i, true})
		}
		s = append(s, slot{i, false})
	}
	return s
}

func (m *Model) current() *textinput.Model {
	s := m.slots()[m.focus]
	if s.name {
		return &m.rows[s.row].name
	}
	return &m.rows[s.row].value
}

func (m *Model) setFocus(i int) tea.Cmd {
	n := len(m.slots())
	i = (i%n + n) % n
	m.current().Blur()
	m.focus = i
	// What the page filled shows from its start, but typing goes after
	// it: a filled title is added to, not typed in front of.
	if r := m.rows[m.slots()[i].row]; !m.slots()[i].name && r.field != "" && m.page.filled[r.field] == r.value.Value() {
		r.value.CursorEnd()
	}
	return m.current().Focus()
}

// Editing reports whether the form edits a record (rather than adding one).
func (m *Model) Editing() bool { return m.original != nil }

// Focused returns the name of the field whose input has focus ("" for the
// name of a new extension field).
func (m *Model) Focused() string {
	s := m.slots()[m.focus]
	return m.rows[s.row].label()
}

// Errors returns the current validation message of each field that has one,
// keyed by field name (an extension row without a name is keyed "X-").
func (m *Model) Errors() map[string]string {
	out := map[string]string{}
	for _, r := range m.rows {
		if r.err != "" {
			k := r.label()
			if r.ext() && k == "" {
				k = "X-"
			}
			out[k] = r.err
		}
	}
	return out
}

// SetSize sets the area the form may use.
func (m *Model) SetSize(width, height int) {
	m.ctx.SetSize(width, height)
	lw := m.labelW()
	w := max(10, width-lw-6)
	for _, r := range m.rows {
		r.value.Width = w
		if r.field == ssd3.FieldRating {
			r.value.Width = 3 // the stars follow it
		}
		r.name.Width = lw - 2
	}
}

// Changed reports whether the user changed any input from what the form
// first showed (typing and deleting back is no change).
func (m *Model) Changed() bool {
	for _, r := range m.rows {
		if r.changed() {
			return true
		}
	}
	return false
}

// discardMsg is the yes of the question whether to throw the changes
// away: it comes back to the form, on top again, which closes.
type discardMsg struct{ id int }

// cancel closes the form, at once when nothing was changed, else once the
// user says to throw the changes away.
func (m *Model) cancel() (tea.Model, tea.Cmd) {
	if !m.Changed() {
		m.close(nil)
		return m, nil
	}
	what := "the new bookmark"
	if m.original != nil {
		what = "“" + display.Text(m.original.Name()) + "”"
	}
	m.ctx.Open(dialog.NewConfirm(m.ctx, dialog.Question{
		Text:   "Discard your changes?",
		Detail: "What you typed for " + what + " is not saved.",
		Verb:   "discard",
		Yes:    discardMsg{id: m.id},
	}))
	return m, nil
}

// apply applies the submitted record through the store, one undoable
// step: it closes the form, or keeps it open with the catalogue's refusal.
// An added record is shown in the list even if the search hides it.
func (m *Model) apply(msg SubmittedMsg) (tea.Model, tea.Cmd) {
	store := m.ctx.Store
	name := display.Text(msg.Record.Name())
	var e catalogue.Edit = catalogue.Add{Records: []*ssd3.Record{msg.Record}, AllowDuplicates: msg.AllowDuplicate}
	what := fmt.Sprintf("added “%s”", name)
	if msg.Original == nil && m.ctx.Rules.File(msg.Record) {
		what += " (filed by the rules)"
	}
	if msg.Original != nil {
		// With the DATE the user typed for a record that had none
		// valid: Set keeps a DATE among its fields rather than stamp now.
		fields := ssd3.Diff(msg.Original, msg.Record)
		if len(fields) == 0 && hasDate(msg.Original) {
			store.SetStatus(theme.Info, "nothing changed")
			m.close(nil)
			return m, nil
		}
		// No fields, and no valid DATE: the Set stamps now, which is
		// what the record lacked.
		e = catalogue.Set{Ref: msg.Original.Ref(), Fields: fields}
		what = fmt.Sprintf("edited “%s”", name)
	}
	cmd, err := store.Apply(e, what)
	if err != nil {
		m.SetError(err)
		return m, nil
	}
	if msg.Original != nil {
		store.Select(msg.Original.Ref())
		m.close(nil)
		return m, cmd
	}
	var shown dialog.ShowMsg
	if recs := store.Catalogue().Records(); len(recs) > 0 {
		shown.Record = recs[len(recs)-1]
	}
	m.close(shown)
	if kept := msg.Kept; kept != nil {
		// After the add's own message, which it would otherwise hide.
		cmd = tea.Batch(cmd, func() tea.Msg { return kept })
	}
	return m, cmd
}

// SetError shows why the catalogue refused the submitted record, keeping
// the form open: the problems of a *catalogue.ValidationError go to their
// fields.
func (m *Model) SetError(err error) {
	m.tried = true
	var ve *catalogue.ValidationError
	if errors.As(err, &ve) {
		m.assign(ve.Problems)
		m.err = "not saved: fix the fields marked"
		return
	}
	var de *catalogue.DuplicateError
	if errors.As(err, &de) {
		rec, _ := m.Record()
		m.allowDup = rec.URI()
		m.err = "not saved: " + display.Text(de.Error()) + " · ctrl+s again saves it anyway"
		return
	}
	m.err = "not saved: " + display.Text(err.Error())
}

// Record returns the record the form holds now and what is wrong with it.
// The URI is normalised (IRI to URI, IDNA host) as it will be stored.
func (m *Model) Record() (*ssd3.Record, []ssd3.Diagnostic) {
	rec := &ssd3.Record{}
	if m.original != nil {
		rec = m.original.Clone()
		rec.SetExtensions(nil)
	}
	var ps []ssd3.Diagnostic
	refused := map[string]bool{} // fields whose text Set refused
	for _, r := range m.rows {
		v := r.text()
		if r.isTags() {
			if v != "" {
				rec.AddExtension(ssd3.FieldTags, v)
			}
			continue
		}
		if !r.ext() {
			// Empty: the field is cleared; for DATE, the catalogue
			// stamps now when it stores the record.
			if err := ssd3.SetField(rec, r.field, v); err != nil {
				ps = append(ps, ssd3.Diagnostic{Offset: -1, Field: r.field, Msg: err.Error()})
				refused[r.field] = true
			}
			continue
		}
		switch name := r.label(); {
		case name == "" && v == "":
			// The blank row for a new field.
		case v == "":
			// Emptying a value removes the field; the name may
			// still be wrong while the user types it.
			if err := ssd3.ValidateExtensionName(name); err != nil {
				ps = append(ps, ssd3.Diagnostic{Offset: -1, Field: name, Msg: err.Error()})
			}
		case name == "":
			ps = append(ps, ssd3.Diagnostic{Offset: -1, Field: "", Msg: ssd3.ValidateExtensionName("").Error()})
		default:
			// Appended, not set: a name given twice is a problem
			// Validate reports, not a value that replaces another.
			rec.AddExtension(name, v)
		}
	}
	for _, p := range rec.Validate() {
		// A field whose text was refused has its problem already; a
		// record without a DATE gets now when the catalogue stores it.
		if refused[p.Field] || p.Field == ssd3.FieldDate && !hasDate(rec) {
			continue
		}
		ps = append(ps, p)
	}
	return rec, ps
}

// datesInput reports whether the form has a DATE input.
func (m *Model) datesInput() bool {
	for _, r := range m.rows {
		if r.field == ssd3.FieldDate {
			return true
		}
	}
	return false
}

// validate recomputes every row's message from the catalogue's validators,
// and looks the URI up among the other records (the command).
func (m *Model) validate() tea.Cmd {
	rec, ps := m.Record()
	m.assign(ps)
	return tea.Batch(m.lookUp(rec.URI()), m.watchURI(rec.URI()))
}

// assign puts each problem on the row of its field: a standard field's row,
// or the last extension row of that name (the second of a duplicate).
func (m *Model) assign(ps []ssd3.Diagnostic) {
	for _, r := range m.rows {
		r.err = ""
	}
	var other []string
	for _, p := range ps {
		placed := false
		for i := len(m.rows) - 1; i >= 0 && !placed; i-- {
			r := m.rows[i]
			if r.label() == p.Field && (r.ext() || p.Field != "") && r.err == "" {
				r.err = display.Text(p.Msg)
				placed = true
			}
		}
		if !placed {
			other = append(other, display.Text(p.Msg))
		}
	}
	m.other = strings.Join(other, "; ")
}

// visibleErr is the row's message if the user should see it yet: a required
// field left empty is not an error before the user has been there.
func (m *Model) visibleErr(r *row) string {
	if r.err == "" {
		return ""
	}
	if m.tried || r.touched || r.value.Value() != "" || (r.ext() && r.name.Value() != "") || m.original != nil {
		return r.err
	}
	return ""
}

// close asks the stack to close the form (dialog.Context.Close), with
// result, and cancels the fetch of the page, if one is under way.
func (m *Model) close(result tea.Msg) {
	m.stopFetch()
	m.ctx.Close(result)
}

// Update handles a message; the form closes (close) when the user
// leaves it.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case fetchDueMsg:
		return m, m.startFetch(msg)
	case pageMsg:
		return m, m.fill(msg)
	case SubmittedMsg:
		return m.apply(msg)
	case foundMsg:
		m.found(msg)
		return m, nil
	case discardMsg:
		if msg.id == m.id {
			m.close(nil)
		}
		return m, nil
	}
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		var cmd tea.Cmd
		*m.current(), cmd = m.current().Update(msg)
		return m, cmd
	}
	switch {
	case key.Matches(km, m.ctx.Keys.Cancel):
		return m.cancel()
	case key.Matches(km, m.keys.Submit):
		return m.submit()
	case key.Matches(km, m.keys.Next):
		m.touchCurrent()
		if km.String() == "enter" && m.focus == len(m.slots())-1 {
			return m.submit()
		}
		return m, m.setFocus(m.focus + 1)
	case key.Matches(km, m.keys.Prev):
		m.touchCurrent()
		return m, m.setFocus(m.focus - 1)
	}
	var cmd tea.Cmd
	tags := m.rows[m.slots()[m.focus].row].isTags()
	if sug := m.current().CurrentSuggestion(); tags && sug != "" && key.Matches(km, m.current().KeyMap.AcceptSuggestion) {
		// The tag as the catalogue spells it, not in the case typed.
		m.current().SetValue(sug)
		m.current().CursorEnd()
	} else {
		*m.current(), cmd = m.current().Update(msg)
	}
	if tags {
		m.suggestTags()
	}
	m.err = ""
	last := m.rows[len(m.rows)-1]
	if last.name.Value() != "" || last.value.Value() != "" {
		m.addBlankExtension()
	}
	m.SetSize(m.ctx.Width, m.ctx.Height) // a longer X- name widens the names' column
	return m, tea.Batch(cmd, m.validate())
}

func (m *Model) touchCurrent() {
	m.rows[m.slots()[m.focus].row].touched = true
}

func (m *Model) submit() (tea.Model, tea.Cmd) {
	m.tried = true
	rec, ps := m.Record()
	m.assign(ps)
	if len(ps) > 0 {
		for i, s := range m.slots() {
			r := m.rows[s.row]
			if r.err != "" && (!r.ext() || s.name == (r.label() == "")) {
				return m, m.setFocus(i)
			}
		}
		return m, nil
	}
	if m.original != nil && len(ssd3.Diff(m.original, rec)) == 0 && hasDate(m.original) {
		// Nothing to save. (A record without a valid DATE is saved even
		// so: it gets one, now, and becomes valid.)
		m.close(nil)
		return m, nil
	}
	if d := m.dup; d != nil && m.allowDup != rec.URI() {
		// Said in the form, and saved only if the user saves again.
		m.allowDup = rec.URI()
		m.err = "not saved: " + display.Text(d.Error()) + " · ctrl+s again saves it anyway"
		return m, nil
	}
	orig, allow := m.original, rec.URI() != "" && m.allowDup == rec.URI()
	keep := m.keepPage(rec.URI())
	return m, func() tea.Msg {
		var kept tea.Msg
		if keep != nil {
			kept = keep()
		}
		return SubmittedMsg{Original: orig, Record: rec, AllowDuplicate: allow, Kept: kept}
	}
}

// completeHelp and completeTagHelp document the completion key of the
// CATEGORY and tags inputs.
var (
	completeHelp    = key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "complete category"))
	completeTagHelp = key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "complete tag"))
)

// ShortHelp returns the bindings for the short help bar.
func (m *Model) ShortHelp() []key.Binding {
	b := []key.Binding{m.keys.Next, m.keys.Prev, m.keys.Submit, m.ctx.Keys.Cancel}
	var complete key.Binding
	switch s := m.slots()[m.focus]; {
	case m.rows[s.row].field == ssd3.FieldCategory:
		complete = completeHelp
	case m.rows[s.row].isTags():
		complete = completeTagHelp
	default:
		return b
	}
	// The completion key takes the place of shift+tab (which still goes
	// back): with both, the help bar is cut at 80 columns, and the one
	// key nothing else tells of goes.
	return []key.Binding{m.keys.Next, m.keys.Submit, m.ctx.Keys.Cancel, complete}
}

// FullHelp returns the bindings for the full help view.
func (m *Model) FullHelp() [][]key.Binding { return [][]key.Binding{m.ShortHelp()} }

// View renders the form: a title, the fields with their messages beneath,
// and what will happen to DATE. When it does not fit, it scrolls so that
// the focused field shows.
func (m *Model) View() string {
	t := m.ctx.Theme
	lines, focusLine := m.fieldLines()
	if !m.datesInput() {
		lines = append(append(lines, ""), m.dateLines(m.labelW())...)
	}
	if m.other != "" && m.tried {
		lines = append(lines, wrap(t.Error, "✗ "+m.other, m.ctx.Width, 2)...)
	}
	// Why the last save was refused, wrapped as the fields' messages are
	// (it ends in what to do), and kept beneath the fields as they scroll.
	var notice []string
	if m.err != "" {
		notice = append([]string{""}, wrap(t.Error, m.err, m.ctx.Width, 2)...)
	}
	// The title and a blank line, as the height leaves room for them.
	head := []string{t.DialogTitle.Render(m.title()), ""}
	head = head[:max(0, min(len(head), m.ctx.Height-2))]
	room := max(1, m.ctx.Height-len(head))
	notice = notice[:min(len(notice), room-1)]
	lines = append(window(lines, focusLine, room-len(notice)), notice...)
	return m.ctx.Fit(append(head, lines...))
}

// title is the form's title: what it does, and the line of the record it
// edits.
func (m *Model) title() string {
	title := "Add bookmark"
	if m.original != nil {
		title = "Edit bookmark"
		if l := m.original.Line(); l > 0 {
			title += fmt.Sprintf(" (line %d)", l)
		}
	}
	return title
}

// fieldLines renders the fields, each with its messages beneath, and
// returns them and the index of the focused field's line.
func (m *Model) fieldLines() (lines []string, focusLine int) {
	t := m.ctx.Theme
	s := m.slots()[m.focus]
	lw := m.labelW()
	first := true
	for i, r := range m.rows {
		if r.ext() && first {
			first = false
			lines = append(lines, "")
			lines = append(lines, wrap(t.Dim, "Extension fields (X-NAME: value; an empty value removes the field)", m.ctx.Width, 2)...)
		}
		if i == s.row {
			focusLine = len(lines)
		}
		lines = append(lines, m.rowLine(r, i == s.row, lw))
		lines = append(lines, m.rowNotes(r, lw)...)
	}
	return lines, focusLine
}

// rowLine renders r's name, in a column lw wide, and its input, marked
// when focused.
func (m *Model) rowLine(r *row, focused bool, lw int) string {
	t := m.ctx.Theme
	marker := "  "
	if focused {
		marker = t.Cursor.Render("›") + " "
	}
	if r.ext() {
		// Cut, never wrapped: a name longer than the column scrolls
		// in its input as it is typed.
		name := ansi.Truncate(display.MarkInvisible(r.name.View()), lw-1, "…")
		return marker + name + strings.Repeat(" ", max(0, lw-ansi.StringWidth(name))) + " " + display.MarkInvisible(r.value.View())
	}
	lab := t.Label.Width(lw)
	if focused {
		lab = t.Prompt.Width(lw) // the focused field's name stands out
	}
	l := marker + lab.Render(r.field) + " " + display.MarkInvisible(r.value.View())
	if r.field == ssd3.FieldRating {
		if n, err := ssd3.ParseRating(r.value.Value()); err == nil {
			l += " " + t.Stars(n)
		}
	}
	return l
}

// rowNotes renders what is said beneath r, indented past a label column
// lw wide: its error, or a note on its value.
func (m *Model) rowNotes(r *row, lw int) []string {
	t := m.ctx.Theme
	w, indent := m.ctx.Width, lw+3
	if e := m.visibleErr(r); e != "" {
		return wrap(t.Error, "✗ "+e, w, indent)
	}
	var lines []string
	switch {
	case r.field == ssd3.FieldURI:
		// r.text, not the input: an IRI shown for a stored URI is
		// stored as it was.
		if v := r.text(); v != "" && ssd3.NormalizeURI(v) != v {
			lines = append(lines, wrap(t.Dim, "saved as "+display.Text(ssd3.NormalizeURI(v)), w, indent)...)
		}
		if m.dup != nil {
			lines = append(lines, wrap(t.Warning, "! "+display.Text(m.dup.Error()), w, indent)...)
		}
		if m.page.note != "" {
			lines = append(lines, wrap(t.Dim, m.page.note, w, indent)...)
		}
	case (r.ext() || r.isTags()) && r.orig != "" && r.text() == "":
		lines = wrap(t.Warning, "this field will be removed", w, indent)
	case r.field == ssd3.FieldDate:
		hint := "empty: set to now when saved (3.3)"
		if d, err := ssd3.ParseDate(r.text()); err == nil {
			hint = "shown as " + display.Date(d)
		}
		lines = wrap(t.Dim, hint, w, indent)
	}
	return lines
}

// dateLines renders what will happen to DATE when it is not an input,
// beside a label lw wide.
func (m *Model) dateLines(lw int) []string {
	t := m.ctx.Theme
	date := "set to now when saved (3.3)"
	if m.original != nil && hasDate(m.original) {
		date = display.Date(m.original.Date()) + " · " + date
	}
	// The text wrapped beside the label, as a field's message is.
	dl := wrap(t.Dim, date, m.ctx.Width, lw+3)
	dl[0] = "  " + t.Label.Width(lw).Render(ssd3.FieldDate) + " " + strings.TrimLeft(dl[0], " ")
	return dl
}

// wrap renders msg in style, broken into lines that fit width after indent.
func wrap(style lipgloss.Style, msg string, width, indent int) []string {
	w := max(20, width-indent)
	out := strings.Split(style.Width(w).Render(msg), "\n")
	pad := strings.Repeat(" ", indent)
	for i := range out {
		out[i] = pad + strings.TrimRight(out[i], " ")
	}
	return out
}

// window returns at most height lines of lines, scrolled to show line focus
// with a little context.
func window(lines []string, focus, height int) []string {
	if len(lines) <= height {
		return lines
	}
	start := max(0, focus-height/3)
	start = min(start, len(lines)-height)
	return lines[start : start+height]
}

var _ dialog.Dialog = (*Model)(nil)
