//go:build !race

package hinadi

const raceEnabled = false
