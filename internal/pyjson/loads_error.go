package pyjson

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// loadsMessages maps the parser's fault texts to the messages of Python's
// json.JSONDecodeError, which put the place after them.
var loadsMessages = map[string]string{
	"expecting value":         "Expecting value",
	"extra data":              "Extra data",
	"expecting ',' delimiter": "Expecting ',' delimiter",
	"expecting property name enclosed in double quotes": "Expecting property name enclosed in double quotes",
	"expecting ':' delimiter":                           "Expecting ':' delimiter",
	"invalid control character in string":               "Invalid control character at",
	"unterminated string":                               "Unterminated string starting at",
	"invalid \\uXXXX escape":                            "Invalid \\uXXXX escape",
	"invalid \\escape":                                  "Invalid \\escape",
}

// LoadsErrorText words err, the error of Parse(data), as Python's
// json.loads words its JSONDecodeError: "Expecting value: line 1 column 1
// (char 0)", the line, column and offset counted in characters. An error
// that is not a *SyntaxError is given as it is.
func LoadsErrorText(data []byte, err error) string {
	var se *SyntaxError
	if !errors.As(err, &se) {
		return err.Error()
	}
	msg, ok := loadsMessages[se.Msg]
	if !ok {
		msg = se.Msg
	}
	off := min(se.Offset, len(data))
	prefix := data[:off]
	pos := utf8.RuneCount(prefix)
	line := 1 + strings.Count(string(prefix), "\n")
	col := pos + 1
	if i := strings.LastIndexByte(string(prefix), '\n'); i >= 0 {
		col = utf8.RuneCount(prefix[i+1:]) + 1
	}
	return msg + ": line " + strconv.Itoa(line) + " column " + strconv.Itoa(col) + " (char " + strconv.Itoa(pos) + ")"
}
