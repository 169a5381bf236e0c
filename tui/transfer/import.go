// Package transfer holds the import and export screens of uricat's TUI.
//
// # Import
//
// Import walks the user through: choose a file (type or paste its path,
// tab completes it from its folder's entries, listed beneath; see
// files.go), or a browser profile (listed above it; see profiles.go),
// see the format formats.Sniff finds in it (tab picks another),
// import it with a progress bar on large files, or the count of records
// read so far from a source read by path, a database (esc stops it while
// the file is being read: then nothing is added), then read the summary:
// imported, duplicates, and every record skipped with its reason and
// position. When the screen closes, its result is a FolderMsg: the folder
// it was in, where the root starts the next one.
//
// The screen reads the file without the catalogue, as `uricat import`
// does, and changes the catalogue once, through its context's store:
//
//  1. The import command reads the file into an importers.Plan
//     (Plan.ReadFile), on its own goroutine, without the catalogue.
//  2. It answers ImportedMsg with the plan, which comes back to the
//     screen: it turns the plan into one Add edit (Plan.Edit), which
//     leaves out duplicates and drops IDs taken in the catalogue as it is
//     by then, applies it through the store as one undoable step (saved
//     at once), and shows the summary of what the edit did (Plan.Summaries,
//     Applied) until the user closes it (dialog.Context.Close).
//
// Messages the root does not know (file listings, progress, spinner ticks)
// must be routed to the screen's Update.
//
// # Export
//
// Export (export.go) lets the user choose a format of formats.Writers and
// a path, and writes the records the root handed it atomically
// (formats.WriteFile), in a command; it answers ExportedMsg, which comes
// back to it: it says on the status bar where the file went. Before
// writing over a file it asks with a dialog.Confirm opened over itself.
package transfer

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/progress"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/config"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/formats"
	"github.com/uricat/uricat/importers/profiles"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/internal/size"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// ImportedMsg reports a file read into Plan: back at the screen, it
// applies the plan (apply). Err is why the file could not be read; the
// plan adds nothing then.
type ImportedMsg struct {
	Plan      *importers.Plan
	Summaries []importers.Summary
	Err       error
}

// ImportConfig is what the import screen needs from the root.
type ImportConfig struct {
	// Dir is the folder the file chooser starts in: the last import's
	// (FolderMsg), else the working directory, which "" means.
	Dir string
	// Now is the DATE of records without one; zero means the time of the
	// import.
	Now time.Time
	// Profiles finds the browser profiles the screen lists (in a
	// command); nil lists none.
	Profiles func() ([]profiles.Profile, []error)
}

// FolderMsg is the import screen's result when it closes: the folder it
// was last in (that of the file imported, or the one the user went to),
// where the next import screen is to start (ImportConfig.Dir).
type FolderMsg struct{ Dir string }

// importState is the step the import screen is at.
type importState int

const (
	importPick    importState = iota // choosing a file (chooser)
	importSniff                      // reading its head
	importConfirm                    // showing the format, waiting for enter
	importRun                        // importing
	importDone                       // showing the summary
)

// parsed is the progress count that says the file is read and the records
// are being added to the catalogue.
const parsed = -1

// largeFile is the size from which an import shows a progress bar.
const largeFile = 256 << 10

// ImportKeyMap holds the import screen's bindings (the file chooser has its
// own: ChooserKeyMap).
type ImportKeyMap struct {
	Choose, Format, Leave, Back, Cancel, Close, Up, Down key.Binding
}

// DefaultImportKeyMap is the import screen's bindings.
var DefaultImportKeyMap = ImportKeyMap{
	Choose: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "choose / import")),
	Format: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "other format")),
	Leave:  key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close")),
	Back:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "another file")),
	Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "stop the import")),
	Close:  key.NewBinding(key.WithKeys("esc", "q", "enter"), key.WithHelp("esc", "close")),
	Up:     key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "scroll up")),
	Down:   key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "scroll down")),
}

