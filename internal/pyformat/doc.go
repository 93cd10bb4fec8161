// Package pyformat is Python's str.format and format() on internal/pyjson
// values, as CPython 3.11 implements them (Objects/stringlib/
// unicode_format.h and Python/formatter_unicode.c): literal text with {{
// and }} escapes, replacement fields {name.attr[key]!conv:spec} with nested
// fields in the spec, and the format-spec mini-language
// [[fill]align][sign][z][#][0][width][grouping][.precision][type] for str,
// int, bool, float and datetime (strftime, from internal/pytime). An Enum
// member is formatted as Python 3.11 and 3.12 format one, plain or mixed
// in with str or int: str.__format__(str(member), spec), "Color.RED" (3.10
// wrote a mixed-in member's value); its value and name are its attributes.
//
// It owns Format (format_string.format(**kwargs), which AutoGen's
// StructuredMessage.to_text calls) and FormatValue (format(obj, spec)).
// Errors are *pyexc.Error values with Python's exception class and text;
// the public packages turn them into their own error types
// (messages.FormatError).
//
// Where the other Python behaviours live: repr(), str() and json.dumps in
// internal/pyjson; datetime parsing, isoformat, repr and strftime in
// internal/pytime; exception classes in internal/pyexc.
package pyformat
