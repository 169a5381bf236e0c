package record

import (
	"fmt"
	"mime"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue/internal/syntax"
	"golang.org/x/net/idna"
	"golang.org/x/text/language"
)

// ValidateURI checks that v is an absolute URI as RFC 3986 defines it (SSD3
// 3.1): a scheme, a colon, and only the characters a URI may hold, with
// every "%" starting a two-digit hex escape or a keyword placeholder
// (IsPlaceholder). A fragment is allowed, since bookmarks often point into
// a page.
func ValidateURI(v string) error {
	if v == "" {
		f, _ := LookupField(FieldURI) // the field table holds its section
		return syntax.ErrRequired(FieldURI, f.Section)
	}
	colon := strings.IndexByte(v, ':')
	if colon <= 0 {
		return errorf("URI %q has no scheme; it must be absolute (RFC 3986 4.3, 3.1)", syntax.Clip(v))
	}
	if err := validateScheme(v[:colon]); err != nil {
		return err
	}
	rest := v[colon+1:]
	hasAuth := strings.HasPrefix(rest, "//")
	s, err := scanURI(v, colon, hasAuth)
	if err != nil {
		return err
	}
	if hasAuth {
		if s.authEnd < 0 {
			s.authEnd = len(v)
		}
		if err := validateAuthority(v[colon+3 : s.authEnd]); err != nil {
			return err
		}
	}
	if at := s.bracket; at >= 0 {
		if hasAuth && strings.HasPrefix(rest, "//[") {
			// The host's own brackets are fine; not one after it.
			if at = strings.IndexAny(v[s.authEnd:], "[]"); at >= 0 {
				at += s.authEnd
			}
		}
		if at >= 0 {
			return errorf("URI has %q at byte %d; brackets may only enclose an IP address in the host (RFC 3986 3.2.2); write them as %%5B and %%5D", v[at], at+1)
		}
	}
	return nil
}

// validateScheme checks a URI's scheme, the part before its first colon.
func validateScheme(scheme string) error {
	for i := 0; i < len(scheme); i++ {
		c := scheme[i]
		if syntax.IsAlpha(c) || i > 0 && (syntax.IsDigit(c) || c == '+' || c == '-' || c == '.') {
			continue
		}
		return errorf("URI scheme %q is not valid: it must start with a letter and hold only letters, digits, '+', '-', '.' (RFC 3986 3.1)", syntax.Clip(scheme))
	}
	return nil
}

// uriScan is what scanURI notes of a URI on its way.
type uriScan struct {
	authEnd int // index in v of the first '/', '?' or '#' after "//"; -1: none
	bracket int // index of the first '[' or ']'; -1: none
}

// scanURI checks the characters of v after its scheme's colon, in one
// pass that also notes where the authority ends (when hasAuth).
func scanURI(v string, colon int, hasAuth bool) (uriScan, error) {
	s := uriScan{authEnd: -1, bracket: -1}
	hashes := 0
	for i := colon + 1; i < len(v); i++ {
		c := v[i]
		if uriPlain[c] {
			continue // most of a URI: nothing to note
		}
		if uriChar[c] {
			switch c {
			case '[', ']':
				if s.bracket < 0 {
					s.bracket = i
				}
			case '/', '?':
				if s.authEnd < 0 && hasAuth && i >= colon+3 {
					s.authEnd = i
				}
			}
			continue
		}
		switch {
		case c == '%':
			if IsPlaceholder(v, i) {
				i++
				continue
			}
			if i+2 >= len(v) || !syntax.IsHex(v[i+1]) || !syntax.IsHex(v[i+2]) {
				return s, errorf("URI has a %% at byte %d that does not start a %%XX escape (RFC 3986 2.1)", i+1)
			}
			i += 2
		case c == '#':
			hashes++
			if hashes > 1 {
				return s, errorf("URI has a second '#' at byte %d (RFC 3986 3.5)", i+1)
			}
			if s.authEnd < 0 && hasAuth {
				s.authEnd = i
			}
		case c == ' ':
			return s, errorf("URI has a space at byte %d; write it as %%20 (RFC 3986 2)", i+1)
		default:
			return s, errorf("URI has the character %s at byte %d, which a URI may not hold (RFC 3986 2)", syntax.DescribeByte(c), i+1)
		}
	}
	return s, nil
}

