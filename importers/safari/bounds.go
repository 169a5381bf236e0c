package safari

import (
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
)

// maxNesting is how deep arrays and dictionaries may nest in a property
// list uricat decodes: Safari's folders take two levels each (a folder's
// dictionary, its Children), and the parser recurses once per level, so
// a file nested a million deep would end the process (a stack overflow is
// not a panic) rather than be reported.
const maxNesting = 2*maxDepth + 16

// checkShape returns an error, for a diagnostic, if the property list data
// is one that howett.net/plist must not be given: one that decodes to more
// values than it has bytes (a binary list refers to its objects by number,
// so a few hundred bytes of arrays that each hold the next one twice make
// 2^100 values: a tree, as Safari writes, makes at most one per reference,
// and each reference takes a byte), one nested deeper than maxNesting, or
// XML that is not a <plist> document (which the parser would try to read as
// the old text format, with no bound of its own).
func checkShape(data []byte) error {
	if bytes.HasPrefix(data, []byte("bplist")) {
		return checkBinary(data)
	}
	return checkXML(data)
}

// checkXML checks that data is well-formed XML whose first element is
// <plist>, nested at most maxNesting deep.
func checkXML(data []byte) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	depth, root := 0, false
	for {
		tok, err := d.RawToken() // the parser checks that the tags match
		if errors.Is(err, io.EOF) {
			if !root {
				return errors.New("neither a binary property list nor an XML one")
			}
			return nil
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if !root && t.Name.Local != "plist" {
				return fmt.Errorf("an XML document of <%s>, not a property list", t.Name.Local)
			}
			root = true
			if depth++; depth > maxNesting {
				return fmt.Errorf("nested more than %d deep", maxNesting)
			}
		case xml.EndElement:
			depth--
		}
	}
}

// checkBinary checks a binary property list (bplist00: a header, the
// objects, a table of their offsets, a trailer) as far as checkShape
// needs: that every array, set and dictionary refers to objects that
// exist, and that the tree from the top object has no cycle, at most
// len(data)+1 values, and at most maxNesting levels.
func checkBinary(data []byte) error {
	if len(data) < 8+32 {
		return errors.New("a binary property list too short to hold one")
	}
	tr := data[len(data)-32:]
	offSize, refSize := int(tr[6]), int(tr[7])
	num := binary.BigEndian.Uint64(tr[8:])
	top := binary.BigEndian.Uint64(tr[16:])
	table := binary.BigEndian.Uint64(tr[24:])
	end := uint64(len(data) - 32)
	switch {
	case offSize < 1 || offSize > 8 || refSize < 1 || refSize > 8:
		return errors.New("the binary property list's trailer is damaged")
	case num > uint64(len(data)) || table < 8 || table > end || (end-table)/uint64(offSize) < num || top >= num:
		return errors.New("the binary property list's offset table is damaged")
	}
	// sizes[i] is how many values object i decodes to (0: not yet known),
	// depths[i] how deep it nests; state[i] 1 while its children are
	// counted, to find cycles.
	sizes := make([]uint64, num)
	depths := make([]uint32, num)
	state := make([]uint8, num)
	limit := uint64(len(data)) + 1
	type frame struct {
		obj  uint64
		refs []byte // its references not yet counted
	}
	var stack []frame
	push := func(obj uint64) error {
		at := readUint(data[table+obj*uint64(offSize):], offSize)
		if at < 8 || at >= table {
			return fmt.Errorf("object %d is outside the object table", obj)
		}
		refs, err := containerRefs(data[at:table], refSize)
		if err != nil {
			return fmt.Errorf("object %d: %w", obj, err)
		}
		if len(stack) >= maxNesting {
			return fmt.Errorf("nested more than %d deep", maxNesting)
		}
		state[obj] = 1
		sizes[obj] = 1
		stack = append(stack, frame{obj, refs})
		return nil
	}
	if err := push(top); err != nil {
		return err
	}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if len(f.refs) == 0 {
			state[f.obj] = 2
			stack = stack[:len(stack)-1]
			if len(stack) > 0 {
				p := stack[len(stack)-1].obj
				sizes[p] += sizes[f.obj]
				depths[p] = max(depths[p], depths[f.obj]+1)
				if sizes[p] > limit {
					return errors.New("its objects refer to one another so often that it decodes to more values than it has bytes")
				}
			}
			continue
		}
		child := readUint(f.refs, refSize)
		f.refs = f.refs[refSize:]
		switch {
		case child >= num:
			return fmt.Errorf("object %d refers to object %d, which does not exist", f.obj, child)
		case state[child] == 1:
			return fmt.Errorf("object %d holds itself", child)
		case state[child] == 2: // counted already: shared
			sizes[f.obj] += sizes[child]
			depths[f.obj] = max(depths[f.obj], depths[child]+1)
			if sizes[f.obj] > limit {
				return errors.New("its objects refer to one another so often that it decodes to more values than it has bytes")
			}
		default:
			if err := push(child); err != nil {
				return err
			}
		}
	}
	if depths[top] > maxNesting {
		return fmt.Errorf("nested more than %d deep", maxNesting)
	}
	return nil
}

// containerRefs returns the references of the object at the start of b if
// it is an array, a set or a dictionary (its keys and its values), nil for
// any other object.
func containerRefs(b []byte, refSize int) ([]byte, error) {
	if len(b) == 0 {
		return nil, errors.New("cut short")
	}
	kind, n := b[0]>>4, uint64(b[0]&0x0f)
	if kind != 0xa && kind != 0xc && kind != 0xd {
		return nil, nil
	}
	b = b[1:]
	if n == 0x0f { // the count is an integer object that follows
		if len(b) == 0 || b[0]>>4 != 0x1 || b[0]&0x0f > 3 {
			return nil, errors.New("its count is damaged")
		}
		size := 1 << (b[0] & 0x0f)
		if len(b) < 1+size {
			return nil, errors.New("cut short")
		}
		n = readUint(b[1:], size)
		b = b[1+size:]
	}
	if kind == 0xd {
		if n > uint64(len(b)) {
			return nil, errors.New("cut short")
		}
		n *= 2 // keys, then values
	}
	if n > uint64(len(b))/uint64(refSize) {
		return nil, errors.New("cut short")
	}
	return b[:n*uint64(refSize)], nil
}

// readUint reads a big-endian unsigned integer of size bytes (1 to 8) at
// the start of b, which holds them.
func readUint(b []byte, size int) uint64 {
	var v uint64
	for _, c := range b[:size] {
		v = v<<8 | uint64(c)
	}
	return v
}
