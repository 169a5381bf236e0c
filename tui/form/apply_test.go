package form

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/dialog/dialogtest"
	"github.com/uricat/uricat/tui/theme"
)

// The form applies its own record through the store once its
// SubmittedMsg comes back: an edit is a Set of what changed and selects
// the record; an add shows the new record in the list (dialog.ShowMsg);
// a refusal keeps the form open and says why.
func TestFormAppliesItsOwnRecord(t *testing.T) {
	cat, orig := tagged(t, "go")
	store := &dialogtest.Store{Cat: cat}
	ctx := dialog.NewContext(theme.Plain())
	ctx.Store = store

	m := typeText(focusField(t, New(ctx, orig, nil), ssd3.FieldName), " home")
	_, cmd := press(m, tea.KeyCtrlS)
	m.Update(result(t, cmd))
	if st := ctx.Take(); !st.Close || st.Result != nil || cat.Records()[0].Name() != "Go home" || store.Selected != orig.Ref() {
		t.Errorf("edit: %#v, name %q, selected %v", st, cat.Records()[0].Name(), store.Selected)
	}
	if len(store.What) != 1 || store.What[0] != "edited “Go home”" || store.Status != store.What[0] {
		t.Errorf("edit said %q, status %q", store.What, store.Status)
	}

	add := typeText(New(ctx, nil, nil), "https://example.org/")
	add = typeText(focusField(t, add, ssd3.FieldName), "Example")
	_, cmd = press(add, tea.KeyCtrlS)
	add.Update(result(t, cmd))
	recs := cat.Records()
	if cl := ctx.Take(); !cl.Close || len(recs) != 2 || cl.Result != (dialog.ShowMsg{Record: recs[1]}) {
		t.Errorf("add: %#v, %d records", cl, len(recs))
	}

	store.Refuse = &catalogue.ValidationError{Problems: []ssd3.Diagnostic{{Offset: -1, Field: ssd3.FieldID, Msg: "ID 7 is used by another record"}}}
	refused := typeText(New(ctx, nil, nil), "https://example.com/")
	refused = typeText(focusField(t, refused, ssd3.FieldName), "Refused")
	_, cmd = press(refused, tea.KeyCtrlS)
	if next, _ := refused.Update(result(t, cmd)); next != refused || ctx.Take().Close || !strings.Contains(refused.View(), "ID 7 is used by another record") {
		t.Errorf("refused: %T\n%s", next, refused.View())
	}
}
