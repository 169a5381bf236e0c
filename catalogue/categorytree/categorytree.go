// Package categorytree makes a tree of the CATEGORY paths of records
// ("Bookmarks Menu/Programming/Go": three names, split as
// catalogue.SplitCategory splits them), with how many records each node
// holds, and gives the rows a tree view shows once some nodes are folded.
//
// A Tree is a value built once for one set of records (one Version of a
// catalogue), in preorder: a node's subtree is the nodes that follow it
// up to its Span, so that folding a node skips its subtree in one step
// and the visible rows of a tree of 50,000 categories cost a pass over
// the rows shown. What is folded is kept by the caller, by path (Folded),
// so that it outlives a rebuild after an edit.
package categorytree

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// Node is one name of a category path.
type Node struct {
	// Name is the node's own name, unescaped: "Politics/UK" for the
	// CATEGORY `News/Politics\/UK`; "" for the node of records without a
	// category (None).
	Name string
	// Path is the CATEGORY that names the node: the names down to it,
	// escaped and joined (catalogue.CanonicalCategory), the text of the
	// records' own CATEGORY. It is what a rename or a filter takes
	// (catalogue.Recategorise, catalogue.CategoryUnder), and what a view
	// keeps its folded nodes by.
	Path string
	// Depth is 0 for a top-level node.
	Depth int
	// Parent is the index of the parent node, -1 for a top-level one.
	Parent int
	// Own counts the records whose CATEGORY is Path; Total, those of the
	// whole subtree, Own included.
	Own, Total int
	// Span is the number of nodes of the subtree, the node included: its
	// descendants are Nodes[i+1 : i+Span].
	Span int
	// None marks the node of the records without a category, last among
	// the top-level nodes: it has no Path.
	None bool
}

// HasChildren reports whether the node has nodes under it.
func (n *Node) HasChildren() bool { return n.Span > 1 }

// Tree is the category tree of a set of records.
type Tree struct {
	// Nodes in preorder, the children of each node sorted by name
	// (ignoring case, then as written).
	Nodes []Node
	// Records counts the records the tree was built from.
	Records int
}

// Build makes the tree of recs' categories: every record counts, valid or
// not (pass the valid ones for what a user sees).
func Build(recs []*ssd3.Record) *Tree {
	counts := make(map[string]int)
	for _, r := range recs {
		counts[r.Category()]++
	}
	return FromCounts(counts)
}

// FromCounts makes the tree of the categories counts holds, each with its
// number of records; the count of "" is that of the records without a
// category. Two spellings of one path (with an escape that needs none)
// are one node, whose Path is the canonical one
// (catalogue.CanonicalCategory).
func FromCounts(counts map[string]int) *Tree {
	t := &Tree{}
	cats, odd, none := t.paths(counts)
	keys := sortKeys(cats)
	t.Nodes = make([]Node, 0, countNodes(keys)+1)
	b := builder{t: t}
	for _, key := range keys {
		cat := cats[key.i]
		b.add(cat)
		t.Nodes[b.open[b.depth-1]].Own += counts[cat] + odd[cat]
	}
	t.total()
	if none > 0 {
		t.Nodes = append(t.Nodes, Node{Parent: -1, Own: none, Total: none, Span: 1, None: true})
	}
	return t
}

// paths returns the canonical paths of counts' categories, the counts of
// those spelled otherwise by their canonical spelling (odd), and the
// count of the records without a category; it sets t.Records.
func (t *Tree) paths(counts map[string]int) (cats []string, odd map[string]int, none int) {
	cats = make([]string, 0, len(counts))
	for cat, n := range counts {
		t.Records += n
		switch c := ssd3.CanonicalCategory(cat); {
		case cat == "":
			none += n
		case c != cat:
			if odd == nil {
				odd = map[string]int{}
			}
			odd[c] += n
		default:
			cats = append(cats, cat)
		}
	}
	for c := range odd {
		if _, ok := counts[c]; !ok {
			cats = append(cats, c)
		}
	}
	return cats, odd, none
}

// sortKeys returns the keys of cats, sorted.
//
// Sorted by their keys, the paths come in the tree's preorder, each
// node's children in the order of their names (ignoring case, then as
// written): the tree is built in one pass with a stack, the path open,
// and no lookups, and is sorted once. A key is, name by name, the name in
// lower case, \x01 and the name as written, a NUL between names, below
// any byte of a name, so that a node's subtree is one run of keys and the
// sort compares plain strings (a NUL or \x01 in a name, which no one
// types, at worst splits its node in two).
func sortKeys(cats []string) []sortKey {
	size := 0
	for _, cat := range cats {
		size += 2*len(cat) + 1
	}
	buf := make([]byte, 0, size)
	ends := make([]int, len(cats))
	for i, cat := range cats {
		buf = appendKey(buf, cat)
		ends[i] = len(buf)
	}
	all := string(buf)
	keys := make([]sortKey, len(cats))
	for i := range cats {
		start := 0
		if i > 0 {
			start = ends[i-1]
		}
		keys[i] = sortKey{key: all[start:ends[i]], i: int32(i)}
	}
	slices.SortFunc(keys, func(a, b sortKey) int { return strings.Compare(a.key, b.key) })
	return keys
}

// builder adds paths, in the order of their keys, to a tree's nodes.
type builder struct {
	t     *Tree
	open  []int32 // the nodes of the last path, by depth
	depth int
}

