package catalogue

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// FieldSpec is what uricat knows of one standard field of SSD3 section 3:
// its name, the section that defines it, whether a record needs it, and how
// to read and change its value as text.
//
// The text of a value is what a user types and what `uricat show` prints:
// decoded Unicode for NAME, CATEGORY and DESCRIPTION, "DD/MM/YYYY hh:mm:ss"
// for DATE (3.3), "1" to "5" for RATING (3.6), as written for the others.
type FieldSpec struct {
	Name     string
	Section  string // the section of SSD3 that defines the field
	Required bool   // 3.1-3.3: a record without it is not used (2.2)
	// Text fields may hold any Unicode; the writer encodes what ASCII
	// cannot hold as RFC 2047 encoded-words.
	Text bool
	// Get returns r's value, or "" when r has none.
	Get func(r *Record) string
	// Set checks v and stores it in r; "" clears the field.
	Set func(r *Record, v string) error
}

// Fields lists the standard fields in the order a new record writes them:
// the order of the spec's full example (4.1).
var Fields = []FieldSpec{
	{Name: FieldURI, Section: "3.1", Required: true,
		Get: func(r *Record) string { return r.URI },
		Set: func(r *Record, v string) error {
			if v == "" {
				r.URI = ""
				return nil
			}
			v = NormalizeURI(v)
			if err := ValidateURI(v); err != nil {
				return err
			}
			r.URI = v
			return nil
		}},
	{Name: FieldName, Section: "3.2", Required: true, Text: true,
		Get: func(r *Record) string { return r.Name },
		Set: textSetter(FieldName, func(r *Record) *string { return &r.Name })},
	{Name: FieldID, Section: "3.9",
		Get: func(r *Record) string { return r.ID },
		Set: func(r *Record, v string) error {
			if v != "" {
				if err := ValidateID(v); err != nil {
					return err
				}
			}
			r.ID = v
			return nil
		}},
	{Name: FieldDate, Section: "3.3", Required: true,
		Get: func(r *Record) string {
			if !r.hasDate() {
				return ""
			}
			return FormatDate(r.Date)
		},
		Set: func(r *Record, v string) error {
			if v == "" {
				r.Date, r.accepted = time.Time{}, r.accepted&^stdBit(FieldDate)
				return nil
			}
			t, err := ParseDate(v)
			if err != nil {
				return err
			}
			r.Date = t
			return nil
		}},
	{Name: FieldCategory, Section: "3.4", Text: true,
		Get: func(r *Record) string { return r.Category },
		Set: textSetter(FieldCategory, func(r *Record) *string { return &r.Category })},
	{Name: FieldDescription, Section: "3.5", Text: true,
		Get: func(r *Record) string { return r.Description },
		Set: textSetter(FieldDescription, func(r *Record) *string { return &r.Description })},
	{Name: FieldRating, Section: "3.6",
		Get: func(r *Record) string {
			if r.Rating == 0 {
				return ""
			}
			return strconv.Itoa(r.Rating)
		},
		Set: func(r *Record, v string) error {
			if v == "" {
				r.Rating = 0
				return nil
			}
			n, err := ParseRating(v)
			if err != nil {
				return err
			}
			r.Rating = n
			return nil
		}},
	{Name: FieldLanguage, Section: "3.7",
		Get: func(r *Record) string { return r.Language },
		Set: validatedSetter(ValidateLanguage, func(r *Record) *string { return &r.Language })},
	{Name: FieldType, Section: "3.8",
		Get: func(r *Record) string { return r.Type },
		Set: validatedSetter(ValidateType, func(r *Record) *string { return &r.Type })},
}

func textSetter(name string, field func(*Record) *string) func(*Record, string) error {
	return func(r *Record, v string) error {
		if v != "" && strings.TrimSpace(v) == "" {
			return fmt.Errorf("%s must not be blank (2.2: values must not be empty)", name)
		}
		*field(r) = v
		return nil
	}
}

func validatedSetter(validate func(string) error, field func(*Record) *string) func(*Record, string) error {
	return func(r *Record, v string) error {
		if v != "" {
			if err := validate(v); err != nil {
				return err
			}
		}
		*field(r) = v
		return nil
	}
}

// LookupField returns the standard field called name (case-sensitive, as
// 2.1.3 says names are).
func LookupField(name string) (FieldSpec, bool) {
	for _, f := range Fields {
		if f.Name == name {
			return f, true
		}
	}
	return FieldSpec{}, false
}

// GetField returns r's value of the field name, standard or X-, as text; ""
// when r has none.
func GetField(r *Record, name string) string {
	if f, ok := LookupField(name); ok {
		return f.Get(r)
	}
	return r.Extension(name)
}

// SetField checks v and stores it as r's value of the field name, standard
// or X-; "" clears the field. The error says what is wrong with the name or
// the value, quoting SSD3.
func SetField(r *Record, name, v string) error {
	if f, ok := LookupField(name); ok {
		return f.Set(r, v)
	}
	if err := ValidateExtensionName(name); err != nil {
		return err
	}
	if v != "" && strings.TrimSpace(v) == "" {
		return fmt.Errorf("%s must not be blank (2.2: values must not be empty)", name)
	}
	r.SetExtension(name, v)
	return nil
}

// FieldNames returns the names of the fields r has a value for: the
// standard ones in the order of Fields, then its X- fields in its order.
func FieldNames(r *Record) []string {
	var names []string
	for _, f := range Fields {
		if f.Get(r) != "" {
			names = append(names, f.Name)
		}
	}
	for _, x := range r.Extensions {
		names = append(names, x.Name)
	}
	return names
}

// Diff returns the fields whose values differ between old and new, with
// new's values ("" for a field new clears), standard fields first: the
// Set edit that turns old into new. DATE is left out: a Set stamps it.
func Diff(old, new *Record) []Field {
	var out []Field
	for _, f := range Fields {
		if f.Name == FieldDate {
			continue
		}
		if v := f.Get(new); v != f.Get(old) {
			out = append(out, Field{Name: f.Name, Value: v})
		}
	}
	for _, x := range old.Extensions {
		if new.Extension(x.Name) == "" {
			out = append(out, Field{Name: x.Name})
		}
	}
	for _, x := range new.Extensions {
		if x.Value != old.Extension(x.Name) {
			out = append(out, x)
		}
	}
	return out
}
