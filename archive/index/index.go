package index

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/adrg/xdg"
	"modernc.org/sqlite"

	"github.com/uricat/uricat/archive"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// Index is the full-text index of one archive's pages. Its methods are
// safe for concurrent use.
type Index struct {
	db   *sql.DB
	path string
	dir  string // the archive's directory
	// fp is the archive's fingerprint as this process last saw the
	// index agree with it: a Put records the archive's new one only
	// when the index still holds this one, so that a change another
	// writer made and did not index leaves the index stale, to be
	// brought up to date (Sync) by the next Open.
	fp string

	mu sync.Mutex
	// read is the pages table as last read (see readPages); nil when
	// not read, or dropped by a write.
	read      *pagesRead
	lookups   int // ranked lookups made
	rankLimit int // rankLimit, but in tests
	builds    int // how many times this Index built its tables, for tests
}

// schema is the version of the database's tables: an index of another
// version is built again.
const schema = "3"

// The tables: meta (schema, fingerprint); pages, one row a page of the
// archive, by URI key; words, the FTS5 table of the words of pages with
// text, the row of its page. words keeps no copy of the text (contentless):
// the archive's files hold it, and the index stays a fraction of their
// size. heads, the FTS5 table of the beginnings of those words (Heads),
// keeps only which pages hold each (detail=none): a few hundredths of the
// text, where FTS5's own prefix index would add a third to what words
// takes. vocab and headvocab list the words and the heads (FTS5's views
// of them, with no data of their own), to expand a beginning (expand).
const createTables = `
CREATE TABLE IF NOT EXISTS meta(name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS pages(id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, fetched INTEGER NOT NULL, failed INTEGER NOT NULL);
CREATE VIRTUAL TABLE IF NOT EXISTS words USING fts5(body, content='', contentless_delete=1, tokenize='ascii');
CREATE VIRTUAL TABLE IF NOT EXISTS heads USING fts5(body, content='', contentless_delete=1, detail=none, tokenize='ascii');
CREATE VIRTUAL TABLE IF NOT EXISTS vocab USING fts5vocab(words, row);
CREATE VIRTUAL TABLE IF NOT EXISTS headvocab USING fts5vocab(heads, row);
`

// Path returns the index file of the archive in archiveDir: under
// $XDG_CACHE_HOME/uricat/, named from the directory's absolute path.
func Path(archiveDir string) string { return PathFrom(archiveDir, os.Getenv) }

// PathFrom is Path with the environment read through getenv.
func PathFrom(archiveDir string, getenv func(string) string) string {
	if abs, err := filepath.Abs(archiveDir); err == nil {
		archiveDir = abs
	}
	sum := sha256.Sum256([]byte(archiveDir))
	cache := getenv("XDG_CACHE_HOME")
	if cache == "" {
		cache = xdg.CacheHome
	}
	return filepath.Join(cache, "uricat", "index-"+hex.EncodeToString(sum[:8])+".db")
}

// Open opens the index of store's pages at Path(store.Dir()), building
// it when it is missing or corrupt and bringing it up to date when the
// archive changed behind it.
func Open(store *archive.Store) (*Index, error) {
	return OpenAt(Path(store.Dir()), store)
}

// OpenAt is Open with the index in the file at path.
func OpenAt(path string, store *archive.Store) (*Index, error) {
	return openAt(path, store.Dir(), func() (*archive.Store, error) { return store, nil }, false)
}

// OpenDir opens the index in the file at path of the archive in dir, for
// searching: the archive itself is opened only if the index must be built
// or brought up to date (opening it looks through its directory), and
// only to read: a search makes no archive. With no archive in dir it
// makes nothing either, and returns an error wrapping fs.ErrNotExist.
func OpenDir(path, dir string) (*Index, error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("opening the archive: %w", err)
	}
	return openAt(path, dir, func() (*archive.Store, error) { return archive.OpenRead(dir) }, false)
}

