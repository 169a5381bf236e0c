package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// builtBinary is the uricat binary the end-to-end tests run (tmux runs it,
// git runs it as a merge driver): built once per run of the package's
// tests, by the first test that asks, into a directory TestMain removes.
var builtBinary struct {
	once sync.Once
	dir  string
	path string
	err  error
	// goEnv is the environment go build runs in: the one the tests
	// were started with, before TestMain moved $XDG_CACHE_HOME, where go
	// keeps its build cache by default; an empty cache would compile
	// every dependency again.
	goEnv []string
}

// keepGoEnv keeps the environment go build is to run in; TestMain calls
// it before it changes any variable.
func keepGoEnv() { builtBinary.goEnv = os.Environ() }

// uricatBinary returns the path of the uricat binary, building it on the
// first call.
func uricatBinary(t *testing.T) string {
	t.Helper()
	b := &builtBinary
	b.once.Do(func() {
		if b.dir, b.err = os.MkdirTemp("", "uricat-test-bin-"); b.err != nil {
			return
		}
		b.path = filepath.Join(b.dir, "uricat")
		build := exec.Command("go", "build", "-o", b.path, ".")
		build.Env = b.goEnv
		if out, err := build.CombinedOutput(); err != nil {
			b.err = fmt.Errorf("go build: %w\n%s", err, strings.TrimSpace(string(out)))
		}
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.path
}

// removeBinary removes what uricatBinary built; TestMain calls it once
// the tests are over.
func removeBinary() {
	if builtBinary.dir != "" {
		os.RemoveAll(builtBinary.dir)
	}
}
