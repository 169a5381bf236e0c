//go:build race

package xbel

const raceEnabled = true
