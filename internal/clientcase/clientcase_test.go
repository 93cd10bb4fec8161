package clientcase

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// Three 1x1 PNG images: red compressed two ways (different bytes, same
// pixels) and blue.
const (
	red9 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQD3A0FDAAAAAElFTkSuQmCC"
	red0 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAAD0lEQVR4AQEEAPv/AP8AAAMBAQCNHeWCAAAAAElFTkSuQmCC"
	blue = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAAD0lEQVR4AQEEAPv/AAAA/wEDAQB8wnTbAAAAAElFTkSuQmCC"
)

func TestSameJSON(t *testing.T) {
	tests := []struct {
		name string
		a, b string
		want bool
	}{
		{"key order", `{"a":1,"b":[true,null]}`, `{"b":[true,null],"a":1}`, true},
		{"number by value", `{"t":1.0}`, `{"t":1}`, true},
		{"big numbers by text", `12345678901234567890`, `12345678901234567890`, true},
		{"other number", `{"t":1.5}`, `{"t":1}`, false},
		{"missing key", `{"a":1}`, `{"a":1,"b":2}`, false},
		{"list order", `[1,2]`, `[2,1]`, false},
		{"number and string", `1`, `"1"`, false},
		{"data URIs, same pixels", `"data:image/png;base64,` + red9 + `"`, `"data:image/png;base64,` + red0 + `"`, true},
		{"data URIs, other pixels", `"data:image/png;base64,` + red9 + `"`, `"data:image/png;base64,` + blue + `"`, false},
		{"data URIs, other media type", `"data:image/png;base64,` + red9 + `"`, `"data:image/jpeg;base64,` + red0 + `"`, false},
		{"bare base64, same pixels", `{"images":["` + red9 + `"]}`, `{"images":["` + red0 + `"]}`, true},
		{"bare base64 and data URI", `"` + red9 + `"`, `"data:image/png;base64,` + red9 + `"`, false},
		{"other strings", `"abc"`, `"abd"`, false},
		{"not JSON", `{`, `{`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SameJSON([]byte(tt.a), []byte(tt.b)); got != tt.want {
				t.Errorf("SameJSON(%s, %s) = %v", tt.a, tt.b, got)
			}
		})
	}
}

func TestRequestDiff(t *testing.T) {
	want := Request{Method: "POST", Path: "/v1/messages", Body: json.RawMessage(`{"a":1}`), Authorization: false,
		Headers: map[string]string{"x-api-key": "k", "x-custom-a": "1"}}
	base := func() Seen {
		return Seen{Method: "POST", Path: "/v1/messages", Body: []byte(`{"a": 1}`),
			Header: http.Header{"X-Api-Key": {"k"}, "X-Custom-A": {"1"}, "User-Agent": {"x"}}}
	}
	tests := []struct {
		name   string
		change func(*Seen)
		want   string // a part of the diff; "" for none
	}{
		{"same", func(*Seen) {}, ""},
		{"path", func(s *Seen) { s.Path = "/v1/other" }, "POST /v1/other, want POST /v1/messages"},
		{"query", func(s *Seen) { s.Query = map[string][]string{"q": {"1"}} }, "query map[q:1], want map[]"},
		{"authorization", func(s *Seen) { s.Header.Set("Authorization", "Bearer x") }, "Authorization sent: true, want false"},
		{"api-key", func(s *Seen) { s.Header.Set("Api-Key", "x") }, "api-key sent: true, want false"},
		{"recorded header", func(s *Seen) { s.Header.Set("X-Api-Key", "other") }, "headers map[x-api-key:other x-custom-a:1]"},
		{"custom header", func(s *Seen) { s.Header.Del("X-Custom-A") }, "headers map[x-api-key:k]"},
		{"body", func(s *Seen) { s.Body = []byte(`{"a":2}`) }, "body\n got {\"a\":2}\nwant {\"a\":1}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := base()
			tt.change(&g)
			got := RequestDiff(&g, &want, []string{"x-api-key"})
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
				t.Errorf("diff %q, want %q", got, tt.want)
			}
		})
	}
}

func TestServerSequence(t *testing.T) {
	srv := NewServer(t, Response{Sequence: []Response{
		{Status: 500, Body: "first", Headers: map[string]string{"Retry-After": "0"}},
		{Status: 200, ContentType: "application/json", BodyBase64: "e30="},
	}})
	var got []string
	for range 3 {
		resp, err := http.Post(srv.URL+"/p?q=1", "text/plain", strings.NewReader("hi"))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		got = append(got, resp.Status+" "+resp.Header.Get("Retry-After")+" "+resp.Header.Get("Content-Type")+" "+string(b))
	}
	want := []string{"500 Internal Server Error 0 text/plain; charset=utf-8 first", "200 OK  application/json {}", "200 OK  application/json {}"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("answers %q, want %q", got, want)
	}
	seen := srv.Requests()
	if len(seen) != 3 || seen[0].Method != "POST" || seen[0].Path != "/p" || seen[0].Query.Get("q") != "1" || string(seen[0].Body) != "hi" {
		t.Errorf("seen %+v", seen)
	}
}

func TestInputsAndCreateArgs(t *testing.T) {
	c := &Case{
		Config:          json.RawMessage(`{"provider":"P","config":{"base_url":"{{BASE_URL}}"}}`),
		Messages:        json.RawMessage(`[{"type":"UserMessage","content":"Hi","source":"user"}]`),
		Tools:           []json.RawMessage{json.RawMessage(`{"name":"f","parameters":{"type":"object","properties":{}}}`)},
		ToolChoice:      json.RawMessage(`{"tool":"f"}`),
		JSONOutput:      json.RawMessage(`{"name":"Answer","schema":{"type":"object"}}`),
		ExtraCreateArgs: json.RawMessage(`{"temperature":0.5}`),
		Stream:          true,
	}
	msgs, opts, more := c.Inputs(t, nil)
	if len(msgs) != 1 || len(opts.Tools) != 1 || opts.Tools[0].Name != "f" || opts.ToolChoice != "f" || opts.JSONOutput != nil {
		t.Errorf("inputs %v %+v", msgs, opts)
	}
	if more.OutputSchema == nil || more.OutputSchema.Name != "Answer" || string(more.OutputSchema.Schema) != `{"type":"object"}` {
		t.Errorf("output schema %+v", more.OutputSchema)
	}
	if n, ok := opts.ExtraArgs["temperature"].(json.Number); !ok || n != "0.5" {
		t.Errorf("extra args %#v", opts.ExtraArgs)
	}

	args := c.CreateArgs(t, "http://127.0.0.1:1")
	flags := map[string]string{}
	for i := 1; i < len(args)-1; i++ {
		if strings.HasPrefix(args[i], "--") && !strings.HasPrefix(args[i+1], "--") {
			flags[args[i]] = args[i+1]
			i++
		} else {
			flags[args[i]] = ""
		}
	}
	read := func(p string) string {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if args[0] != "create" || read(flags["--config"]) != `{"provider":"P","config":{"base_url":"http://127.0.0.1:1"}}` ||
		flags["--tool-choice"] != "f" || read(args[len(args)-1]) != string(c.Messages) {
		t.Errorf("args %q", args)
	}
	name, schema, _ := strings.Cut(flags["--output-schema"], "=")
	if name != "Answer" || read(schema) != `{"type":"object"}` || filepath.Base(flags["--extra-args"]) != "args.json" {
		t.Errorf("args %q", args)
	}
	if _, ok := flags["--stream"]; !ok {
		t.Errorf("no --stream in %q", args)
	}
}
