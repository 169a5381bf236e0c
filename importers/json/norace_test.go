//go:build !race

package json

const raceEnabled = false
