// Package pyjson holds Python's view of JSON values, shared by the packages
// that must write exactly what AutoGen's Python code writes:
//
//   - Value, a JSON value as Python's json.loads builds it (key order kept, a
//     duplicated key keeping its first place and its last value, ints of any
//     size apart from floats), plus the few other Python types the callers
//     render (tuple, bytes, pydantic model, opaque object);
//   - Parse, json.loads itself, with its refusals reported as *SyntaxError;
//   - Dumps, json.dumps with default arguments (ensure_ascii, ", " and ": "
//     separators, NaN and Infinity allowed), and AppendJSON, compact JSON;
//   - Repr and StrOf, Python's repr() and str(), with FloatRepr and Printable
//     (str.isprintable) underneath;
//   - AppendQuote, a JSON string as pydantic's model_dump_json writes it
//     (UTF-8 kept), and AppendFloatRepr: the two leaf writers that
//     internal/wire's Encoder uses for every string and float, so the
//     generated codecs and the Python emulation write them one way.
//
// Python's str may hold lone surrogates, which a Go string cannot. Options
// says which side a caller takes: with WTF8 set, surrogates are kept as WTF-8
// (the UTF-8 form of the surrogate code point, see DecodeRune); otherwise
// strings are plain Go strings and a lone surrogate becomes U+FFFD. The zero
// Options, used by the package-level functions, is the plain Go side.
package pyjson
