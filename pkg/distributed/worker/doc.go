// Package worker is a Go worker of AutoGen's distributed agent runtime
// (autogen_ext.runtimes.grpc.GrpcWorkerAgentRuntime, AutoGen 0.7.5): it
// connects to a host (AutoGen's GrpcWorkerAgentRuntimeHost, the .NET
// gateway, or package host) over gRPC and makes Go agents members of the
// same system as AutoGen's Python agents.
//
// It owns:
//
//   - Runtime (Dial, Close): the data channel with the client-id metadata,
//     reconnecting with backoff unless told not to;
//   - agent types (Register: RegisterAgent, a Factory making one instance
//     per AgentID key on its first message, and the "<type>:"
//     TypePrefixSubscription AutoGen's BaseAgent.register adds) and
//     subscriptions (AddSubscription, RemoveSubscription, Subscriptions);
//   - messaging: Send (a direct message through the host, awaiting the
//     reply; uuid4 request ids), Publish (a CloudEvent with AutoGen's five
//     attributes), and delivery to Agent.OnMessage with a MessageContext;
//   - AutoGen's serializers: JSON (json.dumps of a dataclass, the bare
//     class name as data_type), CompactJSON (pydantic's model_dump_json),
//     Proto (a protobuf message packed in an Any, its full name as
//     data_type), NoneType for a nil reply, UnknownPayload for the rest;
//   - errors: *RemoteError (a handler's error text, as AutoGen's
//     RpcResponse.error), ErrClosed, ErrDisconnected, and
//     *agentschema.LimitError for a message over the size limit.
//
// A handler's panic becomes an error response; the worker goes on.
// Published messages reach an agent instance one at a time, in the order
// the host sent them; direct messages run concurrently.
package worker
