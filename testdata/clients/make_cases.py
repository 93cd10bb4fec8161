# Hand-written client cases (issue 15). ../shared/conformance/clients/ does
# not exist; every expectation below was derived by reading AutoGen 0.7.5's
# autogen_ext/models/openai source (microsoft/autogen 027ecf0a) and the openai
# Python library, as each case's "source" says.
import json, os
OUT = "/work/main/testdata/clients"
IMG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQD3A0FDAAAAAElFTkSuQmCC"
def cfg(model="gpt-4o", **kw):
    c = {"model": model, "api_key": "sk-test-secret", "base_url": "{{BASE_URL}}", "max_retries": 0}
    c.update(kw)
    return {"provider": "OpenAIChatCompletionClient", "config": c}
def comp(content="Hello!", finish="stop", usage=(10, 3), **msg):
    m = {"role": "assistant", "content": content}
    m.update(msg)
    return {"json": {"id": "chatcmpl-1", "object": "chat.completion", "created": 1700000000, "model": "gpt-4o-2024-08-06",
        "choices": [{"index": 0, "message": m, "finish_reason": finish, "logprobs": None}],
        "usage": None if usage is None else {"prompt_tokens": usage[0], "completion_tokens": usage[1], "total_tokens": usage[0] + usage[1]}}}
def res(content="Hello!", finish="stop", usage=(10, 3), thought=None, logprobs=None):
    return {"finish_reason": finish, "content": content, "usage": {"prompt_tokens": usage[0], "completion_tokens": usage[1]},
            "cached": False, "logprobs": logprobs, "thought": thought}
def chunk(delta, finish=None, usage=None, choices=True):
    c = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1700000000, "model": "gpt-4o-2024-08-06",
         "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}] if choices else [], "usage": usage}
    return c
U = lambda text, src="user": {"type": "UserMessage", "content": text, "source": src}
S = lambda text: {"type": "SystemMessage", "content": text}
A = lambda content, src="assistant", thought=None: {"type": "AssistantMessage", "content": content, "source": src, "thought": thought}
R = lambda results: {"type": "FunctionExecutionResultMessage", "content": results}
ouser = lambda text, name="user": {"role": "user", "name": name, "content": text}
WEATHER = {"name": "get_weather", "description": "Get the weather.", "parameters": {"type": "object", "properties": {"city": {"type": "string", "title": "City"}}, "required": ["city"], "additionalProperties": False}, "strict": True}
OWEATHER = {"type": "function", "function": {"name": "get_weather", "description": "Get the weather.", "parameters": WEATHER["parameters"], "strict": True}}
cases = []
def case(name, source, **kw):
    d = {"name": name, "source": source}
    d.update(kw)
    cases.append(d)

case("plain text create", "_openai_client.py create (l.663-814): messages via to_oai_type, stream=False, create args from the config; CreateResult(cached=False)",
     config=cfg(), messages=[S("Be brief."), U("Hi")],
     request={"path": "/chat/completions", "headers": {"Authorization": "Bearer sk-test-secret"},
              "body": {"messages": [{"role": "system", "content": "Be brief."}, ouser("Hi")], "model": "gpt-4o", "stream": False}},
     response=comp(), expect={"result": res()})
case("every message kind", "_message_transform.py BASE map: user name, assistant text without name, thought as content with tool_calls, tool messages per result",
     config=cfg(temperature=0.5, seed=7), messages=[S("sys"), U("what is 2+2?", "alice"), A([{"id": "call_1", "name": "add", "arguments": "{\"a\": 2, \"b\": 2}"}], thought="I will add."),
        R([{"content": "4", "name": "add", "call_id": "call_1", "is_error": False}]), A("It is 4.", thought="ignored"), A([{"id": "call_2", "name": "noop", "arguments": "{}"}])],
     request={"body": {"messages": [{"role": "system", "content": "sys"}, ouser("what is 2+2?", "alice"),
        {"role": "assistant", "tool_calls": [{"id": "call_1", "function": {"arguments": "{\"a\": 2, \"b\": 2}", "name": "add"}, "type": "function"}], "content": "I will add."},
        {"role": "tool", "content": "4", "tool_call_id": "call_1"}, {"role": "assistant", "content": "It is 4."},
        {"role": "assistant", "tool_calls": [{"id": "call_2", "function": {"arguments": "{}", "name": "noop"}, "type": "function"}], "content": None}],
        "model": "gpt-4o", "temperature": 0.5, "seed": 7, "stream": False}},
     response=comp(), expect={"result": res()})
