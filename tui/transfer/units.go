package transfer

import (
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// count says n with its thousands grouped by commas: "12,345".
func count(n int) string {
	return message.NewPrinter(language.English).Sprint(n)
}
