package conformance

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
)

// knownFailures reads known_failures.txt: "PATTERN reason" per line.
func knownFailures(t *testing.T) map[string]string {
	f, err := os.Open("known_failures.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pat, reason, _ := strings.Cut(line, " ")
		out[pat] = strings.TrimSpace(reason)
	}
	return out
}

func matchKnown(known map[string]string, p string) (string, bool) {
	for pat, reason := range known {
		if ok, _ := path.Match(pat, p); ok {
			return reason, true
		}
	}
	return "", false
}

func titles() map[string]bool {
	m := map[string]bool{}
	for _, t := range gen.Titles() {
		m[t] = true
	}
	return m
}

// TestConformance decodes every valid case, re-encodes it and compares
// with AutoGen's dump; every invalid case must be refused with an error
// whose pointer starts with pydantic's location.
func TestConformance(t *testing.T) {
	cases, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	known := knownFailures(t)
	tt := titles()
	for _, c := range cases {
		t.Run(c.Path, func(t *testing.T) {
			reason, isKnown := matchKnown(known, c.Path)
			err := checkCase(c, tt)
			switch {
			case err != nil && isKnown:
				t.Skipf("known failure (%s): %v", reason, err)
			case err != nil:
				t.Fatalf("%s (%s): %v", c.Note, c.Type, err)
			case isKnown:
				t.Fatalf("passes but is listed in known_failures.txt (%s): remove it", reason)
			}
		})
	}
}

func checkCase(c *Case, tt map[string]bool) error {
	var v any
	var err error
	if name, ok := strings.CutPrefix(c.Type, "StructuredMessage_"); ok && structuredDecoders[name] != nil {
		v, err = structuredDecoders[name](c.Input)
	} else {
		v, err = gen.Decode(c.Type, c.Input)
	}
	if !c.Valid {
		if err == nil {
			return errors.New("decoded, but AutoGen refuses it")
		}
		if c.Error == nil || c.Error.Exception != "ValidationError" {
			return nil // any clear error will do
		}
		want := LocPrefix(c.Error.Loc, tt)
		var es wire.Errors
		if !errors.As(err, &es) {
			return errors.New("error is not a wire.Errors: " + err.Error())
		}
		for _, e := range es {
			if e.Pointer == want || strings.HasPrefix(e.Pointer, want+"/") || want == "" {
				return nil
			}
		}
		return errors.New("no error at " + want + " (pydantic " + c.Error.Type + "); got: " + err.Error())
	}
	if err != nil {
		return err
	}
	out, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var got, want any
	if err := unmarshalNumbers(out, &got); err != nil {
		return errors.New("output is not JSON: " + err.Error())
	}
	if err := unmarshalNumbers(c.Dump, &want); err != nil {
		return err
	}
	if msg := compare("", got, want); msg != "" {
		return errors.New(msg + "\n got: " + string(out) + "\nwant: " + string(c.Dump))
	}
	return nil
}

func unmarshalNumbers(data []byte, v *any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	return d.Decode(v)
}

var uuid4 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// compare compares JSON values; placeholders stand for generated values
// and images are compared by their RGB pixels.
func compare(ptr string, got, want any) string {
	if ws, ok := want.(string); ok {
		switch {
		case strings.HasPrefix(ws, "<uuid4>"):
			if gs, ok := got.(string); ok && uuid4.MatchString(gs) {
				return ""
			}
			return ptr + ": want a new UUID4, got " + show(got)
		case strings.HasPrefix(ws, "<now-utc>"):
			gs, _ := got.(string)
			ts, err := time.Parse(time.RFC3339Nano, gs)
			if err != nil || !strings.HasSuffix(gs, "Z") || time.Since(ts) > time.Hour || time.Since(ts) < -time.Minute {
				return ptr + ": want the current UTC time, got " + show(got)
			}
			return ""
		}
	}
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return ptr + ": want an object, got " + show(got)
		}
		if isImage(w) && isImage(g) {
			return compareImages(ptr, g["data"].(string), w["data"].(string))
		}
		for k, wv := range w {
			gv, ok := g[k]
			if !ok {
				return ptr + "/" + k + ": missing"
			}
			if m := compare(ptr+"/"+k, gv, wv); m != "" {
				return m
			}
		}
		for k := range g {
			if _, ok := w[k]; !ok {
				return ptr + "/" + k + ": not in AutoGen's dump"
			}
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return ptr + ": want " + show(want) + ", got " + show(got)
		}
		for i := range w {
			if m := compare(ptr+"/"+itoa(i), g[i], w[i]); m != "" {
				return m
			}
		}
		return ""
	case json.Number:
		g, ok := got.(json.Number)
		if !ok || !sameNumber(g, w) {
			return ptr + ": want " + show(want) + ", got " + show(got)
		}
		return ""
	}
	if show(got) != show(want) {
		return ptr + ": want " + show(want) + ", got " + show(got)
	}
	return ""
}

// sameNumber compares numbers by value; integers (which may exceed
// float64) must match digit for digit.
func sameNumber(a, b json.Number) bool {
	if a == b {
		return true
	}
	if !isFloatText(a) && !isFloatText(b) {
		return false
	}
	fa, err1 := a.Float64()
	fb, err2 := b.Float64()
	return err1 == nil && err2 == nil && fa == fb
}

func isFloatText(n json.Number) bool { return strings.ContainsAny(string(n), ".eE") }

func isImage(m map[string]any) bool {
	if len(m) != 1 {
		return false
	}
	s, ok := m["data"].(string)
	if !ok {
		return false
	}
	b, err := base64.StdEncoding.DecodeString(s)
	return err == nil && len(b) > 8 && string(b[1:4]) == "PNG"
}

func show(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func itoa(i int) string { return strconv.Itoa(i) }