// Import is the import screen, a dialog.Dialog.
type Import struct {
	ctx     dialog.Context
	keys    ImportKeyMap
	cfg     ImportConfig
	id      int // labels this screen's messages
	state   importState
	files   *chooser
	profs   *profileList
	label   string // the profile being imported, "" for a file
	spinner spinner.Model
	bar     progress.Model

	path     string
	size     int64
	format   int // index into readers, -1 when none was recognised
	sniffErr string

	read     int64
	adding   bool // the file is read; its records are being added
	runCtx   context.Context
	cancel   context.CancelFunc // stops the running import before it adds anything
	stopping bool
	progress chan int64
	// records is how many records a source read by path (Format.Open: a
	// database, a backup), which tells no bytes read, has given so far:
	// stillOpening while it is being opened (a database copied, its
	// folders read); counts, its channel, brings the newest count.
	records int
	counts  chan int
	started time.Time

	summary importers.Summary
	err     error
	offset  int // first summary line shown

	// stopCounting ends the counting of the profiles' bookmarks, which
	// reads every profile (copying a database), when the screen closes.
	stopCounting context.CancelFunc
}

var importIDs struct {
	sync.Mutex
	n int
}

func nextImportID() int {
	importIDs.Lock()
	defer importIDs.Unlock()
	importIDs.n++
	return importIDs.n
}

// NewImport returns the import screen. Call Init for its first command.
func NewImport(ctx dialog.Context, cfg ImportConfig) *Import {
	th := ctx.Theme
	dir := cfg.Dir
	if dir == "" || !filepath.IsAbs(dir) {
		// The root passes an absolute folder; this is for tests.
		if abs, err := filepath.Abs(cmp.Or(dir, ".")); err == nil {
			dir = abs
		}
	}
	home, _ := os.UserHomeDir() // $HOME: no I/O
	sp := spinner.New(spinner.WithSpinner(spinner.Dot), spinner.WithStyle(th.Spinner))
	opts := []progress.Option{progress.WithColorProfile(th.Renderer.ColorProfile())}
	if th.ProgressStart != "" {
		opts = append(opts, progress.WithGradient(th.ProgressStart, th.ProgressEnd))
	}
	id := nextImportID()
	m := &Import{ctx: ctx, keys: DefaultImportKeyMap, cfg: cfg, id: id, files: newChooser(th, id, dir, home), spinner: sp,
		bar: progress.New(opts...), format: -1, profs: newProfileList(th)}
	m.SetSize(ctx.Width, ctx.Height)
	return m
}

// Init lists the starting folder, and looks for browser profiles.
func (m *Import) Init() tea.Cmd {
	find := m.cfg.Profiles
	if find == nil {
		find = func() ([]profiles.Profile, []error) { return nil, nil }
	}
	ctx, cancel := context.WithCancel(context.Background())
	m.stopCounting = cancel
	var have *catalogue.Snapshot
	if m.ctx.Store != nil && m.ctx.Store.Catalogue() != nil {
		have = m.ctx.Store.Catalogue().Snapshot() // what is new is counted against it
	}
	return tea.Batch(m.files.refresh(), findProfiles(ctx, m.id, find, m.now(), have))
}

// now is the DATE of records without one.
func (m *Import) now() time.Time {
	if m.cfg.Now.IsZero() {
		return time.Now().UTC().Truncate(time.Second)
	}
	return m.cfg.Now
}

// SetSize sets the area the screen may use: the profiles' list, then the
// file chooser beneath.
func (m *Import) SetSize(width, height int) {
	m.ctx.SetSize(width, height)
	m.profs.width = width
	m.files.setSize(width, max(4, height-1-m.profs.height()))
	m.bar.Width = max(10, min(60, width-4))
}

