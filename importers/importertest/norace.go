//go:build !race

package importertest

// Race says whether the race detector is on: it makes reading many
// times slower, so tests read less.
const Race = false
