//go:build race

package soif

const raceEnabled = true