// validateAuthority checks [userinfo "@"] host [":" port] (RFC 3986 3.2);
// the characters themselves were checked already.
func validateAuthority(auth string) error {
	if strings.IndexByte(auth, '@') < 0 && strings.IndexByte(auth, '[') < 0 && strings.IndexByte(auth, ']') < 0 && strings.IndexByte(auth, ':') < 0 {
		return nil // a plain host name: its characters are checked already
	}
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		if strings.ContainsAny(auth[:at], "[]@") {
			return errorf("URI user information %q may not hold '[', ']' or '@' (RFC 3986 3.2.1)", syntax.Clip(auth[:at]))
		}
		auth = auth[at+1:]
	}
	port := ""
	if strings.HasPrefix(auth, "[") {
		end := strings.IndexByte(auth, ']')
		if end < 0 {
			return errorf("URI host %q opens '[' without closing it (RFC 3986 3.2.2)", syntax.Clip(auth))
		}
		for _, c := range []byte(auth[1:end]) {
			if !syntax.IsHex(c) && c != ':' && c != '.' && c != 'v' && c != 'V' {
				return errorf("URI host %q is not an IP literal (RFC 3986 3.2.2)", syntax.Clip(auth[:end+1]))
			}
		}
		rest := auth[end+1:]
		if rest != "" && rest[0] != ':' {
			return errorf("URI host %q is followed by %q; only \":port\" may follow (RFC 3986 3.2)", syntax.Clip(auth[:end+1]), syntax.Clip(rest))
		}
		if rest != "" {
			port = rest[1:]
		}
	} else {
		if i := strings.IndexByte(auth, ':'); i >= 0 {
			auth, port = auth[:i], auth[i+1:]
		}
		if strings.ContainsAny(auth, "[]") {
			return errorf("URI host %q may not hold brackets (RFC 3986 3.2.2)", syntax.Clip(auth))
		}
	}
	for i := 0; i < len(port); i++ {
		if !syntax.IsDigit(port[i]) {
			return errorf("URI port %q must be digits (RFC 3986 3.2.3)", syntax.Clip(port))
		}
	}
	return nil
}

// uriChar marks the characters RFC 3986 allows in a URI besides "%" and "#":
// unreserved, sub-delims, ":", "@", "/", "?", "[" and "]".
var uriChar = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for _, c := range "-._~!$&'()*+,;=:@/?[]" {
		t[c] = true
	}
	return t
}()

// uriPlain is uriChar without the characters ValidateURI notes: "/" and
// "?" (where the authority ends), "[" and "]".
var uriPlain = func() (t [256]bool) {
	t = uriChar
	for _, c := range "/?[]" {
		t[c] = false
	}
	return t
}()

// IsPlaceholder reports whether the "%" at v[i] starts "%s" or "%S", the
// place where a browser's keyword bookmark puts the words searched for
// (Firefox, Chromium: "https://duckduckgo.com/?q=%s"). It is kept as it
// is, and not encoded as "%25s", so that the bookmark works again once
// written back to a browser; it can never be taken for an escape, "s"
// not being a hex digit.
func IsPlaceholder(v string, i int) bool {
	return i+1 < len(v) && v[i] == '%' && (v[i+1] == 's' || v[i+1] == 'S')
}

