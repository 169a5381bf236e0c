//go:build race

package json

// raceEnabled: the race detector allocates for itself, so a test of what
// a writer allocates has nothing to measure under it.
const raceEnabled = true