// OpenRebuilt opens the index of store's pages in the file at path, built
// afresh from every page of store whatever it held (uricat archive
// --reindex): once, where opening it then rebuilding it built a missing
// one twice.
func OpenRebuilt(path string, store *archive.Store) (*Index, error) {
	return openAt(path, store.Dir(), func() (*archive.Store, error) { return store, nil }, true)
}

// openAt opens the index at path of the archive in dir, which source
// opens when the index must be built (always if rebuild) or brought up
// to date.
func openAt(path, dir string, source func() (*archive.Store, error), rebuild bool) (*Index, error) {
	ix, err := tryOpen(path, dir, source, rebuild)
	if err != nil && corrupt(err) {
		// Derived data: a damaged file is built again from the archive.
		if ix != nil {
			ix.db.Close()
		}
		for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
			_ = os.Remove(path + suffix)
		}
		ix, err = tryOpen(path, dir, source, rebuild)
	}
	if err != nil {
		if ix != nil {
			ix.db.Close()
		}
		return nil, fmt.Errorf("opening the archive's index %s: %w", path, err)
	}
	return ix, nil
}

func tryOpen(path, dir string, source func() (*archive.Store, error), rebuild bool) (*Index, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	// WAL: a search reads while an archive run writes; the busy
	// timeout waits out another process's build rather than failing.
	// mmap: a search reads the pages it needs in place, where reading
	// them into SQLite's cache (a copy and an allocation each) was most
	// of what a one-shot search spent in the database.
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() +
		"?_pragma=busy_timeout(60000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=mmap_size(1073741824)&_txlock=immediate"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	ix := &Index{db: db, path: path, dir: dir, rankLimit: rankLimit}
	return ix, ix.ensure(source, rebuild)
}

// Close closes the index.
func (ix *Index) Close() error { return ix.db.Close() }

// fingerprint is what tells whether the archive changed: its directory's
// modification time, which every page written (a file renamed into it)
// or removed moves on.
func fingerprint(dir string) string {
	fi, err := os.Stat(dir)
	if err != nil {
		return ""
	}
	return strconv.FormatInt(fi.ModTime().UnixNano(), 10)
}

// meta reads the index's schema version and fingerprint; "" for one
// never built.
func (ix *Index) meta(q interface {
	QueryRow(string, ...any) *sql.Row
}) (version, fp string, err error) {
	err = q.QueryRow(`SELECT (SELECT value FROM meta WHERE name='schema'), (SELECT value FROM meta WHERE name='fingerprint')`).Scan(
		(*nullString)(&version), (*nullString)(&fp))
	if err != nil && !noTables(err) {
		return "", "", err
	}
	return version, fp, nil
}

