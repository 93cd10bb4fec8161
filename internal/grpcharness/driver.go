package grpcharness

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/agentschema/agentschema/pkg/distributed/protos"
	"github.com/agentschema/agentschema/pkg/distributed/worker"
)

// Config is what the driver reads from the harness's environment.
type Config struct {
	Address string        // AGRPC_ADDRESS
	TeamID  string        // AGRPC_TEAM_ID: "" skips team_round_robin
	Team2ID string        // AGRPC_TEAM2_ID: "" skips team_remote_participant
	Timeout time.Duration // AGRPC_TIMEOUT, per wait
	Only    []string      // scenarios to run (all when empty)
}

// Result is one scenario's result line.
type Result map[string]any

type driver struct {
	cfg  Config
	rt   *worker.Runtime
	acks chan NoteAck
}

// Drive is driver.py: it connects a worker that registers agent type
// "driver" (and with Team2ID the participant bob_<Team2ID>), runs the
// scenarios in order and writes one JSON line per scenario to out. ok is
// true when every scenario gave its expected result.
func Drive(ctx context.Context, cfg Config, out io.Writer) (ok bool, err error) {
	d := &driver{cfg: cfg, acks: make(chan NoteAck, 16)}
	d.rt, err = worker.Dial(ctx, cfg.Address, worker.WithSerializers(Serializers()...))
	if err != nil {
		return false, err
	}
	defer d.rt.Close()
	if err := d.rt.Register(ctx, "driver", agent(d.handle)); err != nil {
		return false, err
	}
	if err := d.rt.AddSubscription(ctx, worker.TypeSubscription("acks", "driver")); err != nil {
		return false, err
	}
	if cfg.Team2ID != "" {
		if err := RegisterRemoteParticipant(ctx, d.rt, cfg.Team2ID); err != nil {
			return false, err
		}
	}
	ok = true
	for _, s := range d.scenarios() {
		if len(cfg.Only) > 0 && !slices.Contains(cfg.Only, s.name) {
			continue
		}
		res := d.run(ctx, s.run)
		ok = ok && res["ok"] == true
		line, err := resultLine(s.name, res)
		if err != nil {
			return false, err
		}
		if _, err := out.Write(line); err != nil {
			return false, err
		}
	}
	return ok, nil
}

// resultLine is json.dumps({"scenario", "result"}, sort_keys=True).
func resultLine(name string, res Result) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(map[string]any{"scenario": name, "result": res}); err != nil {
		return nil, err
	}
	return append(worker.PythonJSON(bytes.TrimSuffix(buf.Bytes(), []byte("\n"))), '\n'), nil
}

func (d *driver) run(ctx context.Context, f func(context.Context) (Result, error)) Result {
	res, err := f(ctx)
	if err != nil {
		var re *worker.RemoteError
		name := "Exception"
		if !errors.As(err, &re) {
			name = fmt.Sprintf("%T", err)
		}
		return Result{"exception": name + ": " + err.Error(), "ok": false}
	}
	return res
}

func (d *driver) handle(ctx context.Context, msg any, mc worker.MessageContext) (any, error) {
	switch m := msg.(type) {
	case Ping:
		return Pong{Text: "driver:" + m.Text, N: m.N + 10, Agent: mc.Self.String()}, nil
	case NoteAck:
		select {
		case d.acks <- m:
		case <-ctx.Done():
		}
		return nil, nil
	}
	return nil, unhandled(msg)
}

type scenario struct {
	name string
	run  func(context.Context) (Result, error)
}