// add adds the nodes of cat that the last path added does not share; the
// node of cat is then open[depth-1].
func (b *builder) add(cat string) {
	b.depth = 0
	if !strings.ContainsRune(cat, '\\') {
		// No escapes: the names are the text between the "/"s.
		for i := 0; ; {
			j := strings.IndexByte(cat[i:], '/')
			if j < 0 {
				b.visit(cat, cat[i:])
				break
			}
			b.visit(cat[:i+j], cat[i:i+j])
			i += j + 1
		}
	} else {
		for path, name := range ssd3.CategoryNames(cat) {
			b.visit(path, name)
		}
	}
	b.open = b.open[:b.depth]
}

// visit steps down to the node name, whose path is path: the open one of
// that depth, or a new one.
func (b *builder) visit(path, name string) {
	t := b.t
	if b.depth < len(b.open) && t.Nodes[b.open[b.depth]].Name == name {
		b.depth++
		return
	}
	b.open = b.open[:b.depth]
	parent := -1
	if b.depth > 0 {
		parent = int(b.open[b.depth-1])
	}
	b.open = append(b.open, int32(len(t.Nodes)))
	t.Nodes = append(t.Nodes, Node{Name: name, Path: path, Depth: b.depth, Parent: parent})
	b.depth++
}

// total sets the nodes' spans and totals, from the last node up: a
// node's descendants follow it, so they are done before it.
func (t *Tree) total() {
	for i := len(t.Nodes) - 1; i >= 0; i-- {
		n := &t.Nodes[i]
		n.Span++
		n.Total += n.Own
		if n.Parent >= 0 {
			p := &t.Nodes[n.Parent]
			p.Span += n.Span
			p.Total += n.Total
		}
	}
}

// countNodes counts the nodes of the tree of the sorted keys: each key
// adds the names it does not share with the one before it. Nodes are
// large: a slice of the right size is not copied as it grows.
func countNodes(keys []sortKey) int {
	n, prev := 0, ""
	for _, k := range keys {
		l := 0
		for l < len(prev) && l < len(k.key) && prev[l] == k.key[l] {
			l++
		}
		shared := strings.Count(k.key[:l], "\x00")
		if l == len(prev) && l < len(k.key) && k.key[l] == 0 {
			shared++ // prev is a path above k
		}
		n += strings.Count(k.key, "\x00") + 1 - shared
		prev = k.key
	}
	return n
}

// sortKey is a path's key and its index in the paths.
type sortKey struct {
	key string
	i   int32
}

// appendKey appends the sort key of the canonical path cat: each name
// in lower case (ignoring case as a person does; then as written, so that the order is total), \x01, the name as
// written; a NUL between names.
func appendKey(key []byte, cat string) []byte {
	if !strings.ContainsRune(cat, '\\') {
		// The common case: no escapes, so the names are the text
		// between the "/"s, as written.
		for {
			name, rest, more := strings.Cut(cat, "/")
			key = appendNameKey(key, name)
			if !more {
				return key
			}
			key = append(key, 0)
			cat = rest
		}
	}
	first := true
	for _, name := range ssd3.CategoryNames(cat) {
		if !first {
			key = append(key, 0)
		}
		first = false
		key = appendNameKey(key, name)
	}
	return key
}

// appendNameKey appends the key of one name: in lower case, \x01, as
// written.
func appendNameKey(key []byte, name string) []byte {
	start := len(key)
	key = append(key, name...)
	ascii := true
	for j := start; j < len(key); j++ {
		switch c := key[j]; {
		case c >= utf8.RuneSelf:
			ascii = false
		case 'A' <= c && c <= 'Z':
			key[j] = c + 'a' - 'A'
		}
	}
	if !ascii {
		key = append(key[:start], strings.ToLower(name)...)
	}
	key = append(key, 1)
	return append(key, name...)
}

// Find returns the index of the node that path names (compared name by
// name, so either spelling of a name finds it), or -1.
func (t *Tree) Find(path string) int {
	names := ssd3.SplitCategory(path)
	if len(names) == 0 {
		return -1
	}
	i, end := 0, len(t.Nodes)
	for depth, name := range names {
		found := -1
		for i < end {
			n := &t.Nodes[i]
			if n.Depth == depth && !n.None && n.Name == name {
				found = i
				break
			}
			i += n.Span
		}
		if found < 0 {
			return -1
		}
		i, end = found+1, found+t.Nodes[found].Span
		if depth == len(names)-1 {
			return found
		}
	}
	return -1
}

// Rows returns the indexes of the nodes a tree view shows, in order:
// every node but those under a folded one. folded reports whether the
// node of a path is folded (nil: none is); it is asked only of nodes
// with children that are shown.
func (t *Tree) Rows(folded func(path string) bool) []int {
	rows := make([]int, 0, min(len(t.Nodes), 1024))
	for i := 0; i < len(t.Nodes); {
		rows = append(rows, i)
		n := &t.Nodes[i]
		if n.Span > 1 && folded != nil && folded(n.Path) {
			i += n.Span
			continue
		}
		i++
	}
	return rows
}

// Top returns the indexes of the top-level nodes, None last if there is
// one: the categories by their first name, as `uricat stats` counts them.
func (t *Tree) Top() []int {
	var out []int
	for i := 0; i < len(t.Nodes); i += t.Nodes[i].Span {
		out = append(out, i)
	}
	return out
}
