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
	c, err := newBinaryCheck(data)
	if err != nil {
		return err
	}
	if err := c.push(c.top); err != nil {
		return err
	}
	for len(c.stack) > 0 {
		f := &c.stack[len(c.stack)-1]
		if len(f.refs) == 0 {
			if err := c.pop(); err != nil {
				return err
			}
			continue
		}
		child := readUint(f.refs, c.refSize)
		f.refs = f.refs[c.refSize:]
		if err := c.visit(f.obj, child); err != nil {
			return err
		}
	}
	if c.depths[c.top] > maxNesting {
		return fmt.Errorf("nested more than %d deep", maxNesting)
	}
	return nil
}

// binaryCheck is checkBinary's walk of the objects from the top one, in
// depth-first order, with a stack of its own rather than recursion.
type binaryCheck struct {
	data             []byte
	offSize, refSize int
	num, top, table  uint64
	limit            uint64 // the most values the tree may decode to
	// sizes[i] is how many values object i decodes to (0: not yet known),
	// depths[i] how deep it nests; state[i] 1 while its children are
	// counted, to find cycles, 2 once they are.
	sizes  []uint64
	depths []uint32
	state  []uint8
	stack  []binaryFrame
}

// binaryFrame is an object of the walk and its references not yet
// counted.
type binaryFrame struct {
	obj  uint64
	refs []byte
}

// newBinaryCheck reads data's trailer and checks that its offset table
// fits.
func newBinaryCheck(data []byte) (*binaryCheck, error) {
	if len(data) < 8+32 {
		return nil, errors.New("a binary property list too short to hold one")
	}
	tr := data[len(data)-32:]
	offSize, refSize := int(tr[6]), int(tr[7])
	num := binary.BigEndian.Uint64(tr[8:])
	top := binary.BigEndian.Uint64(tr[16:])
	table := binary.BigEndian.Uint64(tr[24:])
	end := uint64(len(data) - 32)
	switch {
	case offSize < 1 || offSize > 8 || refSize < 1 || refSize > 8:
		return nil, errors.New("the binary property list's trailer is damaged")
	case num > uint64(len(data)) || table < 8 || table > end || (end-table)/uint64(offSize) < num || top >= num:
		return nil, errors.New("the binary property list's offset table is damaged")
	}
	return &binaryCheck{
		data: data, offSize: offSize, refSize: refSize, num: num, top: top, table: table,
		limit: uint64(len(data)) + 1,
		sizes: make([]uint64, num), depths: make([]uint32, num), state: make([]uint8, num),
	}, nil
}

// push starts counting the references of obj.
func (c *binaryCheck) push(obj uint64) error {
	at := readUint(c.data[c.table+obj*uint64(c.offSize):], c.offSize)
	if at < 8 || at >= c.table {
		return fmt.Errorf("object %d is outside the object table", obj)
	}
	refs, err := containerRefs(c.data[at:c.table], c.refSize)
	if err != nil {
		return fmt.Errorf("object %d: %w", obj, err)
	}
	if len(c.stack) >= maxNesting {
		return fmt.Errorf("nested more than %d deep", maxNesting)
	}
	c.state[obj] = 1
	c.sizes[obj] = 1
	c.stack = append(c.stack, binaryFrame{obj, refs})
	return nil
}

// pop ends the object on top of the stack, all its references counted,
// and adds it to its parent's count.
func (c *binaryCheck) pop() error {
	obj := c.stack[len(c.stack)-1].obj
	c.state[obj] = 2
	c.stack = c.stack[:len(c.stack)-1]
	if len(c.stack) > 0 {
		return c.count(c.stack[len(c.stack)-1].obj, obj)
	}
	return nil
}

// visit counts the reference of obj to child: child's values when they
// are known (shared), else child's own references first.
func (c *binaryCheck) visit(obj, child uint64) error {
	switch {
	case child >= c.num:
		return fmt.Errorf("object %d refers to object %d, which does not exist", obj, child)
	case c.state[child] == 1:
		return fmt.Errorf("object %d holds itself", child)
	case c.state[child] == 2: // counted already: shared
		return c.count(obj, child)
	default:
		return c.push(child)
	}
}

// count adds child, counted, to its parent p.
func (c *binaryCheck) count(p, child uint64) error {
	c.sizes[p] += c.sizes[child]
	c.depths[p] = max(c.depths[p], c.depths[child]+1)
	if c.sizes[p] > c.limit {
		return errors.New("its objects refer to one another so often that it decodes to more values than it has bytes")
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
