package grpcharness

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/agentschema/agentschema/internal/logtest"

	"github.com/agentschema/agentschema/pkg/distributed/host"
)

const (
	team1 = "00000000-0000-4000-8000-000000000001"
	team2 = "00000000-0000-4000-8000-000000000002"
)

var refDir = filepath.Join("..", "..", "testdata", "conformance", "distributed", "reference")

// startHost serves a Go host on a free port; stop stops it and waits.
func startHost(t *testing.T, opts ...host.Option) (addr string, stop func()) {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- host.New(opts...).Serve(ctx, lis, 2*time.Second) }()
	return lis.Addr().String(), func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("host: %v", err)
		}
	}
}

// runScenarios is run_scenarios.sh with the Go host, the Go reference
// worker and the Go driver: the driver's lines and the host's transcript.
func runScenarios(t *testing.T) (lines, transcript []byte) {
	t.Helper()
	var log logtest.Buffer
	addr, stop := startHost(t, host.WithTranscript(host.NewTranscript(&log)))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	ref, err := RefWorker(ctx, addr, team1, team2)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	ok, err := Drive(ctx, Config{Address: addr, TeamID: team1, Team2ID: team2, Timeout: 10 * time.Second}, &out)
	if err != nil {
		t.Fatal(err)
	}
	if !ok {
		t.Errorf("a scenario failed:\n%s", out.String())
	}
	time.Sleep(100 * time.Millisecond) // as run_scenarios.sh: let the last messages land
	ref.Close()
	stop()
	return out.Bytes(), []byte(log.String())
}

// TestRecordedReference runs the harness's 12 scenarios with the Go host,
// the Go reference worker and the Go driver, and compares them with
// AutoGen's recorded run (Python host, ref_worker.py, driver.py): the
// driver's lines must be equal, and the normalized host transcript equal
// per (client, event kind), as compare.py judges.
func TestRecordedReference(t *testing.T) {
	lines, transcript := runScenarios(t)
	wantLines, err := os.ReadFile(filepath.Join(refDir, "driver.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseJSONL(lines)
	if err != nil {
		t.Fatal(err)
	}
	want, err := ParseJSONL(wantLines)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Errorf("driver printed %d lines, AutoGen's %d", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if !reflect.DeepEqual(got[i], want[i]) {
			g, _ := json.Marshal(got[i])
			w, _ := json.Marshal(want[i])
			t.Errorf("driver line %d:\n got: %s\nwant: %s", i+1, g, w)
		}
	}
	recs, err := ParseJSONL(transcript)
	if err != nil {
		t.Fatal(err)
	}
	refNorm, err := os.ReadFile(filepath.Join(refDir, "host_transcript.norm.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	ref, err := ParseJSONL(refNorm)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range Compare(ref, Normalize(recs)) {
		t.Error(d)
	}
}

// TestNormalizeIsNormalizePy runs the Go normalization over a raw wire log
// of AutoGen's own run and compares it, record by record, with what the
// harness's normalize.py made of the same log; the result also matches the
// harness's reference as compare.py judges.
func TestNormalizeIsNormalizePy(t *testing.T) {
	read := func(name string) []Record {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		recs, err := ParseJSONL(data)
		if err != nil {
			t.Fatal(err)
		}
		return recs
	}
	got, want := Normalize(read("autogen_host_transcript.jsonl")), read("autogen_host_transcript.norm.jsonl")
	if len(got) != len(want) {
		t.Fatalf("%d records, normalize.py gave %d", len(got), len(want))
	}
	for i := range got {
		if !reflect.DeepEqual(got[i], want[i]) {
			g, _ := json.Marshal(got[i])
			w, _ := json.Marshal(want[i])
			t.Errorf("record %d:\n  go: %s\n  py: %s", i+1, g, w)
		}
	}
	refNorm, err := os.ReadFile(filepath.Join(refDir, "host_transcript.norm.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	ref, err := ParseJSONL(refNorm)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range Compare(ref, got) {
		t.Error(d)
	}
}