// ensure makes the index agree with store: nothing to do when it does
// (the usual case: one query); else, in one transaction that other
// processes wait for, built whole (missing, or of another schema, or
// rebuild) or brought up to date (stale).
func (ix *Index) ensure(source func() (*archive.Store, error), rebuild bool) error {
	fp := fingerprint(ix.dir)
	version, have, err := ix.meta(ix.db)
	if err != nil {
		return err
	}
	if version == schema && have == fp && fp != "" && !rebuild {
		ix.fp = fp
		return nil
	}
	store, err := source()
	if err != nil {
		return err
	}
	tx, err := ix.db.BeginTx(context.Background(), nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	// Another process may have done it while this one waited.
	fp = fingerprint(ix.dir)
	if version, have, err = ix.meta(tx); err != nil {
		return err
	}
	built := false
	switch {
	case rebuild:
		err, built = buildTx(tx, store), true
	case version == schema && have == fp && fp != "":
	case version == schema:
		err = syncTx(tx, store)
	default:
		err, built = buildTx(tx, store), true
	}
	if err == nil {
		err = setFingerprint(tx, fp)
	}
	if err == nil {
		err = tx.Commit()
	}
	if err == nil {
		ix.fp = fp
		if built {
			ix.builds++
			ix.vacuum()
		}
	}
	return err
}

// vacuum gives back the pages a build freed (those of the tables it
// dropped, and of the segments it merged), so that the index stays a
// fraction of the text's size. It is tidying: another process reading
// the index makes it wait for another build.
func (ix *Index) vacuum() { _, _ = ix.db.Exec(`VACUUM`) }

// buildTx builds the tables afresh from every page of store.
func buildTx(tx *sql.Tx, store *archive.Store) error {
	for _, stmt := range []string{`DROP TABLE IF EXISTS vocab`, `DROP TABLE IF EXISTS headvocab`, `DROP TABLE IF EXISTS words`, `DROP TABLE IF EXISTS heads`, `DROP TABLE IF EXISTS pages`, `DROP TABLE IF EXISTS meta`, createTables} {
		if _, err := tx.Exec(stmt); err != nil {
			return err
		}
	}
	if _, err := tx.Exec(`INSERT INTO meta(name, value) VALUES ('schema', ?)`, schema); err != nil {
		return err
	}
	// A page file that cannot be read is left out (Walk goes on past
	// it): the index is for finding pages, and what cannot be read
	// cannot be found. The index's own errors stop the build.
	var dbErr error
	_ = store.Walk(func(p *archive.Page) error {
		dbErr = putTx(tx, p)
		return dbErr
	})
	if dbErr != nil {
		return dbErr
	}
	// One segment: smaller, and a search reads one list a word.
	if _, err := tx.Exec(`INSERT INTO words(words) VALUES ('optimize')`); err != nil {
		return err
	}
	_, err := tx.Exec(`INSERT INTO heads(heads) VALUES ('optimize')`)
	return err
}

// syncTx brings the tables up to date with store's pages: those added,
// fetched again or removed since, from the files' headers.
func syncTx(tx *sql.Tx, store *archive.Store) error {
	infos, _ := store.List() // a file that cannot be read is not indexed
	type row struct {
		fetched int64
		failed  bool
	}
	have := map[string]row{}
	rows, err := tx.Query(`SELECT key, fetched, failed FROM pages`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var k string
		var r row
		if err := rows.Scan(&k, &r.fetched, &r.failed); err != nil {
			rows.Close()
			return err
		}
		have[k] = r
	}
	if err := rows.Close(); err != nil {
		return err
	}
	for k := range have {
		if _, ok := infos[k]; !ok {
			if err := removeTx(tx, k); err != nil {
				return err
			}
		}
	}
	for k, info := range infos {
		if r, ok := have[k]; ok && r.fetched == info.Fetched.UnixNano() && r.failed == (info.Failed != "") {
			continue
		}
		p, err := store.Get(info.URI)
		if err != nil {
			continue // removed or damaged since the listing
		}
		if err := putTx(tx, p); err != nil {
			return err
		}
	}
	return nil
}

func setFingerprint(tx *sql.Tx, fp string) error {
	_, err := tx.Exec(`INSERT INTO meta(name, value) VALUES ('fingerprint', ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value`, fp)
	return err
}

// putTx indexes p in place of what the index held of its URI.
func putTx(tx *sql.Tx, p *archive.Page) error {
	key := ssd3.URIKey(p.URI)
	if err := removeTx(tx, key); err != nil {
		return err
	}
	failed := p.Failed != "" || p.Text == ""
	res, err := tx.Exec(`INSERT INTO pages(key, fetched, failed) VALUES (?, ?, ?)`, key, p.Fetched.UnixNano(), failed)
	if err != nil {
		return err
	}
	if failed {
		return nil
	}
	id, err := res.LastInsertId()
	if err != nil {
		return err
	}
	words := Words(p.Title + "\n" + p.Text)
	if _, err = tx.Exec(`INSERT INTO words(rowid, body) VALUES (?, ?)`, id, words); err != nil {
		return err
	}
	_, err = tx.Exec(`INSERT INTO heads(rowid, body) VALUES (?, ?)`, id, Heads(words))
	return err
}

// removeTx removes what the index holds of the page of key.
func removeTx(tx *sql.Tx, key string) error {
	var id int64
	switch err := tx.QueryRow(`SELECT id FROM pages WHERE key = ?`, key).Scan(&id); {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return err
	}
	if _, err := tx.Exec(`DELETE FROM words WHERE rowid = ?`, id); err != nil {
		return err
	}
	if _, err := tx.Exec(`DELETE FROM heads WHERE rowid = ?`, id); err != nil {
		return err
	}
	_, err := tx.Exec(`DELETE FROM pages WHERE id = ?`, id)
	return err
}

// Put indexes p, a page just written to the archive (archive.Options
// Archived hands each one), in place of what the index held of its URI.
func (ix *Index) Put(p *archive.Page) error {
	return ix.write(func(tx *sql.Tx) error { return putTx(tx, archive.Sanitize(p)) })
}

// Remove forgets the page of uri, just removed from the archive.
func (ix *Index) Remove(uri string) error {
	return ix.write(func(tx *sql.Tx) error { return removeTx(tx, ssd3.URIKey(uri)) })
}

// write runs f in a transaction, then records the archive's fingerprint
// if the index agreed with the archive before (see Index.fp).
func (ix *Index) write(f func(*sql.Tx) error) error {
	ix.dropPages()
	tx, err := ix.db.BeginTx(context.Background(), nil)
	if err != nil {
		return fmt.Errorf("updating the archive's index: %w", err)
	}
	defer tx.Rollback()
	if err := f(tx); err != nil {
		return fmt.Errorf("updating the archive's index: %w", err)
	}
	_, have, err := ix.meta(tx)
	fp := fingerprint(ix.dir)
	if err == nil && have == ix.fp {
		if err = setFingerprint(tx, fp); err == nil {
			ix.fp = fp
		}
	}
	if err == nil {
		err = tx.Commit()
	}
	if err != nil {
		return fmt.Errorf("updating the archive's index: %w", err)
	}
	return nil
}

// Rebuild builds the index afresh from every page of store (uricat
// archive --reindex).
func (ix *Index) Rebuild(store *archive.Store) error {
	tx, err := ix.db.BeginTx(context.Background(), nil)
	if err != nil {
		return fmt.Errorf("rebuilding the archive's index: %w", err)
	}
	defer tx.Rollback()
	fp := fingerprint(ix.dir)
	err = buildTx(tx, store)
	if err == nil {
		err = setFingerprint(tx, fp)
	}
	if err == nil {
		err = tx.Commit()
	}
	if err != nil {
		return fmt.Errorf("rebuilding the archive's index: %w", err)
	}
	ix.fp = fp
	ix.builds++
	ix.dropPages()
	ix.vacuum()
	return nil
}

// dropPages forgets the pages and states read (pages, States): this
// connection writes.
func (ix *Index) dropPages() {
	ix.mu.Lock()
	ix.read = nil
	ix.mu.Unlock()
}

// Lookup returns the pages a text: term is found in, keyed by their URI
// keys, each scored by bm25 (more is better, at least 1): LookupContext's
// answer by key, for a caller that looks pages up by key. It makes no
// snippet (see Snippet).
func (ix *Index) Lookup(t query.TextTerm) (map[string]query.TextHit, error) {
	a, err := ix.LookupContext(context.Background(), t)
	if err != nil {
		return nil, err
	}
	return a.Hits(), nil
}

// rankLimit is how many pages a lookup ranks by bm25: a term found in
// more (a word's first letter, as one types) scores each page 1, as
// ranking them would cost many times finding them, and ranks little.
const rankLimit = 5000

// LookupContext returns the pages a text: term is found in, by their
// rows in the index, each scored by bm25 (more is better, at least 1)
// when there are few enough to rank (rankLimit): the lookup of
// query.Query.WithText. It stops with ctx's error when ctx is done.
func (ix *Index) LookupContext(ctx context.Context, t query.TextTerm) (query.TextAnswer, error) {
	expr := match(t.Text)
	if expr == "" {
		return query.TextAnswer{}, nil
	}
	from, find := "words", expr
	if h, ok := headMatch(t.Text); ok {
		from, find = "heads", h
	}
	or, err := ix.expand(ctx, from, t.Text)
	if err != nil {
		return query.TextAnswer{}, fmt.Errorf("searching the archive's index: %w", err)
	}
	if or != "" {
		// Only to find the pages: bm25 over an OR scores each of its
		// words apart, which costs more than the beginning's merge for
		// the few pages a lookup ranks.
		find = or
	}
	ids, err := ix.matching(ctx, from, find)
	if err != nil {
		return query.TextAnswer{}, fmt.Errorf("searching the archive's index: %w", err)
	}
	var a query.TextAnswer
	if len(ids) <= ix.rankLimit {
		a, err = ix.ranked(ctx, expr, len(ids))
	} else {
		a.Rows = ids
		a.Pages, err = ix.pages(ctx, true)
	}
	if err != nil {
		return query.TextAnswer{}, fmt.Errorf("searching the archive's index: %w", err)
	}
	return a, nil
}

// matching returns the rows of the pages expr matches in table (words or
// heads). They come as one row, a list, rather than one row a page:
// database/sql's cost per row was most of that of a search of a word's
// first letters, which half the pages can hold.
func (ix *Index) matching(ctx context.Context, table, expr string) ([]int64, error) {
	var list nullString
	err := ix.db.QueryRowContext(ctx, `SELECT group_concat(rowid, ' ') FROM `+table+` WHERE `+table+` MATCH ?`, expr).Scan(&list)
	if err != nil || list == "" {
		return nil, err
	}
	return parseRows(string(list))
}

// parseRows returns the rows of list, separated by spaces: numbers of
// up to 18 digits, as SQLite gives rows. Read digit by digit: a term
// found in most pages gives as many rows as there are, and strconv's
// generality was a good part of a key's time.
func parseRows(list string) ([]int64, error) {
	ids := make([]int64, 0, strings.Count(list, " ")+1)
	var id int64
	digits := 0
	for i := 0; i <= len(list); i++ {
		if i == len(list) || list[i] == ' ' {
			if digits == 0 {
				return nil, fmt.Errorf("reading the rows found: no row at byte %d", i)
			}
			ids = append(ids, id)
			id, digits = 0, 0
			continue
		}
		d := list[i] - '0'
		if d > 9 || digits == 18 {
			return nil, fmt.Errorf("reading the rows found: %q at byte %d is not a row", list[i], i)
		}
		id, digits = id*10+int64(d), digits+1
	}
	return ids, nil
}

// maxExpand is how many tokens a beginning may be expanded into
// (expand): past it, the expression would grow long for a beginning
// that FTS5 finds about as fast.
const maxExpand = 1000

// expand returns the FTS5 expression, over table (words or heads), of a
// text: term's value that is one word table finds as a beginning
// (expandable): the tokens of table it begins, any of them. FTS5 looks
// for a beginning by copying the lists of those tokens into one, merging
// the words' positions too, which costs many times reading them; an OR
// of them reads each list once. "" if the value is another, or begins no
// token or more than maxExpand (then the beginning itself serves).
func (ix *Index) expand(ctx context.Context, table, folded string) (string, error) {
	w, ok := expandable(table, folded)
	if !ok {
		return "", nil
	}
	vocab := map[string]string{"words": "vocab", "heads": "headvocab"}[table]
	// The tokens in the order of their bytes: those w begins are from w
	// to w followed by the greatest rune, which no UTF-8 byte sorts
	// above.
	rows, err := ix.db.QueryContext(ctx, `SELECT term FROM `+vocab+` WHERE term >= ? AND term < ? LIMIT ?`,
		w, w+string(utf8.MaxRune), maxExpand+1)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var terms []string
	for rows.Next() {
		var term string
		if err := rows.Scan(&term); err != nil {
			return "", err
		}
		terms = append(terms, term)
	}
	if err := rows.Err(); err != nil || len(terms) == 0 || len(terms) > maxExpand {
		return "", err
	}
	return anyOf(terms), nil
}

// ranked returns the pages expr matches (about n of them), with their
// bm25 scores. From the index's second lookup on (a TUI's searches, one
// a key typed) they are named by every page's key, read once for all
// (pages); the first names them by their own keys, as a one-off search
// of a rare word need not read every page's.
func (ix *Index) ranked(ctx context.Context, expr string, n int) (query.TextAnswer, error) {
	ix.mu.Lock()
	again := ix.lookups > 0
	ix.lookups++
	ix.mu.Unlock()
	pages, err := ix.pages(ctx, again)
	if err != nil {
		return query.TextAnswer{}, err
	}
	stmt := `SELECT p.id, p.key, bm25(words) FROM words JOIN pages p ON p.id = words.rowid WHERE words MATCH ?`
	if pages != nil {
		stmt = `SELECT rowid, '', bm25(words) FROM words WHERE words MATCH ?` // the keys known: half the cost
	}
	rows, err := ix.db.QueryContext(ctx, stmt, expr)
	if err != nil {
		return query.TextAnswer{}, err
	}
	defer rows.Close()
	a := query.TextAnswer{Pages: pages, Rows: make([]int64, 0, n), Scores: make([]int32, 0, n)}
	var keys []string
	for rows.Next() {
		var id int64
		var key string
		var rank float64
		if err := rows.Scan(&id, &key, &rank); err != nil {
			return query.TextAnswer{}, err
		}
		a.Rows = append(a.Rows, id)
		a.Scores = append(a.Scores, int32(score(rank)))
		if pages == nil {
			keys = append(keys, key)
		}
	}
	if err := rows.Err(); err != nil {
		return query.TextAnswer{}, err
	}
	if pages == nil {
		a.Pages = query.NewPages(a.Rows, keys)
	}
	return a, nil
}

// Warm reads every page's key, as the lookups of a TUI's searches
// name pages by (pages), and works out where each page's records are in
// qix (query.Pages.Prepare): what the first text: key after the index
// or the catalogue changed would otherwise do itself. A lookup or a
// search that comes meanwhile shares the work rather than doing it again.
func (ix *Index) Warm(ctx context.Context, qix *query.Index) error {
	pages, err := ix.pages(ctx, true)
	if err != nil {
		return fmt.Errorf("reading the archive's index: %w", err)
	}
	pages.Prepare(ctx, qix)
	return nil
}

// pagesRead is the pages table as of one data_version: each page's key
// by its row (pages), whether it failed, and each page's state by key,
// made from them on first use (States).
type pagesRead struct {
	version int64
	pages   *query.Pages
	keys    []string
	failed  []bool
	states  map[string]query.ArchiveState
}

// pages returns the key of each row of pages, read once and again only
// when the database changed since (see readNow); nil if they were not
// read or changed since, unless read.
func (ix *Index) pages(ctx context.Context, read bool) (*query.Pages, error) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	r, err := ix.readNow(ctx, read)
	if r == nil || err != nil {
		return nil, err
	}
	return r.pages, nil
}

