// Package testserver is the MCP server the workbench's tests talk to: a
// real server built with the official Go SDK, served in-process over HTTP
// (streamable HTTP or SSE) or, through cmd/mcptestserver, as a child
// process over stdio.
//
// Its tools return text, an image, an error result and an embedded
// resource; it has a prompt, a resource and a resource template. Faults are
// tools too: "sleep" answers after a delay (for timeouts and
// cancellation), "exit" ends the process in the middle of a call and
// "garbage" writes a line that is not JSON-RPC to stdout before answering.
package testserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Name and Version are the server's implementation info, sent in the
// initialize result.
const (
	Name    = "agentschema-testserver"
	Version = "1.0.0"
)

// EchoSchema is the input schema of the "echo" tool, as the server sends it:
// its properties are not in alphabetical order, and it has no "required"
// and no "additionalProperties", so AutoGen's defaults apply.
const EchoSchema = `{"type":"object","properties":{"times":{"type":"integer","default":1},"text":{"type":"string","description":"what to echo"}}}`

// AddArgs are the arguments of the "add" tool, validated by the SDK against
// the schema it infers (both required, no other members).
type AddArgs struct {
	A int `json:"a" jsonschema:"the first addend"`
	B int `json:"b" jsonschema:"the second addend"`
}

// SleepArgs are the arguments of the "sleep" tool.
type SleepArgs struct {
	Millis int `json:"millis"`
}

// PNG returns the image the "image" tool returns: a 2x2 PNG, red, green,
// blue and white.
func PNG() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, color.RGBA{255, 0, 0, 255})
	img.Set(1, 0, color.RGBA{0, 255, 0, 255})
	img.Set(0, 1, color.RGBA{0, 0, 255, 255})
	img.Set(1, 1, color.RGBA{255, 255, 255, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err) // cannot happen with a bytes.Buffer
	}
	return b.Bytes()
}

// Options select the server's behaviour.
type Options struct {
	// Stdout is where the "garbage" tool writes its garbage line; nil
	// means os.Stdout (the stdio transport).
	Stdout io.Writer
	// Exit ends the process for the "exit" tool; nil means os.Exit.
	Exit func(code int)
}

// New returns the test server.
func New(opts Options) *mcp.Server {
	if opts.Stdout == nil {
		opts.Stdout = os.Stdout
	}
	if opts.Exit == nil {
		opts.Exit = os.Exit
	}
	s := mcp.NewServer(&mcp.Implementation{Name: Name, Version: Version}, &mcp.ServerOptions{
		Instructions: "A server for the agentschema tests.",
	})
	addResultTools(s)
	addFaultTools(s, opts)
	addPromptAndResources(s)
	return s
}

// addResultTools adds the tools that answer, one for each kind of result:
// "echo" (text, repeated), "add" (arguments the SDK validates), "image",
// "badimage" (image content that is not an image), "fail" (an error
// result) and "resource" (an embedded resource).
func addResultTools(s *mcp.Server) {
	s.AddTool(&mcp.Tool{
		Name:        "echo",
		Description: "Echoes its text.",
		InputSchema: json.RawMessage(EchoSchema),
	}, echo)
	mcp.AddTool(s, &mcp.Tool{Name: "add", Description: "Adds two integers."},
		func(ctx context.Context, req *mcp.CallToolRequest, in AddArgs) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(in.A + in.B)}}}, nil, nil
		})
	s.AddTool(&mcp.Tool{Name: "image", Description: "Returns a caption and a 2x2 PNG.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{
				&mcp.TextContent{Text: "four pixels"},
				&mcp.ImageContent{Data: PNG(), MIMEType: "image/png"},
			}}, nil
		})
	s.AddTool(&mcp.Tool{Name: "badimage", Description: "Returns image content that is not an image.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.ImageContent{Data: []byte("not an image"), MIMEType: "image/png"}}}, nil
		})
	s.AddTool(&mcp.Tool{Name: "fail", Description: "Always fails.", InputSchema: json.RawMessage(`{"type":"object","properties":{},"required":[],"additionalProperties":true}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "the tool failed"}}}, nil
		})
	s.AddTool(&mcp.Tool{Name: "resource", Description: "Returns an embedded text resource.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.EmbeddedResource{
				Resource: &mcp.ResourceContents{URI: "test://static/hello", MIMEType: "text/plain", Text: "héllo"},
			}}}, nil
		})
}

// echo is the "echo" tool: its text, times times (at least once), each a
// text content.
func echo(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct {
		Text  string `json:"text"`
		Times int    `json:"times"`
	}
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err
	}
	if args.Times < 1 {
		args.Times = 1
	}
	res := &mcp.CallToolResult{}
	for range args.Times {
		res.Content = append(res.Content, &mcp.TextContent{Text: args.Text})
	}
	return res, nil
}

// addFaultTools adds the tools that misbehave: "sleep" answers late,
// "exit" ends the process during the call and "garbage" writes a line
// that is not JSON-RPC to the transport's stdout.
func addFaultTools(s *mcp.Server, opts Options) {
	mcp.AddTool(s, &mcp.Tool{Name: "sleep", Description: "Answers after millis milliseconds."},
		func(ctx context.Context, req *mcp.CallToolRequest, in SleepArgs) (*mcp.CallToolResult, any, error) {
			if in.Millis >= 10000 {
				// Tests that stop or cancel a long call wait for this line.
				fmt.Fprintln(os.Stderr, "testserver: sleeping")
			}
			select {
			case <-time.After(time.Duration(in.Millis) * time.Millisecond):
			case <-ctx.Done():
				return nil, nil, ctx.Err()
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "slept"}}}, nil, nil
		})
	s.AddTool(&mcp.Tool{Name: "exit", Description: "Ends the server process during the call.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			fmt.Fprintln(os.Stderr, "testserver: exiting during a call")
			opts.Exit(3)
			return nil, nil
		})
	s.AddTool(&mcp.Tool{Name: "garbage", Description: "Writes a line that is not JSON-RPC to stdout.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			fmt.Fprintln(opts.Stdout, "this is not JSON-RPC")
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "after garbage"}}}, nil
		})
}

// addPromptAndResources adds the "greet" prompt, the static resource
// test://static/hello and the resource template test://items/{id}.
func addPromptAndResources(s *mcp.Server) {
	s.AddPrompt(&mcp.Prompt{
		Name:        "greet",
		Description: "Greets someone.",
		Arguments:   []*mcp.PromptArgument{{Name: "name", Description: "who to greet", Required: true}},
	}, func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{
			Description: "A greeting.",
			Messages:    []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Hello, " + req.Params.Arguments["name"] + "!"}}},
		}, nil
	})
	s.AddResource(&mcp.Resource{URI: "test://static/hello", Name: "hello", MIMEType: "text/plain", Description: "A greeting."},
		func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: "hello"}}}, nil
		})
	s.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "test://items/{id}", Name: "item", MIMEType: "text/plain"},
		func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: "item " + req.Params.URI}}}, nil
		})
}