func (d *driver) scenarios() []scenario {
	return []scenario{
		{"rpc_echo", d.rpc(Ping{"hi", 1}, worker.AgentID{Type: "echo", Key: "k1"}, Pong{"echo:hi", 2, "echo/k1"})},
		{"rpc_error", d.rpcError},
		{"rpc_reverse", d.rpc(AskPeer{"driver", "yo"}, worker.AgentID{Type: "caller", Key: "k2"}, Pong{"via-caller:driver:yo", 10, "caller/k2"})},
		{"publish_news", d.publish(Note{"n1"}, worker.TopicID{Type: "news", Source: "s1"}, nil, NoteAck{"n1", "recorder/s1", "news/s1", "unknown/unknown"})},
		{"publish_with_sender", d.publish(Note{"n2"}, worker.TopicID{Type: "news", Source: "s1"}, &worker.AgentID{Type: "driver", Key: "d1"}, NoteAck{"n2", "recorder/s1", "news/s1", "driver/d1"})},
		{"publish_prefix", d.publish(Note{"a1"}, worker.TopicID{Type: "alerts.fire", Source: "s2"}, nil, NoteAck{"a1", "recorder/s2", "alerts.fire/s2", "unknown/unknown"})},
		{"publish_protobuf", d.publishProtobuf},
		{"get_subscriptions", d.getSubscriptions},
		{"add_remove_subscription", d.addRemoveSubscription},
		{"duplicate_register", d.duplicateRegister},
		{"team_round_robin", d.teamRoundRobin},
		{"team_remote_participant", d.teamRemoteParticipant},
	}
}

func (d *driver) rpc(msg any, to worker.AgentID, want Pong) func(context.Context) (Result, error) {
	return func(ctx context.Context) (Result, error) {
		ctx, cancel := context.WithTimeout(ctx, d.cfg.Timeout)
		defer cancel()
		r, err := d.rt.Send(ctx, msg, to, nil)
		if err != nil {
			return nil, err
		}
		return Result{"reply": asDict(r), "ok": r == want}, nil
	}
}

func (d *driver) rpcError(ctx context.Context) (Result, error) {
	ctx, cancel := context.WithTimeout(ctx, d.cfg.Timeout)
	defer cancel()
	r, err := d.rt.Send(ctx, Boom{"x"}, worker.AgentID{Type: "echo", Key: "k1"}, nil)
	var re *worker.RemoteError
	if !errors.As(err, &re) {
		if err != nil {
			return nil, err
		}
		return Result{"reply": asDict(r), "ok": false}, nil
	}
	return Result{"error": "Exception: " + re.Message, "ok": re.Message == "boom: x"}, nil
}

func (d *driver) awaitAck(ctx context.Context) (NoteAck, error) {
	select {
	case a := <-d.acks:
		return a, nil
	case <-time.After(d.cfg.Timeout):
		return NoteAck{}, errors.New("TimeoutError: no NoteAck")
	case <-ctx.Done():
		return NoteAck{}, ctx.Err()
	}
}

func (d *driver) publish(msg any, topic worker.TopicID, sender *worker.AgentID, want NoteAck) func(context.Context) (Result, error) {
	return func(ctx context.Context) (Result, error) {
		if err := d.rt.Publish(ctx, msg, topic, sender); err != nil {
			return nil, err
		}
		a, err := d.awaitAck(ctx)
		if err != nil {
			return nil, err
		}
		return Result{"ack": asDict(a), "ok": a == want}, nil
	}
}

func (d *driver) publishProtobuf(ctx context.Context) (Result, error) {
	rt2, err := worker.Dial(ctx, d.cfg.Address, worker.WithPayloadFormat(worker.ProtobufContentType),
		worker.WithSerializers(worker.Proto[*wrapperspb.StringValue]()))
	if err != nil {
		return nil, err
	}
	err = rt2.Publish(ctx, wrapperspb.String("pv"), worker.TopicID{Type: "news", Source: "s3"}, nil)
	var a NoteAck
	if err == nil {
		a, err = d.awaitAck(ctx)
	}
	rt2.Close()
	if err != nil {
		return nil, err
	}
	return Result{"ack": asDict(a), "ok": a == NoteAck{"proto:pv", "recorder/s3", "news/s3", "unknown/unknown"}}, nil
}