case("name prefixes and no name", "OpenAIChatCompletionClient add_name_prefixes / include_name_in_message: _set_prepend_text_content, _set_multimodal_content (first text part), _set_name",
     config=cfg(add_name_prefixes=True, include_name_in_message=False), messages=[U("hello", "bob"), {"type": "UserMessage", "content": ["look", {"data": IMG}, "more"], "source": "bob"}],
     request={"body": {"messages": [{"role": "user", "content": "bob said:\nhello"}, {"role": "user", "content": [{"type": "text", "text": "bob said:\nlook"}, {"type": "image_url", "image_url": {"url": "data:image/png;base64," + IMG, "detail": "auto"}}, {"type": "text", "text": "more"}]}], "model": "gpt-4o", "stream": False}},
     response=comp(), expect={"result": res()})
case("merged system messages", "_process_create_args (l.582-608): without multiple_system_messages consecutive system messages merge with \\n and rstrip",
     config=cfg("my-model", model_info={"vision": False, "function_calling": False, "json_output": False, "family": "unknown", "structured_output": False}),
     messages=[U("first"), S("one "), S("two\n"), U("second")],
     request={"body": {"messages": [ouser("first"), {"role": "system", "content": "one \ntwo"}, ouser("second")], "model": "my-model", "stream": False}},
     response=comp(), expect={"result": res()})
case("non-continuous system messages", "_process_create_args (l.594-599) ValueError",
     config=cfg("my-model", model_info={"vision": False, "function_calling": False, "json_output": False, "family": "unknown", "structured_output": False}),
     messages=[S("one"), U("x"), S("two")], expect={"error": {"exception": "ValueError", "message": "Multiple and Not continuous system messages are not supported if model_info['multiple_system_messages'] is False"}})
case("gemini family", "_message_transform.py GEMINI map: empty content becomes \" \" (prefix dropped for text), thought or \" \" with tool calls; gemini-1.5-flash has multiple_system_messages False, so the empty system message merges to \"\" and is dropped (_process_create_args l.604-607)",
     config=cfg("gemini-1.5-flash", add_name_prefixes=True), messages=[S(""), U("", "u1"), A(""), A([{"id": "c", "name": "f", "arguments": "{}"}], thought="")],
     request={"body": {"messages": [{"role": "user", "name": "u1", "content": " "}, {"role": "assistant", "content": " "},
        {"role": "assistant", "tool_calls": [{"id": "c", "function": {"arguments": "{}", "name": "f"}, "type": "function"}], "content": " "}], "model": "gemini-1.5-flash", "stream": False}},
     response=comp(), expect={"result": res()})
case("claude family", "_message_transform.py CLAUDE map: whitespace-only user/assistant text is not sent; claude- models rstrip the last assistant text (_rstrip_last_assistant_message)",
     config=cfg("claude-3-5-sonnet-20241022"), messages=[U("  "), U("hi"), A(" \n"), A("ok  ")],
     request={"body": {"messages": [ouser("hi"), {"role": "assistant", "content": "ok"}], "model": "claude-3-5-sonnet-20241022", "stream": False}},
     response=comp(), expect={"result": res()})
