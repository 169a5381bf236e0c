package lexers

import (
	"embed"
	"io/fs"
	"sync"

	"github.com/alecthomas/chroma/v2"
)

//go:embed embedded
var embedded embed.FS

// GlobalLexerRegistry is the global LexerRegistry of Lexers. The lexers
// embedded as XML are read into it on first use (load), not at init:
// parsing them costs a program that links chroma but highlights nothing
// a noticeable part of its start.
var GlobalLexerRegistry = chroma.NewLexerRegistry()

var (
	loadOnce sync.Once
	// registered are the lexers Register was given, in order: load
	// registers them again after the embedded ones, so that they win as
	// they did when the embedded ones were read at init.
	registeredMu sync.Mutex
	registered   []chroma.Lexer
	// loaded are what init functions would do to the embedded lexers,
	// done once they are read.
	loaded []func(*chroma.LexerRegistry)
)

// onLoad has f done to the registry once the embedded lexers are read.
func onLoad(f func(*chroma.LexerRegistry)) { loaded = append(loaded, f) }

// load reads the embedded lexers into GlobalLexerRegistry, once.
func load() *chroma.LexerRegistry {
	loadOnce.Do(func() {
		registeredMu.Lock()
		defer registeredMu.Unlock()
		*GlobalLexerRegistry = *chroma.NewLexerRegistry()
		paths, err := fs.Glob(embedded, "embedded/*.xml")
		if err != nil {
			panic(err)
		}
		for _, path := range paths {
			GlobalLexerRegistry.Register(chroma.MustNewXMLLexer(embedded, path))
		}
		for _, l := range registered {
			GlobalLexerRegistry.Register(l)
		}
		for _, f := range loaded {
			f(GlobalLexerRegistry)
		}
	})
	return GlobalLexerRegistry
}

// Names of all lexers, optionally including aliases.
func Names(withAliases bool) []string {
	return load().Names(withAliases)
}

// Aliases of all the lexers, and skip those lexers who do not have any aliases,
// or show their name instead
func Aliases(skipWithoutAliases bool) []string {
	return load().Aliases(skipWithoutAliases)
}

// Get a Lexer by name, alias or file extension.
//
// Note that this if there isn't an exact match on name or alias, this will
// call Match(), so it is not efficient.
func Get(name string) chroma.Lexer {
	return load().Get(name)
}

// MatchMimeType attempts to find a lexer for the given MIME type.
func MatchMimeType(mimeType string) chroma.Lexer {
	return load().MatchMimeType(mimeType)
}

// Match returns the first lexer matching filename.
//
// Note that this iterates over all file patterns in all lexers, so it's not
// particularly efficient.
func Match(filename string) chroma.Lexer {
	return load().Match(filename)
}

// Register a Lexer with the global registry.
func Register(lexer chroma.Lexer) chroma.Lexer {
	registeredMu.Lock()
	defer registeredMu.Unlock()
	registered = append(registered, lexer)
	return GlobalLexerRegistry.Register(lexer)
}

// Analyse text content and return the "best" lexer..
func Analyse(text string) chroma.Lexer {
	return load().Analyse(text)
}

// PlaintextRules is used for the fallback lexer as well as the explicit
// plaintext lexer.
func PlaintextRules() chroma.Rules {
	return chroma.Rules{
		"root": []chroma.Rule{
			{`.+`, chroma.Text, nil},
			{`\n`, chroma.Text, nil},
		},
	}
}

// Fallback lexer if no other is found.
var Fallback chroma.Lexer = chroma.MustNewLexer(&chroma.Config{
	Name:      "fallback",
	Filenames: []string{"*"},
	Priority:  -1,
}, PlaintextRules)
