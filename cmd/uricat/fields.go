package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// fieldFlag is a flag that gives one field of a record, for add and set.
type fieldFlag struct {
	flag, field, usage string
}

// fieldFlagTable lists them: a flag for each standard field a user gives
// (not URI, the argument, nor DATE, which a change stamps: SSD3 3.3), in
// the catalogue's order, named and described by its table, then --tags.
var fieldFlagTable = func() []fieldFlag {
	var t []fieldFlag
	for _, f := range ssd3.Fields {
		if f.Name == ssd3.FieldURI || f.Name == ssd3.FieldDate {
			continue
		}
		usage := "the `" + f.Name + "`"
		if f.Hint != "" {
			usage = "`" + f.Name + "`, " + f.Hint
		}
		if f.Name == ssd3.FieldRating {
			usage += " (0 for none)" // see fields
		}
		t = append(t, fieldFlag{strings.ToLower(f.Name), f.Name, usage})
	}
	return append(t, fieldFlag{"tags", ssd3.FieldTags, "comma-separated `TAGS`, stored as " + ssd3.FieldTags})
}()

// fieldFlags holds the values of the field flags of one command.
type fieldFlags struct {
	values map[string]*string // by flag name
	x      []string           // --x X-NAME=VALUE, in order
}

// register defines the field flags on fs; clear adds what an empty value
// does, for set.
func (ff *fieldFlags) register(fs *pflag.FlagSet, clear bool) {
	ff.values = map[string]*string{}
	for _, f := range fieldFlagTable {
		usage := f.usage
		if spec, ok := ssd3.LookupField(f.field); clear && !(ok && spec.Required) {
			usage += `; "" clears it`
		}
		ff.values[f.flag] = fs.String(f.flag, "", usage)
	}
	fs.StringArrayVar(&ff.x, "x", nil, "an extension field, `X-NAME=VALUE` (repeat for more)")
}

// fields returns the fields the flags gave on the line (those fs says were
// set), as catalogue.Set takes them: "" clears a field.
func (ff *fieldFlags) fields(fs *pflag.FlagSet) ([]ssd3.Field, error) {
	var out []ssd3.Field
	for _, f := range fieldFlagTable {
		if !fs.Changed(f.flag) {
			continue
		}
		v := *ff.values[f.flag]
		switch f.field {
		case ssd3.FieldRating:
			if strings.TrimSpace(v) == "0" {
				v = ""
			}
		case ssd3.FieldTags:
			v = ssd3.JoinTags(ssd3.SplitTags(v))
		}
		out = append(out, ssd3.Field{Name: f.field, Value: v})
	}
	for _, x := range ff.x {
		name, value, ok := strings.Cut(x, "=")
		if !ok {
			return nil, usageError(fmt.Errorf("--x %q: write X-NAME=VALUE (X-NAME= clears the field)", x))
		}
		if !strings.HasPrefix(name, "X-") {
			return nil, usageError(fmt.Errorf("--x %q: %s is not an extension field; its name starts with X- (SSD3 2.2)", x, name))
		}
		out = append(out, ssd3.Field{Name: name, Value: value})
	}
	return out, nil
}

// setFields sets each field of fields in rec. The error, refused (exit 1),
// is a *catalogue.ValidationError with every problem.
func setFields(rec *ssd3.Record, fields []ssd3.Field) error {
	var ps []ssd3.Diagnostic
	for _, f := range fields {
		if err := ssd3.SetField(rec, f.Name, f.Value); err != nil {
			ps = append(ps, ssd3.Diagnostic{Offset: -1, Field: f.Name, Msg: err.Error()})
		}
	}
	if len(ps) > 0 {
		return refused(&catalogue.ValidationError{Problems: ps})
	}
	return nil
}
