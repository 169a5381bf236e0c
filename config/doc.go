// Package config is uricat's configuration file, config.toml: saved
// searches, rules that file records as they arrive, and defaults for the
// commands and the terminal UI.
//
// The file is $URICAT_CONFIG, else $XDG_CONFIG_HOME/uricat/config.toml
// (Path). uricat never creates it until the user saves something (a
// search, `uricat config edit`). A missing file is the defaults.
//
// A bad file never stops uricat: Load returns what it could read, the
// defaults for the rest, and a Problem for each thing it could not read
// (FILE:LINE:COLUMN: what is wrong), an unknown key among them, named.
// TOML is read with github.com/pelletier/go-toml/v2; its unstable parser
// gives each key and value its position, so that each problem has one,
// and lets SaveSearch and RemoveSearch change one line of the
// [searches] table, keeping the file's comments and order.
//
// The search language is catalogue/query's: the saved searches reach it
// through query.WithSaved (Config.Lookup), so that query reads no file,
// and the catalogue never imports this package.
//
// Rules (Rules.Apply) are applied in the order of the file, each whose
// match the record (as it arrived) meets: a later rule's CATEGORY,
// rating and to-read replace an earlier one's, and the tags of all are
// added.
package config