// close closes the screen (dialog.Context.Close): its result says where
// it was. The profiles still being counted are no longer read.
func (m *Import) close() {
	if m.stopCounting != nil {
		m.stopCounting()
	}
	dir := m.files.folder()
	if m.path != "" && m.state != importPick && m.label == "" {
		dir = filepath.Dir(m.path)
	}
	m.ctx.Close(FolderMsg{Dir: dir})
}

// Path returns the chosen file, "" before one is chosen.
func (m *Import) Path() string { return m.path }

// Format returns the format the import will use, if any.
func (m *Import) Format() (importers.Format, bool) {
	if m.format < 0 {
		return importers.Format{}, false
	}
	return readers[m.format], true
}

// readers are the formats an import can read.
var readers = formats.Readers()

// Done reports whether the import finished (the summary shows).
func (m *Import) Done() bool { return m.state == importDone }

// apply applies the plan read as one undoable step through the store (an
// Add that adds nothing is none, and saves nothing), and shows what the
// edit did.
func (m *Import) apply(msg ImportedMsg) tea.Cmd {
	store := m.ctx.Store
	if msg.Err != nil || msg.Plan == nil {
		store.SetStatus(theme.Error, fmt.Sprintf("nothing imported: %v", msg.Err))
		return nil
	}
	var rep catalogue.AddReport
	filed := m.ctx.Rules.FileAll(msg.Plan.Records())
	add := msg.Plan.Edit()
	add.Report = &rep
	cmd, err := store.ApplyDescribed(add, func() string { return fmt.Sprintf("imported %s", plural.Of(rep.Added(), "record")) })
	if err != nil {
		m.Applied(importers.Summary{}, err)
		store.SetStatus(theme.Error, "nothing imported: "+dialog.Describe(err))
		return nil
	}
	if sums := msg.Plan.Summaries(rep); len(sums) > 0 {
		m.Applied(sums[0], nil)
	}
	if rep.Added() == 0 {
		store.SetStatus(theme.Info, "nothing new to import")
		return nil
	}
	said := "imported " + plural.Of(rep.Added(), "record")
	if n := config.CountFiled(filed, msg.Plan.Records(), rep.Refs); n > 0 {
		said += "; rules filed " + plural.Of(n, "record")
	}
	store.SetStatus(theme.Success, said+" (u undoes)")
	return cmd
}

// Applied tells the screen what the edit did with the plan, so that
// the summary says what was really added: s is the plan's summary from
// the edit's report (Plan.Summaries), or err why nothing was added.
func (m *Import) Applied(s importers.Summary, err error) {
	if err != nil {
		m.err = fmt.Errorf("nothing was imported: %w", err)
		m.summary.Imported = 0
		return
	}
	m.summary = s
}

// Summary returns the summary of the finished import.
func (m *Import) Summary() (importers.Summary, error) { return m.summary, m.err }

// sniffedMsg carries what the head of the chosen file looks like.
type sniffedMsg struct {
	id     int
	path   string
	size   int64
	format int
	err    error
}

// progressMsg carries how many bytes the import has read.
type progressMsg struct {
	id   int
	read int64
}

// recordsMsg carries how many records an import of a source read by
// path (Format.Open) has read so far: such a source tells no bytes read,
// nor, through importers.Reader, how many records it holds.
type recordsMsg struct {
	id int
	n  int // stillOpening until the source is open
}

// stillOpening is the records' count of a source read by path until it
// is open.
const stillOpening = -1

// doneMsg carries the end of the import.
type doneMsg struct {
	id      int
	plan    *importers.Plan
	summary importers.Summary
	err     error
}

// sniff reads the head of path and finds its format.
func (m *Import) sniff(path string) tea.Cmd {
	id := m.id
	return func() tea.Msg {
		// Only a regular file, as the CLI's import: a FIFO with no
		// writer would block for ever.
		f, info, err := catalogue.OpenInput(path)
		if err != nil {
			return sniffedMsg{id: id, path: path, format: -1, err: err}
		}
		defer f.Close()
		head := make([]byte, formats.HeadSize)
		n, err := io.ReadFull(f, head)
		if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
			return sniffedMsg{id: id, path: path, size: info.Size(), format: -1, err: err}
		}
		format, err := formats.SniffPath(head[:n], path) // a database is told by its tables
		idx := -1
		for i, fm := range readers {
			if err == nil && fm.Name == format.Name {
				idx = i
			}
		}
		return sniffedMsg{id: id, path: path, size: info.Size(), format: idx, err: err}
	}
}