// readNow returns the pages table as read, read again only when the
// database changed since (PRAGMA data_version tells another
// connection's commit; this one's writes drop it); nil if it was not
// read or changed since, unless read. ix.mu is held.
func (ix *Index) readNow(ctx context.Context, read bool) (*pagesRead, error) {
	version, err := ix.dataVersion(ctx)
	if err != nil {
		return nil, err
	}
	if ix.read != nil && version == ix.read.version {
		return ix.read, nil
	}
	if !read {
		return nil, nil
	}
	ids, keys, failed, err := ix.readPages(ctx)
	if err != nil {
		return nil, err
	}
	ix.read = &pagesRead{version: version, pages: query.NewPages(ids, keys), keys: keys, failed: failed}
	return ix.read, nil
}

// dataVersion is SQLite's data_version: it moves on when another
// connection commits a change to the database, not for this one's.
func (ix *Index) dataVersion(ctx context.Context) (int64, error) {
	var version int64
	err := ix.db.QueryRowContext(ctx, `PRAGMA data_version`).Scan(&version)
	return version, err
}

// readPages reads the row, key and whether it failed of every page. As
// three lists in one row, as matching reads rows: database/sql's cost per
// row was most of the cost of reading them a row each. A key that holds
// a newline (no URI should) spoils the list of keys: then they are read a
// row each.
func (ix *Index) readPages(ctx context.Context) (ids []int64, keys []string, failed []bool, err error) {
	var idList, keyList, failedList nullString
	err = ix.db.QueryRowContext(ctx, `SELECT group_concat(id, ' '), group_concat(key, char(10)), group_concat(failed != 0, '') FROM pages`).Scan(&idList, &keyList, &failedList)
	if err != nil || idList == "" {
		return nil, nil, nil, err
	}
	if ids, err = parseRows(string(idList)); err != nil {
		return nil, nil, nil, err
	}
	keys = strings.Split(string(keyList), "\n")
	if len(keys) == len(ids) && len(failedList) == len(ids) {
		failed = make([]bool, len(ids))
		for i := range failed {
			failed[i] = failedList[i] == '1'
		}
		return ids, keys, failed, nil
	}
	rows, err := ix.db.QueryContext(ctx, `SELECT id, key, failed FROM pages`)
	if err != nil {
		return nil, nil, nil, err
	}
	defer rows.Close()
	ids, keys = ids[:0], keys[:0]
	for rows.Next() {
		var id int64
		var key string
		var f bool
		if err := rows.Scan(&id, &key, &f); err != nil {
			return nil, nil, nil, err
		}
		ids, keys, failed = append(ids, id), append(keys, key), append(failed, f)
	}
	return ids, keys, failed, rows.Err()
}

