// Package size says sizes in bytes as people read them, in one way
// across uricat (the TUI's detail pane and import dialog, the limits
// named in messages): binary units (KiB, MiB, ...), an exact multiple of
// one as a whole number ("4 GiB", "512 B"), else to a tenth below ten of
// one ("1.5 KiB") and whole above ("79 MiB").
package size

import (
	"math"
	"strconv"
)

// units are the binary units Bytes says sizes in.
var units = []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}

// Bytes says a size of n bytes as a person reads it: "0 B", "999 B",
// "1 KiB", "1.5 KiB", "79 MiB", "4 GiB". A negative n is 0.
func Bytes(n int64) string {
	if n < 1024 {
		return strconv.FormatInt(max(n, 0), 10) + " B"
	}
	e := 0
	for m := n; m >= 1024 && e < len(units)-1; m >>= 10 {
		e++
	}
	if n%(1<<(10*e)) == 0 {
		return strconv.FormatInt(n>>(10*e), 10) + " " + units[e]
	}
	val := math.Floor(float64(n)/float64(int64(1)<<(10*e))*10+0.5) / 10
	if val >= 1024 && e < len(units)-1 {
		// Rounded up to the next unit: 1023.96 KiB is 1.0 MiB.
		e++
		val = math.Floor(float64(n)/float64(int64(1)<<(10*e))*10+0.5) / 10
	}
	prec := 0
	if val < 10 {
		prec = 1
	}
	return strconv.FormatFloat(val, 'f', prec, 64) + " " + units[e]
}
