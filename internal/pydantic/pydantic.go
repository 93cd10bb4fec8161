// Package pydantic writes the text of pydantic's ValidationError, as
// str(ValidationError) gives it, for the packages whose errors AutoGen
// raises through pydantic (tool arguments, structured output, client
// configs, MCP elicitation results):
//
//	1 validation error for addargs
//	b
//	  Field required [type=missing, input_value={'a': 1}, input_type=dict]
//	    For further information visit https://errors.pydantic.dev/2.13/v/missing
//
// Each package keeps its own public error type; this package is the one
// place the text is made.
package pydantic

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agentschema/agentschema/internal/pyjson"
)

// URLPrefix is where pydantic's messages send readers: the errors page of
// pydantic 2.13, the version AutoGen 0.7.5's recorded cases were made with.
const URLPrefix = "https://errors.pydantic.dev/2.13/v/"

// Line is one line error of a ValidationError.
type Line struct {
	// Loc is the path to the value: field names and dict keys as strings,
	// list indices as ints, outermost first; empty for the whole value.
	Loc []any
	// Type is pydantic's error type ("missing", "literal_error", ...).
	Type string
	// Msg is pydantic's message ("Field required").
	Msg string
	// Input is the value at fault, quoted as Python's repr.
	Input *pyjson.Value
}

// Text returns str(ValidationError) of a model titled title with lines.
func Text(title string, lines []Line) string {
	var b strings.Builder
	WriteHeader(&b, len(lines), title)
	for i := range lines {
		b.WriteByte('\n')
		lines[i].Write(&b)
	}
	return b.String()
}

// WriteHeader writes the first line: "N validation error(s) for TITLE".
func WriteHeader(b *strings.Builder, n int, title string) {
	b.WriteString(strconv.Itoa(n))
	b.WriteString(" validation error")
	if n != 1 {
		b.WriteByte('s')
	}
	b.WriteString(" for ")
	b.WriteString(title)
}

// Write writes the line error's lines: the location (when there is one),
// the message with its type and input, and the documentation link.
func (l *Line) Write(b *strings.Builder) {
	if len(l.Loc) > 0 {
		b.WriteString(LocText(l.Loc))
		b.WriteByte('\n')
	}
	b.WriteString("  ")
	b.WriteString(l.Msg)
	b.WriteString(" [type=")
	b.WriteString(l.Type)
	b.WriteString(", input_value=")
	var in pyjson.Value
	if l.Input != nil {
		in = *l.Input
	}
	b.WriteString(Truncate50(pyjson.Repr(&in)))
	b.WriteString(", input_type=")
	b.WriteString(in.TypeName())
	b.WriteString("]\n    For further information visit ")
	b.WriteString(URLPrefix)
	b.WriteString(l.Type)
}

// LocText is pydantic's rendering of a location: items joined by ".", a
// string holding a "." in backquotes.
func LocText(loc []any) string {
	parts := make([]string, len(loc))
	for i, item := range loc {
		switch x := item.(type) {
		case string:
			if strings.Contains(x, ".") {
				x = "`" + x + "`"
			}
			parts[i] = x
		case int:
			parts[i] = strconv.Itoa(x)
		default:
			parts[i] = fmt.Sprint(x)
		}
	}
	return strings.Join(parts, ".")
}

// Pointer returns a location as a JSON pointer ("/point/x", "/values/2").
func Pointer(loc []any) string {
	var b strings.Builder
	for _, item := range loc {
		b.WriteByte('/')
		s := fmt.Sprint(item)
		s = strings.ReplaceAll(s, "~", "~0")
		b.WriteString(strings.ReplaceAll(s, "/", "~1"))
	}
	return b.String()
}

// Truncate50 is pydantic-core's write_truncated_to_50_bytes: a repr longer
// than 50 bytes keeps its first 25 and last 24 bytes (on character
// boundaries) around "...".
func Truncate50(s string) string {
	if len(s) <= 50 {
		return s
	}
	head := 25
	for head > 0 && !utf8.RuneStart(s[head]) {
		head--
	}
	tail := len(s) - 24
	for tail < len(s) && !utf8.RuneStart(s[tail]) {
		tail++
	}
	return s[:head] + "..." + s[tail:]
}

// OrList joins values as pydantic's messages do: 'a', 'b' or 'c'.
func OrList(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// Plural is "1 item" or "N items", as pydantic's messages count.
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
