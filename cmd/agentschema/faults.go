package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/agentschema/agentschema/internal/wire"
)

// faultFormats are the values of --format, taken by every verb that
// reports faults in documents.
var faultFormats = []string{"text", "json", "github"}

const formatHelp = "how to print faults: text (FILE:LINE: POINTER: message), json (one JSON object a line: file, line, column, pointer, keyword, message, code) or github (GitHub Actions annotations, ::error file=F,line=L,col=C::message)"

// checkFormat reports whether format is one of faultFormats, and prints
// the usage error when it is not.
func checkFormat(verb, format string, stderr io.Writer) bool {
	for _, f := range faultFormats {
		if f == format {
			return true
		}
	}
	fmt.Fprintf(stderr, "agentschema %s: unknown --format %q: want %s\n", verb, format, strings.Join(faultFormats, ", "))
	return false
}

// fault is one fault of a document, where it is in its input.
type fault struct {
	File         string
	Line, Column int
	Pointer      string // "" is the document
	Keyword      string
	Message      string
	Type         string // pydantic's error type, when known
}

// jsonFault is one fault in --format json output.
type jsonFault struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Pointer string `json:"pointer"`
	Keyword string `json:"keyword"`
	Message string `json:"message"`
	// Code is pydantic's error type, in autogen mode.
	Code string `json:"code,omitempty"`
}

func (f fault) json() ([]byte, error) {
	return json.Marshal(jsonFault{File: f.File, Line: f.Line, Column: f.Column, Pointer: f.Pointer, Keyword: f.Keyword, Message: f.Message, Code: f.Type})
}

// displayPointer is the pointer as text output shows it: "/" for the
// document itself.
func displayPointer(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

// github returns the GitHub Actions workflow command that annotates the
// fault: ::error file=F,line=L,col=C::POINTER: message.
func (f fault) github() string {
	return "::error file=" + githubProperty(f.File) + ",line=" + fmt.Sprint(f.Line) + ",col=" + fmt.Sprint(max(f.Column, 1)) +
		"::" + githubData(displayPointer(f.Pointer)+": "+f.Message) + "\n"
}

// githubWarning is the GitHub Actions ::warning command for a warning,
// as github writes ::error for a fault.
func githubWarning(file string, line, col int, pointer, msg string) string {
	return "::warning file=" + githubProperty(file) + ",line=" + fmt.Sprint(line) + ",col=" + fmt.Sprint(max(col, 1)) +
		"::" + githubData(displayPointer(pointer)+": "+msg) + "\n"
}

// githubData escapes a workflow command's message as the Actions toolkit
// does (escapeData: % CR LF).
func githubData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// githubProperty escapes a workflow command's property value as the
// Actions toolkit does (escapeProperty: % CR LF : ,).
func githubProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// faultPrinter prints the faults of the verbs whose output is data
// (normalize, tokens, context, render) on stderr, in the --format asked
// for: text is FILE:LINE: POINTER: message, json one object a line,
// github an annotation a line.
type faultPrinter struct {
	format string
	w      io.Writer
}

func (p *faultPrinter) print(f fault) {
	switch p.format {
	case "json":
		b, err := f.json()
		if err == nil {
			p.w.Write(append(b, '\n'))
		}
	case "github":
		io.WriteString(p.w, f.github())
	default:
		fmt.Fprintf(p.w, "%s:%d: %s: %s\n", f.File, f.Line, displayPointer(f.Pointer), f.Message)
	}
}

// document prints a fault of the whole document.
func (p *faultPrinter) document(doc document, msg string) {
	p.print(fault{File: doc.File, Line: doc.Line, Column: doc.Column, Message: msg})
}

// decoder prints a decoder's faults in doc, prefixing their pointers with
// prefix.
func (p *faultPrinter) decoder(doc document, prefix string, errs wire.Errors) {
	for _, e := range errs {
		pos := at(doc, e.Line, e.Column)
		p.print(fault{File: pos.File, Line: pos.Line, Column: pos.Column, Pointer: prefix + e.Pointer, Message: e.Message, Type: e.Type})
	}
}
