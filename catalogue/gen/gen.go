// Package gen generates catalogues for benchmarks and tests: realistic
// names, categories, descriptions and tags, so that searches hit some
// records and miss most, the same for the same size.
package gen

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

var (
	words = strings.Fields(`git go rust python linux kernel docs api http server client cloud
		search engine news weather maps music video photo recipe travel bank shop book library
		database postgres redis cache queue stream compiler editor terminal shell window design
		font color paper science math physics chemistry biology history art museum game chess`)
	categories = strings.Fields(`Programming Reference News Shopping Travel Music Science Games Tools Work Reading`)
	languages  = []string{"en", "en-gb", "en-us", "de", "fr", "ja", ""}
	types      = []string{"text/html", "text/plain", "application/pdf", ""}
	tags       = strings.Fields(`hiking reading later work tools recipes café travel kernel`)
	// Names with accents, written as SSD3 requires (encoded words), so
	// that folding has work to do: one record in fifty.
	accented = []string{"Café", "Köln", "Crème", "Zürich", "Łódź", "Ærø"}
)

// Catalogue returns a URI-Catalogue file of n valid records, about 230
// bytes each, the same for the same n. One record in ten has tags
// (X-TAGS), one in fifty an accented NAME.
func Catalogue(n int) string {
	rng := rand.New(rand.NewPCG(uint64(n), 42))
	var b strings.Builder
	b.Grow(n * 260)
	base := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		w := func() string { return words[rng.IntN(len(words))] }
		name := fmt.Sprintf("%s %s %s %d", strings.ToUpper(w()[:1])+w()[1:], w(), w(), i)
		fmt.Fprintf(&b, "URI: https://%s.example.org/%s/%d\n", w(), w(), i)
		if i%50 == 7 {
			name = ssd3.EncodeText(accented[rng.IntN(len(accented))]) + " " + name
		}
		fmt.Fprintf(&b, "NAME: %s\n", name)
		fmt.Fprintf(&b, "DATE: %s\n", base.Add(time.Duration(rng.IntN(24*365*25))*time.Hour).Format("02/01/2006 15:04:05"))
		if rng.IntN(4) > 0 {
			fmt.Fprintf(&b, "CATEGORY: %s\n", categories[rng.IntN(len(categories))])
		}
		if rng.IntN(3) > 0 {
			fmt.Fprintf(&b, "DESCRIPTION: A page about %s and %s, with notes on %s %s and %s.\n", w(), w(), w(), w(), w())
		}
		if r := rng.IntN(6); r > 0 {
			fmt.Fprintf(&b, "RATING: %d\n", r)
		}
		if l := languages[rng.IntN(len(languages))]; l != "" {
			fmt.Fprintf(&b, "LANGUAGE: %s\n", l)
		}
		if t := types[rng.IntN(len(types))]; t != "" {
			fmt.Fprintf(&b, "TYPE: %s\n", t)
		}
		if i%10 == 3 {
			fmt.Fprintf(&b, "X-TAGS: %s, %s\n", ssd3.EncodeText(tags[rng.IntN(len(tags))]), tags[rng.IntN(len(tags))])
		}
		b.WriteString("\n")
	}
	return b.String()
}
