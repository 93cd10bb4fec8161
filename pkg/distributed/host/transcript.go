package host

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"math"
	"sync"
	"time"

	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	_ "google.golang.org/protobuf/types/known/wrapperspb" // Any of the wrappers in the log

	"github.com/agentschema/agentschema/pkg/distributed/worker"
)

// Transcript writes the host's wire log as the harness's host.py does: one
// JSON object per line (keys sorted, Python's separators), in the order the
// host saw the messages:
//
//	{"ev":"open","stream":"OpenChannel","client":ID,"metadata":{...}}
//	{"ev":"close","stream":"OpenChannel","client":ID}
//	{"ev":"recv","client":ID,"msg":{...}}   a message read from a worker
//	{"ev":"send","client":ID,"msg":{...}}   a message written to a worker
//	{"ev":"unary","rpc":NAME,"client":ID,"req":{...},"resp":{...}|null,"status":"OK"|CODE,"details":STR}
//
// each with "seq" (from 1) and "t" (seconds since the transcript began).
// Messages are protobuf JSON with the .proto field names; the bytes fields
// data and binary_data are also decoded into data_json / binary_data_json
// when they hold JSON. A nil *Transcript writes nothing.
type Transcript struct {
	mu    sync.Mutex
	w     io.Writer
	seq   int
	start time.Time
	err   error
}

// NewTranscript writes the wire log to w.
func NewTranscript(w io.Writer) *Transcript { return &Transcript{w: w, start: time.Now()} }

// Err is the first write error, if any.
func (t *Transcript) Err() error {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.err
}

func (t *Transcript) write(rec map[string]any) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.seq++
	rec["seq"] = t.seq
	rec["t"] = math.Round(time.Since(t.start).Seconds()*1e4) / 1e4
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rec); err != nil {
		return
	}
	line := append(worker.PythonJSON(bytes.TrimSuffix(buf.Bytes(), []byte("\n"))), '\n')
	if _, err := t.w.Write(line); err != nil && t.err == nil {
		t.err = err
	}
}

func (t *Transcript) open(cid string, md metadata.MD) {
	if t == nil {
		return
	}
	m := map[string]any{}
	for k, v := range md {
		if len(v) > 0 {
			m[k] = v[0]
		}
	}
	t.write(map[string]any{"ev": "open", "stream": "OpenChannel", "client": cid, "metadata": m})
}

func (t *Transcript) close(cid string) {
	if t == nil {
		return
	}
	t.write(map[string]any{"ev": "close", "stream": "OpenChannel", "client": cid})
}

func (t *Transcript) message(ev, cid string, m proto.Message) {
	if t == nil {
		return
	}
	t.write(map[string]any{"ev": ev, "client": cid, "msg": protoJSON(m)})
}

func (t *Transcript) unary(rpc, cid string, req, resp proto.Message, err error) {
	if t == nil {
		return
	}
	rec := map[string]any{"ev": "unary", "rpc": rpc, "client": nilIfEmpty(cid), "req": protoJSON(req),
		"resp": nil, "status": "OK", "details": ""}
	if err != nil {
		s, _ := statusOf(err)
		rec["status"], rec["details"] = s.code, s.details
	} else {
		rec["resp"] = protoJSON(resp)
	}
	t.write(rec)
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// protoJSON is google.protobuf.json_format.MessageToDict(m,
// preserving_proto_field_name=True) with the JSON bytes fields decoded.
func protoJSON(m proto.Message) any {
	b, err := protojson.MarshalOptions{UseProtoNames: true}.Marshal(m)
	if err != nil {
		return map[string]any{"unprintable": err.Error()}
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return nil
	}
	decodeJSONBytes(v)
	return v
}

// decodeJSONBytes adds "<field>_json" beside each base64 data or
// binary_data field that holds JSON, as host.py does.
func decodeJSONBytes(v any) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			s, ok := e.(string)
			if (k == "data" || k == "binary_data") && ok {
				raw, err := base64.StdEncoding.DecodeString(s)
				if err != nil {
					continue
				}
				d := json.NewDecoder(bytes.NewReader(raw))
				d.UseNumber()
				var j any
				if d.Decode(&j) == nil && !d.More() {
					x[k+"_json"] = j
				}
				continue
			}
			decodeJSONBytes(e)
		}
	case []any:
		for _, e := range x {
			decodeJSONBytes(e)
		}
	}
}
