#!/usr/bin/env python3
"""What AutoGen 0.7.5 does when MagenticOne's model has structured output and a progress-ledger reply is not JSON.

The orchestrator's client is OpenAIChatCompletionClient(model="gpt-4o", max_retries=0), whose model_info has
structured_output true, so the ledger request is create(json_output=LedgerEntry): the openai library's
model_validate_json of the reply raises pydantic's ValidationError, which the orchestrator does not retry.
The client talks to a loopback server answering the scripted contents in order; the participant "coder"
(description "Writes code.") answers from a ReplayChatCompletionClient.

Scenarios (one per output block):
  first_ledger: the first ledger reply is "not json" (raised inside the manager's handle_start);
  later_ledger: the first ledger sends coder, coder answers "A poem.", the second ledger reply is "not json"
                (raised inside handle_agent_response, re-raised by run_stream as RuntimeError).

Output (expected.txt): per scenario, "== name", then one line per item run_stream yielded
("type source json(content)"), then "raised <module.Class>" and the exception's str() up to the
traceback that SerializableException appends (its paths are the machine's), then "requests N"
and the response_format type of each model request.

Run with the reference kit (../shared/reference, README there):
    AUTOGEN_REF=/tmp/autogen-ref python3 autogen_ledger.py ../shared/reference > expected.txt
"""
import asyncio
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

sys.path.insert(0, sys.argv[1])
import autogen_env  # noqa: E402,F401


def ledger(satisfied, progress, loop, nxt, instruction):
    def entry(reason, answer):
        return {"reason": reason, "answer": answer}

    return json.dumps({
        "is_request_satisfied": entry("Done?", satisfied),
        "is_in_loop": entry("loop?", loop),
        "is_progress_being_made": entry("progress?", progress),
        "next_speaker": entry("who?", nxt),
        "instruction_or_question": entry("what?", instruction),
    }, separators=(",", ":"))


SCENARIOS = {
    "first_ledger": ["FACTS", "PLAN", "not json"],
    "later_ledger": ["FACTS", "PLAN", ledger(False, True, False, "coder", "Write it."), "not json"],
}


def serve(replies, formats):
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            i = len(formats)
            formats.append((body.get("response_format") or {}).get("type"))
            out = json.dumps({"id": "c", "object": "chat.completion", "created": 0, "model": "gpt-4o",
                              "choices": [{"index": 0, "finish_reason": "stop", "logprobs": None,
                                           "message": {"role": "assistant", "content": replies[i]}}],
                              "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(out)))
            self.end_headers()
            self.wfile.write(out)

        def log_message(self, *a):
            pass

    srv = HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


async def scenario(name, replies):
    from autogen_agentchat.agents import AssistantAgent
    from autogen_agentchat.teams import MagenticOneGroupChat
    from autogen_ext.models.openai import OpenAIChatCompletionClient
    from autogen_ext.models.replay import ReplayChatCompletionClient

    formats = []
    srv = serve(replies, formats)
    client = OpenAIChatCompletionClient(model="gpt-4o", api_key="sk-test", max_retries=0,
                                        base_url=f"http://127.0.0.1:{srv.server_port}/v1")
    assert client.model_info["structured_output"]
    coder = AssistantAgent("coder", model_client=ReplayChatCompletionClient(["A poem."]), description="Writes code.")
    team = MagenticOneGroupChat([coder], model_client=client)
    print("== " + name)
    try:
        async for item in team.run_stream(task="Write a poem."):
            print(type(item).__name__, getattr(item, "source", "-"), json.dumps(getattr(item, "content", None)))
    except Exception as e:  # noqa: BLE001
        print("raised " + type(e).__module__ + "." + type(e).__name__)
        print(str(e).split("\nTraceback:")[0])  # the traceback (machine paths) is left out
    print("requests %d" % len(formats))
    for f in formats:
        print(f)
    srv.shutdown()


async def main():
    for name, replies in SCENARIOS.items():
        await scenario(name, replies)


asyncio.run(main())
