package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestRunTeam runs the default team file and compares the output with what
// AutoGen's Console printed for the same file and task
// (cmd/agentschema/testdata/console, written by the real AutoGen).
func TestRunTeam(t *testing.T) {
	root := filepath.Join("..", "..")
	want, err := os.ReadFile(filepath.Join(root, "cmd", "agentschema", "testdata", "console", "replay_team_stream.console"))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := runTeam(context.Background(), filepath.Join(root, "examples", "studio", "replay_team.json"), "What is 3 + 4?", &out); err != nil {
		t.Fatal(err)
	}
	if out.String() != string(want) {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

func TestCalculator(t *testing.T) {
	for _, c := range []struct {
		in   calculatorArgs
		want string
	}{
		{calculatorArgs{3, 4, "+"}, "7.0"},
		{calculatorArgs{1, 4, "/"}, "0.25"},
		{calculatorArgs{1, 0, "/"}, "Error: Division by zero"},
		{calculatorArgs{1, 2, "%"}, "Error: Invalid operator. Please use +, -, *, or /"},
	} {
		got, err := calculator(context.Background(), c.in)
		if err != nil || got != c.want {
			t.Errorf("calculator(%v) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}
