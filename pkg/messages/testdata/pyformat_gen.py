# Generates pyformat.json: Python's str.format(**kwargs) and repr() results
# that pkg/messages must reproduce. Run with CPython 3.11 and pydantic 2
# (the versions the conformance cases were made with):
#     python3 pyformat_gen.py > pyformat.json
import json
from datetime import datetime
from pydantic import BaseModel


class Holder(BaseModel):
    d: datetime


def dt(s):
    return Holder.model_validate_json(json.dumps({"d": s})).d


KWARGS_JSON = {
    "s": "héllo",
    "q": "it's",
    "e": "",
    "i": 1234567,
    "n": -42,
    "z": 0,
    "big": 123456789012345678901234567890,
    "f": 3.14159,
    "g": 1234.5,
    "h": -0.0001,
    "t": 1e16,
    "u": 1e-05,
    "w": 30.0,
    "nz": -0.0,
    "b": True,
    "c": False,
    "none": None,
    "l": ["a", 1, 2.5, None, True, "it's"],
    "d": {"k": 1, "x": [1, "y"], "it's": {"z": None}},
    "emoji": "日本😀\t\n",
}
KWARGS_DT = {
    "dtz": "2024-01-02T03:04:05Z",
    "dto": "2024-01-02T03:04:05.5+05:30",
    "dtn": "2024-01-02T13:04:05",
}

FORMATS = [
    "{s}", "{s!r}", "{q!r}", "{s!a}", "{emoji!r}", "{emoji!a}", "{e!r}",
    "{s:10}", "{s:>10}", "{s:^10}", "{s:*^11}", "{s:.2}", "{s:10.3}", "{s:05}", "{s:s}",
    "{s:d}", "{s:+}", "{s: }", "{s:#}", "{s:=10}", "{s:,}", "{s:z}",
    "{i}", "{i:,}", "{i:_}", "{i:_x}", "{i:#x}", "{i:#X}", "{i:#o}", "{i:#b}", "{i:b}", "{i:010}",
    "{i:012,}", "{i:09,}", "{i:08,}", "{i:+}", "{i: }", "{n}", "{n:5}", "{n:<5}", "{n:^6}", "{n:=6}",
    "{n:*=8}", "{n:x}", "{n:#x}", "{i:e}", "{i:.2e}", "{i:f}", "{i:%}", "{i:g}", "{i:n}", "{i:c}",
    "{z:c}", "{n:c}", "{i:.2}", "{i:s}", "{i:,n}", "{i:_c}", "{big}", "{big:,}", "{big:e}", "{big:x}",
    "{f}", "{f:.2f}", "{f:.0f}", "{f:#.0f}", "{f:e}", "{f:.3e}", "{f:E}", "{f:g}", "{f:.3g}", "{f:G}",
    "{f:%}", "{f:.1%}", "{f:10.2f}", "{f:<10.2f}", "{f:^10.2f}", "{f:+.2f}", "{f: .2f}", "{f:010.2f}",
    "{g:,}", "{g:,.2f}", "{g:012,.2f}", "{g:_.1f}", "{g:.3}", "{g:.5}", "{g:.6}", "{g:#.3g}", "{g:#g}",
    "{g:n}", "{g:.0e}", "{g:#.0e}", "{g:d}", "{g:x}",
    "{h}", "{h:.2f}", "{h:z.2f}", "{h:g}", "{h:.1g}", "{h:e}", "{h:%}",
    "{t}", "{t:f}", "{t:g}", "{t:.3}", "{t:,}", "{u}", "{u:f}", "{u:g}", "{u:.10f}", "{w}", "{w:g}",
    "{w:.1}", "{w:.2}", "{w:.3}", "{w:#}", "{nz}", "{nz:.1f}", "{nz:z.1f}", "{nz:z}", "{nz:g}",
    "{b}", "{b:d}", "{b:>5}", "{b:5}", "{b!r}", "{c:x}", "{b:f}",
    "{none}", "{none!r}", "{none:>5}", "{none!s:>5}", "{l}", "{l[0]}", "{l[5]}", "{l[9]}", "{l[x]}",
    "{l!s:.5}", "{l:5}", "{d}", "{d[k]}", "{d[x][1]}", "{d[missing]}", "{d[0]}", "{d.k}",
    "{s[0]}", "{s[1]}", "{s[x]}", "{s[99]}", "{i[0]}", "{none[0]}", "{f[0]}", "{s.upperx}",
    "{i.real}", "{i.imag}", "{f.real}", "{f.imag}", "{b.real}",
    "{missing}", "{it's}", "{}", "{0}", "{s}{}", "{0}{}", "{s!x}", "{s!}", "{s!rr}",
    "{s:{w}}", "{s:>{z}}", "{s:{missing}}", "{s:{}}", "{{}}", "{{s}}", "a}b", "a}}b", "{", "}", "{s",
    "{s:}", "{s.}", "{s[}", "{l[0]x}", "{s:{s:{s}}}", "{s{x}}", "{ s }", "{s!r:>10}", "{f!s:>10}",
    "{i:.}", "{i:,_}", "{i:_,}", "{i:99999999999999999999}", "{i:x<10,}", "{f:=^12.3f}", "{i:€^12,}",
    "{i:<}", "{i:x>}", "{f:xyz}", "{f:5d}", "{f:,n}", "{s:%}",
    "Weather in {s}: {w}°C {l}", "{dtz}", "{dto}", "{dtn}", "{dtz!r}", "{dto!r}", "{dtn!r}",
    "{dtz:%Y-%m-%d %H:%M:%S %z %Z}", "{dto:%a %A %b %B %j %I %p %f %z %Z %%}", "{dtn:%z|%Z|%y|%d}",
    "{dto.year}", "{dto.hour}", "{dtz:>30}",
]

kwargs = dict(KWARGS_JSON)
for k, v in KWARGS_DT.items():
    kwargs[k] = dt(v)

cases = []
for f in FORMATS:
    try:
        out = {"ok": f.format(**kwargs)}
    except Exception as exc:  # noqa: BLE001
        out = {"exception": type(exc).__name__, "msg": str(exc)}
    cases.append({"format": f, **out})

json.dump({"kwargs": KWARGS_JSON, "datetimes": KWARGS_DT, "cases": cases}, __import__("sys").stdout, ensure_ascii=False, indent=1)
