package main

import (
	"fmt"
	"strings"

	"github.com/uricat/uricat/catalogue"
)

// fieldLines returns rec's fields as "NAME: value" lines, in the order of
// catalogue.FieldNames, for show and edit: text as it reads, except a value
// a line cannot hold, or one a terminal could take for a control sequence,
// which is written as the file writes it (RFC 2047 encoded-words) and read
// back by parseFieldLines.
func fieldLines(rec *catalogue.Record) []string {
	names := catalogue.FieldNames(rec)
	lines := make([]string, len(names))
	for i, name := range names {
		v := catalogue.GetField(rec, name)
		if isText(name) && (catalogue.CleanText(v) != v || strings.ContainsAny(v, "\n\t") || strings.Contains(v, "=?")) {
			v = catalogue.EncodeText(v)
		}
		lines[i] = name + ": " + v
	}
	return lines
}

// isText reports whether the field name holds text, which may be written
// as encoded-words: NAME, CATEGORY, DESCRIPTION and the X- fields.
func isText(name string) bool {
	if f, ok := catalogue.LookupField(name); ok {
		return f.Text
	}
	return true
}

// parseFieldLines reads "NAME: value" lines (those fieldLines writes,
// edited) into a new record: blank lines and lines that start with "#" are
// left out, and so is a field with an empty value. It returns every
// problem, each quoting its line or naming its field; the record only when
// there is none.
func parseFieldLines(text string) (*catalogue.Record, []string) {
	rec := &catalogue.Record{}
	var errs []string
	seen := map[string]bool{}
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			errs = append(errs, fmt.Sprintf("%q is not a field: write NAME: value", line))
			continue
		}
		if seen[name] {
			errs = append(errs, fmt.Sprintf("%s is there twice: a record has each field once (SSD3 2.2)", name))
			continue
		}
		seen[name] = true
		value = strings.TrimPrefix(value, " ")
		if value == "" {
			continue // an empty field is no field (2.2)
		}
		if isText(name) {
			v, err := catalogue.DecodeText(value)
			if err != nil {
				errs = append(errs, fmt.Sprintf("%s: %v", name, err))
				continue
			}
			value = v
		}
		if err := catalogue.SetField(rec, name, value); err != nil {
			errs = append(errs, err.Error())
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return rec, nil
}
