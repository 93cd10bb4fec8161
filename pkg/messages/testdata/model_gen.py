# Generates model.json: what pydantic 2 (the version of the conformance
# cases, 2.13.4) does with JSON inputs for a model whose Go twin is
# `Sample` in model_test.go: model_validate_json, then model_dump(mode=
# "json") through json.dumps (AutoGen's dump), model_dump_json(), and
# str.format of a format string with model_dump(). Errors are pydantic's
# (loc, type). Run: python3 model_gen.py > model.json
import json
import sys
from datetime import datetime
from typing import Any, Dict, List, Optional

from pydantic import BaseModel, ValidationError


class Inner(BaseModel):
    name: str
    weight: float = 1.0


class Sample(BaseModel):
    s: str
    i: int
    f: float
    b: bool
    tags: List[str] = []
    counts: Dict[str, int] = {}
    maybe: Optional[int] = None
    inner: Inner
    inners: List[Inner] = []
    when: Optional[datetime] = None
    extra: Any = None
    raw: bytes = b""


BASE = {"s": "x", "i": 1, "f": 1.5, "b": True, "inner": {"name": "n"}}


def case(changes, drop=(), fmt="{s}|{i}|{f}|{b}|{tags}|{counts}|{maybe}|{inner}|{inners}|{when}|{extra}|{raw}"):
    d = dict(BASE)
    d.update(changes)
    for k in drop:
        d.pop(k, None)
    return {"input": d, "format": fmt}


CASES = [
    case({}),
    case({"i": "12", "f": "3", "b": "yes", "s": "日本"}),
    case({"i": 12.0, "f": 7, "b": 0}),
    case({"i": " 7 ", "b": "OFF", "f": "1e-5"}),
    case({"f": 1e16, "tags": ["a", "it's"], "counts": {"z": 1, "a": "2"}}),
    case({"f": 1.5e-7, "maybe": 3, "inner": {"name": "m", "weight": 2}}),
    case({"inners": [{"name": "a"}, {"name": "b", "weight": 0.5}], "when": "2024-01-02T03:04:05.5+05:30"}),
    case({"when": 1700000000, "extra": {"k": [1, 2.0, None, True]}}),
    case({"extra": "str", "raw": "bytes é"}),
    case({"unknown": 1, "i": 100000000000000000000}),
    case({}, fmt="{inner[name]} {inners!r} {f:.3f} {i:05d} {s!r:>6}"),
    case({}, fmt="{nope}"),
    case({"i": 1.5}),
    case({"i": "x"}),
    case({"i": None}),
    case({"f": "nan?"}),
    case({"b": "maybe"}),
    case({"s": 5}),
    case({"tags": "a"}),
    case({"tags": [1]}),
    case({"counts": {"a": "b"}}),
    case({"counts": []}),
    case({"inner": {}}),
    case({"inner": "n"}),
    case({"inners": [{"weight": "heavy"}]}),
    case({"when": "yesterday"}),
    case({"raw": 5}),
    case({}, drop=("s", "inner")),
    case({"maybe": "x", "b": None}),
]

out = []
for c in CASES:
    r = {"input": c["input"], "format": c["format"]}
    try:
        m = Sample.model_validate_json(json.dumps(c["input"]))
        r["dump"] = json.loads(json.dumps(m.model_dump(mode="json")))
        r["dump_json"] = m.model_dump_json()
        try:
            r["formatted"] = c["format"].format(**m.model_dump())
        except Exception as exc:  # noqa: BLE001
            r["format_error"] = {"exception": type(exc).__name__, "msg": str(exc)}
    except ValidationError as exc:
        r["errors"] = [{"loc": list(e["loc"]), "type": e["type"]} for e in exc.errors()]
    out.append(r)
json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
