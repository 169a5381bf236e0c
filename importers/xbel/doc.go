// Package xbel reads and writes XBEL 1.0, the XML Bookmark Exchange
// Language that floccus, buku, KDE and GTK write:
//
//	<?xml version="1.0" encoding="UTF-8"?>
//	<!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML" "http://pyxml.sourceforge.net/topics/dtds/xbel.dtd">
//	<xbel version="1.0">
//	<folder id="1">
//	  <title>Go</title>
//	  <bookmark href="https://go.dev/" id="2" added="2024-05-06T07:08:09Z">
//	    <title>The Go site</title>
//	    <desc>Downloads and docs</desc>
//	  </bookmark>
//	</folder>
//	</xbel>
//
// Document is a file as a tree (Decode, Encode), which floccus's two-way
// sync edits in place and Encode writes back byte for byte when nothing
// changed; the Reader and Writer are the importer's, record by record. Both
// read through one walk of the XML tokens (walk.go), so that they read
// every file alike, and the Reader streams: it holds the open folders,
// not the file.
//
// # Mapping
//
// Each <bookmark> is a record: href the URI, <title> the NAME, <desc> the
// DESCRIPTION, the titles of the <folder>s around it the CATEGORY, made
// once per folder (importers.Folder, within the bound on one). added,
// modified and visited are what the Netscape reader makes of ADD_DATE,
// LAST_MODIFIED and LAST_VISIT: added is the DATE, unless modified is
// later, which then is the DATE and added X-ADDED; an earlier modified is
// X-LAST-MODIFIED (an equal one says nothing); visited is X-LAST-VISIT.
// The dates are ISO 8601 (with or without a zone, seconds or fractions),
// or a bare date; one that is none of these is kept as written in
// X-XBEL-ADDED (-MODIFIED, -VISITED). The id is X-XBEL-ID; buku's TAGS
// X-TAGS; any other attribute X- and its name. The <info> of a bookmark
// (KDE's icon and ids, GTK's mime type and applications) is kept in
// X-XBEL-INFO, its layout's line breaks and indentation left out (its
// freedesktop.org mime-type is the TYPE too), but for
// uricat's own <metadata owner="https://github.com/uricat/uricat">, whose
// <field name="NAME">value</field>s are the record's fields (the Writer's,
// below).
//
// What a catalogue has no place for is reported, naming the line:
// separators, aliases, empty folders, a folder's <desc> and <info>, the
// file's own <info>, and (once) the attributes of folders. A bookmark
// without a title is named from its address, with a note. Bad XML ends the
// file with a diagnostic naming its line and column and what is wrong;
// the bookmarks before it are imported. The encoding is UTF-8, or
// ISO-8859-1 when the XML declaration says so.
//
// # Writing
//
// The Writer writes what the Reader reads back whole (writer.go has the
// layout): the folders from CATEGORY, each field where the Reader finds
// it, and the fields XBEL has no place for in uricat's own <metadata>.
// Its output is Encode's, floccus's layout, which buku, KDE and GTK read.
//
// # Files
//
// tree.go holds the Document; walk.go the token walk; decode.go Decode and
// the dates; encode.go Encode; reader.go the Reader; writer.go the Writer;
// format.go the Format and Detect.
package xbel
