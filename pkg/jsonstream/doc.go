// Package jsonstream reads the JSON documents of a stream one at a time:
// JSONL (one document per line, of any length), a sequence of JSON values
// (one document, pretty-printed or not, or several one after another) and,
// with Options.Elements, the elements of a JSON array. It owns finding
// where each document starts and ends and where an input is broken; it
// does not decode: each document is handed over as its bytes, with its
// position in the input (file name, line, column, byte offset) and its
// index, for a decoder such as gen.UnmarshalOptions to read.
// Document.Locate turns a line and column inside a document (a decoder's
// fault) into the input's, and Document.Element gives an array element's
// index, so that a fault's pointer can be given in the whole array.
//
// Read returns an iter.Seq2 that reads as the loop asks for documents, so
// a document is yielded as soon as its last byte (for JSONL, its line's
// newline) has been read: 'tail -f log.jsonl | prog' sees each line as it
// is written. Memory is bounded by the largest document (and, for JSONL,
// the longest line), never by the input: there is no line-length limit
// below Options.MaxSize (256 MiB by default), unlike bufio.Scanner's
// 64 KiB.
//
// # Broken input
//
// The reader checks the JSON syntax it needs to find the documents'
// bounds: brackets, strings and their escapes, commas and colons, the
// literals true, false and null, and numbers. (It does not check UTF-8,
// the code points of \u escapes (lone surrogates) or duplicate names:
// decoders do. NaN and Infinity are not JSON.) A fault is an *Error
// with the position of the offending byte, errors.Is-comparable with
// ErrSyntax or ErrTooLarge, or wrapping the reader's own error.
//
// Where the reader can, it goes on after a fault: in JSONL a broken or
// too large line is reported (its Document holding the line, so that a
// decoder can say more) and the next line is read. In a sequence of
// values a syntax error ends the stream, as the bounds of what follows
// cannot be known; its Document then holds the input from the broken
// document's start to the end (up to MaxSize), which is what a decoder of
// the whole input would have seen.
package jsonstream