// NormalizeURI turns an IRI (RFC 3987) or a sloppily typed URI into a URI:
// the host is converted with IDNA, and every byte a URI may not hold (non-ASCII
// text, spaces, quotes, a stray "%", a "[" or "]" outside the host, as in
// PHP's "?filter[status]=open") is percent-encoded as UTF-8; a keyword
// placeholder (IsPlaceholder) is kept. The result still has to pass
// ValidateURI: NormalizeURI does not invent a scheme.
func NormalizeURI(v string) string {
	v = strings.TrimSpace(v)
	if v == "" || ValidateURI(v) == nil {
		return v // a URI already: nothing to encode
	}
	colon := strings.IndexByte(v, ':')
	tail := colon + 1 // where brackets are no host's: after the authority
	if colon > 0 {
		rest := v[colon+1:]
		if strings.HasPrefix(rest, "//") {
			auth := rest[2:]
			end := strings.IndexAny(auth, "/?#")
			if end < 0 {
				end = len(auth)
			}
			host := auth[:end]
			userinfo := ""
			if at := strings.LastIndexByte(host, '@'); at >= 0 {
				userinfo, host = host[:at+1], host[at+1:]
			}
			port := ""
			if !strings.HasPrefix(host, "[") {
				if c := strings.LastIndexByte(host, ':'); c >= 0 {
					host, port = host[:c], host[c:]
				}
			}
			if !syntax.IsASCII(host) {
				if a, err := idna.Lookup.ToASCII(host); err == nil {
					host = a
				}
			}
			v = v[:colon+1] + "//" + userinfo + host + port + auth[end:]
			tail = colon + 3 + len(userinfo) + len(host) + len(port)
		}
	}
	var b strings.Builder
	hashes := 0
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '%' && i+2 < len(v) && syntax.IsHex(v[i+1]) && syntax.IsHex(v[i+2]), IsPlaceholder(v, i):
			b.WriteByte(c)
		case (c == '[' || c == ']') && i >= tail:
			fmt.Fprintf(&b, "%%%02X", c) // RFC 3986 3.2.2: only a host holds them
		case c == '#' && hashes == 0:
			hashes++
			b.WriteByte(c)
		case i > 0 && i <= colon || uriChar[c] && c != '%':
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// ParseDate parses a DATE value: exactly "DD/MM/YYYY hh:mm:ss" (SSD3 3.3),
// two digits each except the four-digit year, a real calendar date and time,
// in UTC.
func ParseDate(v string) (time.Time, error) {
	if len(v) != len(DateLayout) {
		return time.Time{}, errorf("DATE %q is not in the form DD/MM/YYYY hh:mm:ss (3.3)", syntax.Clip(v))
	}
	// The form's punctuation where it goes, and a digit at each of the
	// other places (syntax.DateDigits): tested place by place, not by comparing
	// with DateLayout a byte at a time, since every record has a DATE.
	if v[2] != '/' || v[5] != '/' || v[10] != ' ' || v[13] != ':' || v[16] != ':' {
		return time.Time{}, errorf("DATE %q is not in the form DD/MM/YYYY hh:mm:ss (3.3)", v)
	}
	for _, i := range syntax.DateDigits {
		if v[i]-'0' > 9 { // below '0' wraps round to above 9
			return time.Time{}, errorf("DATE %q is not in the form DD/MM/YYYY hh:mm:ss (3.3)", v)
		}
	}
	two := func(i int) int { return int(v[i]-'0')*10 + int(v[i+1]-'0') }
	day, month, year := two(0), two(3), two(6)*100+two(8)
	hour, min, sec := two(11), two(14), two(17)
	if month < 1 || month > 12 {
		return time.Time{}, errorf("DATE %q has month %02d; months run 01-12 (3.3)", v, month)
	}
	if day < 1 || day > daysIn(month, year) {
		return time.Time{}, errorf("DATE %q: %s %d has no day %02d (3.3)", v, time.Month(month), year, day)
	}
	if hour > 23 || min > 59 || sec > 59 {
		return time.Time{}, errorf("DATE %q is not a time of day: hh is 00-23, mm and ss 00-59 (3.3)", v)
	}
	secs := unixDays(year, month, day)*86400 + int64(hour*3600+min*60+sec)
	return time.Unix(secs, 0).UTC(), nil
}

// unixDays returns the days from 1970-01-01 to the date, in the proleptic
// Gregorian calendar, by arithmetic (Hinnant's days_from_civil): time.Date
// costs a third of reading a DATE, and every record has one
// (TestUnixDays checks it against package time).
func unixDays(year, month, day int) int64 {
	y := int64(year)
	if month <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era--
	}
	yoe := y - era*400                     // [0, 399]
	mp := int64((month + 9) % 12)          // March is 0
	doy := (153*mp+2)/5 + int64(day) - 1   // [0, 365]
	doe := yoe*365 + yoe/4 - yoe/100 + doy // [0, 146096]
	return era*146097 + doe - 719468
}

