// Package wire is the runtime behind the generated types in gen/: a JSON
// scanner that decodes straight into Go structs with pydantic's lax rules
// and reports every fault with its JSON pointer, line and column, and an
// encoder that writes the JSON AutoGen writes.
//
// Generated code calls it; users meet its types through aliases in gen/ and
// pkg/ (Error, Errors, Int, RawJSON, Image, DateTime, Options).
//
// A stream of small documents (a transcript's lines) pays little per
// document: Decode and Unmarshal take decoders from a pool (Reset reuses
// one by hand), a decoder's strings share blocks of memory, and Marshal
// writes a short document straight into a block of results shared with
// the results after it, each result exactly its size. A block is reused
// once no string or result in it is referred to any more (recycle.go).
// A document that is one of a union's objects is decoded once, its tag
// read where AutoGen writes it (DecodeTagged, TryTagged), and an image
// repeated in a document is checked once. BENCHMARKS.md has the figures.
package wire

// # Hostile input
//
// Limits (Options) have safe defaults and each hit is an *Error of Type
// "limit" wrapping a *LimitError that names it: nesting depth (1000),
// document size (256 MiB), string length (64 MiB as written), image pixels
// (Pillow's decompression-bomb threshold, checked from the header before
// any pixel is allocated), the pixels of all the images of one document
// (four times that). A limit hit stops decoding. An integer whose text
// is longer than 4,300 characters is invalid JSON ("number out of
// range"), as pydantic's parser says; that is Python's limit, not one of
// these.
//
// Bytes that are not plain JSON, and what happens to each:
//
//   - A UTF-8 byte-order mark: refused ("invalid character 0xef looking for
//     the beginning of a value"), as pydantic's model_validate_json refuses
//     it.
//   - Invalid UTF-8 in a string: refused. (pydantic refuses it too.)
//   - A raw control character (NUL included) in a string: refused, as JSON
//     requires; the escape \u0000 is accepted and kept.
//   - A lone surrogate in a \u escape: refused (Go strings hold only valid
//     Unicode; pydantic's parser refuses it too).
//   - An integer beyond int64: accepted where the type is an integer and
//     kept exactly (Int holds a big.Int), as Python does; a float beyond
//     float64 (1e400) is refused ("Input should be a finite number") where
//     pydantic would read inf.
//   - NaN, Infinity and -Infinity: refused as invalid JSON. Python's parser
//     accepts them and AutoGen writes them back as null, which would
//     change the value silently.
//   - Anything but white space after the document, and a truncated
//     document: refused, with the line and column where it was found.
//   - Duplicate member names: the last value is kept, as AutoGen keeps it
//     (encoding/json/v2 would refuse the document). An earlier one, which
//     AutoGen's json.loads never hands to pydantic, is no fault either:
//     Decode (and so Unmarshal and every generated decode) reads a document
//     with faults once more as LastMembers rewrites it. A Decoder used by
//     itself reports a fault in an earlier occurrence.
//
// Unknown members are dropped, as AutoGen drops them, unless
// Options.DisallowUnknownFields is set, which reports each one
// ("extra_forbidden") so that nothing is discarded silently.
