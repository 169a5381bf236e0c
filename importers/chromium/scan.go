package chromium

import (
	stdjson "encoding/json"
	"fmt"
	"io"
	"strconv"
)

// tokens reads JSON from memory, a token at a time, as encoding/json's
// Decoder.Token does, and gives the same tokens (Delim, string, Number,
// bool, nil), and faster: a string without escapes is a slice
// of the input turned into a string and no token is an interface value
// made by reflection. A Bookmarks file of 100,000 bookmarks is 6 million
// tokens.
type tokens struct {
	data  []byte
	pos   int
	stack []byte // the '{' and '[' open
	state tokenState
}

// tokenState is what may come next, as encoding/json's decoder has it.
type tokenState uint8

const (
	tokenTopValue    tokenState = iota
	tokenArrayStart             // after '[': a value or ']'
	tokenArrayValue             // after ',' in an array: a value
	tokenArrayComma             // after a value in an array: ',' or ']'
	tokenObjectStart            // after '{': a key or '}'
	tokenObjectKey              // after ',' in an object: a key
	tokenObjectColon            // after a key: ':'
	tokenObjectValue            // after ':': a value
	tokenObjectComma            // after a value in an object: ',' or '}'
	tokenTopEnd                 // after the top-level value
)

// syntaxError is input that is not JSON, at byte off.
type syntaxError struct {
	msg string
	off int64
}

func (e *syntaxError) Error() string { return e.msg }

func (d *tokens) fail(format string, a ...any) error {
	return &syntaxError{msg: fmt.Sprintf(format, a...), off: int64(d.pos)}
}

// InputOffset is the offset of the byte after the last token.
func (d *tokens) InputOffset() int64 { return int64(d.pos) }

func (d *tokens) space() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\r', '\n':
			d.pos++
		default:
			return
		}
	}
}

// More reports whether the array or object being read has another
// element.
func (d *tokens) More() bool {
	d.space()
	return d.pos < len(d.data) && d.data[d.pos] != ']' && d.data[d.pos] != '}'
}

func (d *tokens) valueAllowed() bool {
	switch d.state {
	case tokenTopValue, tokenArrayStart, tokenArrayValue, tokenObjectValue:
		return true
	}
	return false
}

// valued moves on past a value.
func (d *tokens) valued() {
	switch {
	case len(d.stack) == 0:
		d.state = tokenTopEnd
	case d.stack[len(d.stack)-1] == '[':
		d.state = tokenArrayComma
	default:
		d.state = tokenObjectComma
	}
}

// where says what the state was looking for, for a message.
func (d *tokens) where() string {
	switch d.state {
	case tokenArrayComma:
		return "after array element"
	case tokenObjectStart, tokenObjectKey:
		return "looking for beginning of object key string"
	case tokenObjectColon:
		return "after object key"
	case tokenObjectComma:
		return "after object key:value pair"
	case tokenTopEnd:
		return "after top-level value"
	}
	return "looking for beginning of value"
}

// Token returns the next token: io.EOF after the top-level value,
// io.ErrUnexpectedEOF for input that ends before it does, a
// *syntaxError for input that is not JSON.
func (d *tokens) Token() (stdjson.Token, error) {
	for {
		d.space()
		if d.pos >= len(d.data) {
			if d.state == tokenTopEnd {
				return nil, io.EOF
			}
			return nil, io.ErrUnexpectedEOF
		}
		c := d.data[d.pos]
		switch {
		case c == '[' || c == '{':
			if !d.valueAllowed() {
				return nil, d.fail("invalid character %s %s", quoteChar(c), d.where())
			}
			d.pos++
			d.stack = append(d.stack, c)
			d.state = tokenArrayStart
			if c == '{' {
				d.state = tokenObjectStart
			}
			return stdjson.Delim(c), nil
		case c == ']' && (d.state == tokenArrayStart || d.state == tokenArrayComma),
			c == '}' && (d.state == tokenObjectStart || d.state == tokenObjectComma):
			d.pos++
			d.stack = d.stack[:len(d.stack)-1]
			d.valued()
			return stdjson.Delim(c), nil
		case c == ':' && d.state == tokenObjectColon:
			d.pos++
			d.state = tokenObjectValue
		case c == ',' && d.state == tokenArrayComma:
			d.pos++
			d.state = tokenArrayValue
		case c == ',' && d.state == tokenObjectComma:
			d.pos++
			d.state = tokenObjectKey
		case c == '"' && (d.state == tokenObjectStart || d.state == tokenObjectKey):
			s, err := d.str()
			if err != nil {
				return nil, err
			}
			d.state = tokenObjectColon
			return s, nil
		case !d.valueAllowed():
			return nil, d.fail("invalid character %s %s", quoteChar(c), d.where())
		case c == '"':
			s, err := d.str()
			if err != nil {
				return nil, err
			}
			d.valued()
			return s, nil
		default:
			v, err := d.literal()
			if err != nil {
				return nil, err
			}
			d.valued()
			return v, nil
		}
	}
}

// str reads a string; d.data[d.pos] is its opening quote.
func (d *tokens) str() (string, error) {
	start := d.pos
	escaped := false
	for i := start + 1; i < len(d.data); i++ {
		switch c := d.data[i]; {
		case c == '"':
			d.pos = i + 1
			if !escaped {
				return string(d.data[start+1 : i]), nil
			}
			var s string
			if err := stdjson.Unmarshal(d.data[start:i+1], &s); err != nil {
				d.pos = start
				return "", d.fail("invalid escape in string")
			}
			return s, nil
		case c == '\\':
			escaped = true
			i++ // whatever it escapes, it does not end the string
		case c < 0x20:
			d.pos = i
			return "", d.fail("invalid character %s in string literal", quoteChar(c))
		}
	}
	d.pos = len(d.data)
	return "", io.ErrUnexpectedEOF
}

// literal reads a number, true, false or null.
func (d *tokens) literal() (stdjson.Token, error) {
	for _, l := range []struct {
		text string
		v    stdjson.Token
	}{{"true", true}, {"false", false}, {"null", nil}} {
		if len(d.data)-d.pos >= len(l.text) && string(d.data[d.pos:d.pos+len(l.text)]) == l.text {
			d.pos += len(l.text)
			return l.v, nil
		}
	}
	start := d.pos
	for d.pos < len(d.data) {
		c := d.data[d.pos]
		if c != '-' && c != '+' && c != '.' && c != 'e' && c != 'E' && (c < '0' || c > '9') {
			break
		}
		d.pos++
	}
	n := string(d.data[start:d.pos])
	if n == "" || !validNumber(n) {
		d.pos = start
		return nil, d.fail("invalid character %s %s", quoteChar(d.data[start]), d.where())
	}
	return stdjson.Number(n), nil
}

// validNumber reports whether n is a JSON number.
func validNumber(n string) bool {
	if n[0] != '-' && (n[0] < '0' || n[0] > '9') {
		return false
	}
	_, err := strconv.ParseFloat(n, 64)
	return err == nil || err.(*strconv.NumError).Err == strconv.ErrRange
}

// quoteChar quotes c as encoding/json's messages do.
func quoteChar(c byte) string {
	if c == '\'' {
		return `'\''`
	}
	if c == '"' {
		return `'"'`
	}
	if c >= 0x80 {
		return fmt.Sprintf(`'\x%02x'`, c)
	}
	s := strconv.Quote(string(rune(c)))
	return "'" + s[1:len(s)-1] + "'"
}
