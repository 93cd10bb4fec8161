package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/agentschema/agentschema/pkg/serve"
	"github.com/agentschema/agentschema/pkg/session"
	"github.com/agentschema/agentschema/pkg/session/postgres"
	"github.com/agentschema/agentschema/pkg/session/sqlite"
	"github.com/agentschema/agentschema/pkg/workbench/mcp"
)

func init() {
	commands["serve"] = command{
		usage: "" +
			"  serve --team TEAM.json [--addr HOST:PORT] [--store URL] [--token-env NAME]\n" +
			"                                        serve a team over HTTP: sessions kept in SQLite or PostgreSQL,\n" +
			"                                        runs streamed as SSE, AutoGen Studio's /predict, a playground\n",
		help: serveUsage,
		run:  runServe,
	}
}

const serveUsage = `usage: agentschema serve --team TEAM.json [--addr HOST:PORT] [--store URL] [--token-env NAME]
                         [--max-body BYTES] [--max-runs N] [--run-timeout DURATION] [--read-timeout DURATION]
                         [--write-timeout DURATION] [--grace DURATION]

Serves an AutoGen team (an AutoGen Studio team file, or any agent or team
component 'agentschema run' runs) over HTTP until SIGINT or SIGTERM.

  GET  /healthz                    200 once serving
  GET  /predict/{task}             AutoGen Studio's serve endpoint: a fresh run on the task,
                                   {"message": ..., "status": ..., "data": TaskResult}
  POST /v1/sessions/{id}/runs      {"task": "text"}, {"messages": [...]} or {}: run the session's
                                   team from its saved state; with Accept: text/event-stream, one
                                   SSE data: event per item as 'agentschema run' prints it
  GET  /v1/sessions[/{id}[/runs]]  sessions (with their TeamState) and their runs, paged
  DELETE /v1/sessions/{id}         forget a session
  GET  /                           the playground page

--addr is where to listen (default 127.0.0.1:8084, AutoGen Studio's port).
--store is sqlite:PATH (default sqlite:agentschema.db, created when missing)
or a postgres:// URL: several serve processes on one PostgreSQL serve the
same sessions, each session running in one process at a time.
--token-env NAME makes every request but GET /healthz and GET / need
"Authorization: Bearer $NAME"; the token is never logged.
--max-body limits request bodies (413 over it), --max-runs the runs at
once (503 over it), --run-timeout each run (504; the session is left as it
was), --read-timeout how long a request body may take to arrive (default
30s; 408 past it), --write-timeout how long a write may wait for a client
that reads nothing (default 30s; its run ends as if it had disconnected).
At SIGTERM the server stops accepting, lets runs finish for --grace, then
cancels them (their sessions are left as they were) and exits 0.

Logs go to standard error, one line per request and per run.

Examples:
  OPENAI_API_KEY=... agentschema serve --team examples/studio/team.json
  curl -N -H 'Accept: text/event-stream' -d '{"task": "What is 3 + 4?"}' \
      http://127.0.0.1:8084/v1/sessions/demo/runs
  agentschema serve --team team.json --store postgres://user:pw@db/agents --token-env SERVE_TOKEN
`

// serveFlags are the command line of serve.
type serveFlags struct {
	team, addr, store, tokenEnv string
	maxBody                     int64
	maxRuns                     int
	runTimeout                  time.Duration
	readTimeout, writeTimeout   time.Duration
	grace                       time.Duration
}

func parseServeFlags(args []string, stderr io.Writer) (*serveFlags, bool) {
	f := &serveFlags{}
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.team, "team", "", "the team component (JSON)")
	fs.StringVar(&f.addr, "addr", "127.0.0.1:8084", "the address to listen on")
	fs.StringVar(&f.store, "store", "sqlite:agentschema.db", "where sessions are kept: sqlite:PATH or a postgres:// URL")
	fs.StringVar(&f.tokenEnv, "token-env", "", "the environment variable holding the bearer token")
	fs.Int64Var(&f.maxBody, "max-body", serve.DefaultMaxBody, "the limit on a request body, in bytes")
	fs.IntVar(&f.maxRuns, "max-runs", serve.DefaultMaxRuns, "the limit on runs at once")
	fs.DurationVar(&f.runTimeout, "run-timeout", 0, "the limit on a run's time (0: none)")
	fs.DurationVar(&f.readTimeout, "read-timeout", serve.DefaultReadTimeout, "the limit on a request body's time to arrive")
	fs.DurationVar(&f.writeTimeout, "write-timeout", serve.DefaultWriteTimeout, "the limit on one write's wait for a client that reads nothing")
	fs.DurationVar(&f.grace, "grace", 30*time.Second, "how long runs may go on after SIGTERM")
	fs.Usage = func() { fmt.Fprint(stderr, serveUsage) }
	pos, ok := parseInterspersed(fs, args)
	switch {
	case !ok:
		return nil, false
	case len(pos) > 0:
		fmt.Fprintf(stderr, "agentschema serve: unexpected argument %q\n", pos[0])
		return nil, false
	case f.team == "":
		fmt.Fprintln(stderr, "agentschema serve: --team TEAM.json is required")
		return nil, false
	case f.maxBody <= 0 || f.maxRuns <= 0 || f.readTimeout <= 0 || f.writeTimeout <= 0 || f.runTimeout < 0 || f.grace < 0:
		fmt.Fprintln(stderr, "agentschema serve: --max-body, --max-runs, --read-timeout and --write-timeout must be positive, --run-timeout and --grace not negative")
		return nil, false
	}
	return f, true
}

