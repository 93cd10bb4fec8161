// Command grpcdriver is the Go counterpart of the distributed-runtime
// harness's driver.py: a Go worker that runs the harness's scenarios
// against a host and AutoGen's (or the Go) reference worker, printing one
// JSON line per scenario, the same lines driver.py prints. It exits 0 when
// every scenario gave its expected result, 1 when one did not, 2 on an
// error.
//
// Environment: AGRPC_ADDRESS (default 127.0.0.1:50051), AGRPC_TEAM_ID,
// AGRPC_TEAM2_ID (empty skips the team scenarios), AGRPC_TIMEOUT (seconds
// per wait, default 10). The flag -only NAME,... runs some scenarios.
//
//	DRIVER_CMD=/path/to/grpcdriver ./run_scenarios.sh OUT_GO
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/agentschema/agentschema/internal/grpcharness"
)

func main() {
	only := flag.String("only", "", "comma-separated scenario names to run (default: all)")
	flag.Parse()
	cfg := grpcharness.Config{Address: env("AGRPC_ADDRESS", "127.0.0.1:50051"), TeamID: os.Getenv("AGRPC_TEAM_ID"),
		Team2ID: os.Getenv("AGRPC_TEAM2_ID"), Timeout: 10 * time.Second}
	if s := os.Getenv("AGRPC_TIMEOUT"); s != "" {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || f <= 0 {
			fmt.Fprintf(os.Stderr, "grpcdriver: AGRPC_TIMEOUT=%q: want a positive number of seconds\n", s)
			os.Exit(2)
		}
		cfg.Timeout = time.Duration(f * float64(time.Second))
	}
	if *only != "" {
		cfg.Only = strings.Split(*only, ",")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ok, err := grpcharness.Drive(ctx, cfg, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "grpcdriver:", err)
		os.Exit(2)
	}
	if !ok {
		os.Exit(1)
	}
}

func env(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
