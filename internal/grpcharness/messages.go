package grpcharness

import (
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/agentschema/agentschema/pkg/distributed/worker"
)

// The harness's message types (messages.py): JSON dataclasses whose
// data_type is the bare class name.
type (
	// Ping is an RPC request.
	Ping struct {
		Text string `json:"text"`
		N    int    `json:"n"`
	}
	// Pong is an RPC response.
	Pong struct {
		Text  string `json:"text"`
		N     int    `json:"n"`
		Agent string `json:"agent"`
	}
	// Boom is an RPC whose handler fails with "boom: <text>".
	Boom struct {
		Text string `json:"text"`
	}
	// AskPeer asks caller/* to send Ping to AgentId(peer_type, "peer").
	AskPeer struct {
		PeerType string `json:"peer_type"`
		Text     string `json:"text"`
	}
	// Note is published to "news" or "alerts.*".
	Note struct {
		Text string `json:"text"`
	}
	// NoteAck is what recorder/* publishes to ("acks", source).
	NoteAck struct {
		Text   string `json:"text"`
		SeenBy string `json:"seen_by"`
		Topic  string `json:"topic"`
		Sender string `json:"sender"`
	}
	// RunTeam asks team_runner/* to run its team.
	RunTeam struct {
		Task string `json:"task"`
	}
	// TeamResult is a team run: stream items, messages, stop reason.
	TeamResult struct {
		Stream     [][]string `json:"stream"`
		Messages   [][]string `json:"messages"`
		StopReason string     `json:"stop_reason"`
	}
)

// Serializers are the serializers of the harness's types.
func Serializers() []*worker.Serializer {
	return []*worker.Serializer{worker.JSON[Ping]("Ping"), worker.JSON[Pong]("Pong"), worker.JSON[Boom]("Boom"),
		worker.JSON[AskPeer]("AskPeer"), worker.JSON[Note]("Note"), worker.JSON[NoteAck]("NoteAck"),
		worker.JSON[RunTeam]("RunTeam"), worker.JSON[TeamResult]("TeamResult"),
		worker.Proto[*wrapperspb.StringValue]()}
}

// Expected is the conversation both team scenarios must produce.
var Expected = [][]string{{"user", "start"}, {"alice", "alice: turn 1"}, {"bob", "bob: turn 1"}, {"alice", "alice: turn 2"}}
