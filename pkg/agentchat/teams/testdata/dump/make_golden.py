"""Writes the golden files of TestDumpGolden (pkg/agentchat/teams/dump_test.go).

Each golden file is what AutoGen 0.7.5 writes for a component built with its
Python constructors: ``obj.dump_component().model_dump_json()``. The Go test
builds the same component with the Go constructors and compares
``component.Dump`` with these bytes. Run with the reference kit
(../shared/reference/README.md):

    AUTOGEN_REF=/tmp/autogen-ref python3 make_golden.py [OUT_DIR]
    AUTOGEN_REF=/tmp/autogen-ref python3 make_golden.py --check [DIR]

OUT_DIR defaults to this script's folder. --check writes nothing: it loads
every golden file with AutoGen's ComponentLoader and says whether
dump_component() gives the same bytes back (TestNormalizeGolden relies on
it; cond_token_usage does not load: TokenUsageTerminationConfig requires
the limits that dump_component() drops as None).
"""

import os
import sys

sys.path.insert(0, os.environ.get("AUTOGEN_REFERENCE_KIT", "/work/wt/shared/reference"))
import autogen_env  # noqa: E402,F401  (must come before any autogen import)

from autogen_agentchat.agents import (  # noqa: E402
    AssistantAgent,
    CodeExecutorAgent,
    MessageFilterAgent,
    SocietyOfMindAgent,
    UserProxyAgent,
)
from autogen_agentchat.agents._message_filter_agent import MessageFilterConfig, PerSourceFilter  # noqa: E402
from autogen_agentchat.base import Handoff  # noqa: E402
from autogen_agentchat.conditions import (  # noqa: E402
    ExternalTermination,
    FunctionCallTermination,
    HandoffTermination,
    MaxMessageTermination,
    SourceMatchTermination,
    StopMessageTermination,
    TextMentionTermination,
    TextMessageTermination,
    TimeoutTermination,
    TokenUsageTermination,
)
from autogen_agentchat.tools import AgentTool, TeamTool  # noqa: E402
from autogen_agentchat.teams import (  # noqa: E402
    DiGraphBuilder,
    GraphFlow,
    MagenticOneGroupChat,
    RoundRobinGroupChat,
    SelectorGroupChat,
    Swarm,
)
from autogen_core.memory import ListMemory, MemoryContent  # noqa: E402
from autogen_core.model_context import BufferedChatCompletionContext  # noqa: E402
from autogen_ext.code_executors.local import LocalCommandLineCodeExecutor  # noqa: E402
from autogen_ext.models.replay import ReplayChatCompletionClient  # noqa: E402

# A model that can call functions (handoffs need it).
TOOLS_INFO = {
    "vision": False,
    "function_calling": True,
    "json_output": False,
    "family": "unknown",
    "structured_output": False,
}


def replay(*texts, info=None):
    if info is None:
        return ReplayChatCompletionClient(list(texts))
    return ReplayChatCompletionClient(list(texts), model_info=info)


def assistant(name, *texts, **kw):
    return AssistantAgent(name, model_client=replay(*texts), **kw)


def tool_assistant(name, *texts, **kw):
    return AssistantAgent(name, model_client=replay(*texts, info=TOOLS_INFO), **kw)


def conditions():
    return {
        "cond_stop": StopMessageTermination(),
        "cond_max": MaxMessageTermination(5, include_agent_event=True),
        "cond_text_mention": TextMentionTermination("TERMINATE", sources=["a"]),
        "cond_token_usage": TokenUsageTermination(max_total_token=100, max_completion_token=20),
        "cond_handoff": HandoffTermination("user"),
        "cond_timeout": TimeoutTermination(30),
        "cond_timeout_frac": TimeoutTermination(2.5),
        "cond_external": ExternalTermination(),
        "cond_source_match": SourceMatchTermination(["a", "b"]),
        "cond_text_message": TextMessageTermination("a"),
        "cond_text_message_any": TextMessageTermination(),
        "cond_function_call": FunctionCallTermination("lookup"),
        "cond_and_or": (MaxMessageTermination(10) | TextMentionTermination("DONE")) & StopMessageTermination(),
    }


def agents():
    memory = ListMemory(name="facts", memory_contents=[MemoryContent(content="x is 1", mime_type="text/plain")])
    inner = RoundRobinGroupChat([assistant("inner", "ok")], termination_condition=MaxMessageTermination(2))
    return {
        "agent_assistant_default": assistant("a", "hi"),
        "agent_assistant_full": tool_assistant(
            "b",
            "hello",
            handoffs=["c", Handoff(target="d", description="Go to d.")],
            model_context=BufferedChatCompletionContext(buffer_size=5),
            memory=[memory],
            description="An agent.",
            system_message="Be brief.",
            model_client_stream=True,
            reflect_on_tool_use=True,
            max_tool_iterations=3,
            tool_call_summary_format="{tool_name}: {result}",
            metadata={"k": "v"},
        ),
        "agent_assistant_no_system": assistant("n", system_message=None),
        "agent_user_proxy": UserProxyAgent("user", description="A person"),
        "agent_user_proxy_default": UserProxyAgent("user"),
        "agent_code_executor": CodeExecutorAgent(
            "coder",
            code_executor=LocalCommandLineCodeExecutor(work_dir="/tmp/agentschema-dump-golden", timeout=30),
            sources=["a"],
            supported_languages=["python"],
        ),
        "agent_code_executor_model": CodeExecutorAgent(
            "writer",
            code_executor=LocalCommandLineCodeExecutor(work_dir="/tmp/agentschema-dump-golden"),
            model_client=replay("print(1)"),
            system_message=None,
        ),
        "agent_society_of_mind": SocietyOfMindAgent("som", team=inner, model_client=replay("answer")),
        "agent_message_filter": MessageFilterAgent(
            "f",
            wrapped_agent=assistant("w", "ok"),
            filter=MessageFilterConfig(per_source=[PerSourceFilter(source="user", position="last", count=1)]),
        ),
    }