// openStore opens the --store URL.
func openStore(ctx context.Context, url string) (session.Service, error) {
	switch {
	case strings.HasPrefix(url, "sqlite:"):
		return sqlite.Open(ctx, strings.TrimPrefix(url, "sqlite:"), sqlite.Options{})
	case strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://"):
		return postgres.Open(ctx, url, postgres.Options{})
	}
	return nil, errors.New("--store must be sqlite:PATH or a postgres:// URL")
}

func runServe(args []string, _ io.Reader, _, stderr io.Writer) int {
	f, ok := parseServeFlags(args, stderr)
	if !ok {
		return exitUsage
	}
	token := ""
	if f.tokenEnv != "" {
		if token = os.Getenv(f.tokenEnv); token == "" {
			fmt.Fprintf(stderr, "agentschema serve: --token-env: $%s is empty or not set\n", f.tokenEnv)
			return exitUsage
		}
	}
	teamJSON, code := readTeam(f.team, stderr)
	if code != exitOK {
		return code
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	store, err := openStore(ctx, f.store)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema serve: --store: %v\n", err)
		return exitUsage
	}
	defer store.Close()
	log := slog.New(slog.NewTextHandler(stderr, nil))
	h, err := serve.New(serve.Options{
		Team: teamJSON, Sessions: store, Token: token, Logger: log,
		MaxBody: f.maxBody, MaxRuns: f.maxRuns, RunTimeout: f.runTimeout,
		ReadTimeout: f.readTimeout, WriteTimeout: f.writeTimeout,
		LoadContext: func(ctx context.Context) context.Context {
			return mcp.WithOptions(ctx, &mcp.Options{Stderr: stderr})
		},
	})
	if err != nil {
		fmt.Fprintf(stderr, "agentschema serve: %s: %v\n", f.team, err)
		return exitBad
	}
	l, err := net.Listen("tcp", f.addr)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema serve: %v\n", err)
		return exitUsage
	}
	return serveUntilSignal(ctx, l, h, log, f.grace)
}

// serveUntilSignal serves on l until ctx ends (SIGINT, SIGTERM), then
// shuts down: no new connections, runs go on for grace, then are
// cancelled.
func serveUntilSignal(ctx context.Context, l net.Listener, h *serve.Handler, log *slog.Logger, grace time.Duration) int {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 30 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(l) }()
	log.Info("serving", "addr", "http://"+l.Addr().String())
	select {
	case err := <-errc:
		log.Error("serving failed", "error", err.Error())
		return exitBad
	case <-ctx.Done():
	}
	log.Info("shutting down", "grace", grace.String())
	gctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := srv.Shutdown(gctx); err != nil {
		log.Info("grace period over: cancelling the runs left")
		cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		h.CancelRuns(cctx)
		if err := srv.Shutdown(cctx); err != nil {
			srv.Close()
		}
	}
	log.Info("stopped")
	return exitOK
}

// readTeam reads the --team file as the other single-document inputs are
// read: within maxInputSize, and only its first byte when that cannot
// start a JSON value (an endless /dev/zero).
func readTeam(name string, stderr io.Writer) ([]byte, int) {
	f, err := openFile(name)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema serve: %v\n", err)
		return nil, exitUsage
	}
	defer f.Close()
	data, err := readJSONLimited(f, maxInputSize)
	if le := (*inputTooLargeError)(nil); errors.As(err, &le) {
		fmt.Fprintf(stderr, "agentschema serve: --team %s: %v\n", name, err)
		return nil, exitBad
	}
	if err != nil {
		fmt.Fprintf(stderr, "agentschema serve: --team %s: %v\n", name, err)
		return nil, exitUsage
	}
	return data, exitOK
}
