// Package syntax holds the byte-level rules of SSD3 (sections 2.1 to 2.2)
// and the message helpers that package ssd3, the format, and package
// catalogue, the store built on it, both need: which bytes a field name
// may hold, how a byte is named in a message, how long a quoted value may
// be, how IDs compare. It is internal so that neither has to export them.
package syntax

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/uricat/uricat/internal/textclip"
)

// DateDigits are the places of a DATE's digits in DateLayout's form
// (SSD3 3.3, "DD/MM/YYYY hh:mm:ss").
var DateDigits = [14]int{0, 1, 3, 4, 6, 7, 8, 9, 11, 12, 14, 15, 17, 18}

// ErrRequired says that field, which section requires, has no value.
func ErrRequired(field, section string) error {
	return fmt.Errorf("%s is required and must not be empty (%s)", field, section)
}

// ErrBlank says that field's value is only white space.
func ErrBlank(field string) error {
	return fmt.Errorf("%s must not be blank (2.2: values must not be empty)", field)
}

// CanonicalID strips leading zeros, so that IDs compare as numbers.
func CanonicalID(v string) string {
	t := strings.TrimLeft(v, "0")
	if t == "" {
		return "0"
	}
	return t
}

// BadNameChar returns the index of the first byte 2.1.3 does not allow in a
// field name (ASCII 45, 48-57, 65-90, 95, 97-122), or -1.
func BadNameChar(name string) int {
	for i := 0; i < len(name); i++ {
		if !NameByte[name[i]] {
			return i
		}
	}
	return -1
}

// NameByte tells the bytes 2.1.3 allows in a field name.
var NameByte = func() (t [256]bool) {
	for c := range t {
		t[c] = IsAlpha(byte(c)) || IsDigit(byte(c)) || c == '-' || c == '_'
	}
	return t
}()

// IsAlpha reports whether c is an ASCII letter.
func IsAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// IsDigit reports whether c is an ASCII digit.
func IsDigit(c byte) bool { return c >= '0' && c <= '9' }

// IsHex reports whether c is a hexadecimal digit.
func IsHex(c byte) bool { return IsDigit(c) || c|0x20 >= 'a' && c|0x20 <= 'f' }

// IsASCII reports whether s holds only ASCII.
func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// DescribeByte names a byte for an error message, readably for control bytes.
func DescribeByte(c byte) string {
	switch {
	case c == '\t':
		return "a TAB (0x09)"
	case c == '\r':
		return "a carriage return (0x0D)"
	case c == '\n':
		return "a line feed (0x0A)"
	case c < 0x20 || c == 0x7f:
		return fmt.Sprintf("the control character 0x%02X", c)
	case c >= 0x80:
		return fmt.Sprintf("the non-ASCII byte 0x%02X", c)
	default:
		return fmt.Sprintf("%q", rune(c))
	}
}

// Clip shortens a value quoted in a message, at a character boundary.
func Clip(s string) string { return textclip.Clip(s, 60) }