// run imports the chosen file (see the package doc for the locking).
func (m *Import) run() tea.Cmd {
	id, path, format, cfg, ch, ctx := m.id, m.path, readers[m.format], m.cfg, m.progress, m.runCtx
	counts := m.counts
	if counts != nil {
		format = countRecords(format, func(n int) { sendNewest(counts, n) })
	}
	return func() tea.Msg {
		defer close(ch)
		if counts != nil {
			defer close(counts)
		}
		plan, s, err := importFile(ctx, cfg, path, format, func(n int64) { sendNewest(ch, n) })
		return doneMsg{id: id, plan: plan, summary: s, err: err}
	}
}

// sendNewest puts v in ch, a channel of one that only this goroutine
// sends on, in place of a value not yet taken: the screen draws at its
// own pace, and needs only the newest count (and the last, parsed, must
// arrive).
func sendNewest[T any](ch chan T, v T) {
	select {
	case <-ch:
	default:
	}
	ch <- v
}

// countRecords returns f, whose Open (a source read by path) reports
// through count how many records its reader has given: 0 once the source
// is open, then after each record.
func countRecords(f importers.Format, count func(n int)) importers.Format {
	open := f.Open
	if open == nil {
		return f
	}
	f.Open = func(path string, opts importers.Options) (importers.Reader, io.Closer, error) {
		r, c, err := open(path, opts)
		if err != nil {
			return nil, nil, err
		}
		count(0)
		return &countingReader{Reader: r, count: count}, c, nil
	}
	return f
}

// countingReader reports how many records its reader has given.
type countingReader struct {
	importers.Reader
	n     int
	count func(n int)
}

// Read reads the next record, and counts it.
func (r *countingReader) Read() (*ssd3.Record, error) {
	rec, err := r.Reader.Read()
	if err == nil {
		r.n++
		r.count(r.n)
	}
	return rec, err
}

// waitRecords waits for the next count of the records read.
func waitRecords(id int, ch <-chan int) tea.Cmd {
	return wait(ch, func(n int) tea.Msg { return recordsMsg{id: id, n: n} })
}

// wait waits for the next value on ch, and answers msg of it; nothing
// once ch is closed.
func wait[T any](ch <-chan T, msg func(T) tea.Msg) tea.Cmd {
	return func() tea.Msg {
		v, ok := <-ch
		if !ok {
			return nil
		}
		return msg(v)
	}
}

// importFile reads the file into a plan.
func importFile(ctx context.Context, cfg ImportConfig, path string, format importers.Format, progress func(int64)) (*importers.Plan, importers.Summary, error) {
	now := cfg.Now
	if now.IsZero() {
		now = time.Now().UTC().Truncate(time.Second)
	}
	plan := importers.NewPlan(false)
	s, err := plan.ReadFile(ctx, format, path, importers.ReadConfig{Source: path, Options: importers.Options{Now: now}, Progress: progress})
	if errors.Is(err, context.Canceled) {
		err = errStopped
	}
	if progress != nil && err == nil {
		progress(parsed)
	}
	return plan, s, err
}

// errStopped is why an import the user stopped failed.
var errStopped = errors.New("import stopped; nothing was imported")

// waitProgress waits for the next progress count.
func waitProgress(id int, ch <-chan int64) tea.Cmd {
	return wait(ch, func(n int64) tea.Msg { return progressMsg{id: id, read: n} })
}

