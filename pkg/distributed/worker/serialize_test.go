package worker

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

type note struct {
	Text string `json:"text"`
	N    int    `json:"n"`
}

// TestPythonJSON checks the bytes against what Python's json.dumps writes
// for the same values (hand-derived: ", " and ": ", ensure_ascii).
func TestPythonJSON(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"text":"hi","n":1}`, `{"text": "hi", "n": 1}`},
		{`{"a":[1,2,{"b":null}]}`, `{"a": [1, 2, {"b": null}]}`},
		{`{"s":"a, b: c"}`, `{"s": "a, b: c"}`},
		{`{"s":"quote \" , : inside"}`, `{"s": "quote \" , : inside"}`},
		{`{"s":"é"}`, `{"s": "\u00e9"}`},
		{`{"s":"😀"}`, `{"s": "\ud83d\ude00"}`},
		{`{"s":"\\"}`, `{"s": "\\"}`},
		{`[]`, `[]`},
	}
	for _, tc := range tests {
		if got := string(PythonJSON([]byte(tc.in))); got != tc.want {
			t.Errorf("PythonJSON(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestRegistry(t *testing.T) {
	r := newRegistry()
	r.add(JSON[note]("Note"), Proto[*wrapperspb.StringValue]())
	tests := []struct {
		name     string
		v        any
		ct       string
		wantName string
		wantData string
	}{
		{"json value", note{"a", 1}, JSONContentType, "Note", `{"text": "a", "n": 1}`},
		{"json pointer", &note{"b", 2}, JSONContentType, "Note", `{"text": "b", "n": 2}`},
		{"nil is NoneType", nil, JSONContentType, "NoneType", `null`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			name, data, err := r.serialize(tc.v, tc.ct)
			if err != nil || name != tc.wantName || string(data) != tc.wantData {
				t.Fatalf("serialize = %q %s %v", name, data, err)
			}
			back, err := r.deserialize(name, tc.ct, data)
			if err != nil {
				t.Fatal(err)
			}
			want := tc.v
			if p, ok := want.(*note); ok {
				want = *p
			}
			if !reflect.DeepEqual(back, want) {
				t.Errorf("deserialize = %#v, want %#v", back, want)
			}
		})
	}
	if _, _, err := r.serialize(struct{}{}, JSONContentType); err == nil {
		t.Error("a type without a serializer was serialized")
	}
	u, err := r.deserialize("Other", JSONContentType, []byte(`{}`))
	if err != nil || !reflect.DeepEqual(u, UnknownPayload{"Other", JSONContentType, []byte(`{}`)}) {
		t.Errorf("unknown type: %#v %v", u, err)
	}
	if _, err := r.deserialize("Note", JSONContentType, []byte(`{"text": 1}`)); err == nil {
		t.Error("a bad payload was read")
	}
}

// TestProtoSerializer checks AutoGen's protobuf form: an Any holding the
// message, type name the full name.
func TestProtoSerializer(t *testing.T) {
	s := Proto[*wrapperspb.StringValue]()
	if s.TypeName != "google.protobuf.StringValue" || s.ContentType != ProtobufContentType {
		t.Fatalf("%s %s", s.TypeName, s.ContentType)
	}
	data, err := s.Marshal(wrapperspb.String("pv"))
	if err != nil {
		t.Fatal(err)
	}
	// Any{type_url: "type.googleapis.com/google.protobuf.StringValue", value: StringValue{"pv"}}
	want := append([]byte{0x0a, 47}, "type.googleapis.com/google.protobuf.StringValue"...)
	want = append(want, 0x12, 4, 0x0a, 2, 'p', 'v')
	if !bytes.Equal(data, want) {
		t.Errorf("bytes % x, want % x", data, want)
	}
	v, err := s.Unmarshal(data)
	if err != nil || !proto.Equal(v.(*wrapperspb.StringValue), wrapperspb.String("pv")) {
		t.Errorf("Unmarshal = %v %v", v, err)
	}
}

func TestSubscriptionMatch(t *testing.T) {
	tests := []struct {
		s    Subscription
		t    TopicID
		want bool
	}{
		{TypeSubscription("news", "r"), TopicID{"news", "s1"}, true},
		{TypeSubscription("news", "r"), TopicID{"news.x", "s1"}, false},
		{TypePrefixSubscription("alerts.", "r"), TopicID{"alerts.fire", "s2"}, true},
		{TypePrefixSubscription("alerts.", "r"), TopicID{"alert", "s2"}, false},
		{TypePrefixSubscription("echo:", "echo"), TopicID{"echo:", "k"}, true},
	}
	for _, tc := range tests {
		if got := tc.s.Matches(tc.t); got != tc.want {
			t.Errorf("%+v matches %v = %v", tc.s, tc.t, got)
		}
		if back, ok := SubscriptionFromProto(tc.s.ToProto()); !ok || back != tc.s {
			t.Errorf("proto round trip of %+v: %+v", tc.s, back)
		}
	}
	if got := (TypeSubscription("news", "r")).Map(TopicID{"news", "s1"}); got != (AgentID{"r", "s1"}) {
		t.Errorf("Map = %v", got)
	}
}

// FuzzPythonJSON: respacing keeps the JSON value.
func FuzzPythonJSON(f *testing.F) {
	for _, s := range []string{`{"text":"hi","n":1}`, `["a, b",{"c":"é😀"}]`, `"\\\""`, `null`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var v any
		if json.Unmarshal([]byte(s), &v) != nil {
			return
		}
		compact, err := marshalJSON(v)
		if err != nil {
			return
		}
		var back any
		if err := json.Unmarshal(PythonJSON(compact), &back); err != nil || !reflect.DeepEqual(v, back) {
			t.Fatalf("%s -> %s: %v", compact, PythonJSON(compact), err)
		}
	})
}
