// Package host is a Go host of AutoGen's distributed agent runtime: the
// counterpart of AutoGen's GrpcWorkerAgentRuntimeHost (AutoGen 0.7.5),
// serving the AgentRpc service of agent_worker.proto to workers in any
// language (AutoGen's Python workers, package worker).
//
// It owns the routing state and its rules, as AutoGen's host has them:
// which worker registered each agent type (a second registration is
// refused with AutoGen's text), the subscriptions of every worker (in the
// order added; a duplicate refused), direct messages forwarded to the
// target type's worker and their responses back to the caller, published
// CloudEvents sent once to every worker with a matching subscription, and
// a worker's types and subscriptions dropped when its channel ends,
// control messages relayed to their destination worker. Every
// call needs the client-id metadata ("client-id metadata not found."
// otherwise).
//
// Where AutoGen's host loses messages this one does not: responses are
// paired by (worker, request id) with a fresh id when two callers use the
// same one at once (AutoGen's host crosses them), a request to an unknown
// agent type and a request whose target worker went away are answered
// with an error instead of never. What is sent to each worker is queued,
// as in AutoGen's host, so no worker waits while another reads; unlike
// AutoGen's queue this one is bounded (WithMaxQueue), and a worker that
// stops reading is dropped instead of holding memory without end.
//
// Transcript writes the wire log in the harness's host.py format. Serve
// runs the host until its context ends and stops it gracefully; TLS and
// the message size limit are options. The command `agentschema host` runs
// it.
package host