case("mistral family", "_message_transform.py MISTRAL map: no name field on user messages",
     config=cfg("mistral-large", model_info={"vision": False, "function_calling": True, "json_output": True, "family": "mistral", "structured_output": True, "multiple_system_messages": True}),
     messages=[S("a"), S("b"), U("hi")],
     request={"body": {"messages": [{"role": "system", "content": "a"}, {"role": "system", "content": "b"}, {"role": "user", "content": "hi"}], "model": "mistral-large", "stream": False}},
     response=comp(), expect={"result": res()})
case("tools and tool call result", "convert_tools (l.244-271), tool_choice default auto (l.651-654); result: tool calls become FunctionCall with normalize_name, content goes to thought, finish_reason function_calls",
     config=cfg(parallel_tool_calls=False), messages=[U("weather?")], options={"tools": [WEATHER, {"name": "no_params"}]},
     request={"body": {"messages": [ouser("weather?")], "model": "gpt-4o", "parallel_tool_calls": False, "stream": False, "tool_choice": "auto",
        "tools": [OWEATHER, {"type": "function", "function": {"name": "no_params", "description": "", "parameters": {}, "strict": False}}]}},
     response=comp("Let me check.", "tool_calls", tool_calls=[{"id": "call_9", "type": "function", "function": {"name": "get.weather", "arguments": "{\"city\": \"Paris\"}"}}]),
     expect={"result": res([{"id": "call_9", "name": "get_weather", "arguments": "{\"city\": \"Paris\"}"}], "function_calls", thought="Let me check.")})
for i, (choice, sent) in enumerate([("required", "required"), ("none", "none"), ("get_weather", {"type": "function", "function": {"name": "get_weather"}})]):
    case("tool_choice " + choice, "convert_tool_choice (l.274-296)",
         config=cfg(), messages=[U("weather?")], options={"tools": [WEATHER], "tool_choice": choice},
         request={"body": {"messages": [ouser("weather?")], "model": "gpt-4o", "stream": False, "tool_choice": sent, "tools": [OWEATHER]}},
         response=comp(), expect={"result": res()})
case("tool_choice unknown tool", "_process_create_args (l.647-649) ValueError", config=cfg(), messages=[U("x")], options={"tools": [WEATHER], "tool_choice": "other"},
     expect={"error": {"exception": "ValueError", "message": "tool_choice references 'other' but it's not in the provided tools"}})
case("tool_choice without tools", "_process_create_args (l.635-636) ValueError", config=cfg(), messages=[U("x")], options={"tool_choice": "get_weather"},
     expect={"error": {"exception": "ValueError", "message": "tool_choice specified but no tools provided"}})
case("json mode", "_process_create_args (l.542-544): json_output=True sets response_format json_object",
     config=cfg(), messages=[U("json please")], options={"json_output": True},
     request={"body": {"messages": [ouser("json please")], "model": "gpt-4o", "response_format": {"type": "json_object"}, "stream": False}},
     response=comp("{\"a\": 1}"), expect={"result": res("{\"a\": 1}")})
case("json mode unsupported", "_process_create_args (l.540-541)", config=cfg("gpt-3.5-turbo", model_info={"vision": False, "function_calling": True, "json_output": False, "family": "gpt-35", "structured_output": False}),
     messages=[U("x")], options={"json_output": True}, expect={"error": {"exception": "ValueError", "message": "Model does not support JSON output."}})
