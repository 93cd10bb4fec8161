#!/usr/bin/env python3
"""Regenerates pydantic_cases.json: how pydantic v2 validates a `datetime`
field from JSON values, and how model_dump(mode="json") writes the result.

Each input is validated in python mode (json.loads, then model_validate, as
AutoGen loads messages) and in JSON mode (model_validate_json); "json" is
written only where JSON mode's outcome differs. Besides the chosen inputs,
seeded random mutations of datetime strings and random numbers are included.
Run: python3 gen_pydantic_cases.py > pydantic_cases.json
"""
import json
import sys
from datetime import datetime

import pydantic
import pydantic_core
from pydantic import BaseModel, ValidationError


class M(BaseModel):
    created_at: datetime


STRINGS = [
    "2024-01-02T03:04:05Z", "2024-01-02T03:04:05z", "2024-01-02t03:04:05Z", "2024-01-02 03:04:05",
    "2024-01-02_03:04:05", "2024-01-02T03:04", "2024-01-02T03:04Z", "2024-01-02T03:04:05+00:00",
    "2024-01-02T03:04:05-00:00", "2024-01-02T03:04:05+0000", "2024-01-02T03:04:05+05:30",
    "2024-01-02T03:04:05-0830", "2024-01-02T03:04:05+23:59", "2024-01-02T03:04:05+24:00",
    "2024-01-02T03:04:05+05:60", "2024-01-02T03:04:05+5:30", "2024-01-02T03:04:05+05", "2024-01-02T03:04:05+05:3",
    "2024-01-02T03:04:05\u221205:00", "2024-01-02T03:04:05 +05:00", "2024-01-02T03:04:05Z ",
    " 2024-01-02T03:04:05Z", "2024-01-02T03:04:05ZZ", "2024-01-02T03:04:05.1", "2024-01-02T03:04:05.12",
    "2024-01-02T03:04:05.123", "2024-01-02T03:04:05.000000", "2024-01-02T03:04:05.0000001",
    "2024-01-02T03:04:05.1234567", "2024-01-02T03:04:05.123456789123", "2024-01-02T03:04:05.9999999",
    "2024-01-02T03:04:05,5", "2024-01-02T03:04:05.", "2024-01-02T03:04:05.Z", "2024-01-02T03:04:05.5Z",
    "2024-01-02T03:04:60", "2024-01-02T23:59:59", "2024-01-02T24:00:00", "2024-01-02T23:60:00",
    "2024-01-02T3:04:05", "2024-01-02T03:4:05", "2024-01-02T03:04:5", "2024-01-02T03-04-05",
    "2024-01-02T0304", "2024-01-02T", "2024-01-02T03", "2024-01-02T03:", "2024-01-02T03:04:",
    "2024-01-02", "2024-1-02", "2024-01-2", "2024/01/02", "24-01-02", "2024-01-02Z", "2024-01-02+01:00",
    "2024-02-29", "2023-02-29", "2023-02-29T00:00:00", "2100-02-29", "2000-02-29T12:00:00Z",
    "2024-04-31", "2024-00-10", "2024-13-01T00:00:00Z", "2024-12-00", "2024-12-32",
    "0000-01-01", "0000-01-01T00:00:00", "0001-01-01T00:00:00", "0001-01-01T00:00:00+01:00",
    "9999-12-31T23:59:59.999999", "9999-12-31T23:59:59-01:00", "1600-01-01", "1599-12-31T00:00:00",
    "not a date", "", "x", "2024", "2024-01", "2024-01-02Tab:cd", "abcd-01-02", "2024x01-02", "2024-01x02",
    "2024-ab-02", "2024-01-cd", "2024-01-02X03:04:05", "2024-01-02T03:04:05.123+01:00",
    "2024-01-02T03:04:05.123456-03:30",
    "1700000000", "1700000000.5", "-1", "0", "+1700000000", "1700000000000", "20000000000", "20000000001",
    "-20000000000", "-20000000001", "1e9", "1.7e9", "1700000000.", ".5", "1700000000.1234567",
    "253402300799", "253402300800", "253402300799999", "253402300800000", "-62135596800", "-62135596801",
    "-62167219200", "-62167219201", "99999999999999999999", "9223372036854775807", "1700000000000.5",
    "1_700_000_000", " 1700000000", "1700000000 ", "86400", "-0", "00001", "1.5e3",
    "-1.5", "-1.25", "-0.000001", "30000000000000.5", "-62150000000000", "-62135596800001", "-62135596800000",
    "1.0e300", "-1.0e300", "1.", "-.5", "+.5", "+-1", "--1", "1.5.5", "1.5e", "0x10", "1.5E+3", "nan", "inf",
    "2024-01-02T03:04:05+00:30", "2024-01-02T03:04:05-00:30", "2024-01-02T03:04:05-23:59",
    "2024-01-02T03:04:05.000001Z", "2024-01-02 03:04", "2024-01-02 03:04:05.123456",
    "1970-01-01T00:00:00", "1969-12-31T23:59:59.999999Z", "2024-01-02T03:04:05\u2212", "2024-01-02T03:04:05+",
    "2024-01-02T03:04:05+05:30:00", "2024-01-02T03:04:05.123456789Z", "2024-01-02T03:04:05.1234567+01:00",
    "2024-01-02T03:04:05\u00e9", "\u00e9024-01-02",
]