// daysIn returns the days of month (1-12) in year, in the proleptic
// Gregorian calendar, as package time counts them: by arithmetic, since
// it runs for every DATE a file holds (TestDaysIn checks it against time).
func daysIn(month, year int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// FormatDate writes t as a DATE value, in UTC, to the second (SSD3 3.3).
func FormatDate(t time.Time) string { return t.UTC().Format(DateLayout) }

// ValidateDate reports whether t can be written as a DATE: SSD3's four-digit
// year limits it to the years 0000-9999.
func ValidateDate(t time.Time) error {
	if y := t.UTC().Year(); y < 0 || y > 9999 {
		return errorf("DATE year %d does not fit the four digits of YYYY (3.3)", y)
	}
	return nil
}

// ParseRating parses a RATING value: an integer from 1 to 5 (SSD3 3.6).
func ParseRating(v string) (int, error) {
	if len(v) == 1 && v[0] >= '1' && v[0] <= '5' {
		return int(v[0] - '0'), nil
	}
	return 0, errorf("RATING %q must be an integer from 1 to 5 (3.6)", syntax.Clip(v))
}

// ValidateRating checks that n is a rating from 1 to 5 (SSD3 3.6).
func ValidateRating(n int) error {
	if n < 1 || n > 5 {
		return errorf("RATING %d must be an integer from 1 to 5 (3.6)", n)
	}
	return nil
}

// ValidateLanguage checks that v is a language tag as RFC 3066 defines it
// (SSD3 3.7): a primary subtag of 1-8 letters, then subtags of 1-8 letters
// or digits, separated by "-". A two- or three-letter primary subtag must be
// an ISO 639 code, and a two-letter second subtag an ISO 3166 country code.
func ValidateLanguage(v string) error {
	if v == "" {
		return errorf("LANGUAGE must not be empty (2.2)")
	}
	subtags := strings.Split(v, "-")
	for i, s := range subtags {
		if len(s) < 1 || len(s) > 8 {
			return errorf("LANGUAGE %q: subtag %q must be 1 to 8 characters (RFC 3066 2.1)", syntax.Clip(v), syntax.Clip(s))
		}
		for j := 0; j < len(s); j++ {
			if !syntax.IsAlpha(s[j]) && (i == 0 || !syntax.IsDigit(s[j])) {
				return errorf("LANGUAGE %q: subtag %q may hold only letters%s (RFC 3066 2.1)", syntax.Clip(v), syntax.Clip(s), map[bool]string{true: "", false: " and digits"}[i == 0])
			}
		}
	}
	primary := strings.ToLower(subtags[0])
	switch {
	case primary == "i" || primary == "x":
		if len(subtags) < 2 {
			return errorf("LANGUAGE %q: %q must be followed by a subtag (RFC 3066 2.2)", v, primary)
		}
		return nil
	case len(primary) == 2 || len(primary) == 3:
		if _, err := language.ParseBase(primary); err != nil {
			return errorf("LANGUAGE %q: %q is not an ISO 639 language code (RFC 3066 2.2)", v, subtags[0])
		}
	default:
		return errorf("LANGUAGE %q: the first subtag must be a 2- or 3-letter ISO 639 code, \"i\" or \"x\" (RFC 3066 2.2)", syntax.Clip(v))
	}
	if len(subtags) > 1 && len(subtags[1]) == 2 {
		if _, err := language.ParseRegion(subtags[1]); err != nil {
			return errorf("LANGUAGE %q: %q is not an ISO 3166 country code (RFC 3066 2.2)", v, subtags[1])
		}
	}
	return nil
}

// topLevelTypes are the media types of RFC 2046 and those registered since
// (font, model, haptics); "x-" types are allowed as experimental (RFC 2046 6).
var topLevelTypes = map[string]bool{"text": true, "image": true, "audio": true, "video": true,
	"application": true, "multipart": true, "message": true, "font": true, "model": true,
	"haptics": true, "example": true}

// ValidateType checks that v is a media type (SSD3 3.8, RFC 2046): type "/"
// subtype, optionally followed by parameters.
func ValidateType(v string) error {
	mt, _, err := mime.ParseMediaType(v)
	if err != nil {
		return errorf("TYPE %q is not a media type: %v (3.8)", syntax.Clip(v), strings.TrimPrefix(err.Error(), "mime: "))
	}
	top, sub, ok := strings.Cut(mt, "/")
	if !ok || sub == "" {
		return errorf("TYPE %q is not a media type: it needs type/subtype, such as text/html (3.8)", syntax.Clip(v))
	}
	if !topLevelTypes[top] && !strings.HasPrefix(top, "x-") {
		return errorf("TYPE %q: %q is not a registered top-level media type (RFC 2046) (3.8)", syntax.Clip(v), top)
	}
	return nil
}

// ValidateID checks that v is a positive decimal integer of any length (SSD3 3.9).
func ValidateID(v string) error {
	if v == "" {
		return errorf("ID must not be empty (2.2)")
	}
	nonzero := false
	for i := 0; i < len(v); i++ {
		if !syntax.IsDigit(v[i]) {
			return errorf("ID %q must be a positive decimal integer (3.9)", syntax.Clip(v))
		}
		nonzero = nonzero || v[i] != '0'
	}
	if !nonzero {
		return errorf("ID %q must be positive (3.9)", syntax.Clip(v))
	}
	return nil
}

// CompareIDs compares two valid IDs as numbers, whatever their length.
func CompareIDs(a, b string) int {
	a, b = syntax.CanonicalID(a), syntax.CanonicalID(b)
	if len(a) != len(b) {
		if len(a) < len(b) {
			return -1
		}
		return 1
	}
	return strings.Compare(a, b)
}

// ValidateExtensionName checks that name is an extension field name: "X-"
// followed by the characters 2.1.3 allows in a name.
func ValidateExtensionName(name string) error {
	if name == "X-" {
		return errorf("field name %q is only the prefix of an extension's name; add the name (2.2)", name)
	}
	if !strings.HasPrefix(name, "X-") {
		return errorf("field name %q: fields not defined by SSD3 must start with \"X-\" (2.2)", syntax.Clip(name))
	}
	if i := syntax.BadNameChar(name); i >= 0 {
		return errorf("field name %q has %s, but names may hold only letters, digits, '-' and '_' (2.1.3)", syntax.Clip(name), syntax.DescribeByte(name[i]))
	}
	return nil
}

func errorf(format string, a ...any) error { return fmt.Errorf(format, a...) }
