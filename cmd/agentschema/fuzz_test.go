package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// seedCommandInputs adds inputs the command meets: the examples, one line
// of each valid conformance case, a multi-line document and hostile lines.
func seedCommandInputs(f *testing.F) {
	for _, name := range []string{"../../examples/transcript.jsonl", "../../examples/context_state.json"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	files, err := filepath.Glob("../../testdata/conformance/valid/*/000.json")
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		// The case's input member, as it is in the file (indented).
		var c struct{ Input json.RawMessage }
		if err := json.Unmarshal(data, &c); err != nil {
			f.Fatalf("%s: %v", file, err)
		}
		f.Add([]byte(c.Input))
	}
	for _, s := range []string{
		"",
		"\n\n  \r\n",
		goodLine,
		goodLine + "\r\n\r\n" + goodLine + "\r\n",
		"\n\n{\n  \"content\": \"x\",\n  \"source\": \"u\",\n  \"type\": \"UserMessage\"\n}\n",
		"\ufeff" + goodLine + "\n",
		"\u00a0\n\f\n" + goodLine,
		`{"content":"\ud800","source":"u","type":"UserMessage"}` + "\n" + `[[[[`,
		goodLine + " trailing\n" + `{"content":"x","source":"us`,
		`"just a string"` + "\n12\nnull\n",
		`{"a":"}\"{"}` + "\n" + `{"type":"TextMessage","content":"x","source":"a"}`,
	} {
		f.Add([]byte(s))
	}
}

// FuzzReadDocuments checks the command's reader (jsonstream, as
// forDocuments uses it) on any input: it never fails on a reader that
// does not, it finds the same documents however the input is split into
// reads, and each document's bytes are the input's at the document's
// offset, with the line and column of that offset.
func FuzzReadDocuments(f *testing.F) {
	seedCommandInputs(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, elements := range []bool{false, true} {
			collect := func(r io.Reader) []string {
				var docs []string
				err := forDocuments("in", r, elements, func(d document, fault error) error {
					if d.File != "in" {
						t.Fatalf("document of file %q", d.File)
					}
					if d.Offset+int64(len(d.Data)) > int64(len(data)) || !bytes.Equal(data[d.Offset:d.Offset+int64(len(d.Data))], d.Data) {
						t.Fatalf("document %s is not the input's bytes at its offset %d", showDoc(d), d.Offset)
					}
					line := 1 + bytes.Count(data[:d.Offset], []byte("\n"))
					col := int(d.Offset) - bytes.LastIndexByte(data[:d.Offset], '\n')
					if d.Line != line || d.Column != col {
						t.Fatalf("document %s at %d:%d, its offset is at %d:%d", showDoc(d), d.Line, d.Column, line, col)
					}
					docs = append(docs, fmt.Sprintf("%d %d %v", d.Offset, len(d.Data), fault))
					return nil
				})
				if err != nil {
					t.Fatalf("forDocuments: %v", err)
				}
				return docs
			}
			docs := collect(bytes.NewReader(data))
			if other := collect(iotest.OneByteReader(bytes.NewReader(data))); fmt.Sprint(other) != fmt.Sprint(docs) {
				t.Fatalf("read a byte at a time: %v, at once: %v", other, docs)
			}
		}
	})
}

// summaryLine is the last line validate prints.
var summaryLine = regexp.MustCompile(`(?:^|\n)(\d+) documents?, (\d+) invalid\n$`)

// faultLine is the start of a fault as normalize prints it (a member
// name, and so the pointer, may hold any character).
var faultLine = regexp.MustCompile(`^-:(\d+): /`)

// FuzzCommand runs normalize and validate on any input, as standard
// input. Neither panics or fails to read; each fault line is well formed
// and inside the input; normalize's output is canonical (normalizing it
// again changes nothing) and has a line for each good document at most;
// validate counts every document; and both commands agree on which inputs
// AutoGen would accept (normalize succeeds exactly when validate --mode
// autogen does).
func FuzzCommand(f *testing.F) {
	seedCommandInputs(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		var docs int
		forDocuments("-", bytes.NewReader(data), true, func(document, error) error { docs++; return nil })
		inputLines := bytes.Count(data, []byte("\n")) + 1

		code, out, errs := runCmd(t, string(data), "normalize", "-")
		if code != exitOK && code != exitBad || (code == exitOK) != (errs == "") {
			t.Fatalf("normalize: exit %d, stderr %q", code, errs)
		}
		for _, line := range strings.SplitAfter(errs, "\n") {
			if line == "" {
				continue
			}
			m := faultLine.FindStringSubmatch(line)
			if m == nil {
				t.Fatalf("normalize: fault line %q", line)
			}
			if n, _ := strconv.Atoi(m[1]); n < 1 || n > inputLines {
				t.Fatalf("normalize: fault at line %d of %d: %q", n, inputLines, line)
			}
		}
		if n := strings.Count(out, "\n"); n > docs {
			t.Fatalf("normalize: %d lines out of %d documents", n, docs)
		}
		if out != "" {
			code2, out2, errs2 := runCmd(t, out, "normalize", "-")
			if code2 != exitOK || out2 != out {
				t.Fatalf("normalizing normalize's output: exit %d, stderr %q\nfirst:  %q\nsecond: %q", code2, errs2, out, out2)
			}
		}

		vcode, vout, verrs := runCmd(t, string(data), "validate", "--mode", "autogen", "-")
		m := summaryLine.FindStringSubmatch(vout)
		if vcode != exitOK && vcode != exitBad || m == nil || m[1] != strconv.Itoa(docs) || (m[2] == "0") != (vcode == exitOK) {
			t.Fatalf("validate: exit %d, stdout %q, stderr %q (%d documents)", vcode, vout, verrs, docs)
		}
		if (vcode == exitOK) != (code == exitOK) {
			t.Fatalf("normalize exits %d (stderr %q), validate --mode autogen exits %d (stdout %q)", code, errs, vcode, vout)
		}
	})
}

// showDoc prints a document for a failure message.
func showDoc(d document) string { return fmt.Sprintf("%s:%d:%d %q", d.File, d.Line, d.Column, d.Data) }