NUMBERS = [
    "1700000000", "0", "-1", "1700000000.5", "1700000000.25", "1700000000.123456", "1700000000.1234567",
    "1700000000.0000005", "1700000000.0000015", "1700000000000", "1700000000123", "1700000000123.5",
    "1700000000123.4567", "20000000000", "20000000001", "-20000000000", "-20000000001", "-1.5", "-1.25",
    "-0.000001", "-1700000000.75", "1e9", "1E9", "1.7e9", "1.7e12", "2e10", "2.0000000001e10", "253402300799",
    "253402300800", "253402300799999", "253402300800000", "-62135596800", "-62135596801", "-62167219200",
    "-62167219201", "1e300", "-1e300", "9223372036854775807", "9223372036854775808", "99999999999999999999",
    "-9223372036854775808", "0.0", "-0.0", "1.0", "30000000000000", "30000000000000.5", "2.5e13",
    "253402300799.9999999", "-62150000000000", "-62135596800001", "-62135596800000", "-62150000000000.5",
    "1e400", "-1e400", "1" + "0" * 320, "0.5e-3", "-9223372036854775809", "1.7e9", "17e8", "1.5e-7",
    "1700000000.9999999", "-1700000000.9999999",
]

OTHERS = ["null", "true", "false", "[1, \"a\"]", "{}", "[]"]


def run(raw):
    out = {}
    for mode in ("python", "json"):
        try:
            if mode == "python":
                m = M.model_validate({"created_at": json.loads(raw)})
            else:
                m = M.model_validate_json('{"created_at": %s}' % raw)
            out[mode] = {"dump": m.model_dump(mode="json")["created_at"]}
        except ValidationError as e:
            err = e.errors()[0]
            out[mode] = {"error_type": err["type"], "msg": err["msg"]}
        except Exception as e:  # noqa: BLE001
            out[mode] = {"exception": type(e).__name__, "msg": str(e)}
    return out


def random_inputs():
    """Seeded mutations of datetime strings, and random numbers."""
    import random
    rnd = random.Random(42)
    bases = ["2024-01-02T03:04:05Z", "2024-02-29 23:59:59.999999+05:30", "1999-12-31T00:00", "2024-01-02",
             "1700000000", "1700000000.5", "0000-01-01", "9999-12-31T23:59:59-23:59", "2000-02-29t12:00:00,5z",
             "2024-01-02T03:04:05\u221201:00", "-1.25", "1.5e3", "20000000000.25"]
    alphabet = "0123456789-:T tZz+.,_e\u2212E"
    strings = set(bases)
    while len(strings) < 1500:
        t = list(rnd.choice(bases))
        for _ in range(rnd.randint(1, 3)):
            op, pos = rnd.randint(0, 3), rnd.randint(0, len(t))
            if op == 0 and t:
                t[min(pos, len(t) - 1)] = rnd.choice(alphabet)
            elif op == 1:
                t.insert(pos, rnd.choice(alphabet))
            elif op == 2 and t:
                del t[min(pos, len(t) - 1)]
            else:
                t = t[:pos]
        strings.add("".join(t))
    numbers = []
    for _ in range(500):
        k = rnd.randint(0, 4)
        if k == 0:
            numbers.append(str(rnd.randint(-10**14, 10**14)))
        elif k == 1:
            numbers.append(repr(rnd.uniform(-1e13, 1e13)))
        elif k == 2:
            numbers.append(repr(rnd.uniform(-3e10, 3e10)))
        elif k == 3:
            numbers.append("%de%d" % (rnd.randint(1, 99), rnd.randint(0, 14)))
        else:
            numbers.append(repr(rnd.uniform(-100, 100)))
    return sorted(strings), numbers


cases = []
RANDOM_STRINGS, RANDOM_NUMBERS = random_inputs()
STRINGS += [x for x in RANDOM_STRINGS if x not in STRINGS]
NUMBERS += RANDOM_NUMBERS
for s in STRINGS:
    cases.append({"input": json.dumps(s), **run(json.dumps(s))})
for n in NUMBERS:
    cases.append({"input": n, **run(n)})
for o in OTHERS:
    cases.append({"input": o, **run(o)})

# JSON mode is kept only where it differs from python mode.
for c in cases:
    if c["json"] == c["python"]:
        del c["json"]
sys.stdout.write('{"pydantic": %s, "pydantic_core": %s, "cases": [\n' % (
    json.dumps(pydantic.VERSION), json.dumps(pydantic_core.__version__)))
sys.stdout.write(",\n".join(json.dumps(c, ensure_ascii=False, separators=(",", ":")) for c in cases))
sys.stdout.write("\n]}\n")
