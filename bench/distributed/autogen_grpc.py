"""AutoGen's side of BENCHMARKS.md's "Distributed runtime": the scenario of pkg/distributed/host's
BenchmarkDirectRoundTrip, BenchmarkDirectRoundTripConcurrent and BenchmarkPublishFanOut, run with AutoGen 0.7.5's
GrpcWorkerAgentRuntimeHost and GrpcWorkerAgentRuntime, each in its own process, on loopback.

usage: AUTOGEN_REF=<reference kit dir> python3 bench/distributed/autogen_grpc.py [--n 2000] [--port 50161]
Needs the harness's environment (testdata/conformance/distributed: env.py, setup.sh run once; see its README).
Prints one JSON line per measurement (roundtrips/s, publishes/s, deliveries/s). Not run by go test.
"""
import os
import sys

HARNESS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "testdata", "conformance", "distributed")
sys.path.insert(0, HARNESS)
import env  # noqa: E402,F401  (AutoGen, Debian's grpc/protobuf, the regenerated protos)

import argparse  # noqa: E402
import asyncio  # noqa: E402
import json  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402
from dataclasses import dataclass  # noqa: E402

from autogen_core import (  # noqa: E402
    AgentId, MessageContext, RoutedAgent, TopicId, TypeSubscription, message_handler, try_get_known_serializers_for_type,
)
from autogen_ext.runtimes.grpc import GrpcWorkerAgentRuntime, GrpcWorkerAgentRuntimeHost  # noqa: E402

from messages import Ping, Pong  # noqa: E402


@dataclass
class Count:
    pass


@dataclass
class Counted:
    n: int


DELIVERED = 0


class Echo(RoutedAgent):
    def __init__(self) -> None:
        super().__init__("echo")

    @message_handler
    async def on_ping(self, message: Ping, ctx: MessageContext) -> Pong:
        return Pong(text="echo:" + message.text, n=message.n + 1, agent=str(self.id))

    @message_handler
    async def on_count(self, message: Count, ctx: MessageContext) -> Counted:
        return Counted(DELIVERED)


class Sink(RoutedAgent):
    def __init__(self) -> None:
        super().__init__("sink")

    @message_handler
    async def on_ping(self, message: Ping, ctx: MessageContext) -> None:
        global DELIVERED
        DELIVERED += 1


def serializers(rt):
    for t in (Ping, Pong, Count, Counted):
        rt.add_message_serializer(try_get_known_serializers_for_type(t))


async def run_host(address):
    host = GrpcWorkerAgentRuntimeHost(address=address)
    host.start()
    print("READY", flush=True)
    await host.stop_when_signal(grace=1)


async def run_receiver(address):
    rt = GrpcWorkerAgentRuntime(host_address=address)
    await rt.start()
    serializers(rt)
    await Echo.register(rt, "echo", Echo)
    for i in range(4):
        await Sink.register(rt, f"sink{i}", Sink)
        await rt.add_subscription(TypeSubscription("fan", f"sink{i}"))
    print("READY", flush=True)
    await rt.stop_when_signal()


async def run_bench(address, n):
    rt = GrpcWorkerAgentRuntime(host_address=address)
    await rt.start()
    serializers(rt)
    to = AgentId("echo", "k")
    for i in range(100):  # warm up
        await rt.send_message(Ping("hi", i), to)
    t = time.perf_counter()
    for i in range(n):
        await rt.send_message(Ping("hi", i), to)
    el = time.perf_counter() - t
    print(json.dumps({"bench": "DirectRoundTrip", "n": n, "roundtrips/s": round(n / el)}), flush=True)
    sem = asyncio.Semaphore(64)

    async def one(i):
        async with sem:
            await rt.send_message(Ping("hi", i), to)

    t = time.perf_counter()
    await asyncio.gather(*(one(i) for i in range(n)))
    el = time.perf_counter() - t
    print(json.dumps({"bench": "DirectRoundTripConcurrent", "n": n, "roundtrips/s": round(n / el)}), flush=True)
    base = (await rt.send_message(Count(), to)).n
    t = time.perf_counter()
    for i in range(n):
        await rt.publish_message(Ping("n", i), TopicId("fan", "s"))
    while (await rt.send_message(Count(), to)).n - base < 4 * n:
        await asyncio.sleep(0.005)
    el = time.perf_counter() - t
    print(json.dumps({"bench": "PublishFanOut", "n": n, "publishes/s": round(n / el),
                      "deliveries/s": round(4 * n / el)}), flush=True)
    await rt.stop()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--role", default="bench", choices=["bench", "host", "receiver"])
    ap.add_argument("--port", type=int, default=50161)
    ap.add_argument("--n", type=int, default=2000)
    a = ap.parse_args()
    address = f"127.0.0.1:{a.port}"
    if a.role == "host":
        return asyncio.run(run_host(address))
    if a.role == "receiver":
        return asyncio.run(run_receiver(address))
    procs = []
    try:
        for role in ("host", "receiver"):
            p = subprocess.Popen([sys.executable, __file__, "--role", role, "--port", str(a.port)],
                                 stdout=subprocess.PIPE, text=True)
            procs.append(p)
            if p.stdout.readline().strip() != "READY":
                raise SystemExit(f"{role} did not start")
        asyncio.run(run_bench(address, a.n))
    finally:
        for p in reversed(procs):
            p.terminate()
            p.wait()


if __name__ == "__main__":
    main()
