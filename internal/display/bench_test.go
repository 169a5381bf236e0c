package display

import "testing"

// displaySamples are names as a list row shows them, in scripts whose
// UTF-8 shares lead bytes with invisible characters (Vietnamese and
// Khmer 0xE1, Japanese 0xE3, emoji 0xF0, Latin-1 0xC2) and in some whose
// UTF-8 does not (Russian, Chinese).
var displaySamples = []struct{ name, text string }{
	{"ascii", "The Go Programming Language Specification - golang.org"},
	{"latin1", "Café © 2024 — Köln · 25 °C, £10 (Straße)"},
	{"vietnamese", "Tiếng Việt: Trang chủ của Wikipedia tiếng Việt"},
	{"japanese", "東京都の天気予報・ニュース　ウィキペディア"},
	{"emoji", "Party 🎉 time 🚀 launch notes 😀 and more"},
	{"russian", "Русский язык — Википедия, свободная энциклопедия"},
	{"chinese", "中文维基百科是维基百科协作计划的中文版本"},
}

func BenchmarkHasInvisible(b *testing.B) {
	for _, s := range displaySamples {
		b.Run(s.name, func(b *testing.B) {
			b.SetBytes(int64(len(s.text)))
			for b.Loop() {
				if HasInvisible(s.text) {
					b.Fatal(s.text)
				}
			}
		})
	}
}

func BenchmarkText(b *testing.B) {
	for _, s := range displaySamples {
		b.Run(s.name, func(b *testing.B) {
			b.SetBytes(int64(len(s.text)))
			for b.Loop() {
				if Text(s.text) != s.text {
					b.Fatal(s.text)
				}
			}
		})
	}
}