// Update handles a message; the screen closes (close) when the user
// leaves it. Each kind of message has its handler; those that
// answer a command of this screen (listedMsg aside, which the chooser
// checks) are dropped when they are another screen's (id) or come after
// the step they answer.
func (m *Import) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case ImportedMsg:
		return m, m.apply(msg)
	case listedMsg:
		return m, m.listed(msg)
	case profilesMsg:
		m.profilesFound(msg)
	case sniffedMsg:
		m.sniffed(msg)
	case progressMsg:
		return m, m.progressed(msg)
	case recordsMsg:
		return m, m.counted(msg)
	case doneMsg:
		return m, m.finished(msg)
	case spinner.TickMsg:
		return m, m.tick(msg)
	case tea.KeyMsg:
		return m.key(msg)
	case tea.MouseMsg:
		m.mouse(msg)
	}
	return m, nil
}

// listed answers the chooser's listing of a folder, which replays the
// keys typed while it was read: if they chose a file, it is sniffed.
func (m *Import) listed(msg listedMsg) tea.Cmd {
	chosen, cmd := m.files.listed(msg)
	if chosen != "" && m.state == importPick {
		return tea.Batch(cmd, m.chose(chosen))
	}
	return cmd
}

// profilesFound answers Init's search for browser profiles: they are
// listed above the files.
func (m *Import) profilesFound(msg profilesMsg) {
	if msg.id != m.id {
		return
	}
	m.profs.looking, m.profs.found, m.profs.problems = false, msg.found, msg.problems
	if m.stopCounting != nil {
		m.stopCounting() // release the context
	}
	m.SetSize(m.ctx.Width, m.ctx.Height)
}

// sniffed answers the sniff of the file chosen: its format, shown for the
// user to confirm.
func (m *Import) sniffed(msg sniffedMsg) {
	if msg.id != m.id || m.state != importSniff {
		return
	}
	m.state, m.path, m.size, m.format, m.sniffErr = importConfirm, msg.path, msg.size, msg.format, ""
	if msg.err != nil {
		m.sniffErr = msg.err.Error()
	}
}

// progressed answers the running import's bytes read (or parsed: the
// records are going in), and waits for the next count.
func (m *Import) progressed(msg progressMsg) tea.Cmd {
	if msg.id != m.id || m.state != importRun {
		return nil
	}
	if msg.read == parsed {
		m.adding = true
	} else {
		m.read = msg.read
	}
	return waitProgress(m.id, m.progress)
}

// counted answers the records read so far by an import read by path, and
// waits for the next count.
func (m *Import) counted(msg recordsMsg) tea.Cmd {
	if msg.id != m.id || m.state != importRun {
		return nil
	}
	m.records = msg.n
	return waitRecords(m.id, m.counts)
}

// finished answers the end of the import: the summary shows, and the
// plan read goes back to the screen as ImportedMsg, to be applied.
func (m *Import) finished(msg doneMsg) tea.Cmd {
	if msg.id != m.id {
		return nil
	}
	m.state, m.summary, m.err, m.offset = importDone, msg.summary, msg.err, 0
	if m.cancel != nil {
		m.cancel() // release the context
	}
	s, err, plan := msg.summary, msg.err, msg.plan
	if err != nil {
		m.summary.Imported, m.summary.Records = 0, nil
	}
	return func() tea.Msg { return ImportedMsg{Plan: plan, Summaries: []importers.Summary{s}, Err: err} }
}

// tick turns the spinner while a file is sniffed or imported.
func (m *Import) tick(msg spinner.TickMsg) tea.Cmd {
	if m.state != importRun && m.state != importSniff {
		return nil
	}
	var cmd tea.Cmd
	m.spinner, cmd = m.spinner.Update(msg)
	return cmd
}

