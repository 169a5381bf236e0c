package tui

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// Words for generated catalogues: realistic names, categories and
// descriptions, so searches hit some records and miss most.
var (
	genWords = strings.Fields(`git go rust python linux kernel docs api http server client cloud
		search engine news weather maps music video photo recipe travel bank shop book library
		database postgres redis cache queue stream compiler editor terminal shell window design
		font color paper science math physics chemistry biology history art museum game chess`)
	genCategories = strings.Fields(`Programming Reference News Shopping Travel Music Science Games Tools Work Reading`)
	genLanguages  = []string{"en", "en-gb", "en-us", "de", "fr", "ja", ""}
	genTypes      = []string{"text/html", "text/plain", "application/pdf", ""}
)

// genCatalogue returns a URI-Catalogue file of n valid records, the same
// for the same n.
func genCatalogue(n int) string {
	rng := rand.New(rand.NewPCG(uint64(n), 42))
	var b strings.Builder
	b.Grow(n * 260)
	base := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		w := func() string { return genWords[rng.IntN(len(genWords))] }
		name := fmt.Sprintf("%s %s %s %d", strings.ToUpper(w()[:1])+w()[1:], w(), w(), i)
		fmt.Fprintf(&b, "URI: https://%s.example.org/%s/%d\n", w(), w(), i)
		fmt.Fprintf(&b, "NAME: %s\n", name)
		fmt.Fprintf(&b, "DATE: %s\n", base.Add(time.Duration(rng.IntN(24*365*25))*time.Hour).Format("02/01/2006 15:04:05"))
		if rng.IntN(4) > 0 {
			fmt.Fprintf(&b, "CATEGORY: %s\n", genCategories[rng.IntN(len(genCategories))])
		}
		if rng.IntN(3) > 0 {
			fmt.Fprintf(&b, "DESCRIPTION: A page about %s and %s, with notes on %s %s and %s.\n", w(), w(), w(), w(), w())
		}
		if r := rng.IntN(6); r > 0 {
			fmt.Fprintf(&b, "RATING: %d\n", r)
		}
		if l := genLanguages[rng.IntN(len(genLanguages))]; l != "" {
			fmt.Fprintf(&b, "LANGUAGE: %s\n", l)
		}
		if t := genTypes[rng.IntN(len(genTypes))]; t != "" {
			fmt.Fprintf(&b, "TYPE: %s\n", t)
		}
		b.WriteString("\n")
	}
	return b.String()
}
