#!/usr/bin/env python3
"""Writes the console golden files with AutoGen 0.7.5 itself (../shared/reference, AUTOGEN_REF set):

    python3 make_golden.py REFERENCE_DIR [OUT_DIR]

For each case it builds the component with AutoGen's API, writes its dump_component() JSON
(CASE.json, the config the Go test runs), then runs Console(component.run_stream(task=TASK)) twice,
without and with output_stats=True, and writes what Console printed (CASE.console, CASE.stats).
The stats' "Duration: N seconds" line varies from run to run; the Go test masks its number.
Nothing in the Go module runs this script: the files it wrote are checked in.
"""
import asyncio
import contextlib
import io
import json
import os
import sys

sys.path.insert(0, sys.argv[1])
import autogen_env  # noqa: E402,F401

from autogen_agentchat.agents import AssistantAgent  # noqa: E402
from autogen_agentchat.conditions import MaxMessageTermination, TextMentionTermination, HandoffTermination  # noqa: E402
from autogen_agentchat.teams import RoundRobinGroupChat, Swarm  # noqa: E402
from autogen_agentchat.ui import Console  # noqa: E402
from autogen_core import ComponentLoader  # noqa: E402
from autogen_core.models import CreateResult, ModelInfo, RequestUsage  # noqa: E402
from autogen_core import FunctionCall  # noqa: E402
from autogen_core.tools import FunctionTool  # noqa: E402
from autogen_ext.models.replay import ReplayChatCompletionClient  # noqa: E402

OUT = sys.argv[2] if len(sys.argv) > 2 else os.path.dirname(os.path.abspath(__file__))

CALCULATOR = '''def calculator(a: float, b: float, operator: str) -> str:
    try:
        if operator == "+":
            return str(a + b)
        elif operator == "-":
            return str(a - b)
        elif operator == "*":
            return str(a * b)
        elif operator == "/":
            if b == 0:
                return "Error: Division by zero"
            return str(a / b)
        else:
            return "Error: Invalid operator. Please use +, -, *, or /"
    except Exception as e:
        return f"Error: {str(e)}"
'''


def calculator_tool():
    """The Studio gallery's calculator, from a module file so that dump_component() finds its source."""
    import importlib
    import tempfile
    folder = tempfile.mkdtemp()
    with open(os.path.join(folder, "studio_calculator.py"), "w", encoding="utf-8") as f:
        f.write(CALCULATOR)
    sys.path.insert(0, folder)
    module = importlib.import_module("studio_calculator")
    return FunctionTool(module.calculator, "A simple calculator that performs basic arithmetic operations",
                        name="calculator", global_imports=[])


INFO = ModelInfo(vision=False, function_calling=True, json_output=False, family="unknown", structured_output=False)


def replay(responses):
    return ReplayChatCompletionClient(responses, model_info=INFO)


def call(name, args, call_id="call_1"):
    return CreateResult(finish_reason="function_calls", usage=RequestUsage(prompt_tokens=0, completion_tokens=0),
                        cached=False, content=[FunctionCall(id=call_id, name=name, arguments=json.dumps(args))])


def replay_team(stream):
    """The README's team: one AssistantAgent with the Studio gallery's calculator."""
    client = replay([call("calculator", {"a": 3, "b": 4, "operator": "+"}),
                                         "3 + 4 = 7.0. TERMINATE"])
    agent = AssistantAgent("assistant_agent", model_client=client, tools=[calculator_tool()],
                           system_message="You are a helpful assistant. Solve tasks carefully. When done, say TERMINATE.",
                           model_client_stream=stream)
    return RoundRobinGroupChat([agent], termination_condition=TextMentionTermination("TERMINATE") | MaxMessageTermination(10))


def two_agents():
    a = AssistantAgent("writer", model_client=replay(["A first draft of the poem.", "A second draft."]))
    b = AssistantAgent("critic", model_client=replay(["Make it shorter, please."]))
    return RoundRobinGroupChat([a, b], termination_condition=MaxMessageTermination(4))


def swarm():
    alice = AssistantAgent("alice", handoffs=["bob"], model_client=replay(
        [call("transfer_to_bob", {})]))
    bob = AssistantAgent("bob", model_client=replay(["Bob here: done."]))
    return Swarm([alice, bob], termination_condition=TextMentionTermination("done") | MaxMessageTermination(5))


def lone_agent():
    return AssistantAgent("solo", model_client=replay(["Just one answer, streamed word by word."]),
                          model_client_stream=True)


CASES = {
    "replay_team": (lambda: replay_team(False), "What is 3 + 4?"),
    "replay_team_stream": (lambda: replay_team(True), "What is 3 + 4?"),
    "two_agents": (two_agents, "Write a poem."),
    "swarm": (swarm, "Who answers?"),
    "lone_agent": (lone_agent, "Say something."),
}


async def console(config, task, stats):
    component = ComponentLoader.load_component(config)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        await Console(component.run_stream(task=task), output_stats=stats)
    return buf.getvalue()


async def main():
    for name, (build, task) in CASES.items():
        config = build().dump_component().model_dump(mode="json")
        with open(os.path.join(OUT, name + ".json"), "w", encoding="utf-8") as f:
            json.dump(config, f, indent=2, ensure_ascii=False)
            f.write("\n")
        with open(os.path.join(OUT, name + ".task"), "w", encoding="utf-8") as f:
            f.write(task)
        for suffix, stats in (("console", False), ("stats", True)):
            text = await console(config, task, stats)
            with open(os.path.join(OUT, name + "." + suffix), "w", encoding="utf-8") as f:
                f.write(text)


asyncio.run(main())