// mouse scrolls the summary or the files with the wheel.
func (m *Import) mouse(msg tea.MouseMsg) {
	switch {
	case m.state == importDone && msg.Button == tea.MouseButtonWheelUp:
		m.offset = max(0, m.offset-3)
	case m.state == importDone && msg.Button == tea.MouseButtonWheelDown:
		m.offset = max(0, min(m.offset+3, len(m.summaryLines())-m.summaryHeight()))
	case m.state == importPick && msg.Button == tea.MouseButtonWheelUp:
		m.files.hl.Move(-3)
	case m.state == importPick && msg.Button == tea.MouseButtonWheelDown:
		m.files.hl.Move(3)
	}
}

// chose goes on with the file chosen: its format is sniffed.
func (m *Import) chose(path string) tea.Cmd {
	m.state, m.path = importSniff, path
	return tea.Batch(m.sniff(path), m.spinner.Tick)
}

// key answers a key by the step the screen is at.
func (m *Import) key(km tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch m.state {
	case importPick:
		return m.pickKey(km)
	case importConfirm:
		return m, m.confirmKey(km)
	case importRun:
		m.runKey(km)
	case importDone:
		return m.doneKey(km)
	}
	return m, nil
}

// pickKey answers a key while a file is chosen: esc leaves, the
// profiles' list takes the keys it has (or ↑ takes there), the file
// chooser the others.
func (m *Import) pickKey(km tea.KeyMsg) (tea.Model, tea.Cmd) {
	if key.Matches(km, m.keys.Leave) {
		m.close()
		return m, nil
	}
	// ↑ above the files goes up to the profiles ("k" is typed).
	if m.profs.sel >= 0 || key.Matches(km, DefaultChooserKeyMap.Up) && !m.files.hl.Selected() && len(m.profs.found) > 0 && len(m.files.queue) == 0 {
		if cmd, done := m.profileKey(km); done {
			return m, cmd
		}
	}
	chosen, cmd := m.files.update(km)
	if chosen != "" {
		return m, tea.Batch(cmd, m.chose(chosen))
	}
	return m, cmd
}

// confirmKey answers a key while the format found is shown: esc goes
// back to the files, tab takes the next format, enter imports.
func (m *Import) confirmKey(km tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(km, m.keys.Back):
		m.state = importPick
	case key.Matches(km, m.keys.Format):
		m.format = (m.format + 1) % len(readers)
	case key.Matches(km, m.keys.Choose) && m.format >= 0:
		return m.start()
	}
	return nil
}

// runKey answers a key while the file is read: esc stops the import,
// until its records are being added.
func (m *Import) runKey(km tea.KeyMsg) {
	if key.Matches(km, m.keys.Cancel) && !m.adding && m.cancel != nil {
		m.cancel()
		m.stopping = true
	}
}

// doneKey answers a key while the summary shows: the moving keys scroll
// it, esc closes the screen.
func (m *Import) doneKey(km tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch {
	case key.Matches(km, m.keys.Up):
		m.offset = max(0, m.offset-1)
	case key.Matches(km, m.keys.Down):
		m.offset = max(0, min(m.offset+1, len(m.summaryLines())-m.summaryHeight()))
	case key.Matches(km, m.keys.Close):
		m.close()
	}
	return m, nil
}

// start starts the import of m.path in m.format.
func (m *Import) start() tea.Cmd {
	m.state, m.read, m.adding, m.stopping, m.started = importRun, 0, false, false, time.Now()
	m.runCtx, m.cancel = context.WithCancel(context.Background())
	m.progress = make(chan int64, 1)
	m.records, m.counts = stillOpening, nil
	var counted tea.Cmd
	if f, ok := m.Format(); ok && f.Open != nil {
		m.counts = make(chan int, 1)
		counted = waitRecords(m.id, m.counts)
	}
	return tea.Batch(m.run(), waitProgress(m.id, m.progress), counted, m.spinner.Tick)
}

