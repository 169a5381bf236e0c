// Package xbel reads and writes XBEL 1.0, the XML Bookmark Exchange
// Language that floccus, buku, KDE and GTK write:
//
//	<?xml version="1.0" encoding="UTF-8"?>
//	<!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML" "http://pyxml.sourceforge.net/topics/dtds/xbel.dtd">
//	<xbel version="1.0">
//	<folder id="1">
//	  <title>Go</title>
//	  <bookmark href="https://go.dev/" id="2">
//	    <title>The Go site</title>
//	  </bookmark>
//	</folder>
//	</xbel>
//
// Document is a file as a tree (Decode, Encode), which floccus's two-way
// sync edits in place; the Reader and Writer are the importer's, record by
// record. Both read through one walk of the XML tokens (walk.go), so that
// they read every file alike.
//
// # Files
//
// tree.go holds the Document; walk.go the token walk; decode.go Decode and
// the dates; encode.go Encode, in floccus's layout.
package xbel
