#!/usr/bin/env bash
# Runs every fuzz target of the module for FUZZTIME each (make fuzz).
# A target fails the run when it finds a failing input (written under the
# package's testdata/fuzz/). Go's fuzzer sometimes ends a clean run with
# "context deadline exceeded" when the time runs out during minimization
# or baseline coverage; that is reported and the run goes on.
set -uo pipefail
GO=${GO:-go}
FUZZTIME=${FUZZTIME:-45s}
failed=0
for pkg in $($GO list ./...); do
  for t in $($GO test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz'); do
    echo "== $pkg $t"
    out=$($GO test -run '^$' -fuzz "^$t\$" -fuzztime "$FUZZTIME" -fuzzminimizetime 10s "$pkg" 2>&1)
    status=$?
    printf '%s\n' "$out" | grep -v '^fuzz: elapsed' | tail -n 20
    if [ $status -ne 0 ]; then
      if printf '%s' "$out" | grep -q 'Failing input written'; then
        failed=1
      elif printf '%s' "$out" | grep -q 'context deadline exceeded'; then
        echo "   (ended by the fuzz time during minimization or baseline coverage: no failing input)"
      else
        failed=1
      fi
    fi
    printf '%s\n' "$out" | grep '^fuzz: elapsed' | tail -n 1
  done
done
exit $failed
