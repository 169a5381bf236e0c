package importers

import (
	"fmt"
	"unicode/utf8"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/textclip"
)

// The bound on a CATEGORY that an import makes, whatever the format: at
// most MaxFolders names (an empty one, as in "a//b", is no folder, and
// not counted), each at most MaxFolderName bytes, and at most
// MaxCategory bytes in all, as written (escapes included). A file's
// folder path is copied onto each of its bookmarks, so without a bound a
// file of a megabyte (64 levels of 2 KiB names over 20,000 bookmarks)
// makes a catalogue of gigabytes; with it, a record's CATEGORY costs at
// most MaxCategory bytes. No browser's folders come near it.
//
// The rule, one for every reader (Folder.Child, and BoundCategory for a
// CATEGORY a file gives whole):
//   - the outermost levels are kept, since they name the collection: a
//     folder deeper than MaxFolders, or one whose name would make the
//     path longer than MaxCategory, is left out of the path, and so is
//     everything in it, whose bookmarks are in the last folder kept;
//   - a longer name is cut, at a character boundary and before it is
//     escaped or encoded, to its first bytes and textclip.Ellipsis,
//     within MaxFolderName;
//   - each cut is reported once (Folder.Cut), not once per bookmark: the
//     folder whose name is cut, or the outermost folder left out (not
//     each folder in it), named, with where its bookmarks went; the file
//     and the folder's position tell the user where its whole path is.
const (
	MaxFolders    = 64
	MaxFolderName = 128
	MaxCategory   = 1024
)

// Folder is the CATEGORY of the bookmarks in one folder of a file, made
// once from its parent's (Child), so that the bookmarks of a folder share
// one string: a reader keeps one Folder per open or known folder. The zero
// Folder is the top, with no CATEGORY.
type Folder struct {
	category string
	depth    int    // names in category
	closed   bool   // a level was left out: nothing deeper is added
	cut      string // what Child cut of this folder, for its note
}

// Category is the CATEGORY of the bookmarks in f.
func (f Folder) Category() string { return f.category }

// Cut is the message about what the bound left out of f's own name or
// level ("" if nothing): a reader gives it once, as a Dropped diagnostic
// at the folder's position, when it makes f.
func (f Folder) Cut() string { return f.cut }

// Child returns the folder named name in f: its name made one line of
// clean text (OneLine) and bounded as the rule above says. An empty name
// is no level: the child is f (without f's note).
func (f Folder) Child(name string) Folder {
	name = OneLine(name)
	if name == "" {
		f.cut = ""
		return f
	}
	left := func(why string, a ...any) Folder {
		return Folder{category: f.category, depth: f.depth, closed: true,
			cut: fmt.Sprintf("folder %q %s: its bookmarks, and those of the folders in it, are in %s", Excerpt(name), fmt.Sprintf(why, a...), placeText(f.category))}
	}
	switch {
	case f.closed:
		// Its note is the outer folder's, left out with everything in it:
		// one per cut, however deep the folders go.
		return Folder{category: f.category, depth: f.depth, closed: true}
	case f.depth >= MaxFolders:
		return left("is deeper than %d folders, which CATEGORY keeps, the outermost", MaxFolders)
	}
	whole := len(name)
	name = clipName(name)
	c := ssd3.JoinCategory([]string{name})
	if f.category != "" {
		c = f.category + "/" + c
	}
	if len(c) > MaxCategory {
		return left("would make CATEGORY longer than %d bytes; the outermost folders are kept", MaxCategory)
	}
	g := Folder{category: c, depth: f.depth + 1}
	if len(name) < whole {
		g.cut = fmt.Sprintf("folder %q has a name of %d bytes: CATEGORY keeps its first %d bytes, marked %q", Excerpt(name), whole, len(name)-len(textclip.Ellipsis), textclip.Ellipsis)
	}
	return g
}

// placeText names a CATEGORY in a message: quoted, clipped, or "the top".
func placeText(category string) string {
	if category == "" {
		return "the top, with no CATEGORY"
	}
	return fmt.Sprintf("%q", Excerpt(category))
}

// clipName is name within MaxFolderName bytes: itself, or its first bytes,
// cut at a character boundary, and textclip.Ellipsis.
func clipName(name string) string {
	if len(name) <= MaxFolderName {
		return name
	}
	cut := MaxFolderName - len(textclip.Ellipsis)
	for cut > 0 && !utf8.RuneStart(name[cut]) {
		cut--
	}
	return name[:cut] + textclip.Ellipsis
}

// BoundCategory applies the rule above to a CATEGORY that a file gives
// whole (a CSV column, a SOIF attribute), one line of clean text (OneLine,
// as Finish makes it): category itself when it is
// within the bound, else the path cut as Child cuts a file's folders,
// and the message that says so. Finish applies it to every record;
// ReaderNotes says it once for each such CATEGORY of a file.
func BoundCategory(category string) (bounded, msg string) {
	if len(category) <= MaxFolderName {
		return category, "" // within every part of the bound
	}
	var f Folder
	cut := false
	for _, name := range ssd3.CategoryNames(category) {
		f = f.Child(name)
		if cut = cut || f.cut != ""; f.closed {
			break
		}
	}
	if !cut {
		return category, "" // as written, escapes and empty names kept
	}
	return f.category, fmt.Sprintf("CATEGORY %q is longer than an import keeps (%d folders of at most %d bytes, %d bytes in all): cut to %s, here and wherever it recurs",
		Excerpt(category), MaxFolders, MaxFolderName, MaxCategory, placeText(f.category))
}