// profileKey handles a key while the profiles' list has them (or ↑ takes
// them there): ↑/↓ move, enter imports the profile, any other key goes
// back to the file chooser, which takes it too (done false).
func (m *Import) profileKey(km tea.KeyMsg) (cmd tea.Cmd, done bool) {
	l, fk := m.profs, DefaultChooserKeyMap
	switch {
	case key.Matches(km, fk.Up):
		if l.sel < 0 {
			l.sel = len(l.found)
		}
		l.move(-1)
	case key.Matches(km, fk.Down):
		l.move(1)
	case key.Matches(km, fk.Choose):
		f := l.found[l.sel]
		format := -1
		for i, r := range readers {
			if r.Name == f.Format {
				format = i
			}
		}
		switch {
		case f.err != nil:
			l.err = "cannot read " + f.Profile.String() + ": " + f.err.Error()
		case format < 0:
			l.err = "uricat has no reader of the " + f.Format + " format"
		default:
			m.path, m.size, m.format, m.label = f.Path, f.size, format, f.Profile.String()
			return m.start(), true
		}
		m.SetSize(m.ctx.Width, m.ctx.Height)
	default:
		l.sel, l.err = -1, ""
		m.SetSize(m.ctx.Width, m.ctx.Height)
		return nil, false
	}
	m.SetSize(m.ctx.Width, m.ctx.Height)
	return nil, true
}

// ShortHelp returns the bindings for the short help bar.
func (m *Import) ShortHelp() []key.Binding {
	switch m.state {
	case importPick:
		fk := DefaultChooserKeyMap
		if m.profs.sel >= 0 {
			return []key.Binding{profileKeys.Move, profileKeys.Import, m.keys.Leave}
		}
		return []key.Binding{fk.Complete, fk.Up, fk.Choose, m.keys.Leave}
	case importConfirm:
		return []key.Binding{m.keys.Choose, m.keys.Format, m.keys.Back}
	case importRun:
		if !m.adding && !m.stopping {
			return []key.Binding{m.keys.Cancel}
		}
	case importDone:
		return []key.Binding{m.keys.Up, m.keys.Down, m.keys.Close}
	}
	return nil
}

// FullHelp returns the bindings for the full help view.
func (m *Import) FullHelp() [][]key.Binding { return [][]key.Binding{m.ShortHelp()} }

// View renders the current step.
func (m *Import) View() string {
	t := m.ctx.Theme
	var b strings.Builder
	b.WriteString(t.DialogTitle.Render("Import bookmarks") + "\n")
	switch m.state {
	case importPick:
		if v := m.profs.view(); v != "" {
			b.WriteString(v + "\n")
		}
		b.WriteString(m.files.view())
	case importSniff:
		b.WriteString("\n" + m.spinner.View() + " reading " + display.Text(filepath.Base(m.path)))
	case importConfirm:
		b.WriteString("\n")
		b.WriteString(t.Label.Render("file    ") + " " + t.Value.Render(dialog.FitLeft(display.Text(m.path), max(10, m.ctx.Width-10), "…")) + "\n")
		b.WriteString(t.Label.Render("size    ") + " " + t.Value.Render(size.Bytes(m.size)) + "\n")
		if f, ok := m.Format(); ok {
			b.WriteString(t.Label.Render("format  ") + " " + t.Value.Render(f.Title) + t.Dim.Render(" ("+f.Name+")") + "\n")
		} else {
			b.WriteString(t.Label.Render("format  ") + " " + t.Warning.Render("not recognised") + "\n")
		}
		if m.sniffErr != "" {
			for _, l := range strings.Split(ansi.Wrap(display.Text(m.sniffErr), max(20, m.ctx.Width-2), ""), "\n") {
				b.WriteString(t.Dim.Render(l) + "\n")
			}
		}
		b.WriteString("\n")
		if m.format < 0 {
			b.WriteString(t.Info.Render("tab: choose the format yourself · esc: another file"))
		} else {
			b.WriteString(t.Info.Render("enter: import · tab: other format · esc: back"))
		}
	case importRun:
		if m.adding {
			b.WriteString("\n" + m.spinner.View() + " adding the records of " + display.Text(filepath.Base(m.path)) + " to the catalogue")
			break
		}
		verb := " importing "
		if m.stopping {
			verb = " stopping the import of "
		}
		b.WriteString("\n" + m.spinner.View() + verb + display.Text(filepath.Base(m.path)) + "\n\n")
		f, ok := m.Format()
		switch {
		case ok && f.Open != nil: // one read by path tells no bytes read: its records read
			if m.records == stillOpening {
				b.WriteString(t.Dim.Render("opening it…"))
			} else {
				b.WriteString(t.Dim.Render(plural.Of(m.records, "record") + " read so far"))
			}
		case m.size >= largeFile:
			b.WriteString(m.bar.ViewAs(min(1, float64(m.read)/float64(m.size))) + "\n")
			b.WriteString(t.Dim.Render(size.Bytes(m.read) + " of " + size.Bytes(m.size)))
		}
	case importDone:
		b.WriteString("\n")
		lines := m.summaryLines()
		end := min(len(lines), m.offset+m.summaryHeight())
		b.WriteString(strings.Join(lines[m.offset:end], "\n"))
		if len(lines) > m.summaryHeight() {
			b.WriteString("\n" + t.Dim.Render(fmt.Sprintf("lines %d-%d of %d", m.offset+1, end, len(lines))))
		}
	}
	return m.ctx.Fit(strings.Split(b.String(), "\n"))
}

