package main

import (
	"context"
	"crypto/tls"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"time"

	"github.com/agentschema/agentschema/pkg/distributed/host"
)

func init() {
	commands["host"] = command{
		usage: "" +
			"  host --addr HOST:PORT [--transcript FILE]\n" +
			"                                        run a host of AutoGen's distributed agent runtime (gRPC) that\n" +
			"                                        AutoGen's Python workers and Go workers connect to\n",
		runCtx: runHost,
	}
}

const hostUsage = `usage: agentschema host --addr HOST:PORT [--transcript FILE] [--tls-cert FILE --tls-key FILE]

Serves the AgentRpc service of AutoGen's distributed runtime (agent_worker.proto)
at HOST:PORT, routing as AutoGen's GrpcWorkerAgentRuntimeHost: agent type
registrations, subscriptions, direct messages and their responses, published
events. Prints "HOST READY HOST:PORT" once serving; SIGINT or SIGTERM stops it
gracefully (the workers' channels close). --transcript writes every message it
routes as JSON lines (the format of the harness's host.py), for debugging.
Messages for each worker are queued, so no worker waits for another to read;
a worker that does not read and lets more than --max-queue bytes queue up has
its channel ended (RESOURCE_EXHAUSTED).

Example:
  agentschema host --addr 127.0.0.1:50051 --transcript wire.jsonl
`

func runHost(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("host", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "", "the address to listen on, HOST:PORT (default: $AGRPC_ADDRESS)")
	transcript := fs.String("transcript", "", "write the wire log (JSON lines) to this file (default: $AGRPC_TRANSCRIPT)")
	cert := fs.String("tls-cert", "", "serve TLS with this certificate (PEM; needs --tls-key)")
	key := fs.String("tls-key", "", "the certificate's private key (PEM)")
	maxSize := fs.Int("max-message-size", host.DefaultMaxMessageSize, "the largest protocol message accepted or sent, in bytes")
	maxQueue := fs.Int("max-queue", host.DefaultMaxQueue, "the bytes queued for a worker that does not read them, past which its channel is ended")
	grace := fs.Duration("grace", time.Second, "how long a stop waits for open calls to end")
	fs.Usage = func() {
		fmt.Fprint(stderr, hostUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return exitOK
		}
		return exitUsage
	}
	if *addr == "" {
		*addr = os.Getenv("AGRPC_ADDRESS") // the harness's run_scenarios.sh sets both
	}
	if *transcript == "" {
		*transcript = os.Getenv("AGRPC_TRANSCRIPT")
	}
	if *addr == "" || fs.NArg() > 0 || (*cert == "") != (*key == "") || *maxSize <= 0 || *maxQueue <= 0 {
		fmt.Fprintln(stderr, "agentschema host: --addr HOST:PORT is required; --tls-cert and --tls-key go together; the sizes are positive; no arguments")
		fs.Usage()
		return exitUsage
	}
	opts := []host.Option{host.WithMaxMessageSize(*maxSize), host.WithMaxQueue(*maxQueue)}
	if *cert != "" {
		pair, err := tls.LoadX509KeyPair(*cert, *key)
		if err != nil {
			fmt.Fprintf(stderr, "agentschema host: %v\n", err)
			return exitUsage
		}
		opts = append(opts, host.WithTLS(&tls.Config{Certificates: []tls.Certificate{pair}, MinVersion: tls.VersionTLS12}))
	}
	var log *host.Transcript
	if *transcript != "" {
		f, err := os.Create(*transcript)
		if err != nil {
			fmt.Fprintf(stderr, "agentschema host: %v\n", err)
			return exitUsage
		}
		defer f.Close()
		log = host.NewTranscript(f)
		opts = append(opts, host.WithTranscript(log))
	}
	lis, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema host: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(stdout, "HOST READY %s\n", lis.Addr())
	if err := host.New(opts...).Serve(ctx, lis, *grace); err != nil {
		fmt.Fprintf(stderr, "agentschema host: %v\n", err)
		return exitUsage
	}
	if err := log.Err(); err != nil {
		fmt.Fprintf(stderr, "agentschema host: writing the transcript: %v\n", err)
		return exitUsage
	}
	return exitOK
}
