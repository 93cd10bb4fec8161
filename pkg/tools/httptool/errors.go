package httptool

import (
	"fmt"
	"strings"

	"github.com/agentschema/agentschema/internal/pyjson"
)

// Error is an exception AutoGen's HttpTool raises while it runs a call,
// after the arguments are validated: building the path or the URL, the
// request, sending it, or reading the answer. Its Error text is Python's
// str() of the exception, which AutoGen's workbench puts in the tool
// result:
//
//   - "ConnectError" "All connection attempts failed" (a refused or
//     unreachable address, as anyio reports every failed connect), or
//     "[Errno -2] Name or service not known" (a name that does not
//     resolve);
//   - "ConnectTimeout", "ReadTimeout", "WriteTimeout": httpx's timeouts,
//     whose str() is empty: Error gives the class name instead;
//   - "ReadError", "WriteError", "RemoteProtocolError" (the server closed
//     the connection: "Server disconnected without sending a response.",
//     "peer closed connection without sending complete message body: ..."),
//     "LocalProtocolError", "DecodingError" (a Content-Encoding that does
//     not decode); where httpx's text comes from h11 or zlib, Go's own
//     text stands in for it;
//   - "InvalidURL" (httpx.URL's checks of the host and the formatted
//     path, with httpx's messages);
//   - "KeyError", "IndexError", "ValueError", "AttributeError" from the
//     path template (str.format, internal/pyformat's), "TypeError" and "UnicodeEncodeError" from the headers,
//     "TypeError" and "ValueError" from json.dumps of the body,
//     "JSONDecodeError" and "UnicodeDecodeError" from a "json" answer,
//     "ValueError" "Invalid return type: None".
//
// A call cancelled by its context returns the context's error instead.
type Error struct {
	// Type is the Python exception's class name ("ConnectError",
	// "ReadTimeout", "KeyError", ...).
	Type string
	// Msg is the exception's str() ("" for httpx's timeouts).
	Msg string
	// Err is the Go error underneath, if any.
	Err error
}

// Error returns the exception's str(), or its class name when that is
// empty (httpx's timeouts).
func (e *Error) Error() string {
	if e.Msg == "" {
		return e.Type
	}
	return e.Msg
}

// Unwrap returns the Go error underneath.
func (e *Error) Unwrap() error { return e.Err }

// Timeout reports one of httpx's timeouts (ConnectTimeout, ReadTimeout,
// WriteTimeout, PoolTimeout).
func (e *Error) Timeout() bool { return strings.HasSuffix(e.Type, "Timeout") }

func pyErr(typ, format string, args ...any) *Error {
	return &Error{Type: typ, Msg: fmt.Sprintf(format, args...)}
}

// keyError is Python's KeyError(key): its str() is the key's repr.
func keyError(key string) *Error {
	k := pyjson.StrValue(key)
	return &Error{Type: "KeyError", Msg: pyjson.Repr(&k)}
}

// typeClass is Python's str(type(v)): "<class 'int'>".
func typeClass(v *pyjson.Value) string {
	return "<class '" + v.TypeName() + "'>"
}

// charRepr is the repr of the one-character str r.
func charRepr(r rune) string {
	v := pyjson.StrValue(string(r))
	return pyjson.Repr(&v)
}

// unicodeEncodeError is str(UnicodeEncodeError) of encoding s as ASCII,
// when s holds a character outside it: the run of such characters that
// starts at the first.
func unicodeEncodeError(s string) *Error {
	runes := []rune(s)
	start := -1
	for i, r := range runes {
		if r >= 0x80 {
			start = i
			break
		}
	}
	if start < 0 {
		return nil
	}
	end := start + 1
	for end < len(runes) && runes[end] >= 0x80 {
		end++
	}
	if end-start == 1 {
		return pyErr("UnicodeEncodeError", "'ascii' codec can't encode character %s in position %d: ordinal not in range(128)", escapedChar(runes[start]), start)
	}
	return pyErr("UnicodeEncodeError", "'ascii' codec can't encode characters in position %d-%d: ordinal not in range(128)", start, end-1)
}

// escapedChar is how a UnicodeError message quotes a character: '\xe9',
// '\u20ac', '\U0001f600'.
func escapedChar(r rune) string {
	switch {
	case r < 0x100:
		return fmt.Sprintf(`'\x%02x'`, r)
	case r < 0x10000:
		return fmt.Sprintf(`'\u%04x'`, r)
	}
	return fmt.Sprintf(`'\U%08x'`, r)
}