case("structured output schema", "openai lib type_to_response_format_param + _ensure_strict_json_schema (additionalProperties false, all properties required, None default dropped, $ref inlined when it has siblings); beta parse sends stream False",
     config=cfg(), messages=[U("weather?")],
     options={"output_schema": {"name": "Weather", "schema": {"$defs": {"Unit": {"properties": {"name": {"title": "Name", "type": "string"}}, "required": ["name"], "title": "Unit", "type": "object"}},
        "properties": {"city": {"title": "City", "type": "string"}, "note": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "title": "Note"}, "unit": {"$ref": "#/$defs/Unit", "description": "the unit"}},
        "required": ["city", "unit"], "title": "Weather", "type": "object"}}},
     request={"body": {"messages": [ouser("weather?")], "model": "gpt-4o", "stream": False, "response_format": {"type": "json_schema", "json_schema": {"name": "Weather", "strict": True, "schema":
        {"$defs": {"Unit": {"properties": {"name": {"title": "Name", "type": "string"}}, "required": ["name"], "title": "Unit", "type": "object", "additionalProperties": False}},
         "properties": {"city": {"title": "City", "type": "string"}, "note": {"anyOf": [{"type": "string"}, {"type": "null"}], "title": "Note"},
            "unit": {"description": "the unit", "properties": {"name": {"title": "Name", "type": "string"}}, "required": ["name"], "title": "Unit", "type": "object", "additionalProperties": False}},
         "required": ["city", "note", "unit"], "title": "Weather", "type": "object", "additionalProperties": False}}}}},
     response=comp("{\"city\": \"Paris\", \"note\": null, \"unit\": {\"name\": \"C\"}}"), expect={"result": res("{\"city\": \"Paris\", \"note\": null, \"unit\": {\"name\": \"C\"}}")})
case("structured output needs strict tools", "openai lib validate_input_tools ValueError", config=cfg(), messages=[U("x")],
     options={"tools": [dict(WEATHER, strict=False)], "output_schema": {"name": "W", "schema": {"type": "object", "properties": {}}}},
     expect={"error": {"exception": "ValueError", "message": "`get_weather` is not strict. Only `strict` function tools can be auto-parsed"}})
case("extra args", "_process_create_args (l.509-516): extra_create_args override the config's create args",
     config=cfg(temperature=0.1, stop=["x"]), messages=[U("x")], options={"extra_args": {"temperature": 0.9, "max_tokens": 5, "logprobs": True, "top_logprobs": 1}},
     request={"body": {"messages": [ouser("x")], "model": "gpt-4o", "temperature": 0.9, "stop": ["x"], "max_tokens": 5, "logprobs": True, "top_logprobs": 1, "stream": False}},
     response={"json": dict(comp("Hi")["json"], choices=[{"index": 0, "message": {"role": "assistant", "content": "Hi"}, "finish_reason": "stop",
        "logprobs": {"content": [{"token": "Hi", "logprob": -0.25, "bytes": [72, 105], "top_logprobs": [{"token": "Hi", "logprob": -0.25, "bytes": [72, 105]}]}]}}])},
     expect={"result": res("Hi", logprobs=[{"token": "Hi", "logprob": -0.25, "top_logprobs": [{"logprob": -0.25, "bytes": [72, 105]}], "bytes": [72, 105]}])})
case("extra args invalid", "_process_create_args (l.511-512) ValueError", config=cfg(), messages=[U("x")], options={"extra_args": {"bogus": 1}},
     expect={"error": {"exception": "ValueError", "message": "Extra create args are invalid: {'bogus'}"}})
case("disallowed n", "_create_args_from_config (l.142-143) ValueError", config=cfg(n=2), messages=[U("x")],
     expect={"error": {"exception": "ValueError", "message": "Disallowed create args are present: {'n'}"}})
case("unknown model without model_info", "BaseOpenAIChatCompletionClient.__init__ (l.446-450) and _model_info.get_info", config=cfg("my-local-model"), messages=[U("x")],
     expect={"error": {"exception": "ValueError", "message": "model_info is required when model name is not a valid OpenAI model"}})
case("vision refused", "_process_create_args (l.573-577)", config=cfg("gpt-3.5-turbo"), messages=[{"type": "UserMessage", "content": [{"data": IMG}], "source": "u"}],
     expect={"error": {"exception": "ValueError", "message": "Model does not support vision and image was provided"}})
case("reasoning_content thought", "create (l.779-783): reasoning_content in model_extra becomes the thought",
     config=cfg(), messages=[U("x")], request={"body": {"messages": [ouser("x")], "model": "gpt-4o", "stream": False}},
     response=comp("Answer", reasoning_content="Because."), expect={"result": res("Answer", thought="Because.")})
