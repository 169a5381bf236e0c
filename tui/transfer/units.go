package transfer

import (
	"math"
	"strconv"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// byteUnits are the binary units byteSize says sizes in.
var byteUnits = []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}

// byteSize says a size of n bytes as a person reads it: "9 B", "999 B",
// "1.5 KiB", "79 MiB", in binary units, to a tenth below ten of one.
func byteSize(n int64) string {
	if n < 10 {
		return strconv.FormatInt(max(n, 0), 10) + " B"
	}
	e := min(int(math.Floor(math.Log(float64(n))/math.Log(1024))), len(byteUnits)-1)
	val := math.Floor(float64(n)/math.Pow(1024, float64(e))*10+0.5) / 10
	prec := 0
	if val < 10 {
		prec = 1
	}
	return strconv.FormatFloat(val, 'f', prec, 64) + " " + byteUnits[e]
}

// count says n with its thousands grouped by commas: "12,345".
func count(n int) string {
	return message.NewPrinter(language.English).Sprint(n)
}
