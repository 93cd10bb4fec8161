package main

import (
	"strings"
	"testing"
)

func TestNormalizeStrictReportsDroppedMembers(t *testing.T) {
	in := `{"content":"hi","source":"u","type":"UserMessage","mood":"happy"}` + "\n"
	// AutoGen drops "mood"; so does normalize by default.
	code, out, errs := runCmd(t, in, "normalize", "-")
	if code != 0 || errs != "" || strings.Contains(out, "mood") {
		t.Fatalf("default: exit %d, out %q, stderr %q", code, out, errs)
	}
	code, out, errs = runCmd(t, in, "normalize", "--strict", "-")
	if code != 1 || out != "" || !strings.HasPrefix(errs, "-:1: /mood: ") {
		t.Fatalf("--strict: exit %d, out %q, stderr %q", code, out, errs)
	}
}

// TestNormalizeStructuredMessage: a StructuredMessage[X] of a content type
// Go does not know is normalized with its common fields filled as AutoGen
// fills them and its content kept as written (expected dump derived from
// valid/StructuredMessage_WeatherReport/000.json, whose content needs no
// defaults).
func TestNormalizeStructuredMessage(t *testing.T) {
	in := `{"id":"msg-0089","source":"agent","created_at":"1999-12-31T23:59:59Z","content":{"city":"Paris","temperature_c":21.5,"conditions":["sunny"]},"type":"StructuredMessage[WeatherReport]"}` + "\n"
	want := `{"id":"msg-0089","source":"agent","models_usage":null,"metadata":{},"created_at":"1999-12-31T23:59:59Z","content":{"city":"Paris","temperature_c":21.5,"conditions":["sunny"]},"format_string":null,"type":"StructuredMessage[WeatherReport]"}` + "\n"
	for _, args := range [][]string{{"normalize", "-"}, {"normalize", "--type", "StructuredMessage[WeatherReport]", "-"}, {"normalize", "--type", "StructuredMessage_WeatherReport", "-"}} {
		code, out, errs := runCmd(t, in, args...)
		if code != 0 || out != want {
			t.Fatalf("%v: exit %d, stderr %q\n got %s\nwant %s", args, code, errs, out, want)
		}
	}
	// With --type, the document's own "type" is not needed (AutoGen
	// computes the tag from the class).
	untagged := strings.Replace(in, `,"type":"StructuredMessage[WeatherReport]"`, "", 1)
	code, out, errs := runCmd(t, untagged, "normalize", "--type", "StructuredMessage_WeatherReport", "-")
	if code != 0 || out != want {
		t.Fatalf("untagged: exit %d, stderr %q\n got %s\nwant %s", code, errs, out, want)
	}
	// A missing source is refused, as AutoGen refuses it.
	code, _, errs = runCmd(t, `{"content":{"city":"Paris"},"type":"StructuredMessage[WeatherReport]"}`+"\n", "normalize", "-")
	if code != 1 || !strings.Contains(errs, "/source") {
		t.Fatalf("missing source: exit %d, stderr %q", code, errs)
	}
}