case("r1 think block", "create (l.797-799): R1 family parses a leading <think> block (parse_r1_content strips both parts)",
     config=cfg("deepseek-r1", model_info={"vision": False, "function_calling": False, "json_output": False, "family": "r1", "structured_output": False}),
     messages=[U("x")], request={"body": {"messages": [ouser("x")], "model": "deepseek-r1", "stream": False}},
     response=comp("<think> pondering </think>\n\n42"), expect={"result": res("42", thought="pondering")})
for fr, want in [("length", "length"), ("content_filter", "content_filter"), ("end_turn", "stop"), ("STOP", "stop"), ("weird", "unknown"), (None, "unknown")]:
    case("finish reason %s" % fr, "normalize_stop_reason (autogen_ext/models/_utils/normalize_stop_reason.py)", config=cfg(), messages=[U("x")],
         request={"body": {"messages": [ouser("x")], "model": "gpt-4o", "stream": False}}, response=comp("t", fr), expect={"result": res("t", want)})
case("no usage", "create (l.710-714): usage None counts 0", config=cfg(), messages=[U("x")], request={"body": {"messages": [ouser("x")], "model": "gpt-4o", "stream": False}},
     response=comp("t", usage=None), expect={"result": res("t", usage=(0, 0))})
for status, etype, msg in [(400, "invalid_request_error", "Bad messages"), (401, "invalid_request_error", "Incorrect API key provided"), (429, "rate_limit_error", "Rate limit reached")]:
    body = {"error": {"message": msg, "type": etype, "param": None, "code": None}}
    case("api error %d" % status, "openai lib _make_status_error_from_response: 'Error code: N - ' + repr of the JSON body; max_retries 0 so 429 is not retried", config=cfg(), messages=[U("x")],
         request={"body": {"messages": [ouser("x")], "model": "gpt-4o", "stream": False}}, response={"status": status, "json": body},
         expect={"error": {"exception": "APIError", "status": status, "message": "Error code: %d - {'error': {'message': '%s', 'type': '%s', 'param': None, 'code': None}}" % (status, msg, etype)}})
case("stream text with usage", "create_stream (l.816-1080): text deltas yielded in order, usage from the last chunk, include_usage adds stream_options",
     config=cfg(), messages=[U("x")], stream=True, options={"include_usage": True},
     request={"body": {"messages": [ouser("x")], "model": "gpt-4o", "stream": True, "stream_options": {"include_usage": True}}},
     response={"sse": [chunk({"role": "assistant", "content": ""}), chunk({"content": "Hel"}), chunk({"content": "lo"}), chunk({}, "stop"), chunk(None, choices=False, usage={"prompt_tokens": 5, "completion_tokens": 2, "total_tokens": 7})]},
     expect={"chunks": ["Hel", "lo"], "result": res("Hello", usage=(5, 2))})
