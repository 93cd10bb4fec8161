package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"time"

	agentschema "github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/component"
)

// keyVariables are the environment variables model clients read their keys
// from. validate --runnable builds components and never calls them, so a
// missing key is not a fault of the file: these get a stand-in when unset.
var keyVariables = []string{"OPENAI_API_KEY", "AZURE_OPENAI_API_KEY", "ANTHROPIC_API_KEY"}

// standInKeys sets each unset key variable to a value no server accepts,
// and returns what unsets them again.
func standInKeys() (restore func()) {
	var set []string
	for _, k := range keyVariables {
		if _, ok := os.LookupEnv(k); !ok && os.Setenv(k, "agentschema-validate-runnable") == nil {
			set = append(set, k)
		}
	}
	return func() {
		for _, k := range set {
			_ = os.Unsetenv(k)
		}
	}
}

// runnableTimeout bounds building and closing one component tree.
const runnableTimeout = 30 * time.Second

// isComponentTree reports whether data is a component envelope: an object
// with a "provider" and no "type" tag.
func isComponentTree(data []byte) bool {
	found := false
	_ = component.Walk(data, func(n *component.Node) error {
		found = n.Pointer == ""
		return errStopWalk
	})
	return found
}

var errStopWalk = errors.New("stop")

// runnableFault builds the component tree data as run builds it (every
// component loaded, nothing started or called) and returns what run would
// refuse, at the component's pointer; nil when it runs.
func runnableFault(ctx context.Context, data []byte) error {
	ctx, cancel := context.WithTimeout(ctx, runnableTimeout)
	defer cancel()
	v, err := component.Load(ctx, data)
	if err == nil {
		switch c := v.(type) {
		case interface{ Close(context.Context) error }:
			_ = c.Close(ctx)
		case interface{ Close() error }:
			_ = c.Close()
		}
		return nil
	}
	err = agentchat.AtPointer("", err)
	var ce *agentchat.ConfigError
	ptr, msg := "", err.Error()
	if errors.As(err, &ce) {
		ptr, msg = ce.Pointer, innermost(ce.Err)
	}
	f := &agentschema.Fault{Pointer: ptr, Type: "not_runnable", Message: "run refuses this component: " + msg}
	_ = component.Walk(data, func(n *component.Node) error {
		if n.Pointer == ptr {
			f.Offset = n.Offset
			f.Line = 1 + bytes.Count(data[:n.Offset], []byte("\n"))
			f.Column = n.Offset - bytes.LastIndexByte(data[:n.Offset], '\n')
			return errStopWalk
		}
		return nil
	})
	return agentschema.Faults{f}
}

// innermost is err's text without the "component: loading PROVIDER: "
// prefixes of the loads it went through.
func innermost(err error) string {
	s := err.Error()
	for strings.HasPrefix(s, "component: loading ") {
		i := strings.Index(s, ": ")
		j := strings.Index(s[i+2:], ": ")
		if j < 0 {
			break
		}
		s = s[i+2+j+2:]
	}
	return s
}
