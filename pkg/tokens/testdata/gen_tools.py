"""Random tool-schema lists and how AutoGen's tool counting treats them.

The counting walk below follows TOKENS.md section 6 (AutoGen's
count_tokens_openai tool section and convert_tools) and runs on Python's own
values, so every subscript, membership test, iteration, str() and json.dumps
is Python's. Instead of token counts (tiktoken is not needed) it records the
constant part and the list of strings that are encoded; the Go test encodes
them itself. Output: JSON list of {"tools": <raw JSON text of the list>,
"const": int, "texts": [str]} or {"tools": ..., "error": "KeyError" | ...}.
"""
import json, random, re, sys

rng = random.Random(424242)
SPECIAL = ["<|endoftext|>", "<|endofprompt|>"]  # o200k_base

def enc(texts, x):
    if not isinstance(x, str):
        raise TypeError("expected string or buffer")
    for s in SPECIAL:
        if s in x:
            raise ValueError("special")
    texts.append(x)

def valid_name(name):
    if not re.match(r"^[a-zA-Z0-9_-]+$", name):
        raise ValueError("Invalid name")
    if len(name) > 64:
        raise ValueError("Invalid name")

def trace(tools):
    texts, const = [], 0
    funcs = []
    for tool in tools:
        assert isinstance(tool, dict)
        funcs.append({
            "name": tool["name"],
            "description": tool["description"] if "description" in tool else "",
            "parameters": tool["parameters"] if "parameters" in tool else {},
        })
    for f in funcs:
        valid_name(f["name"])
    for f in funcs:
        enc(texts, f["name"])
        enc(texts, f["description"])
        const -= 2
        params = f["parameters"]
        if "properties" in params:
            props = params["properties"]
            assert isinstance(props, dict)
            for key in props:
                enc(texts, key)
                v = props[key]
                for field in v:
                    if field == "type":
                        const += 2; enc(texts, v["type"])
                    elif field == "description":
                        const += 2; enc(texts, v["description"])
                    elif field == "anyOf":
                        const -= 3
                        for o in v["anyOf"]:
                            const += 3; enc(texts, str(o["type"]))
                    elif field == "default":
                        const += 2; enc(texts, json.dumps(v["default"]))
                    elif field == "title":
                        const += 2; enc(texts, str(v["title"]))
                    elif field == "enum":
                        const -= 3
                        for o in v["enum"]:
                            const += 3; enc(texts, o)
            const += 11
            if len(props) == 0:
                const -= 2
    if funcs:
        const += 12
    return const, texts

WORDS = ["city", "unit", "days", "x", "the name", "Überweisung", "数量", "emoji 😀", "a\nb", "it's", 'say "hi"',
         "<|endoftext|>", "<|fim_prefix|>", "", " ", "\u00a0", "\ud800"]

def rstr():
    return rng.choice(WORDS) if rng.random() < 0.8 else "".join(chr(rng.randrange(32, 0x3000)) for _ in range(rng.randrange(0, 6)))

def rscalar():
    return rng.choice([None, True, False, 0, -3, 10**20, 1.0, 0.5, 1e-05, 1e16, 2.5e-07, 123.456, -0.0,
                       float("inf"), rstr(), rstr()])

def rany(depth=0):
    r = rng.random()
    if depth > 2 or r < 0.6:
        return rscalar()
    if r < 0.8:
        return [rany(depth + 1) for _ in range(rng.randrange(0, 4))]
    return {rstr(): rany(depth + 1) for _ in range(rng.randrange(0, 4))}

def rtype():
    r = rng.random()
    if r < 0.85:
        return rng.choice(["string", "integer", "number", "boolean", "array", "object", "null"])
    return rany()

def rprop():
    if rng.random() < 0.07:
        return rany()  # malformed property schema
    p = {}
    fields = ["type", "description", "title", "default", "enum", "anyOf", "items", "format", "minimum", "$ref", "properties", "required"]
    rng.shuffle(fields)
    for f in fields[:rng.randrange(0, 7)]:
        if f == "type":
            p[f] = rtype()
        elif f in ("description", "title"):
            p[f] = rstr() if rng.random() < 0.85 else rany()
        elif f == "default":
            p[f] = rany()
        elif f == "enum":
            p[f] = [rstr() for _ in range(rng.randrange(0, 4))] if rng.random() < 0.85 else rany()
        elif f == "anyOf":
            if rng.random() < 0.85:
                p[f] = [{"type": rtype()} if rng.random() < 0.9 else {"$ref": "#/$defs/X"} for _ in range(rng.randrange(0, 4))]
            else:
                p[f] = rany()
        elif f == "items":
            p[f] = {"type": "string"}
        elif f == "properties":
            p[f] = {"inner": {"type": "string", "description": "not counted"}}
        else:
            p[f] = rany()
    return p

def rtool():
    r = rng.random()
    if r < 0.03:
        return rany()
    t = {}
    if rng.random() < 0.97:
        t["name"] = rng.choice(["get_weather", "now", "f", "a-b_c", "x" * 64, "x" * 65, "bad name", "bob\n", 7, "Jos\u00e9"]) if rng.random() < 0.2 else rng.choice(["get_weather", "search", "lookup_1"])
    if rng.random() < 0.8:
        t["description"] = rstr() if rng.random() < 0.9 else rany()
    if rng.random() < 0.85:
        r2 = rng.random()
        if r2 < 0.05:
            t["parameters"] = rany()
        elif r2 < 0.1:
            t["parameters"] = {"type": "object"}
        else:
            props = {}
            for _ in range(rng.randrange(0, 5)):
                props[rng.choice(["city", "unit", "days", "q", "limit", "über", "<|endofprompt|>"])] = rprop()
            params = {"type": "object", "properties": props if rng.random() < 0.95 else rany()}
            if rng.random() < 0.5:
                params["required"] = list(props)[:1]
            t["parameters"] = params
    if rng.random() < 0.3:
        t["strict"] = rng.choice([True, False])
    return t

cases = []
kinds = {}
for i in range(1000):
    tools = [rtool() for _ in range(rng.randrange(0, 4))]
    raw = json.dumps(tools, ensure_ascii=rng.random() < 0.5)
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: only escaped JSON can carry it
        raw = json.dumps(tools)
    tools = json.loads(raw)  # exactly what the Go side reads
    try:
        const, texts = trace(tools)
        cases.append({"tools": raw, "const": const, "texts": texts})
        kinds["ok"] = kinds.get("ok", 0) + 1
    except Exception as e:
        cases.append({"tools": raw, "error": type(e).__name__})
        kinds[type(e).__name__] = kinds.get(type(e).__name__, 0) + 1
print(kinds, file=sys.stderr)
json.dump(cases, sys.stdout, ensure_ascii=True)