case("stream tool call deltas", "create_stream (l.979-993, 1031-1036): tool call deltas are joined by index; content becomes thought",
     config=cfg(), messages=[U("x")], stream=True, options={"tools": [WEATHER]},
     request={"body": {"messages": [ouser("x")], "model": "gpt-4o", "stream": True, "tool_choice": "auto", "tools": [OWEATHER]}},
     response={"sse": [chunk({"role": "assistant", "content": "Checking."}),
        chunk({"tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {"name": "get_", "arguments": ""}}]}),
        chunk({"tool_calls": [{"index": 0, "function": {"name": "weather", "arguments": "{\"city\": "}}]}),
        chunk({"tool_calls": [{"index": 1, "id": "call_2", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\": \"Rome\"}"}}]}),
        chunk({"tool_calls": [{"index": 0, "function": {"arguments": "\"Paris\"}"}}]}), chunk({}, "tool_calls")]},
     expect={"chunks": ["Checking."], "result": res([{"id": "call_1", "name": "get_weather", "arguments": "{\"city\": \"Paris\"}"}, {"id": "call_2", "name": "get_weather", "arguments": "{\"city\": \"Rome\"}"}], "function_calls", usage=(0, 0), thought="Checking.")})
case("stream reasoning content", "create_stream (l.951-968, 1049-1050): reasoning deltas are yielded wrapped in <think>..</think>; the thought is lstrip('<think>').rstrip('</think>') which strips characters, so the leading 'think' of the text goes too",
     config=cfg(), messages=[U("x")], stream=True,
     request={"body": {"messages": [ouser("x")], "model": "gpt-4o", "stream": True}},
     response={"sse": [chunk({"role": "assistant", "reasoning_content": "thinking "}), chunk({"reasoning_content": "hard"}), chunk({"content": "Done"}), chunk({}, "stop")]},
     expect={"chunks": ["<think>thinking ", "hard", "</think>", "Done"], "result": res("Done", usage=(0, 0), thought="g hard")})
case("stream r1 think block", "create_stream (l.1053-1054): R1 family parses <think> in the streamed content",
     config=cfg("deepseek-r1", model_info={"vision": False, "function_calling": False, "json_output": False, "family": "r1", "structured_output": False}), messages=[U("x")], stream=True,
     request={"body": {"messages": [ouser("x")], "model": "deepseek-r1", "stream": True}},
     response={"sse": [chunk({"content": "<think>hm"}), chunk({"content": "</think>ok"}), chunk({}, "stop")]},
     expect={"chunks": ["<think>hm", "</think>ok"], "result": res("ok", usage=(0, 0), thought="hm")})
case("stream api error", "the openai library raises the status error before any chunk", config=cfg(), messages=[U("x")], stream=True,
     request={"body": {"messages": [ouser("x")], "model": "gpt-4o", "stream": True}}, response={"status": 400, "json": {"error": {"message": "nope", "type": "invalid_request_error", "param": "messages", "code": "bad"}}},
     expect={"error": {"exception": "APIError", "status": 400, "message": "Error code: 400 - {'error': {'message': 'nope', 'type': 'invalid_request_error', 'param': 'messages', 'code': 'bad'}}"}})
case("azure deployment", "AzureOpenAIChatCompletionClient: AsyncAzureOpenAI posts to {endpoint}/openai/deployments/{azure_deployment}/chat/completions?api-version=..., key in the api-key header, User-Agent autogen-python/{version}",
     config={"provider": "AzureOpenAIChatCompletionClient", "config": {"model": "gpt-4o", "azure_endpoint": "{{BASE_URL}}", "azure_deployment": "my-dep", "api_version": "2024-06-01", "api_key": "az-secret", "max_retries": 0}},
     messages=[U("x")], request={"path": "/openai/deployments/my-dep/chat/completions", "query": {"api-version": "2024-06-01"}, "headers": {"Api-Key": "az-secret", "User-Agent": "autogen-python/0.7.5"},
        "body": {"messages": [ouser("x")], "model": "gpt-4o", "stream": False}},
     response=comp(), expect={"result": res()})
case("azure without deployment", "AsyncAzureOpenAI routes by the model when azure_deployment is not set",
     config={"provider": "azure_openai_chat_completion_client", "config": {"model": "gpt-4o-mini", "azure_endpoint": "{{BASE_URL}}/", "api_version": "2024-10-21", "api_key": "az-secret", "max_retries": 0, "default_headers": {"X-Extra": "1"}}},
     messages=[U("x")], request={"path": "/openai/deployments/gpt-4o-mini/chat/completions", "query": {"api-version": "2024-10-21"}, "headers": {"X-Extra": "1"},
        "body": {"messages": [ouser("x")], "model": "gpt-4o-mini", "stream": False}},
     response=comp(), expect={"result": res()})
os.makedirs(OUT, exist_ok=True)
for f in os.listdir(OUT):
    if f.endswith(".json"): os.remove(os.path.join(OUT, f))
for i, c in enumerate(cases, 1):
    json.dump(c, open(os.path.join(OUT, "%03d.json" % i), "w"), indent=1)
print(len(cases))
