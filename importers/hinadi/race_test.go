//go:build race

package hinadi

const raceEnabled = true