func (m *Import) summaryHeight() int { return max(1, m.ctx.Height-4) }

// summaryLines is the summary: the counts, then each skipped record and
// dropped value with its position in the file.
func (m *Import) summaryLines() []string {
	t := m.ctx.Theme
	s := m.summary
	var out []string
	if m.err != nil {
		for _, l := range strings.Split(ansi.Wrap(display.Text(m.err.Error()), max(20, m.ctx.Width), ""), "\n") {
			out = append(out, t.Error.Render(l))
		}
		out = append(out, "")
	}
	format := s.Format
	if f, ok := m.Format(); ok {
		format = f.Title
	}
	if m.label != "" {
		out = append(out, t.Label.Render("profile   ")+" "+t.Value.Render(ansi.Truncate(display.Text(m.label), max(10, m.ctx.Width-12), "…")))
	}
	out = append(out,
		t.Label.Render("from      ")+" "+t.Value.Render(dialog.FitLeft(display.Text(s.Source), max(10, m.ctx.Width-12), "…")),
		t.Label.Render("format    ")+" "+t.Value.Render(ansi.Truncate(format, max(10, m.ctx.Width-12), "…")),
		t.Label.Render("imported  ")+" "+t.Success.Render(plural.Of(s.Imported, "record")),
		t.Label.Render("duplicates")+" "+t.Value.Render(plural.Of(s.Duplicates, "record")+" already in the catalogue, left out"),
		t.Label.Render("skipped   ")+" "+t.Value.Render(plural.Of(len(s.Skipped), "record")),
	)
	if s.Dropped > 0 {
		out = append(out, t.Label.Render("dropped   ")+" "+t.Value.Render(plural.Of(s.Dropped, "value")+" the catalogue cannot hold"))
	}
	var notes []ssd3.Diagnostic
	for _, d := range s.Diagnostics {
		if d.Kind != ssd3.Info && d.Kind != ssd3.Deviation || len(notes) < 200 {
			notes = append(notes, d)
		}
	}
	if len(notes) > 0 {
		out = append(out, "", t.Label.Render("Why"))
	}
	for _, d := range notes {
		style := t.Dim
		switch d.Kind {
		case ssd3.Skipped:
			style = t.Error
		case ssd3.Dropped:
			style = t.Warning
		}
		text := d.In(filepath.Base(s.Source)).String()
		// Wrapped at words, the lines after the first hanging under it:
		// every line fits, so the screen cuts no word off.
		for _, l := range dialog.Wrap(text, m.ctx.Width, 2, 6) {
			out = append(out, style.Render(l))
		}
	}
	return out
}

var _ dialog.Dialog = (*Import)(nil)
