// Package protos holds the Go code of AutoGen's gRPC agent-runtime protocol,
// generated from AutoGen's own protos/agent_worker.proto (package agents:
// the AgentRpc service, Message, RpcRequest, RpcResponse, Subscription, ...)
// and protos/cloudevent.proto (package io.cloudevents.v1: CloudEvent) with
// protoc-gen-go and protoc-gen-go-grpc at pinned versions.
//
// It owns nothing hand-written but this file, generate.go and the drift
// test: `go generate ./pkg/distributed/protos` rewrites the .pb.go files
// (internal/cmd/protogen), and TestGeneratedCodeIsCurrent fails when they
// differ from what the .proto files generate. The worker and host runtimes
// (packages worker and host beside this one) are what programs use.
package protos