// score turns FTS5's bm25 (less is better, below 0) into a search score:
// at least 1, so that a page found always ranks above a record found only
// in its DESCRIPTION, and small enough for query.Rank's counting sort. On
// a log scale: FTS5 floors the weight of a word in half the pages or more
// at a millionth, and the pages' differences must still tell there.
func score(bm25 float64) int {
	return 1 + int(min(1000*math.Log10(1+max(-bm25, 0)*1e7), 60000))
}

// States returns the archive's state of each URI's page as the index
// knows it, for query.Query.WithArchive. They are read once for each
// state of the index, as pages are: a TUI asks again at each key typed.
func (ix *Index) States() (func(uri string) query.ArchiveState, error) {
	states, err := ix.stateMap(context.Background())
	if err != nil {
		return nil, fmt.Errorf("reading the archive's index: %w", err)
	}
	return func(uri string) query.ArchiveState {
		if s, ok := states[uri]; ok {
			return s
		}
		return states[ssd3.URIKey(uri)]
	}, nil
}

// stateMap returns the state of each page by its key, read again only
// when the database changed (see readNow).
func (ix *Index) stateMap(ctx context.Context) (map[string]query.ArchiveState, error) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	r, err := ix.readNow(ctx, true)
	if err != nil {
		return nil, err
	}
	if r.states == nil {
		r.states = make(map[string]query.ArchiveState, len(r.keys))
		for i, k := range r.keys {
			r.states[k] = query.ArchiveYes
			if r.failed[i] {
				r.states[k] = query.ArchiveFailed
			}
		}
	}
	return r.states, nil
}

// nullString scans a NULL as "".
type nullString string

func (s *nullString) Scan(v any) error {
	switch v := v.(type) {
	case nil:
		*s = ""
	case string:
		*s = nullString(v)
	case []byte:
		*s = nullString(v)
	default:
		return fmt.Errorf("unexpected %T in the index's meta", v)
	}
	return nil
}

// SQLite's result codes the index tells apart (the low byte of an error's
// code).
const (
	codeCorrupt = 11 // SQLITE_CORRUPT
	codeNotADB  = 26 // SQLITE_NOTADB
)

// corrupt reports whether err says the index file is damaged or not an
// SQLite database.
func corrupt(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		c := se.Code() & 0xff
		return c == codeCorrupt || c == codeNotADB
	}
	return false
}

// noTables reports whether err is a query of the meta table in a new,
// empty database.
func noTables(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == 1 // SQLITE_ERROR: no such table
}

// Len returns how many pages the index holds, archived or not.
func (ix *Index) Len() (int, error) {
	var n int
	if err := ix.db.QueryRow(`SELECT count(*) FROM pages`).Scan(&n); err != nil {
		return 0, fmt.Errorf("reading the archive's index: %w", err)
	}
	return n, nil
}
