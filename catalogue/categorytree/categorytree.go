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

	"github.com/uricat/uricat/catalogue"
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
func Build(recs []*catalogue.Record) *Tree {
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
	none := 0
	cats := make([]string, 0, len(counts))
	var odd map[string]int // the counts of paths spelled otherwise, by their canonical spelling
	for cat, n := range counts {
		t.Records += n
		switch c := catalogue.CanonicalCategory(cat); {
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
	// In the order of their names, a node's subtree is one run of paths:
	// the tree is built with a stack, the path open, and no lookups. The
	// order is that of keys in which a "/" between names is a NUL, below
	// any byte of a name, so that the sort compares plain strings (a NUL
	// in a name, which no one types, at worst splits its node in two).
	keys := make([]sortKey, len(cats))
	buf := make([]byte, 0, 64*len(cats))
	for i, cat := range cats {
		start := len(buf)
		buf = appendKey(buf, cat)
		keys[i] = sortKey{cat: cat, n: counts[cat] + odd[cat], end: len(buf), start: start}
	}
	all := string(buf)
	slices.SortFunc(keys, func(a, b sortKey) int { return strings.Compare(all[a.start:a.end], all[b.start:b.end]) })
	b := builder{nodes: make([]draft, 1, 1+3*len(cats))}
	b.nodes[0].parent = -1
	var open []int32 // the nodes of the last path, by depth
	for _, key := range keys {
		depth := 0
		for path, name := range catalogue.CategoryNames(key.cat) {
			if depth < len(open) && b.nodes[open[depth]].name == name {
				depth++
				continue
			}
			open = open[:depth]
			parent := int32(0)
			if depth > 0 {
				parent = open[depth-1]
			}
			open = append(open, int32(len(b.nodes)))
			b.nodes = append(b.nodes, draft{name: name, path: path, parent: parent})
			depth++
		}
		open = open[:depth]
		b.nodes[open[depth-1]].own += key.n
	}
	b.emit(t)
	if none > 0 {
		t.Nodes = append(t.Nodes, Node{Parent: -1, Own: none, Total: none, Span: 1, None: true})
	}
	return t
}

// sortKey is a path, its count, and where its key is in the keys' text.
type sortKey struct {
	cat           string
	n, start, end int
}

// appendKey appends the sort key of the canonical path cat: cat with
// each "/" between names a NUL. A "/" is one between names unless an odd
// number of "\" comes before it (canonical: "\\" is a "\", "\/" a "/").
func appendKey(key []byte, cat string) []byte {
	start := len(key)
	key = append(key, cat...)
	for i := 0; ; i++ {
		j := strings.IndexByte(cat[i:], '/')
		if j < 0 {
			return key
		}
		i += j
		k := i
		for k > 0 && cat[k-1] == '\\' {
			k--
		}
		if (i-k)%2 == 0 {
			key[start+i] = 0
		}
	}
}

// draft is a node while the tree is built.
type draft struct {
	name, path string
	parent     int32
	own        int
}

type builder struct {
	nodes []draft // nodes[0] is the root, which is no node of the tree
}

// emit appends the drafts to t in preorder. It keeps its own stack, not
// the goroutine's: a CATEGORY of a million "/" is a path a million deep.
func (b *builder) emit(t *Tree) {
	// The children of draft i are kids[first[i]:first[i+1]], sorted.
	first := make([]int32, len(b.nodes)+1)
	for _, d := range b.nodes[1:] {
		first[d.parent+1]++
	}
	for i := 1; i < len(first); i++ {
		first[i] += first[i-1]
	}
	kids := make([]int32, len(b.nodes)-1)
	fill := slices.Clone(first)
	for k, d := range b.nodes[1:] {
		kids[fill[d.parent]] = int32(k + 1)
		fill[d.parent]++
	}
	for i := range b.nodes {
		if first[i+1]-first[i] > 1 {
			slices.SortFunc(kids[first[i]:first[i+1]], func(x, y int32) int { return compareNames(b.nodes[x].name, b.nodes[y].name) })
		}
	}
	t.Nodes = make([]Node, 0, len(b.nodes))
	type frame struct {
		me       int // index in t.Nodes; -1 for the root, which is no node
		next, to int32
	}
	stack := []frame{{me: -1, next: first[0], to: first[1]}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.next == f.to {
			if f.me >= 0 {
				n := &t.Nodes[f.me]
				n.Span = len(t.Nodes) - f.me
				if n.Parent >= 0 {
					t.Nodes[n.Parent].Total += n.Total
				}
			}
			stack = stack[:len(stack)-1]
			continue
		}
		k := kids[f.next]
		f.next++
		d := &b.nodes[k]
		depth := 0
		if f.me >= 0 {
			depth = t.Nodes[f.me].Depth + 1
		}
		t.Nodes = append(t.Nodes, Node{Name: d.name, Path: d.path, Depth: depth, Parent: f.me, Own: d.own, Total: d.own})
		stack = append(stack, frame{me: len(t.Nodes) - 1, next: first[k], to: first[k+1]})
	}
}

// compareNames orders names as a person looks for them: ignoring case,
// then as written, so that the order is total. ASCII is compared in place;
// only other letters cost a lower-case copy.
func compareNames(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		x, y := a[i], b[i]
		if x >= utf8.RuneSelf || y >= utf8.RuneSelf {
			if c := strings.Compare(strings.ToLower(a[i:]), strings.ToLower(b[i:])); c != 0 {
				return c
			}
			return strings.Compare(a, b)
		}
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return int(x) - int(y)
		}
	}
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	return strings.Compare(a, b)
}

// Find returns the index of the node that path names (compared name by
// name, so either spelling of a name finds it), or -1.
func (t *Tree) Find(path string) int {
	names := catalogue.SplitCategory(path)
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
