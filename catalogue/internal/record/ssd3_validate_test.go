package record

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/internal/syntax"
)

func TestEncodeTextRoundTrip(t *testing.T) {
	for _, s := range []string{
		"plain", "Café", "tab\there", "line\nbreak\r\nand CR", "=?UTF-8?Q?not-a-word?=", "a=?b", "東京 タワー",
		" leading and trailing ", "emoji 🙂 and \x00 nul", strings.Repeat("é", 100), "?=", "_under_score_",
	} {
		enc := EncodeText(s)
		if !syntax.IsASCII(enc) || strings.ContainsAny(enc, "\r\n\t") {
			t.Errorf("EncodeText(%q) = %q: not one line of ASCII", s, enc)
		}
		dec, err := DecodeText(enc)
		if err != nil || dec != s {
			t.Errorf("round trip of %q: %q, %v (encoded %q)", s, dec, err, enc)
		}
	}
}

// TestUnixDays: the days ParseDate counts to a date are package time's,
// for the first and the last day of every month of the years DATE can
// write, and a few whole dates come out as time.Parse reads them.
func TestUnixDays(t *testing.T) {
	for year := 0; year <= 9999; year++ {
		for month := 1; month <= 12; month++ {
			for _, day := range []int{1, daysIn(month, year)} {
				// Midnight is a whole number of days from the epoch,
				// before it as after: the division is exact.
				want := time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC).Unix() / 86400
				if got := unixDays(year, month, day); got != want {
					t.Fatalf("unixDays(%d, %d, %d) = %d, want %d", year, month, day, got, want)
				}
			}
		}
	}
	for _, v := range []string{"01/01/1970 00:00:00", "29/02/2000 23:59:59", "31/12/9999 23:59:59", "01/01/0000 00:00:00", "28/02/1900 12:00:00", "01/03/1600 00:00:01"} {
		got, err := ParseDate(v)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := time.Parse(DateLayout, v)
		if !got.Equal(want) || got.Location() != time.UTC {
			t.Errorf("ParseDate(%q) = %v, want %v", v, got, want)
		}
	}
}

// TestDaysIn: every month of every year a DATE can hold has the days
// package time gives it.
func TestDaysIn(t *testing.T) {
	for year := 0; year <= 9999; year++ {
		for month := 1; month <= 12; month++ {
			if got, want := daysIn(month, year), time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day(); got != want {
				t.Fatalf("daysIn(%d, %d) = %d, want %d", month, year, got, want)
			}
		}
	}
}

// FuzzParseDate holds ParseDate to the form's definition, read off
// DateLayout a byte at a time (the way it once did it): the same dates
// read, the same times, the same messages.
func FuzzParseDate(f *testing.F) {
	for _, v := range []string{"01/02/2020 10:00:00", "29/02/2000 23:59:59", "29/02/1900 00:00:00",
		"31/04/2020 00:00:00", "01/13/2020 00:00:00", "01/01/2020 24:00:00", "1/01/2020 00:00:00",
		"01-01-2020 00:00:00", "01/01/2020T00:00:00", "0a/01/2020 00:00:00", "01/01/2020 00:00:0/"} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v string) {
		got, err := ParseDate(v)
		want, wantErr := parseDateByLayout(v)
		if fmt.Sprint(err) != fmt.Sprint(wantErr) || !got.Equal(want) || got.Location() != want.Location() {
			t.Fatalf("ParseDate(%q) = %v, %v; want %v, %v", v, got, err, want, wantErr)
		}
	})
}

// parseDateByLayout is ParseDate as it was: each byte compared with
// DateLayout's, the numbers then read and checked.
func parseDateByLayout(v string) (time.Time, error) {
	if len(v) != len(DateLayout) {
		return time.Time{}, errorf("DATE %q is not in the form DD/MM/YYYY hh:mm:ss (3.3)", syntax.Clip(v))
	}
	for i := 0; i < len(v); i++ {
		if want, c := DateLayout[i], v[i]; syntax.IsDigit(want) && !syntax.IsDigit(c) || !syntax.IsDigit(want) && c != want {
			return time.Time{}, errorf("DATE %q is not in the form DD/MM/YYYY hh:mm:ss (3.3)", v)
		}
	}
	num := func(s string) int { n, _ := strconv.Atoi(s); return n }
	day, month, year := num(v[0:2]), num(v[3:5]), num(v[6:10])
	hour, min, sec := num(v[11:13]), num(v[14:16]), num(v[17:19])
	if month < 1 || month > 12 {
		return time.Time{}, errorf("DATE %q has month %02d; months run 01-12 (3.3)", v, month)
	}
	if day < 1 || day > daysIn(month, year) {
		return time.Time{}, errorf("DATE %q: %s %d has no day %02d (3.3)", v, time.Month(month), year, day)
	}
	if hour > 23 || min > 59 || sec > 59 {
		return time.Time{}, errorf("DATE %q is not a time of day: hh is 00-23, mm and ss 00-59 (3.3)", v)
	}
	return time.Date(year, time.Month(month), day, hour, min, sec, 0, time.UTC), nil
}