// subsView is driver.py's subs_view: [kind, topic, agent type], sorted.
func subsView(subs []worker.Subscription) [][]string {
	out := make([][]string, 0, len(subs))
	for _, s := range subs {
		kind := "typeSubscription"
		if s.Prefix {
			kind = "typePrefixSubscription"
		}
		out = append(out, []string{kind, s.Topic, s.AgentType})
	}
	slices.SortFunc(out, func(a, b []string) int { return slices.Compare(a, b) })
	return out
}

func (d *driver) getSubscriptions(ctx context.Context) (Result, error) {
	subs, err := d.rt.Subscriptions(ctx)
	if err != nil {
		return nil, err
	}
	var v [][]string
	for _, s := range subsView(subs) {
		if !hasAnyPrefix(s[2], "bob_", "alice_", "RoundRobin", "team_runner") {
			v = append(v, s)
		}
	}
	want := subsView([]worker.Subscription{
		worker.TypeSubscription("news", "recorder"), worker.TypePrefixSubscription("alerts.", "recorder"),
		worker.TypeSubscription("acks", "driver"), worker.TypePrefixSubscription("driver:", "driver"),
		worker.TypePrefixSubscription("echo:", "echo"), worker.TypePrefixSubscription("caller:", "caller"),
		worker.TypePrefixSubscription("recorder:", "recorder")})
	return Result{"subscriptions": v, "ok": reflect.DeepEqual(v, want)}, nil
}

func hasAnyPrefix(s string, ps ...string) bool {
	for _, p := range ps {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func (d *driver) addRemoveSubscription(ctx context.Context) (Result, error) {
	sub := worker.TypeSubscription("tmp.topic", "driver")
	sub.ID = "sub-tmp-1"
	present := func() (bool, error) {
		subs, err := d.rt.Subscriptions(ctx)
		return slices.ContainsFunc(subsView(subs), func(s []string) bool {
			return slices.Equal(s, []string{"typeSubscription", "tmp.topic", "driver"})
		}), err
	}
	if err := d.rt.AddSubscription(ctx, sub); err != nil {
		return nil, err
	}
	during, err := present()
	if err != nil {
		return nil, err
	}
	if err := d.rt.RemoveSubscription(ctx, "sub-tmp-1"); err != nil {
		return nil, err
	}
	after, err := present()
	if err != nil {
		return nil, err
	}
	return Result{"present_after_add": during, "present_after_remove": after, "ok": during && !after}, nil
}

var clientInText = regexp.MustCompile(`client [0-9a-f-]{36}`)

func (d *driver) duplicateRegister(ctx context.Context) (Result, error) {
	_, err := d.rt.Client().RegisterAgent(d.rt.OutgoingContext(ctx), &protos.RegisterAgentTypeRequest{Type: "echo"})
	if err == nil {
		return Result{"ok": false}, nil
	}
	s := status.Convert(err)
	det := clientInText.ReplaceAllString(s.Message(), "client <client-id>")
	return Result{"code": codeName(s.Code()), "details": det,
		"ok": s.Code() == codes.InvalidArgument && det == "Agent type echo already registered with client <client-id>."}, nil
}

// codeName is the status code's name as Python's grpc.StatusCode spells it.
func codeName(c codes.Code) string {
	if c == codes.OK {
		return "OK"
	}
	var b strings.Builder
	for i, r := range c.String() {
		if i > 0 && r >= 'A' && r <= 'Z' {
			b.WriteByte('_')
		}
		b.WriteRune(r)
	}
	return strings.ToUpper(b.String())
}

// asDict is the dataclass's __dict__: its JSON object.
func asDict(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	var m any
	_ = json.Unmarshal(b, &m)
	return m
}

func typeName(v any) string {
	if v == nil {
		return "NoneType"
	}
	if u, ok := v.(worker.UnknownPayload); ok {
		return u.TypeName
	}
	return reflect.TypeOf(v).Name()
}
