"""AutoGen's memory for the two runtime benchmarks the reference kit does not measure memory for.

shared/reference/bench_runtime.py measures memory per run for the round robin and the selector only.
This script measures the other two, the graph fan-out (1 -> 8 -> 1) and the assistant's tool round,
the same way the kit measures AutoGen (its _child_mem): a warm-up run first, then one run under
tracemalloc, reporting the peak above the baseline. It reuses the kit's own builders (build_graph,
build_tool_agent, weather_tool), so the work is exactly the kit's. The HTTP endpoint of the tool round
runs in a separate process, so its allocations are not traced.

    AUTOGEN_REF=/tmp/autogen-ref python3 bench/refmem.py ../shared/reference

The Go side is BenchmarkGraphFanOut and BenchmarkAssistantToolRound (bench/runtime_test.go) with
-benchmem: their B/op is every byte allocated during a run, an upper bound of the run's peak live heap.
"""
from __future__ import annotations

import asyncio
import gc
import json
import os
import subprocess
import sys
import tracemalloc

SERVER = r'''
import http.server, sys
class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = b"Sunny, 21 C"
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *a):
        pass
s = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
print(s.server_address[1], flush=True)
s.serve_forever()
'''


async def peak(build, task: str) -> dict:
    await build().run(task=task)  # imports and lazy initialisation done before measuring
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    runner = build()
    r = await runner.run(task=task)
    cur, top = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"messages": len(r.messages), "tracemalloc_peak": top - base, "tracemalloc_retained": cur - base}


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    sys.path.insert(0, os.path.abspath(sys.argv[1]))
    import bench_runtime as kit  # the kit's builders (and autogen_env's sys.path)

    srv = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True)
    try:
        port = int(srv.stdout.readline())
        tool = kit.weather_tool(port)
        out = {
            "graph": asyncio.run(peak(kit.build_graph, "Split.")),
            "tool": asyncio.run(peak(lambda: kit.build_tool_agent(tool), "Weather in Paris?")),
        }
    finally:
        srv.kill()
        srv.wait()
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