def graph_team():
    a, b = assistant("a", "yes"), assistant("b", "b")
    c, d = assistant("c", "c"), assistant("d", "d")
    builder = DiGraphBuilder()
    builder.add_node(a).add_node(c).add_node(b).add_node(d, activation="any")  # c before b: the order is kept
    builder.add_edge(a, b, condition="yes")
    # (A callable condition is dumped as None, which loads as an unconditional
    # edge; the Go GraphFlow refuses to dump a ConditionFunc instead.)
    builder.add_edge(a, c, condition="no")
    builder.add_edge(b, d)
    builder.add_edge(c, d, activation_group="late", activation_condition="any")
    builder.set_entry_point(a)
    return GraphFlow(
        participants=builder.get_participants(),
        graph=builder.build(),
        termination_condition=MaxMessageTermination(10),
        max_turns=20,
    )


def teams():
    stop = MaxMessageTermination(4) | TextMentionTermination("TERMINATE")
    return {
        "team_round_robin": RoundRobinGroupChat(
            [assistant("a", "1"), assistant("b", "2")],
            termination_condition=stop,
            max_turns=6,
            emit_team_events=True,
            name="rr",
            description="Two agents.",
        ),
        "team_round_robin_default": RoundRobinGroupChat([assistant("a", "1")]),
        "team_nested": RoundRobinGroupChat(
            [RoundRobinGroupChat([assistant("a", "1")], name="inner"), UserProxyAgent("user")]
        ),
        "team_selector": SelectorGroupChat(
            [assistant("a", "1"), assistant("b", "2")],
            model_client=replay("a"),
            termination_condition=MaxMessageTermination(3),
            max_turns=5,
            selector_prompt="Pick one of {participants}: {roles}\n{history}",
            allow_repeated_speaker=True,
            max_selector_attempts=2,
            selector_func=lambda messages: None,
            model_client_streaming=True,
        ),
        "team_selector_context": SelectorGroupChat(
            [assistant("a", "1"), assistant("b", "2")],
            model_client=replay("a"),
            model_context=BufferedChatCompletionContext(buffer_size=3),
        ),
        "team_swarm": Swarm(
            [tool_assistant("a", "1", handoffs=["b"]), tool_assistant("b", "2", handoffs=["a"])],
            termination_condition=HandoffTermination("user") | MaxMessageTermination(5),
        ),
        "team_magentic_one": MagenticOneGroupChat(
            [assistant("a", "1"), assistant("b", "2")],
            model_client=replay("plan"),
            max_turns=10,
            max_stalls=2,
        ),
        "team_magentic_one_unbounded": MagenticOneGroupChat(
            [assistant("a", "1")], model_client=replay("plan"), max_turns=None
        ),
        "team_graph": graph_team(),
    }


def task_tools():
    helper = assistant("helper", "done")
    return {
        "tool_agent": AgentTool(assistant("helper", "done"), return_value_as_last_message=True),
        "tool_team": TeamTool(
            RoundRobinGroupChat([assistant("a", "1")], termination_condition=MaxMessageTermination(2)),
            name="team",
            description="A team of one.",
        ),
        "agent_assistant_agent_tool": tool_assistant("boss", "ok", tools=[AgentTool(helper)]),
    }


def check(folder):
    from autogen_core import ComponentLoader, ComponentModel

    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(folder, name)) as f:
            text = f.read().strip()
        try:
            obj = ComponentLoader.load_component(ComponentModel.model_validate_json(text))
            same = obj.dump_component().model_dump_json() == text
            print(name, "loads; dumps the same" if same else "loads; dumps DIFFERENTLY")
        except Exception as e:  # noqa: BLE001
            print(name, "does not load:", type(e).__name__, str(e).splitlines()[0])


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    if sys.argv[1:2] == ["--check"]:
        check(sys.argv[2] if len(sys.argv) > 2 else here)
        return
    out = sys.argv[1] if len(sys.argv) > 1 else here
    for group in (conditions, agents, teams, task_tools):
        for name, obj in group().items():
            with open(os.path.join(out, name + ".json"), "w") as f:
                f.write(obj.dump_component().model_dump_json())
                f.write("\n")


if __name__ == "__main__":
    main()
